import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { MSG } from '@radica/contracts/messages';
import { Redis } from 'ioredis';
import { AppError } from '../lib/errors.ts';
import type { TBaseDeps } from '../deps-base.ts';
import { pgRateLimitStore, redisFailoverStore } from './rate-limit-store.ts';

/** Longest wait for a Redis connection, and for one command's answer, before a call is counted in PostgreSQL (ms). */
const REDIS_CONNECT_TIMEOUT_MS = 1_000;
const REDIS_COMMAND_TIMEOUT_MS = 500;

/** What registerRateLimits tells GET /health/ready: whether Redis counts ('ok') or PostgreSQL does meanwhile; null without REDIS_URL. */
export type TLimitsHealth = { redis: (() => 'ok' | 'sin_conexion') | null };

/**
 * @fastify/rate-limit with no global limit: each route that needs one declares it (`config.rateLimit` for per-IP
 * limits, `keyedLimit` for the others). Over a limit the answer is 429 RATE_LIMITED with the seed's text
 * (MSG.http429). The client's address is Fastify's `request.ip`, which believes X-Forwarded-For only from the
 * configured proxies (TRUST_PROXY), so no client picks the address it is counted under.
 *
 * The counters are shared by every API process (docs/decisions/028): in Redis when REDIS_URL is set, counted in
 * PostgreSQL while Redis does not answer (rate-limit-store.ts redisFailoverStore, docs/decisions/046: no request fails
 * because Redis is down), else in PostgreSQL (rate-limit-store.ts); with the embedded PGlite database, whose one
 * process serves every request, in that process's memory. Returns what the readiness check reports of Redis.
 */
export async function registerRateLimits(app: FastifyInstance, deps: Pick<TBaseDeps, 'config' | 'dbKind' | 'dbRows' | 'log'>): Promise<TLimitsHealth> {
  const common = {
    global: false,
    // Enough keys that cycling through addresses or e-mails does not evict the counters being attacked.
    cache: 100_000,
    errorResponseBuilder: () => ({ statusCode: 429, success: false, message: MSG.http429, code: 'RATE_LIMITED' }),
  };
  const pgSweep = (store: ReturnType<typeof pgRateLimitStore>) => {
    const timer = setInterval(() => void store.sweep().catch((err: Error) => deps.log.warn({ err: err.message }, 'rate limits: sweep failed')), 60_000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
  if (deps.config.redisUrl) {
    // No command waits for a reconnection (offline queue off) nor longer than REDIS_COMMAND_TIMEOUT_MS: while Redis
    // does not answer, the PostgreSQL store counts (docs/decisions/046); the client keeps reconnecting in the background.
    const redis = new Redis(deps.config.redisUrl, {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      lazyConnect: false,
      retryStrategy: (times) => Math.min(times * 200, 2_000),
    });
    let lastError = '';
    redis.on('error', (err) => {
      // One line per kind of failure, not one per reconnection attempt.
      if (err.message !== lastError) deps.log.warn({ err: err.message }, 'rate limits: Redis error');
      lastError = err.message;
    });
    redis.on('ready', () => (lastError = ''));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    const pg = pgRateLimitStore(deps.dbRows);
    pgSweep(pg);
    const failover = redisFailoverStore({ redis, pg, rows: deps.dbRows, nameSpace: 'radica-rl:', log: deps.log });
    await app.register(rateLimit, { ...common, store: failover.Store as never });
    return { redis: failover.estado };
  }
  if (deps.dbKind === 'postgresql') {
    const pg = pgRateLimitStore(deps.dbRows);
    pgSweep(pg);
    await app.register(rateLimit, { ...common, store: pg.Store as never });
    return { redis: null };
  }
  await app.register(rateLimit, common);
  return { redis: null };
}

/**
 * A limit on something other than the caller's address: the e-mail a code is mailed to, the
 * signed-in user, the tenant. `max` calls per `timeWindowMs` for each value of `key`, counted by @fastify/rate-limit's
 * store (the per-IP route limits use the same plugin through `config.rateLimit`).
 */
export type TKeyedLimit = {
  /** Distinguishes the counters of different limits that could share a key value. */
  name: string;
  max: number;
  timeWindowMs: number;
  key: (request: FastifyRequest) => string | null;
};

/**
 * A preHandler enforcing `limit` (register it after schema validation: the key may come from the body). Over the
 * limit it answers 429 with the seed's text (MSG.http429) and Retry-After; a request whose key is null is not counted.
 */
export function keyedLimit(app: FastifyInstance, limit: TKeyedLimit) {
  const check = app.createRateLimit({ max: limit.max, timeWindow: limit.timeWindowMs, keyGenerator: (req) => `${limit.name}:${limit.key(req)}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (limit.key(request) === null) return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', String(Math.max(1, result.ttlInSeconds)));
      throw new AppError('RATE_LIMITED', MSG.http429);
    }
  };
}

/**
 * A route's per-client limit (`config` of the route): `max` calls per `window` from one address, multiplied by
 * RATE_LIMIT_SCALE (1 in production). The address is `request.ip` (see registerRateLimits).
 */
export function perIpLimit(config: { rateLimitScale?: number }, max: number, window = '1 minute') {
  return { rateLimit: { max: max * (config.rateLimitScale ?? 1), timeWindow: window } };
}
