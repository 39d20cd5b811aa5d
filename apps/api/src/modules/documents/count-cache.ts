import { perDatabase } from '../../lib/per-database.ts';

/**
 * Short-lived cache of list totals (the exact count of a 100 000-document tenant costs 20–60 ms,
 * which 50 concurrent list calls cannot each pay). Per process and database handle: key = tenant + normalised filter; a total lives
 * `ttlMs` (default 5 s); concurrent misses share one query; any write of a tenant through this process drops its
 * entries at once. Another process's writes show in totals after at most `ttlMs` (the rows themselves are always
 * read fresh). docs/decisions/006-search-count-cache.md.
 */
export type TCountCache = {
  get: (tenantId: number, key: string, load: () => Promise<number>) => Promise<number>;
  invalidate: (tenantId: number) => void;
};

export function createCountCache(ttlMs = 5_000, maxEntries = 5_000): TCountCache {
  const entries = new Map<string, { at: number; value: Promise<number>; tenantId: number }>();
  const generation = new Map<number, number>();
  return {
    async get(tenantId, key, load) {
      const k = `${tenantId}\u0000${generation.get(tenantId) ?? 0}\u0000${key}`;
      const hit = entries.get(k);
      if (hit && Date.now() - hit.at < ttlMs) return hit.value;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      entries.set(k, { at: Date.now(), value, tenantId });
      value.catch(() => entries.delete(k));
      return value;
    },
    invalidate(tenantId) {
      generation.set(tenantId, (generation.get(tenantId) ?? 0) + 1);
      for (const [k, e] of entries) if (e.tenantId === tenantId) entries.delete(k);
    },
  };
}

/** The cache of list totals of database handle `db` in this process (lib/per-database.ts: tenant ids repeat across databases). */
export const listCounts = perDatabase(() => createCountCache());
