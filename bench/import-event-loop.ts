/**
 * Big imports never stall the server: GET /ping latency (p50, p99, max) while one request does a big import, on the
 * embedded PGlite and on PostgreSQL. The API runs as `npm start` runs it (its own process, jobs in the process,
 * worker threads); a separate pinger process asks /ping one request after another (20 ms apart) during each import.
 * Phases:
 * - `pacientes`: a CSV of 100,000 patients (POST /api/rips/pacientes/importar);
 * - `hoja`: a 13 MB RIPS spreadsheet (CSV, about 58,000 services) imported as a draft (POST /api/rips/borradores);
 * - `chat`: a chat message carrying a 9 MB RIPS JSON (POST /api/chat, the built-in assistant checks it);
 * - `whatsapp`: one signed WhatsApp delivery of 2,500 messages (POST /api/whatsapp/webhook), until every message is
 *   answered by its job (PostgreSQL) or BENCH_WHATSAPP_S seconds have passed (20).
 * Target: /ping p99 < 250 ms during each phase. Env: BENCH_DB (`pglite`, `postgresql` or `both`, default both;
 * PostgreSQL at DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), BENCH_PHASES (comma list, default
 * all), BENCH_PACIENTES (100000), BENCH_HOJA_MB (13).
 * `npx tsx bench/import-event-loop.ts`
 */
import { spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { PACIENTE_COLUMNAS } from '../packages/contracts/src/rips.ts';
import { ripsToCsv } from '../packages/fevrips/src/sheet-io.ts';
import { client, createTestDatabase, registerAndLogin } from '../apps/api/test/helpers.ts';
import { serverProcess } from '../apps/api/test/compiled.ts';
import { bigRips } from './rips-sheet.ts';

const DBS = (process.env.BENCH_DB ?? 'both') === 'both' ? ['pglite', 'postgresql'] : [process.env.BENCH_DB!];
const PHASES = (process.env.BENCH_PHASES ?? 'pacientes,hoja,chat,whatsapp').split(',');
const PACIENTES = Number(process.env.BENCH_PACIENTES ?? 100_000);
const HOJA_BYTES = Number(process.env.BENCH_HOJA_MB ?? 13) * 1_000_000;
const TARGET_P99_MS = 250;
/** How long the WhatsApp phase keeps pinging after the delivery is stored, while its jobs answer (s). */
const WHATSAPP_S = Number(process.env.BENCH_WHATSAPP_S ?? 20);
const WHATSAPP = { verifyToken: randomBytes(8).toString('hex'), appSecret: randomBytes(32).toString('hex') };

type TStats = { n: number; p50: number; p99: number; max: number };

/**
 * The pinger: a child process that starts a GET /ping every 20 ms whether or not the earlier ones answered (an open
 * loop: a stall of 2 s delays the 100 pings due in it, so the percentiles weigh stalls by their length), until its
 * stdin closes, then prints each ping's latency (ms, from when it was due) as JSON. Its own process, so the bench's
 * own work never delays a ping.
 */
const PINGER = `
const url = process.argv[1];
const ms = [];
const inFlight = new Set();
const timer = setInterval(() => {
  const t0 = performance.now();
  const p = fetch(url, { signal: AbortSignal.timeout(300000) }).then((r) => r.arrayBuffer()).catch(() => {}).then(() => { ms.push(performance.now() - t0); inFlight.delete(p); });
  inFlight.add(p);
}, 20);
process.stdin.on('data', () => {}).on('end', async () => {
  clearInterval(timer);
  await Promise.all([...inFlight]);
  process.stdout.write(JSON.stringify(ms));
});
`;

async function whilePinging<T>(url: string, work: () => Promise<T>): Promise<{ result: T; stats: TStats; ms: number }> {
  const p = spawn(process.execPath, ['-e', PINGER, `${url}/ping`], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  p.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const done = new Promise<void>((res) => p.on('exit', () => res()));
  await new Promise((r) => setTimeout(r, 300));
  const t0 = performance.now();
  const result = await work();
  const ms = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 300));
  p.stdin.end();
  await done;
  const lat = (JSON.parse(out) as number[]).sort((a, b) => a - b);
  const pct = (q: number) => lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0;
  return { result, ms, stats: { n: lat.length, p50: pct(0.5), p99: pct(0.99), max: lat[lat.length - 1] ?? 0 } };
}

