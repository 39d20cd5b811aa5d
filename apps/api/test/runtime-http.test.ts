import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROVIDER_CONFIG, client, par1Copy, fileForm, registerAndLogin, startSimulator, startTestApp, uploadPar1Copy, waitFor, type TTestApp } from './helpers.ts';
import { pgRateLimitStore } from '../src/plugins/rate-limit-store.ts';

/**
 * in one process (PGlite, and PostgreSQL with DATABASE_URL): HTTP time-outs and back-pressure of
 * uploads, the readiness check, the single send through the queue, the shared rate-limit store. The same behaviours
 * across real processes are in multi-process.test.ts.
 */

const REQUEST_TIMEOUT_MS = 2_500;

/** Redis on this machine and CI (127.0.0.1:6379, or REDIS_URL): the shared-store test runs when it answers. */
const redisUp = await new Promise<boolean>((resolve) => {
  const u = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const s = connect(Number(u.port || 6379), u.hostname, () => {
    s.end();
    resolve(true);
  });
  s.on('error', () => resolve(false));
  s.setTimeout(500, () => {
    s.destroy();
    resolve(false);
  });
});

/** A raw HTTP/1.1 multipart upload whose body arrives as the caller writes it. `answer` resolves with the status. */
function rawUpload(url: string, auth: { token: string; validator: string }, declaredBytes: number) {
  const u = new URL(url);
  const boundary = `----radica${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="lento.xml"\r\nContent-Type: application/xml\r\n\r\n`);
  const socket: Socket = connect(Number(u.port), u.hostname);
  socket.setNoDelay(true);
  let text = '';
  const answer = new Promise<number | null>((resolve) => {
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('close', () => resolve(/^HTTP\/1\.1 (\d{3})/.exec(text) ? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)![1]) : null));
    socket.on('error', () => undefined);
  });
  socket.write(
    `POST /api/FevRips/subir-archivo HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer ${auth.token}\r\nX-Validator: ${auth.validator}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + declaredBytes}\r\n\r\n`,
  );
  socket.write(head);
  return { socket, answer, write: (b: string) => socket.write(b), text: () => text };
}

/** Redis database of this file (flushed at start): both apps share it when Redis answers. */
const REDIS_TEST_URL = `${(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379').replace(/\/\d*$/, '')}/9`;

// Two apps for the whole file (each start costs seconds): `t` with short HTTP time-outs, `s` with a slow ministry.
let t: TTestApp;
let s: TTestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
beforeAll(async () => {
  if (redisUp) {
    const { Redis } = await import('ioredis');
    const r = new Redis(REDIS_TEST_URL);
    await r.flushdb();
    r.disconnect();
  }
  const redisUrl = redisUp ? REDIS_TEST_URL : null;
  // 1.5 s per load and a 4 s wait: the first of three queued sends ends near 1.5 s, the third near 4.5 s; the 2.5 s
  // margins keep the verdict the same on a loaded machine.
  sim = await startSimulator(1_500);
  [t, s] = await Promise.all([
    startTestApp({
      http: { requestTimeoutMs: REQUEST_TIMEOUT_MS, headersTimeoutMs: REQUEST_TIMEOUT_MS, keepAliveTimeoutMs: 5_000, connectionTimeoutMs: 30_000 },
      uploadTenantConcurrency: 2,
      uploadTenantQueue: 2,
      uploadConcurrency: 2,
      rateLimitScale: 1,
      redisUrl,
    }),
    startTestApp({ muvBaseUrl: sim.url, muvSimulator: false, sendWaitS: 4, muvTenantConcurrency: 1, rateLimitScale: 1, redisUrl }),
  ]);
});
afterAll(async () => {
  await t?.close();
  await s?.close();
  await sim?.app.close();
});

