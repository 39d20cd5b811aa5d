import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { sql } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { client, freePort, registerAndLogin, startTestApp, waitFor, type TTestApp } from '../../test/helpers.ts';

/**
 * REDIS_URL set and Redis stopped (docs/decisions/046): the rate limits count in PostgreSQL meanwhile, so no route
 * answers 500 and the limits still hold; /health/ready stays 200 and names the degraded dependency; when Redis is back
 * the counts kept meanwhile are added to Redis's. A Redis of this file's own (`redis-server` on a free port), stopped
 * and started here: the machine's Redis is never touched.
 */
const REDIS_SERVER = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((p) => existsSync(p)) ?? null;

let port = 0;
let server: ChildProcess | null = null;
let t: TTestApp;

async function startRedis(): Promise<void> {
  server = spawn(REDIS_SERVER!, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitFor('redis up', async () => {
    const r = new Redis({ port, lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      await r.connect();
      return (await r.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      r.disconnect();
    }
  });
}

async function stopRedis(): Promise<void> {
  const s = server;
  server = null;
  if (!s || s.exitCode !== null) return;
  await new Promise((resolve) => {
    s.once('exit', resolve);
    s.kill('SIGKILL');
  });
}

/** Reads the counter of a limit straight from the file's Redis. */
async function redisCount(pattern: string): Promise<number> {
  const r = new Redis({ port, maxRetriesPerRequest: 1 });
  try {
    const keys = await r.keys(pattern);
    let total = 0;
    for (const k of keys) total += Number(await r.get(k));
    return total;
  } finally {
    r.disconnect();
  }
}

beforeAll(async () => {
  if (!REDIS_SERVER) return;
  port = await freePort();
  await startRedis();
  t = await startTestApp({ redisUrl: `redis://127.0.0.1:${port}`, rateLimitScale: 1, loginLockoutMaxFailures: 100 });
});
afterAll(async () => {
  await t?.close();
  await stopRedis();
});

describe.skipIf(!REDIS_SERVER)('rate limits with Redis stopped (redis-server is needed: apt-get install redis-server)', () => {
  it('no route answers 500: wrong and right logins, coupon checks; the limits hold in PostgreSQL; readiness says degraded; the counts move back to Redis', async () => {
    const { c } = await registerAndLogin(t.url, 'redis@example.co', '901019681');
    const coupon = () => client(t.url).post('/api/payment/validate-coupon', { couponCode: 'NO-EXISTE', productoTitulo: 'Profesional' });
    // Redis answers: three coupon checks are counted there.
    for (let i = 0; i < 3; i++) expect((await coupon()).status).toBe(400);
    expect(await redisCount('radica-rl:POST/api/payment/validate-coupon-*')).toBe(3);
    expect((await client(t.url).get('/health/ready')).body.data).toMatchObject({ listo: true, redis: 'ok', degradado: [] });

    await stopRedis();
    // 12 wrong logins and the right one: none is a 500, nobody is kept out.
    const wrong = await Promise.all(Array.from({ length: 12 }, () => client(t.url).post('/api/Auth/login', { email: 'redis@example.co', password: 'no-es-la-clave' })));
    expect(wrong.map((r) => r.status)).toEqual(Array(12).fill(401));
    const right = await client(t.url).post('/api/Auth/login', { email: 'redis@example.co', password: 'Clave-Segura-2026' });
    expect(right.status).toBe(200);
    // 15 coupon checks: the limit (10 a minute) still holds, counted in PostgreSQL from here on.
    const checks: number[] = [];
    for (let i = 0; i < 15; i++) checks.push((await coupon()).status);
    expect(checks).toEqual([...Array(10).fill(400), ...Array(5).fill(429)]);
    const over = await coupon();
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(MSG.http429);
    // A signed-in call still works.
    expect((await c.get('/api/usuarios')).status).toBe(200);
    const ready = await client(t.url).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ listo: true, baseDatos: 'ok', redis: 'sin_conexion', degradado: ['redis'] });
    const kept = await t.app.deps.dbRows<{ clave: string; cuenta: number }>(sql`select clave, cuenta from rate_limits where clave like 'POST/api/payment/validate-coupon-%'`);
    expect(kept.map((r) => Number(r.cuenta))).toEqual([16]);

    // Redis comes back (empty: it kept nothing): the counts of the outage are moved into it, and keep counting.
    await startRedis();
    await waitFor('redis in use again', async () => (await client(t.url).get('/health/ready')).body.data?.redis === 'ok', 30_000);
    await waitFor('counts moved to Redis', async () => (await redisCount('radica-rl:POST/api/payment/validate-coupon-*')) === 16, 30_000);
    expect(await redisCount('radica-rl:POST/api/Auth/login-*')).toBe(13);
    expect(await t.app.deps.dbRows(sql`select clave from rate_limits`)).toEqual([]);
    expect((await coupon()).status).toBe(429);
    expect(await redisCount('radica-rl:POST/api/payment/validate-coupon-*')).toBe(17);
  });
});
