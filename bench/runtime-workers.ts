/**
 * (1) the queries a worker process makes per second with nothing queued, at 10, 100 and 1 000
 * tenants that have all used the send queue (every pg-boss, slot, liveness and application query of the process,
 * counted at the `pg` driver); (2) a bulk send of 1 000 documents (10 tenants × 100) by 2 worker processes
 * (`npm run start:worker`), documents per second and the per-tenant bound (MUV_TENANT_CONCURRENCY) checked at the
 * audit of every ministry call. PostgreSQL: DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres (scratch
 * databases are created and dropped). Env: BENCH_IDLE_S (15), BENCH_DOCS (1000), BENCH_LATENCY_MS (50),
 * MUV_TENANT_CONCURRENCY (2).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { muvSimulatorPlugin } from '../apps/muv-simulator/src/plugin.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig, type TConfig } from '../apps/api/src/config.ts';
import { fevRips, fevRipsFiles, users } from '../apps/api/src/db/schema.ts';
import { PROVIDER_CONFIG, freePort, registerAndLogin, rememberDataDir } from '../apps/api/test/helpers.ts';
import { eq } from 'drizzle-orm';

const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const IDLE_S = Number(process.env.BENCH_IDLE_S ?? 15);
const DOCS = Number(process.env.BENCH_DOCS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CONCURRENCY = Number(process.env.MUV_TENANT_CONCURRENCY ?? 2);
const TENANTS = 10;
const SAMPLES = resolve(import.meta.dirname, '../../shared/samples');
const XML = readFileSync(join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml'), 'utf8');
const JSON_TEXT = readFileSync(join(SAMPLES, 'par1_rips_evento_nit901019681_A01E5687.json'), 'utf8');
const KEYS = { encryptionKey: randomBytes(32).toString('base64'), jwtSecret: randomBytes(32).toString('hex') };

/** Every query this process sends through `pg` (clients and pools) is counted here. */
let queries = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  queries++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `radica_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: BASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

const baseConfig = (databaseUrl: string, extra: Partial<TConfig> = {}): TConfig => ({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  databaseUrl,
  dataDir: mkdtempSync(join(tmpdir(), 'radica-bench-')),
  ...KEYS,
  rateLimitScale: 1000,
  ...extra,
});

// ---- (1) idle worker queries per second ----
const idle: Array<{ tenants: number; qps: number }> = [];
for (const tenants of [10, 100, 1000]) {
  const db = await scratchDatabase();
  const worker = await buildApp(baseConfig(db.url, { roles: ['worker'], muvSimulator: false, muvBaseUrl: 'http://127.0.0.1:9' }));
  try {
    await worker.listen({ port: 0, host: '127.0.0.1' });
    // N tenants, each with one send through the queue (its document missing: the job ends at once).
    const sql = new pg.Client({ connectionString: db.url });
    await sql.connect();
    await sql.query(`insert into tenants (validator, database_name) select 'v' || g, 'db' || g from generate_series(1, $1::int) g`, [tenants]);
    const ids = (await sql.query<{ id: number }>('select id from tenants order by id')).rows.map((r) => r.id);
    await sql.end();
    for (const id of ids) await worker.deps.jobs.enqueueSends(id, 0, [1_000_000 + id]);
    const c2 = new pg.Client({ connectionString: db.url });
    await c2.connect();
    for (;;) {
      const { rows } = await c2.query(`select count(*)::int as n from pgboss.job where name = 'envio-fevrips' and state < 'completed'`);
      if (rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await c2.end();
    await new Promise((r) => setTimeout(r, 3_000));
    const before = queries;
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, IDLE_S * 1000));
    const qps = (queries - before) / ((performance.now() - t0) / 1000);
    idle.push({ tenants, qps });
    console.log(`trabajador inactivo con ${tenants} inquilinos: ${qps.toFixed(2)} consultas/s`);
  } finally {
    await worker.close();
    await db.drop();
  }
}
const base = idle[0]!.qps;
console.log(`razón frente a 10 inquilinos: ${idle.map((r) => `${r.tenants}: ×${(r.qps / base).toFixed(2)}`).join(' · ')}`);

// ---- (2) bulk send of 1 000 documents by 2 worker processes ----
const sim = Fastify({ logger: false, forceCloseConnections: true });
await sim.register(muvSimulatorPlugin, { prefix: '', latencyMs: LATENCY_MS, controlHooks: true });
await sim.listen({ port: 0, host: '127.0.0.1' });
const simAddr = sim.server.address();
const simUrl = `http://127.0.0.1:${typeof simAddr === 'object' && simAddr ? simAddr.port : 0}`;
const db = await scratchDatabase();
const api = await buildApp(baseConfig(db.url, { roles: ['api'], muvBaseUrl: simUrl, muvSimulator: false, muvTenantConcurrency: CONCURRENCY }));
await api.listen({ port: 0, host: '127.0.0.1' });
const apiAddr = api.server.address();
const apiUrl = `http://127.0.0.1:${typeof apiAddr === 'object' && apiAddr ? apiAddr.port : 0}`;
rememberDataDir(apiUrl, api.deps.config.dataDir);
const workers: ChildProcess[] = [];
try {
  const sessions = [];
  for (let t = 0; t < TENANTS; t++) {
    const email = `masivo${t}@example.co`;
    const { c } = await registerAndLogin(apiUrl, email, '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const [user] = await api.deps.db.select().from(users).where(eq(users.email, email));
    sessions.push({ c, user: user! });
  }
  // Documents as an upload leaves them (EN_ESPERA, both files), written directly for speed; distinct invoice numbers.
  const perTenant = Math.ceil(DOCS / TENANTS);
  const idsByTenant: number[][] = [];
  for (const [t, s] of sessions.entries()) {
    const formatos = Array.from({ length: perTenant }, (_, i) => `BLK${String(1_000_000 + t * 10_000 + i)}`);
    const docs = await api.deps.db
      .insert(fevRips)
      .values(formatos.map((formato) => ({ tenantId: s.user.tenantId, idUsuario: s.user.id, formato, tipoDocumento: 'FV', estado: 'EN_ESPERA', totalFactura: '1055600.00', muvEndpoint: 'CargarFevRips' })))
      .returning({ id: fevRips.id, formato: fevRips.formato });
    await api.deps.db.insert(fevRipsFiles).values(
      docs.flatMap((d) =>
        (['xml', 'json'] as const).map((tipo) => {
          const content = Buffer.from((tipo === 'xml' ? XML : JSON_TEXT).replaceAll('A01E5687', d.formato));
          return { tenantId: s.user.tenantId, fevRipsId: d.id, tipo, nombre: `${d.formato}.${tipo}`, content, sha256: createHash('sha256').update(content).digest('hex'), sizeBytes: content.length };
        }),
      ),
    );
    idsByTenant.push(docs.map((d) => d.id));
  }
  // Two worker processes as `npm run start:worker` runs them.
  for (let w = 0; w < 2; w++) {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, '../apps/api/src/roles/worker.ts')], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'radica-bench-w-')),
        DATABASE_URL: db.url,
        ENCRYPTION_KEY: KEYS.encryptionKey,
        JWT_SECRET: KEYS.jwtSecret,
        MUV_BASE_URL: simUrl,
        MUV_SIMULATOR: 'false',
        MUV_TENANT_CONCURRENCY: String(CONCURRENCY),
        JOBS_CONCURRENCY: '20',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(child);
    for (;;) {
      if (await fetch(`http://127.0.0.1:${port}/health/ready`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const started = performance.now();
  for (const [t, s] of sessions.entries()) await s.c.post('/api/FevRips/envio-masivo', { ids: idsByTenant[t] });
  const check = new pg.Client({ connectionString: db.url });
  await check.connect();
  const total = idsByTenant.flat().length;
  for (;;) {
    const { rows } = await check.query(`select count(*)::int as n from fev_rips where estado not in ('EN_ESPERA', 'ENPROCESO')`);
    if (rows[0].n >= total) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const seconds = (performance.now() - started) / 1000;
  const { rows: aprobados } = await check.query(`select count(*)::int as n from fev_rips where estado = 'APROBADO'`);
  // The bound: per tenant, the most ministry calls whose audit intervals overlap.
  const { rows: calls } = await check.query<{ tenant_id: number; started_at: Date; finished_at: Date }>(
    `select tenant_id, started_at, finished_at from muv_attempts where operation = 'CargarFevRips' and finished_at is not null`,
  );
  await check.end();
  let peak = 0;
  for (const t of new Set(calls.map((c) => c.tenant_id))) {
    const ev = calls.filter((c) => c.tenant_id === t).flatMap((c) => [{ t: c.started_at.getTime(), d: 1 }, { t: c.finished_at.getTime(), d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
    let now = 0;
    for (const e of ev) peak = Math.max(peak, (now += e.d));
  }
  const stats = (await (await fetch(`${simUrl}/_control/stats`)).json()) as { cargas: number; aceptados: number };
  const ideal = (TENANTS * CONCURRENCY * 1000) / LATENCY_MS;
  console.log(
    `envío masivo: ${total} documentos (${TENANTS} inquilinos) por 2 trabajadores en ${seconds.toFixed(1)} s = ${(total / seconds).toFixed(1)} documentos/s ` +
      `(${aprobados[0].n} APROBADO; simulador ${stats.aceptados} aceptados de ${stats.cargas} cargas)`,
  );
  console.log(`techo teórico con latencia ${LATENCY_MS} ms y ${CONCURRENCY} por inquilino: ${ideal.toFixed(0)} documentos/s; máximo simultáneo por inquilino medido: ${peak} (límite ${CONCURRENCY})`);
} finally {
  for (const w of workers) w.kill('SIGTERM');
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r(null) : w.once('exit', r)))));
  await api.close();
  await sim.close();
  await db.drop();
}