describe('time-outs and back-pressure of the HTTP server', () => {

  it('slow uploads hold no place: another tenant uploads at once, the slow ones end 408 with the Spanish message', async () => {
    const a = await registerAndLogin(t.url, 'lento@example.co', '901019681');
    const b = await registerAndLogin(t.url, 'rapido@example.co', '901019681');
    // Tenant A: four uploads dribbling their body (its whole admission); the process has only 2 analysis places.
    const slow = Array.from({ length: 4 }, () => rawUpload(t.url, a.c, 1_000_000));
    const drip = setInterval(() => slow.forEach((s) => s.write('<')), 300);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const started = Date.now();
      const res = await b.c.post('/api/FevRips/subir-archivo', fileForm('A01E5687.xml', par1Copy('RAP100').xml));
      expect(res.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
      // A fifth upload of A is over its admission: 429 at once, without reading its body.
      expect((await a.c.post('/api/FevRips/subir-archivo', fileForm('x.xml', '<x/>'))).status).toBe(429);
      const statuses = await Promise.all(slow.map((s) => s.answer));
      expect(statuses).toEqual([408, 408, 408, 408]);
      expect(slow[0]!.text(), slow[0]!.text()).toContain('La solicitud tomó demasiado tiempo');
    } finally {
      clearInterval(drip);
    }
    // The admissions came back: A uploads normally again.
    expect((await a.c.post('/api/FevRips/subir-archivo', fileForm('A01E5687.xml', par1Copy('LEN100').xml))).status).toBe(200);
  });

  it('clients that disconnect mid-body give their admission back at once', async () => {
    const a = await registerAndLogin(t.url, 'corta@example.co', '901019681');
    const cut = Array.from({ length: 4 }, () => rawUpload(t.url, a.c, 500_000));
    cut.forEach((s) => s.write('<Invoice>'));
    await new Promise((r) => setTimeout(r, 200));
    for (const s of cut) s.socket.destroy();
    await Promise.all(cut.map((s) => s.answer));
    const started = Date.now();
    await waitFor('admission back', async () => {
      const res = await a.c.post('/api/FevRips/subir-archivo', fileForm('A01E5687.xml', par1Copy('COR100').xml));
      return res.status === 200;
    }, 3_000);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('GET /health/ready is 200 with no pending migration; /ping stays the liveness check', async () => {
    const ready = await client(t.url).get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.data).toMatchObject({ listo: true, baseDatos: 'ok', migracionesPendientes: 0, roles: ['api', 'worker', 'ingest'] });
    expect((await client(t.url).get('/ping')).body.data).toBe('pong');
  });

  it('GET /health/ready answers 503 while a committed migration is missing from the database', async () => {
    const db = t.app.deps.db;
    const [last] = (await t.app.deps.dbRows<{ id: number; hash: string; created_at: string }>(sql`select id, hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`, { prepared: false }));
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last!.id}`);
    try {
      await waitFor('not ready', async () => (await client(t.url).get('/health/ready')).status === 503, 8_000);
      const res = await client(t.url).get('/health/ready');
      expect(res.body).toMatchObject({ success: false, data: { listo: false, baseDatos: 'ok', migracionesPendientes: 1 } });
      expect(res.body.message).toMatch(/base de datos/);
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last!.id}, ${last!.hash}, ${last!.created_at})`);
    }
    await waitFor('ready again', async () => (await client(t.url).get('/health/ready')).status === 200, 8_000);
  });
});

describe('the single send goes through the queue and the tenant slot', () => {
  it('answers the verdict when it comes in time, 202 queued when it does not, and never runs two of a tenant at once', async () => {
    const { c } = await registerAndLogin(s.url, 'unico@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(await uploadPar1Copy(c, `UNI${100 + i}`));
    const first = await c.post(`/api/FevRips/${ids[0]}/enviar`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ exitoso: true });
    expect(first.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    // Three at once with one slot and 1.5 s per send: the first answers in time, the last cannot within 4 s and
    // says it is queued (never an ERROR for a slow queue).
    const answers = await Promise.all(ids.slice(1).map((id) => c.post(`/api/FevRips/${id}/enviar`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(200);
    expect(statuses).toContain(202);
    expect(statuses.every((s) => s === 200 || s === 202)).toBe(true);
    const queued = answers.find((a) => a.status === 202)!;
    expect(queued.body.data).toMatchObject({ exitoso: false, enCola: true });
    expect(queued.body.message).toMatch(/cola de envío/);
    const estados = async () => (await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 10, estado: '', formato: 'UNI1' })).body.data.results.data as Array<{ estado: string }>;
    await waitFor('all approved', async () => (await estados()).every((d) => d.estado === 'APROBADO'), 20_000);
    const attempts = await s.app.deps.dbRows<{ started_at: Date; finished_at: Date }>(
      sql`select started_at, finished_at from muv_attempts where operation = 'CargarFevRips' order by started_at`,
      { prepared: false },
    );
    expect(attempts).toHaveLength(4);
    for (let i = 1; i < attempts.length; i++) expect(new Date(attempts[i]!.started_at).getTime()).toBeGreaterThanOrEqual(new Date(attempts[i - 1]!.finished_at).getTime());
    // A refusal comes back as it did inline: an approved document is 409.
    expect((await c.post(`/api/FevRips/${ids[0]}/enviar`)).status).toBe(409);
  });
});

describe('rate-limit counters shared by processes', () => {
  it('the PostgreSQL store counts atomically and starts a new window when the old one expired', async () => {
    {
      const { Store, sweep } = pgRateLimitStore(t.app.deps.dbRows);
      const store = new Store({});
      const incr = (key: string, windowMs: number) =>
        new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), windowMs, 10));
      const counts = await Promise.all(Array.from({ length: 20 }, () => incr('prueba:1.2.3.4', 60_000)));
      expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      // A statement that began before the row's insert committed sees a window a few ms longer than 60 s.
      expect(counts.every((c) => c.ttl > 0 && c.ttl <= 61_000)).toBe(true);
      expect((await incr('corta', 50)).current).toBe(1);
      await new Promise((r) => setTimeout(r, 80));
      expect((await incr('corta', 50)).current).toBe(1);
      await sweep();
    }
  });

  it.skipIf(!redisUp)('with REDIS_URL two processes share one count: 6 + 6 public CUV lookups → 2 answered 429', async () => {
    const lookup = (url: string) => client(url).post('/api/FevRips/consultar-cuv', { cuv: 'a'.repeat(96) });
    const statuses = [...(await Promise.all(Array.from({ length: 6 }, () => lookup(t.url)))), ...(await Promise.all(Array.from({ length: 6 }, () => lookup(s.url))))].map(
      (r) => r.status,
    );
    expect(statuses.filter((x) => x === 429)).toHaveLength(2);
    expect(statuses.slice(0, 6).every((x) => x !== 429)).toBe(true);
  });
});
