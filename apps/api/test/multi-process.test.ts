import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import pg from 'pg';
import SftpClient from 'ssh2-sftp-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { huellaSsh } from '../src/modules/canal-sftp/service.ts';
import {
  PROVIDER_CONFIG,
  client,
  createTestDatabase,
  fileForm,
  freePort,
  par1Copy,
  registerAndLogin,
  rememberDataDir,
  startSimulator,
  uploadPar1Copy,
  waitFor,
} from './helpers.ts';
import { buildOnce, COMPILED_TARGETS, entryArgs } from './compiled.ts';

/**
 * 's multi-process suite: real processes on loopback, started as the README says (`npm run start:api`,
 * `start:worker`, `start:ingest` = apps/api/src/roles/*.ts through tsx), over one PostgreSQL database: two api, one
 * worker, one ingest, and the processes each scenario kills and starts. Needs DATABASE_URL (skipped otherwise).
 */
const SHARED = {
  ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  JWT_SECRET: randomBytes(32).toString('hex'),
};

type TRole = 'api' | 'worker' | 'ingest';
type TProc = { role: TRole; url: string; child: ChildProcess; exited: Promise<number | null>; stderr: () => string };

describe.skipIf(!process.env.DATABASE_URL)('Radica as many processes over one PostgreSQL', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let baseEnv: Record<string, string>;
  const procs: TProc[] = [];
  const dataDir = mkdtempSync(resolve(tmpdir(), 'radica-multi-'));
  let sftpPort1 = 0;

  /** Spawn a role's entry with its own port (and env on top); resolves once it has started (not yet ready). */
  async function spawnRole(role: TRole, env: Record<string, string> = {}, replaceEnv = false): Promise<TProc> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let err = '';
    const child = spawn(process.execPath, entryArgs(role), {
      env: replaceEnv ? { ...env, PORT: String(port) } : { ...baseEnv, PORT: String(port), ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-20_000)));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    rememberDataDir(url, dataDir);
    const p = { role, url, child, exited, stderr: () => err };
    procs.push(p);
    return p;
  }
  const ready = (p: TProc, timeoutMs = 60_000) =>
    waitFor(`${p.role} ${p.url} ready`, async () => {
      if (p.child.exitCode !== null) throw new Error(`${p.role} exited ${p.child.exitCode}: ${p.stderr()}`);
      return fetch(`${p.url}/health/ready`).then((r) => r.status === 200, () => false);
    }, timeoutMs);
  const stop = async (p: TProc, signal: NodeJS.Signals = 'SIGTERM') => {
    if (p.child.exitCode === null) p.child.kill(signal);
    await p.exited;
  };

  let api1: TProc;
  let api2: TProc;
  let worker: TProc;
  let ingest: TProc;

  beforeAll(async () => {
    // The roles run from the compiled build, as `npm run start:ROLE` and the image run them.
    await buildOnce(COMPILED_TARGETS);
    db = await createTestDatabase();
    sim = await startSimulator(120);
    sftpPort1 = await freePort();
    baseEnv = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      ...SHARED,
      MUV_BASE_URL: sim.url,
      MUV_SIMULATOR: 'false',
      MUV_TENANT_CONCURRENCY: '1',
      SEND_LEASE_S: '6',
      SEND_WAIT_S: '2',
      JOBS_POLL_S: '1',
      // Limits ×3 so this suite's registrations from one address fit; the CUV lookup allows 30 a minute then.
      RATE_LIMIT_SCALE: '3',
      SFTP_ENABLED: 'true',
      SFTP_PAIR_WAIT_S: '3',
      HTTP_REQUEST_TIMEOUT_MS: '3000',
      HTTP_HEADERS_TIMEOUT_MS: '3000',
      UPLOAD_TENANT_QUEUE: '20',
    };
  }, 60_000);

  afterAll(async () => {
    await Promise.all(procs.map((p) => stop(p, 'SIGKILL')));
    await sim?.app.close();
    await db?.drop();
  }, 60_000);

  it('10 processes started at once on an empty database all become ready; the schema is migrated once', async () => {
    const started = Date.now();
    const roles: TRole[] = ['api', 'api', 'worker', 'ingest', 'api', 'api', 'worker', 'worker', 'ingest', 'ingest'];
    const all = await Promise.all(roles.map((role, i) => spawnRole(role, role === 'ingest' ? { SFTP_PORT: String(i === 3 ? sftpPort1 : 0), INBOUND_SMTP_ENABLED: 'false' } : {})));
    await Promise.all(all.map((p) => ready(p, 90_000)));
    const elapsed = Date.now() - started;
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const migrations = (await c.query<{ n: string; distinct_hash: string }>('select count(*) as n, count(distinct hash) as distinct_hash from drizzle.__drizzle_migrations')).rows[0]!;
      expect(Number(migrations.n)).toBe(Number(migrations.distinct_hash));
      const { readMigrationFiles } = await import('drizzle-orm/migrator');
      expect(Number(migrations.n)).toBe(readMigrationFiles({ migrationsFolder: resolve(import.meta.dirname, '../drizzle') }).length);
      expect((await c.query('select version from pgboss.version')).rows).toHaveLength(1);
    } finally {
      await c.end();
    }
    [api1, api2, worker, ingest] = all as [TProc, TProc, TProc, TProc];
    // The suite goes on with two api, one worker and one ingest.
    await Promise.all(all.slice(4).map((p) => stop(p)));
    console.log(`10 processes ready in ${elapsed} ms`);
  }, 120_000);

  it('a per-address limit holds across both api processes: the public CUV lookup (10 a minute × 3 here), 16 + 16 → 2 answered 429', async () => {
    const lookup = (url: string) => client(url).post('/api/FevRips/consultar-cuv', { cuv: 'b'.repeat(96) });
    const first = await Promise.all(Array.from({ length: 16 }, () => lookup(api1.url)));
    const second = await Promise.all(Array.from({ length: 16 }, () => lookup(api2.url)));
    expect(first.every((r) => r.status !== 429)).toBe(true);
    expect(second.filter((r) => r.status === 429)).toHaveLength(2);
  });

  it('a logout on api 1 is refused on api 2 within the session-check window', async () => {
    const { c, login } = await registerAndLogin(api1.url, 'salir@example.co', '901019681');
    const on2 = client(api2.url);
    on2.setSession(c.token, c.validator);
    expect((await on2.get('/api/canales/correo')).status).toBe(200);
    expect((await c.post('/api/Auth/logout', { refreshToken: login.refreshToken })).status).toBe(200);
    const t0 = Date.now();
    await waitFor('refused on api 2', async () => (await on2.get('/api/canales/correo')).status === 401, 5_000);
    expect(Date.now() - t0).toBeLessThanOrEqual(2_500);
  });

  it('a bulk send of 50 keeps one send of the tenant in flight, another tenant proceeds, kill -9 of the worker loses and repeats nothing', async () => {
    const [a, b] = [await registerAndLogin(api1.url, 'masivo-mp@example.co', '901019681'), await registerAndLogin(api2.url, 'otro-mp@example.co', '901019681')];
    await a.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    await b.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const on2 = client(api2.url);
    on2.setSession(a.c.token, a.c.validator);
    const ids: number[] = [];
    const formatos = Array.from({ length: 50 }, (_, i) => `MPB${1000 + i}`);
    for (let i = 0; i < formatos.length; i += 4)
      ids.push(...(await Promise.all(formatos.slice(i, i + 4).map((f, j) => uploadPar1Copy(j % 2 ? on2 : a.c, f)))));
    const bId = await uploadPar1Copy(b.c, 'MPO1000');
    const before = await sim.stats();
    expect((await a.c.post('/api/FevRips/envio-masivo', { ids })).body.data.encolados).toBe(50);
    await waitFor('a few of the batch accepted', async () => (await sim.stats()).aceptados - before.aceptados >= 5, 30_000);
    // Another tenant's single send goes through while the batch runs.
    const bSend = await b.c.post(`/api/FevRips/${bId}/enviar`);
    expect([200, 202]).toContain(bSend.status);
    await waitFor('tenant B approved', async () => (await b.c.get(`/api/FevRips/${bId}/detail`)).body.data?.estado === 'APROBADO', 20_000);
    const midBatch = (await sim.stats()).aceptados - before.aceptados;
    expect(midBatch).toBeLessThan(51);

    await stop(worker, 'SIGKILL');
    const restartedAt = Date.now();
    worker = await spawnRole('worker');
    await ready(worker);
    const estados = async () => (await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 100, estado: '', formato: 'MPB' })).body.data.results.data as Array<{ id: number; estado: string }>;
    await waitFor('all 50 approved', async () => {
      const rows = await estados();
      return rows.length === 50 && rows.every((d) => d.estado === 'APROBADO');
    }, 90_000);
    expect(Date.now() - restartedAt).toBeLessThan(60_000);
    const after = await sim.stats();
    // Each package accepted once (B's too); a resend of one the ministry had taken answers RVG18 (counted rechazado).
    expect(after.aceptados - before.aceptados).toBe(51);
    expect(after.cargas - before.cargas - (after.aceptados - before.aceptados)).toBe(after.rechazados - before.rechazados);
    expect(after.rechazados - before.rechazados).toBeLessThanOrEqual(1);
    // Never two of tenant A's sends in flight at once (the audit's start and end of every ministry call).
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      // A call cut by the kill is closed (INTERRUMPIDO) when its claim is released, seconds after it really ended.
      const { rows } = await c.query<{ started_at: Date; finished_at: Date | null }>(
        `select m.started_at, m.finished_at from muv_attempts m join fev_rips f on f.id = m.fev_rips_id
         where f.id = any($1::int[]) and m.operation = 'CargarFevRips' and m.outcome is distinct from 'INTERRUMPIDO' order by m.started_at`,
        [ids],
      );
      for (let i = 1; i < rows.length; i++) if (rows[i - 1]!.finished_at) expect(rows[i]!.started_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.finished_at!.getTime());
    } finally {
      await c.end();
    }
  }, 150_000);

  it('web single sends and API-channel sends of one tenant, 20 at once from both api processes: one in flight at the ministry', async () => {
    const { c } = await registerAndLogin(api1.url, 'unicos-mp@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const key = (await c.post('/api/integraciones/claves', { nombre: 'erp', diasVigencia: 30 })).body.data.clave as string;
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => uploadPar1Copy(c, `MPU${1000 + i}`)));
    const on2 = client(api2.url);
    on2.setSession(c.token, c.validator);
    const viaApi = (i: number) => {
      const p = par1Copy(`MPK${1000 + i}`);
      return fetch(`${i % 2 ? api1.url : api2.url}/api/v1/paquetes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ xmlFevFile: p.xml.toString('base64'), rips: JSON.parse(p.json.toString('utf8')), enviar: true }),
      }).then((r) => r.status);
    };
    const statuses = await Promise.all([...ids.map((id, i) => (i % 2 ? c : on2).post(`/api/FevRips/${id}/enviar`).then((r) => r.status)), ...Array.from({ length: 10 }, (_, i) => viaApi(i))]);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 202)).toBe(true);
    const pg_ = new pg.Client({ connectionString: db.url });
    await pg_.connect();
    try {
      await waitFor('20 approved', async () => {
        const { rows } = await pg_.query(`select count(*)::int as n from fev_rips where formato like 'MP_1%' and (formato like 'MPU%' or formato like 'MPK%') and estado = 'APROBADO'`);
        return rows[0].n === 20;
      }, 60_000);
      const { rows } = await pg_.query<{ started_at: Date; finished_at: Date }>(
        `select m.started_at, m.finished_at from muv_attempts m join fev_rips f on f.id = m.fev_rips_id
         where (f.formato like 'MPU%' or f.formato like 'MPK%') and m.operation = 'CargarFevRips' order by m.started_at`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(20);
      let peak = 0;
      const events = rows.flatMap((r) => [
        { t: r.started_at.getTime(), d: 1 },
        { t: r.finished_at.getTime(), d: -1 },
      ]).sort((x, y) => x.t - y.t || x.d - y.d);
      let now = 0;
      for (const e of events) peak = Math.max(peak, (now += e.d));
      expect(peak).toBe(1);
    } finally {
      await pg_.end();
    }
  }, 90_000);

  it('SFTP: a pair through one ingest node, that node killed, another started: the same host key, the result, INCOMPLETO once', async () => {
    const { c } = await registerAndLogin(api1.url, 'sftp-mp@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    expect((await c.put('/api/canales/sftp', { usuario: 'mp-sftp', password: 'clave-sftp-muy-segura', clavesPublicas: [], envioAutomatico: true, activo: true })).status).toBe(200);
    const huella = (await c.get('/api/canales/sftp')).body.data.huellaServidor as string;
    const opts = (port: number) => ({
      host: '127.0.0.1',
      port,
      username: 'mp-sftp',
      password: 'clave-sftp-muy-segura',
      readyTimeout: 10_000,
      retries: 0,
      hostVerifier: (k: Buffer) => huellaSsh(k) === huella,
    });
    const one = new SftpClient('mp1', { error: () => {}, end: () => {}, close: () => {} });
    await one.connect(opts(sftpPort1));
    const p = par1Copy('MPS1000');
    await one.put(p.xml, '/entrada/MPS1000.xml');
    await one.put(p.json, '/entrada/MPS1000.json');
    await one.put(par1Copy('MPS2000').xml, '/entrada/MPS2000.xml');
    await one.end().catch(() => undefined);
    await stop(ingest, 'SIGKILL');

    const sftpPort2 = await freePort();
    ingest = await spawnRole('ingest', { SFTP_PORT: String(sftpPort2), INBOUND_SMTP_ENABLED: 'false' });
    await ready(ingest);
    const two = new SftpClient('mp2', { error: () => {}, end: () => {}, close: () => {} });
    await two.connect(opts(sftpPort2));
    try {
      const resultados = async () => (await two.list('/resultados')).map((f) => f.name);
      await waitFor('CUV answer and INCOMPLETO', async () => {
        const r = await resultados();
        return r.some((n) => /^ResultadosMSPS_MPS1000_ID\d+_A_CUV\.json$/.test(n)) && r.includes('ResultadosMSPS_MPS2000_NA_INCOMPLETO.json');
      }, 40_000);
      await new Promise((r) => setTimeout(r, 3_500));
      expect((await resultados()).filter((n) => n.includes('MPS2000'))).toEqual(['ResultadosMSPS_MPS2000_NA_INCOMPLETO.json']);
      expect((await two.list('/entrada')).map((f) => f.name)).toEqual([]);
    } finally {
      await two.end().catch(() => undefined);
    }
  }, 90_000);

  it('slow clients on api 1 delay no one: 8 dribbling uploads end 408, another tenant uploads 1 MB at once; 8 disconnects give places back', async () => {
    const [x, y, z] = await Promise.all([
      registerAndLogin(api1.url, 'lento1-mp@example.co', '901019681'),
      registerAndLogin(api1.url, 'lento2-mp@example.co', '901019681'),
      registerAndLogin(api1.url, 'normal-mp@example.co', '901019681'),
    ]);
    const slow = [...Array.from({ length: 4 }, () => rawUpload(api1.url, x.c, 2_000_000)), ...Array.from({ length: 4 }, () => rawUpload(api1.url, y.c, 2_000_000))];
    const drip = setInterval(() => slow.forEach((s) => s.socket.write('<')), 1_000);
    try {
      await new Promise((r) => setTimeout(r, 300));
      const big = Buffer.concat([par1Copy('MPG1000').xml, Buffer.from(' '.repeat(1_048_576))]);
      const t0 = Date.now();
      const res = await z.c.post('/api/FevRips/subir-archivo', fileForm('MPG1000.xml', big));
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Date.now() - t0).toBeLessThan(2_000);
      expect(await Promise.all(slow.map((s) => s.answer))).toEqual(Array(8).fill(408));
    } finally {
      clearInterval(drip);
    }
    const cut = Array.from({ length: 8 }, () => rawUpload(api1.url, x.c, 500_000));
    cut.forEach((s) => s.socket.write('<Invoice>'));
    await new Promise((r) => setTimeout(r, 200));
    cut.forEach((s) => s.socket.destroy());
    const t1 = Date.now();
    const next = await Promise.all([1, 2].map((i) => x.c.post('/api/FevRips/subir-archivo', fileForm(`MPH100${i}.xml`, par1Copy(`MPH100${i}`).xml))));
    expect(next.map((r) => r.status)).toEqual([200, 200]);
    expect(Date.now() - t1).toBeLessThan(2_000);
  }, 60_000);

  it('NODE_ENV=production without ENCRYPTION_KEY or JWT_SECRET exits non-zero saying how to generate them', async () => {
    const env = { ...baseEnv, NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:1', MUV_SIMULATOR: 'true', WOMPI_SIMULATOR: 'true' } as Record<string, string>;
    delete env.ENCRYPTION_KEY;
    delete env.JWT_SECRET;
    const p = await spawnRole('api', env, true);
    expect(await p.exited).not.toBe(0);
    expect(p.stderr()).toMatch(/ENCRYPTION_KEY \(32 bytes: `openssl rand -base64 32`\) y JWT_SECRET/);
  }, 30_000);
});

/** A raw multipart upload whose body arrives only as the caller writes it; `answer` resolves with the HTTP status. */
function rawUpload(url: string, auth: { token: string; validator: string }, declaredBytes: number) {
  const u = new URL(url);
  const boundary = `----radica${randomBytes(6).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="archivo"; filename="lento.xml"\r\nContent-Type: application/xml\r\n\r\n`);
  const socket: Socket = connect(Number(u.port), u.hostname);
  let text = '';
  const answer = new Promise<number | null>((done) => {
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('close', () => done(/^HTTP\/1\.1 (\d{3})/.exec(text) ? Number(/^HTTP\/1\.1 (\d{3})/.exec(text)![1]) : null));
    socket.on('error', () => undefined);
  });
  socket.write(
    `POST /api/FevRips/subir-archivo HTTP/1.1\r\nHost: ${u.host}\r\nAuthorization: Bearer ${auth.token}\r\nX-Validator: ${auth.validator}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + declaredBytes}\r\n\r\n`,
  );
  socket.write(head);
  return { socket, answer };
}
