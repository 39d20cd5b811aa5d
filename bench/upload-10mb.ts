/**
 * Uploads never block the server: while 8 clients (8 tenants) upload 10 MB FEV XML files at
 * once, GET /ping latency is measured with autocannon (its own process) and the API process's resident memory is
 * sampled from /proc. The API runs as `npm start` does (its own process, embedded PGlite on disk, worker threads).
 * Targets: /ping p99 < 100 ms under the upload load, peak RSS < 1 GB. Prints the baseline (no uploads) in the same run.
 * Env: BENCH_SECONDS (default 20), BENCH_CLIENTS (default 8).
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, fileForm, registerAndLogin, PAR1_XML, SAMPLES } from '../apps/api/test/helpers.ts';
import { serverProcess } from '../apps/api/test/compiled.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const TARGET_BYTES = 10_000_000;

type TAutocannonResult = { latency: { p50: number; p90: number; p99: number; max: number }; requests: { total: number }; non2xx: number; errors: number };
/** GET /ping with autocannon in its own process. */
function pingLoad(url: string, seconds: number): Promise<TAutocannonResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
  return new Promise((res, rej) => {
    const p = spawn(process.execPath, [cli, '-j', '-c', '10', '-d', String(seconds), `${url}/ping`], { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    p.stdout.on('data', (d: Buffer) => (out += d.toString()));
    p.on('exit', (code) => (code === 0 ? res(JSON.parse(out) as TAutocannonResult) : rej(new Error(`autocannon exit ${code}`))));
  });
}

/** par1's FEV with its one invoice line repeated until the file is about 10 MB; `FORMATO` marks the invoice number. */
function bigXmlTemplate(): string {
  const xml = readFileSync(join(SAMPLES, PAR1_XML), 'utf8');
  const start = xml.indexOf('<cac:InvoiceLine>');
  const end = xml.indexOf('</cac:InvoiceLine>') + '</cac:InvoiceLine>'.length;
  const line = xml.slice(start, end);
  const copies = Math.floor((TARGET_BYTES - xml.length) / line.length);
  return (xml.slice(0, end) + line.repeat(copies) + xml.slice(end)).replaceAll('A01E5687', 'FORMATO');
}

const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

// PostgreSQL when DATABASE_URL is set (a scratch database), else the embedded PGlite as `npm start` runs it.
const scratch = process.env.DATABASE_URL ? await createTestDatabase() : null;
const api = await serverProcess({ JOBS_WORKER: 'false', RATE_LIMIT_SCALE: '100', ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
const { url } = api;
const server = await api.start();
try {
  const sessions = [];
  for (let i = 0; i < CLIENTS; i++) sessions.push((await registerAndLogin(url, `carga${i}@example.co`, '901019681')).c);
  const template = bigXmlTemplate();
  console.log(`archivo: ${(Buffer.byteLength(template) / 1e6).toFixed(1)} MB de XML (par1 con ${template.split('<cac:InvoiceLine>').length - 1} líneas)`);
  console.log(`base de datos: ${scratch ? 'PostgreSQL' : 'PGlite embebida'}; clientes: ${CLIENTS} (un inquilino cada uno); duración: ${SECONDS} s; carga del sistema: ${loadavg()[0]!.toFixed(1)}`);

  const idleRss = rssMb(server.pid!);
  const baseline = await pingLoad(url, 5);

  let peakRss = idleRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, rssMb(server.pid!));
  }, 50);
  const deadline = Date.now() + SECONDS * 1000;
  const uploadMs: number[] = [];
  const statuses = new Map<number, number>();
  let seq = 0;
  const loops = sessions.map(async (c, i) => {
    while (Date.now() < deadline) {
      const formato = `UP${i}${String(seq++).padStart(6, '0')}`;
      const bytes = Buffer.from(template.replaceAll('FORMATO', formato), 'utf8');
      const started = performance.now();
      const res = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.xml`, bytes));
      uploadMs.push(performance.now() - started);
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  });
  const [underLoad] = await Promise.all([pingLoad(url, SECONDS), ...loops]);
  clearInterval(sampler);

  uploadMs.sort((a, b) => a - b);
  const pct = (p: number) => uploadMs[Math.min(uploadMs.length - 1, Math.floor((p / 100) * uploadMs.length))]!.toFixed(0);
  console.log(`/ping sin cargas:        p50 ${baseline.latency.p50} ms, p99 ${baseline.latency.p99} ms (${baseline.requests.total} peticiones)`);
  console.log(`/ping con ${CLIENTS} cargas:     p50 ${underLoad.latency.p50} ms, p99 ${underLoad.latency.p99} ms, máx ${underLoad.latency.max} ms (${underLoad.requests.total} peticiones; objetivo p99 < 100 ms)`);
  console.log(`  razón p99 con carga / sin carga: ${(underLoad.latency.p99 / Math.max(1, baseline.latency.p99)).toFixed(1)}×`);
  console.log(`cargas de 10 MB: ${uploadMs.length} (${[...statuses].map(([s, n]) => `${n}×${s}`).join(', ')}); p50 ${pct(50)} ms, p99 ${pct(99)} ms`);
  console.log(`memoria del proceso API: en reposo ${idleRss.toFixed(0)} MB, pico ${peakRss.toFixed(0)} MB (objetivo < 1024 MB)`);
  if (underLoad.latency.p99 >= 100 || peakRss >= 1024) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await scratch?.drop();
}