function pacientesCsv(n: number): Buffer {
  const lines = [PACIENTE_COLUMNAS.join(';')];
  for (let i = 0; i < n; i++) lines.push(`CC;${10_000_000 + i};1980-01-${String(1 + (i % 28)).padStart(2, '0')};${i % 2 ? 'M' : 'F'};01;170;11001;01;170;Paciente ${i}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
}

/** A RIPS spreadsheet (CSV) of about `bytes`: bigRips users of 10 services each. */
function hojaCsv(bytes: number): Buffer {
  const perUser = Buffer.byteLength(ripsToCsv(bigRips(100)).csv) / 100;
  return Buffer.from(ripsToCsv(bigRips(Math.floor(bytes / perUser))).csv, 'utf8');
}

/**
 * A RIPS whose every user and service has findings (a wrong document type, a negative value): the chat's check then
 * reports tens of thousands of findings, as a badly exported file does.
 */
function conHallazgos(rips: Record<string, unknown>): Record<string, unknown> {
  for (const u of rips['usuarios'] as { tipoDocumentoIdentificacion: string; servicios: Record<string, Record<string, unknown>[]> }[]) {
    u.tipoDocumentoIdentificacion = 'ZZ';
    for (const lista of Object.values(u.servicios)) for (const s of lista) s['vrServicio'] = -5;
  }
  return rips;
}

function whatsappDelivery(n: number): Buffer {
  const changes = [];
  for (let c = 0; c * 100 < n; c++) {
    const messages = [];
    for (let i = c * 100; i < Math.min(n, (c + 1) * 100); i++)
      messages.push({ from: `57300${String(i).padStart(7, '0')}`, id: `wamid.bench${randomBytes(6).toString('hex')}${i}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: `hola ${i}` } });
    changes.push({ field: 'messages', value: { messaging_product: 'whatsapp', messages } });
  }
  return Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '1', changes }] }), 'utf8');
}

const form = (name: string, bytes: Buffer, fields: Record<string, string> = {}, field = 'archivo') => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  f.append(field, new Blob([new Uint8Array(bytes)]), name);
  return f;
};

const fmt = (s: TStats) => `p50 ${s.p50.toFixed(0)} ms, p99 ${s.p99.toFixed(0)} ms, máx ${s.max.toFixed(0)} ms (${s.n} pings)`;

const csvPacientes = PHASES.includes('pacientes') ? pacientesCsv(PACIENTES) : null;
const csvHoja = PHASES.includes('hoja') ? hojaCsv(HOJA_BYTES) : null;
const ripsChat = PHASES.includes('chat') ? Buffer.from(JSON.stringify(conHallazgos(bigRips(1_450))), 'utf8') : null;
const entrega = PHASES.includes('whatsapp') ? whatsappDelivery(2_500) : null;
let failed = false;

