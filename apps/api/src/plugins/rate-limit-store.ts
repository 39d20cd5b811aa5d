import { sql } from 'drizzle-orm';
import type { TSqlRows } from '../db/client.ts';

/** What @fastify/rate-limit's store calls back with: calls counted in the window and ms left in it. */
type TIncrCallback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/** A class @fastify/rate-limit instantiates as its `store` (the plugin's custom-store contract: incr, read, child). */
export type TRateLimitStoreClass = new (options: object) => {
  incr: (key: string, cb: TIncrCallback, timeWindow: number, max: number) => void;
  read: (key: string, cb: TIncrCallback, timeWindow: number, max?: number) => void;
  child: (routeOptions: object) => unknown;
};

/**
 * Rate-limit counters in PostgreSQL (table `rate_limits`; docs/decisions/028), so a limit holds across every API
 * process. One statement per counted request: an upsert that starts a new window when the stored one has expired
 * and otherwise adds one, returning the count and the window's remaining ms (atomic under concurrency: the row lock
 * serialises it). Fixed windows, like the plugin's own stores; its continueExceeding / exponentialBackoff options are
 * not used by Radica's routes and not implemented. Expired rows are deleted every minute by each process (`sweep`).
 */
export function pgRateLimitStore(rows: TSqlRows): { Store: TRateLimitStoreClass; sweep: () => Promise<void> } {
  const incr = async (key: string, timeWindow: number) => {
    const [row] = await rows<{ cuenta: number; ttl: string | number }>(sql`
      insert into rate_limits (clave, cuenta, expira) values (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
      on conflict (clave) do update set
        cuenta = case when rate_limits.expira <= now() then 1 else rate_limits.cuenta + 1 end,
        expira = case when rate_limits.expira <= now() then now() + ${timeWindow} * interval '1 millisecond' else rate_limits.expira end
      returning cuenta, greatest(0, ceil(extract(epoch from (expira - now())) * 1000))::bigint as ttl`);
    return { current: Number(row!.cuenta), ttl: Number(row!.ttl) };
  };
  const read = async (key: string) => {
    const [row] = await rows<{ cuenta: number; ttl: string | number }>(sql`
      select cuenta, greatest(0, ceil(extract(epoch from (expira - now())) * 1000))::bigint as ttl
      from rate_limits where clave = ${key} and expira > now()`);
    return row ? { current: Number(row.cuenta), ttl: Number(row.ttl) } : { current: 0, ttl: 0 };
  };
  // Each route's counters are its own, as in the plugin's Redis store: the key starts with the route's method and URL.
  class PgRateLimitStore {
    constructor(private readonly prefix = '') {}
    incr(key: string, cb: TIncrCallback, timeWindow: number) {
      incr(this.prefix + key, timeWindow).then((r) => cb(null, r), (err: Error) => cb(err));
    }
    read(key: string, cb: TIncrCallback) {
      read(this.prefix + key).then((r) => cb(null, r), (err: Error) => cb(err));
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const info = routeOptions.routeInfo;
      return new PgRateLimitStore(info?.method && info.url ? `${info.method}${info.url}-` : '');
    }
  }
  return {
    Store: PgRateLimitStore as unknown as TRateLimitStoreClass,
    sweep: async () => {
      await rows(sql`delete from rate_limits where expira < now() - interval '1 minute'`, { prepared: false });
    },
  };
}
