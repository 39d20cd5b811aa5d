import pg from 'pg';

/** First int4 key of Radica's send-slot advisory locks (the second is the tenant id); "RDS" + slot. */
export const SEND_SLOT_KEY_BASE = 0x52445300;
/** The channels' per-tenant lock ("RDC" + 0): one received file or message of a tenant filed at a time. */
export const CANAL_LOCK_KEY_BASE = 0x52444300;
/** Wait between attempts to take a slot another process holds (ms), with jitter. */
const RETRY_MS = 200;

/** Run `fn` while holding one of the tenant's send slots. */
export type TTenantSlots = {
  run: <T>(tenantId: number, fn: () => Promise<T>) => Promise<T>;
  /** Sends of the tenant this process runs or waits to run (tests, metrics). */
  load: (tenantId: number) => { running: number; waiting: number };
  close: () => Promise<void>;
};

/**
 * The per-tenant bound on sends in flight toward the ministry (MUV_TENANT_CONCURRENCY), held by every channel's send
 * in every process (docs/decisions/027).
 * - In this process, a tenant's sends take one of its `slots` places in arrival order (a semaphore), so a process
 *   never runs more than the bound and only the first waiter of a tenant asks the database.
 * - On PostgreSQL (`connectionString`), a running send also holds one of the tenant's `slots` session advisory locks
 *   `(SLOT_KEY_BASE + slot, tenantId)` on a connection of its own for as long as it runs, so the bound holds across
 *   processes; a process that dies loses its locks with its connections. A local place whose lock another process
 *   holds retries every ~200–400 ms, one query for all the slots, and holds no connection between attempts.
 *   `maxHeld` bounds the connections one process holds (more wait for a connection).
 * With PGlite (`connectionString` null) the database has one process: the local places are the bound.
 */
export function createTenantSlots(o: {
  connectionString: string | null;
  slots: number;
  maxHeld?: number;
  keyBase?: number;
  name?: string;
  onError?: (err: Error) => void;
}): TTenantSlots {
  const SLOT_KEY_BASE = o.keyBase ?? SEND_SLOT_KEY_BASE;
  const slots = Math.max(1, o.slots);
  type TLocal = { running: number; waiting: Array<() => void> };
  const local = new Map<number, TLocal>();
  const entry = (tenantId: number) => {
    let e = local.get(tenantId);
    if (!e) local.set(tenantId, (e = { running: 0, waiting: [] }));
    return e;
  };
  async function takeLocal(tenantId: number): Promise<void> {
    const e = entry(tenantId);
    if (e.running < slots && e.waiting.length === 0) {
      e.running++;
      return;
    }
    await new Promise<void>((resolve) => e.waiting.push(resolve));
  }
  function giveLocal(tenantId: number): void {
    const e = local.get(tenantId);
    if (!e) return;
    const next = e.waiting.shift();
    if (next) next();
    else if (--e.running === 0) local.delete(tenantId);
  }
  let closed = false;
  let pool: pg.Pool | null = null;
  const getPool = () => {
    if (!pool) {
      pool = new pg.Pool({ connectionString: o.connectionString!, max: o.maxHeld ?? 20, idleTimeoutMillis: 30_000, application_name: o.name ?? 'radica-send-slot' });
      pool.on('error', (err) => o.onError?.(err));
      // A slot's connection is held, idle, for the whole send: if the server cuts it, the client emits 'error' outside
      // any query. Listened to here so the process survives; the send goes on and the client is discarded.
      pool.on('connect', (client) => client.on('error', (err) => o.onError?.(err)));
    }
    return pool;
  };

  /**
   * One attempt at any of the tenant's slots: a connection, one query for all the slots (the first free one is taken and
   * the scan stops there: LIMIT 1 pulls rows one at a time, so at most one lock is taken), and the connection kept only
   * with a lock. A tenant's attempts in this process run one after another, so its waiters use one connection between
   * them, not one each.
   */
  const attempting = new Map<number, Promise<unknown>>();
  function attempt(tenantId: number): Promise<{ client: pg.PoolClient; slot: number } | null> {
    const mine = (attempting.get(tenantId) ?? Promise.resolve()).then(async () => {
      const c = await getPool().connect();
      let kept = false;
      try {
        const { rows } = await c.query<{ s: number }>(
          'select s from generate_series(0, $3::int - 1) s where pg_try_advisory_lock($1::int + s, $2::int) limit 1',
          [SLOT_KEY_BASE, tenantId, slots],
        );
        if (!rows[0]) return null;
        kept = true;
        return { client: c, slot: rows[0].s };
      } finally {
        if (!kept) c.release();
      }
    });
    const tail = mine.catch(() => undefined);
    attempting.set(tenantId, tail);
    void tail.then(() => {
      if (attempting.get(tenantId) === tail) attempting.delete(tenantId);
    });
    return mine;
  }

  return {
    async run(tenantId, fn) {
      if (closed) throw new Error('tenant slots closed');
      await takeLocal(tenantId);
      try {
        if (!o.connectionString) return await fn();
        // The connection is kept only once it holds a slot's lock: a waiter gives it back between attempts, so a
        // flood's waiting sends do not take the server's connections (PostgreSQL's max_connections is shared by every
        // process of the install; docs/decisions/052).
        let held: pg.PoolClient | null = null;
        let slot = -1;
        while (slot < 0) {
          if (closed) throw new Error('tenant slots closed');
          const got = await attempt(tenantId);
          if (got) ({ client: held, slot } = got);
          else await new Promise((r) => setTimeout(r, RETRY_MS + Math.random() * RETRY_MS));
        }
        try {
          return await fn();
        } finally {
          // A lost connection already released the lock with it (pg-pool discards the dead client on release).
          await held!.query('select pg_advisory_unlock($1::int, $2::int)', [SLOT_KEY_BASE + slot, tenantId]).catch((err: Error) => o.onError?.(err));
          held!.release();
        }
      } finally {
        giveLocal(tenantId);
      }
    },
    load(tenantId) {
      const e = local.get(tenantId);
      return { running: e?.running ?? 0, waiting: e?.waiting.length ?? 0 };
    },
    async close() {
      closed = true;
      await pool?.end();
    },
  };
}
