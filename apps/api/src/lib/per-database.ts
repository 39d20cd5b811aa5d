/**
 * A per-process cache slot for each database handle: `of(db)` returns the value `create()` made the first time this
 * handle asked. Module-level caches key on the handle, never on a tenant id alone: tests run several app instances
 * (each its own database, tenant ids repeating) in one process, and a restored database is a new handle.
 */
export function perDatabase<T>(create: () => T): (db: object) => T {
  const slots = new WeakMap<object, T>();
  return (db) => {
    let slot = slots.get(db);
    if (slot === undefined) slots.set(db, (slot = create()));
    return slot;
  };
}
