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
    private readonly prefix: string;
    /** The plugin builds the root store with its options object: only a route's child has a prefix. */
    constructor(prefix: unknown = '') {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }
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

/** The part of an ioredis client the failover store uses (a test can hand it a stopped server's client). */
type TRedis = {
  status: string;
  eval: (script: string, numKeys: number, ...args: (string | number)[]) => Promise<unknown>;
  on: (event: 'ready' | 'close' | 'error', listener: (...args: unknown[]) => void) => unknown;
};

/** One counted call in Redis: INCR, a new key's window set, the count and the window's ms left (the plugin's own script, fixed windows). */
const REDIS_INCR = `local c = redis.call('INCR', KEYS[1])
local t
if c == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); t = tonumber(ARGV[1]) else t = redis.call('PTTL', KEYS[1]) end
return {c, t}`;
const REDIS_READ = `local c = redis.call('GET', KEYS[1])
if not c then return {0, 0} end
local t = redis.call('PTTL', KEYS[1])
if t < 0 then t = 0 end
return {tonumber(c), t}`;
/** Adds counts kept elsewhere to a key, keeping the longer of the two windows. */
const REDIS_MERGE = `local c = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return c`;

/** Rows moved from PostgreSQL to Redis at once when Redis is back. */
const MERGE_BATCH = 500;

/**
 * The rate-limit store when REDIS_URL is set (docs/decisions/046): Redis while it answers, PostgreSQL while it does
 * not, so a limit never turns into a 500 because Redis is down and still holds across every process.
 * - A call goes to Redis when the client is connected ('ready'); an error or a command not answered within the
 *   client's commandTimeout counts it in PostgreSQL instead (the {@link pgRateLimitStore} of `pg`), as does every call
 *   while the client is not connected (its offline queue is off: no call waits for a reconnection).
 * - When Redis answers again, the counts PostgreSQL kept meanwhile are added to Redis's (each key's window the longer
 *   of the two) and deleted from PostgreSQL, so the failures counted during the outage still count afterwards. A count
 *   moved twice by two processes at once only over-counts (the safe side).
 * Keys are the plugin's: `nameSpace` + the route's method and URL + the limit's key, as in PostgreSQL without the
 * name space. `estado()` says whether Redis is in use ('ok') or not ('sin_conexion'), for GET /health/ready.
 */
export function redisFailoverStore(o: {
  redis: TRedis;
  pg: ReturnType<typeof pgRateLimitStore>;
  rows: TSqlRows;
  nameSpace: string;
  log: { warn: (o: object, msg?: string) => void; info: (o: object, msg?: string) => void };
}): { Store: TRateLimitStoreClass; estado: () => 'ok' | 'sin_conexion'; merge: () => Promise<number> } {
  const { redis, log } = o;
  let enPostgres = false;
  let merging: Promise<number> | null = null;
  const pgStore = new (o.pg.Store as unknown as new (prefix: string) => object)('') as unknown as { incr: (k: string, cb: TIncrCallback, w: number, m: number) => void; read: (k: string, cb: TIncrCallback, w: number) => void };
  const viaPg = (method: 'incr' | 'read', key: string, timeWindow: number, max: number) =>
    new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      method === 'incr' ? pgStore.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), timeWindow, max) : pgStore.read(key, (err, r) => (err ? reject(err) : resolve(r!)), timeWindow),
    );
  const caida = (err: unknown) => {
    if (!enPostgres) log.warn({ err: (err as Error)?.message ?? String(err) }, 'rate limits: Redis unreachable, counting in PostgreSQL');
    enPostgres = true;
  };

  /** Moves the counts PostgreSQL kept while Redis was away into Redis. Returns how many keys moved. */
  const merge = async (): Promise<number> => {
    let moved = 0;
    for (let i = 0; i < 1_000 && redis.status === 'ready'; i++) {
      const batch = await o.rows<{ clave: string; cuenta: number; ttl: string | number }>(
        sql`select clave, cuenta, greatest(1, ceil(extract(epoch from (expira - now())) * 1000))::bigint as ttl
            from rate_limits where expira > now() order by clave limit ${MERGE_BATCH}`,
        { prepared: false },
      );
      if (batch.length === 0) break;
      for (const r of batch) await redis.eval(REDIS_MERGE, 1, `${o.nameSpace}${r.clave}`, Number(r.cuenta), Number(r.ttl));
      // Only rows no process counted in since they were read (a newer count is moved by the next batch).
      await o.rows(
        sql`delete from rate_limits r using unnest(${sql.param(batch.map((b) => b.clave))}::text[], ${sql.param(batch.map((b) => Number(b.cuenta)))}::int[]) as m(clave, cuenta)
            where r.clave = m.clave and r.cuenta = m.cuenta`,
        { prepared: false },
      );
      moved += batch.length;
      if (batch.length < MERGE_BATCH) break;
    }
    return moved;
  };
  const startMerge = () => {
    merging ??= merge()
      .then((n) => {
        if (n) log.info({ keys: n }, 'rate limits: counts kept in PostgreSQL moved to Redis');
        return n;
      })
      .catch((err: Error) => {
        log.warn({ err: err.message }, 'rate limits: moving counts to Redis failed (kept in PostgreSQL)');
        return 0;
      })
      .finally(() => (merging = null));
    return merging;
  };
  redis.on('ready', () => {
    if (enPostgres) log.info({}, 'rate limits: Redis answers again');
    enPostgres = false;
    void startMerge();
  });
  redis.on('close', () => caida(new Error('connection closed')));

  const run = async (method: 'incr' | 'read', key: string, timeWindow: number, max: number) => {
    if (redis.status === 'ready') {
      try {
        const [current, ttl] = (await redis.eval(method === 'incr' ? REDIS_INCR : REDIS_READ, 1, `${o.nameSpace}${key}`, timeWindow)) as [number, number];
        return { current: Number(current), ttl: Math.max(0, Number(ttl)) };
      } catch (err) {
        caida(err);
      }
    }
    return viaPg(method, key, timeWindow, max);
  };
  class FailoverStore {
    private readonly prefix: string;
    constructor(prefix: unknown = '') {
      this.prefix = typeof prefix === 'string' ? prefix : '';
    }
    incr(key: string, cb: TIncrCallback, timeWindow: number, max: number) {
      run('incr', this.prefix + key, timeWindow, max).then((r) => cb(null, r), (err: Error) => cb(err));
    }
    read(key: string, cb: TIncrCallback, timeWindow: number, max?: number) {
      run('read', this.prefix + key, timeWindow, max ?? 0).then((r) => cb(null, r), (err: Error) => cb(err));
    }
    child(routeOptions: { routeInfo?: { method?: string; url?: string } }) {
      const info = routeOptions.routeInfo;
      return new FailoverStore(info?.method && info.url ? `${info.method}${info.url}-` : '');
    }
  }
  return { Store: FailoverStore as unknown as TRateLimitStoreClass, estado: () => (redis.status === 'ready' ? 'ok' : 'sin_conexion'), merge: startMerge };
}