for (const db of DBS) {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const scratch = db === 'postgresql' ? await createTestDatabase() : null;
  const api = await serverProcess({
    RATE_LIMIT_SCALE: '1000',
    WHATSAPP_VERIFY_TOKEN: WHATSAPP.verifyToken,
    WHATSAPP_APP_SECRET: WHATSAPP.appSecret,
    WHATSAPP_LIMITE_NUMERO_HORA: '1000',
    WHATSAPP_LIMITE_EMPRESA_DIA: '100000',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const server = await api.start();
  try {
    const { c } = await registerAndLogin(api.url, `import-${db}@example.co`, '901019681');
    console.log(`\n## ${db === 'pglite' ? 'PGlite embebida' : 'PostgreSQL'} (Node ${process.version}; carga del sistema ${loadavg()[0]!.toFixed(1)})`);
    const base = await whilePinging(api.url, () => new Promise((r) => setTimeout(r, 3_000)));
    console.log(`/ping en reposo:                         ${fmt(base.stats)}`);
    const report = (label: string, r: { stats: TStats; ms: number }, what: string) => {
      const ok = r.stats.p99 < TARGET_P99_MS;
      if (!ok) failed = true;
      console.log(`${label.padEnd(40)} ${fmt(r.stats)}; ${what} en ${(r.ms / 1000).toFixed(1)} s ${ok ? '' : `  ← p99 ≥ ${TARGET_P99_MS} ms`}`);
    };
    if (csvPacientes) {
      const r = await whilePinging(api.url, () => c.post('/api/rips/pacientes/importar', form('pacientes.csv', csvPacientes)));
      if (r.result.status !== 200) throw new Error(`pacientes: ${r.result.status} ${JSON.stringify(r.result.body).slice(0, 300)}`);
      report(`/ping importando ${PACIENTES.toLocaleString('es-CO')} pacientes:`, r, `${r.result.body.data.creados} creados`);
    }
    if (csvHoja) {
      const r = await whilePinging(api.url, () => c.post('/api/rips/borradores', form('rips.csv', csvHoja, { origen: 'hoja' })));
      if (r.result.status !== 200) throw new Error(`hoja: ${r.result.status} ${JSON.stringify(r.result.body).slice(0, 300)}`);
      report(`/ping importando hoja de ${(csvHoja.length / 1e6).toFixed(1)} MB:`, r, `borrador ${r.result.body.data.id}`);
    }
    if (ripsChat) {
      const f = form('rips.json', ripsChat, { sessionId: 'bench-chat', action: 'sendMessage', chatInput: 'revisa este RIPS', chatType: 'technical' }, 'file0');
      const r = await whilePinging(api.url, () => c.post('/api/chat', f));
      if (r.result.status !== 200) throw new Error(`chat: ${r.result.status} ${JSON.stringify(r.result.body).slice(0, 300)}`);
      report(`/ping con un chat de ${(ripsChat.length / 1e6).toFixed(1)} MB de RIPS:`, r, 'respuesta');
    }
    if (entrega) {
      const firma = `sha256=${createHmac('sha256', WHATSAPP.appSecret).update(entrega).digest('hex')}`;
      const r = await whilePinging(api.url, async () => {
        const res = await client(api.url).post('/api/whatsapp/webhook', JSON.parse(entrega.toString('utf8')), { 'x-hub-signature-256': firma });
        if (res.status !== 200) throw new Error(`whatsapp: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
        // The jobs answer the messages in this process too (as with `npm start`): keep pinging while they run.
        const deadline = Date.now() + WHATSAPP_S * 1000;
        let left: number | null = null;
        while (Date.now() < deadline) {
          await new Promise((res2) => setTimeout(res2, 1_000));
          left = await pendientesWhatsapp(scratch?.url ?? null);
          if (left === 0) break;
        }
        return { accepted: res.body.message, left };
      });
      report('/ping con 2.500 mensajes de WhatsApp:', r, `${r.result.accepted} aceptados, ${r.result.left ?? '?'} sin responder`);
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await scratch?.drop();
  }
}
if (failed) process.exitCode = 1;

/** WhatsApp messages not yet answered, read from PostgreSQL directly; null on PGlite (one process owns that database). */
async function pendientesWhatsapp(url: string | null): Promise<number | null> {
  if (!url) return null;
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const r = await c.query<{ n: string }>('select count(*) as n from whatsapp_mensajes where resultado is null');
    return Number(r.rows[0]!.n);
  } finally {
    await c.end();
  }
}
