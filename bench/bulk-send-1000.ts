/**
 * Bulk send of 1 000 documents through the durable jobs to the MUV simulator: copies of the real
 * pair par1 with distinct formatos (the invoice number rewritten in both files), one `envio-masivo` call, then the
 * time until every document is APROBADO, and the per-document overhead beyond the simulator's own latency.
 * Database: PostgreSQL when DATABASE_URL is set (a scratch database is created and dropped), else in-memory PGlite.
 * Env: BENCH_DOCS (1000), BENCH_LATENCY_MS (20), MUV_TENANT_CONCURRENCY (1).
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { muvSimulatorPlugin } from '../apps/muv-simulator/src/plugin.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { fevRips, fevRipsFiles, muvAttempts, users } from '../apps/api/src/db/schema.ts';
import { PROVIDER_CONFIG, registerAndLogin, rememberDataDir } from '../apps/api/test/helpers.ts';
import { and, eq, notInArray } from 'drizzle-orm';

const N = Number(process.env.BENCH_DOCS ?? 1000);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 20);
const CONCURRENCY = Number(process.env.MUV_TENANT_CONCURRENCY ?? 1);
const SAMPLES = resolve(import.meta.dirname, '../../shared/samples');
const XML = readFileSync(join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml'), 'utf8');
const JSON_TEXT = readFileSync(join(SAMPLES, 'par1_rips_evento_nit901019681_A01E5687.json'), 'utf8');

const sim = Fastify({ logger: false, forceCloseConnections: true });
await sim.register(muvSimulatorPlugin, { prefix: '', latencyMs: LATENCY_MS, controlHooks: true });
await sim.listen({ port: 0, host: '127.0.0.1' });
const simAddr = sim.server.address();
const simUrl = `http://127.0.0.1:${typeof simAddr === 'object' && simAddr ? simAddr.port : 0}`;

let databaseUrl: string | null = null;
let drop = async () => {};
if (process.env.DATABASE_URL) {
  const name = `radica_bulk_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  drop = async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
const dataDir = mkdtempSync(join(tmpdir(), 'radica-bulk-'));
const app = await buildApp({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  databaseUrl,
  pgliteDataDir: 'memory',
  dataDir,
  encryptionKey: randomBytes(32).toString('base64'),
  jwtSecret: randomBytes(32).toString('hex'),
  rateLimitScale: 1000,
  muvBaseUrl: simUrl,
  muvSimulator: false,
  muvTenantConcurrency: CONCURRENCY,
  jobsBatchSize: 10,
});
await app.listen({ port: 0, host: '127.0.0.1' });
const addr = app.server.address();
const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

try {
  // The account exactly as the API tests make it: registered with the mailed code, ministerio granted, logged in.
  rememberDataDir(url, dataDir);
  const email = 'masivo@example.co';
  const { c } = await registerAndLogin(url, email, '901019681');
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);

  // Documents as an upload leaves them (EN_ESPERA, both files), written directly for speed.
  const [user] = await app.deps.db.select().from(users).where(eq(users.email, email));
  const t0 = performance.now();
  const ids: number[] = [];
  for (let start = 0; start < N; start += 100) {
    const batch = Array.from({ length: Math.min(100, N - start) }, (_, i) => `BLK${String(1_000_000 + start + i)}`);
    const docs = await app.deps.db
      .insert(fevRips)
      .values(batch.map((formato) => ({ tenantId: user!.tenantId, idUsuario: user!.id, formato, tipoDocumento: 'FV', estado: 'EN_ESPERA', totalFactura: '1055600.00', muvEndpoint: 'CargarFevRips' })))
      .returning({ id: fevRips.id, formato: fevRips.formato });
    const files = docs.flatMap((d) =>
      (['xml', 'json'] as const).map((tipo) => {
        const content = Buffer.from((tipo === 'xml' ? XML : JSON_TEXT).replaceAll('A01E5687', d.formato));
        return { tenantId: user!.tenantId, fevRipsId: d.id, tipo, nombre: `${d.formato}.${tipo}`, content, sha256: createHash('sha256').update(content).digest('hex'), sizeBytes: content.length };
      }),
    );
    await app.deps.db.insert(fevRipsFiles).values(files);
    ids.push(...docs.map((d) => d.id));
  }
  console.log(`${N} documentos preparados en ${Math.round(performance.now() - t0)} ms`);

  const started = performance.now();
  const res = await c.post('/api/FevRips/envio-masivo', { ids });
  console.log(`envio-masivo: ${res.body.data.encolados} encolados en ${Math.round(performance.now() - started)} ms`);
  for (;;) {
    const n = (await app.deps.db.select({ id: fevRips.id }).from(fevRips).where(and(eq(fevRips.tenantId, user!.tenantId), notInArray(fevRips.estado, ['EN_ESPERA', 'ENPROCESO'])))).length;
    if (n >= N) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const totalMs = performance.now() - started;
  const aprobados = (await app.deps.db.select({ id: fevRips.id }).from(fevRips).where(eq(fevRips.estado, 'APROBADO'))).length;
  const stats = (await (await fetch(`${simUrl}/_control/stats`)).json()) as { cargas: number; aceptados: number; logins: number };
  const perDoc = totalMs / N;
  const calls = await app.deps.db.select({ ms: muvAttempts.durationMs }).from(muvAttempts).where(eq(muvAttempts.operation, 'CargarFevRips'));
  const callMs = calls.reduce((a, c) => a + (c.ms ?? 0), 0) / Math.max(1, calls.length);
  console.log(`base de datos: ${databaseUrl ? 'PostgreSQL' : 'PGlite'} · concurrencia por inquilino ${CONCURRENCY} · latencia del simulador ${LATENCY_MS} ms`);
  console.log(`total: ${(totalMs / 1000).toFixed(1)} s para ${N} documentos (${aprobados} APROBADO) · ${perDoc.toFixed(1)} ms por documento`);
  console.log(`sobrecosto por documento más allá de la latencia del simulador: ${(perDoc - LATENCY_MS / CONCURRENCY).toFixed(1)} ms`);
  console.log(`duración media de la llamada CargarFevRips vista por el cliente: ${callMs.toFixed(1)} ms (incluye el procesamiento del simulador, en este mismo proceso); resto por documento: ${(perDoc - callMs).toFixed(1)} ms`);
  console.log(`simulador: ${stats.cargas} cargas, ${stats.aceptados} aceptados, ${stats.logins} inicios de sesión`);
} finally {
  await app.close();
  await sim.close();
  await drop();
}
