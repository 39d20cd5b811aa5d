/**
 * A day of a provider network (docs/capacity.md; docs/decisions/052-capacidad-dia-de-operacion.md): Radica's roles as
 * separate processes from the compiled build (`node scripts/start.mjs api|worker|ingest`: 2 api, 2 workers, 1 ingest)
 * on PostgreSQL, the ministry stand-in in its own process with a realistic latency (log-normal, median 1.5 s, long
 * tail; 1 % TOT003), and 200 tenants at once: one sends 5 000 documents in bulk (`envio-masivo`), 20 file through the
 * API channel (half `enviar=true`, half `enviar=async`), 20 by e-mail, 20 by SFTP, the rest upload one to ten
 * documents from the web and press «Enviar» on each, while 20 users page and search their lists.
 *
 * Prints documents/s, accepted → CUV p50/p99 for the small tenants and for the big one, the worst queue wait of a small
 * tenant behind the flood, API p50/p99 by route family at the rate it ran, the ratio of the throughput to C/L (ministry
 * calls in flight over its latency), Radica's CPU ms per document (api + worker + ingest, read from /proc/<pid>/stat of
 * the processes: their own accounting, worker threads included) and database bytes per document, errors, and the
 * documents the ministry processed twice. Last line (for scripts):
 *   dia-de-operacion: N documentos, E errores, D duplicados, T docs/s, p99 pequeños S s, CPU C ms/doc
 *
 * `npx tsx bench/dia-de-operacion.ts [--escala 0.1]`: the scale multiplies the tenants, the channels' senders, the
 * users and the flood (0.1 → 20 tenants and a flood of 500; a few minutes). PostgreSQL: DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), where it creates and drops BENCH_DB (radica_dia_bench).
 * Env: BENCH_LATENCY_MS (1500, the median), BENCH_LATENCY_SIGMA (0.6), BENCH_TOT003 (0.01), BENCH_TENANT_CONCURRENCY
 * (20: MUV_TENANT_CONCURRENCY of the run, the most it allows), BENCH_JOBS_CONCURRENCY (15 per worker), BENCH_SEED (1), BENCH_MAX_S (2400),
 * BENCH_CPU_PROF (a directory: each role writes a V8 CPU profile there), BENCH_KEEP (keep the database).
 * The big tenant's documents are written to the database as an upload leaves them before the clock starts (5 000
 * uploads would be a bench of their own: bench/upload-10mb.ts); every small tenant's document goes through its channel.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import pg from 'pg';
import SftpClient from 'ssh2-sftp-client';
import { PROVIDER_CONFIG, freePort, grantModules, par1Copy, registerAndLogin, rememberDataDir, type client } from '../apps/api/test/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const ESCALA = Number(arg('escala') ?? process.env.BENCH_ESCALA ?? 1);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 1500);
const SIGMA = Number(process.env.BENCH_LATENCY_SIGMA ?? 0.6);
const TOT003 = Number(process.env.BENCH_TOT003 ?? 0.01);
const TENANT_C = Number(process.env.BENCH_TENANT_CONCURRENCY ?? 20);
const JOBS_C = Number(process.env.BENCH_JOBS_CONCURRENCY ?? 15);
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = process.env.BENCH_DB ?? 'radica_dia_bench';

const n = (x: number, min = 1) => Math.max(min, Math.round(x * ESCALA));
const TENANTS = n(200, 8);
const POR_CANAL = n(20);
const USUARIOS = n(20, 2);
const FLOOD = n(5000, 50);
const WEB = TENANTS - 1 - 3 * POR_CANAL;

/** A small deterministic PRNG (mulberry32) so two runs send the same mix. */
let seed = Number(process.env.BENCH_SEED ?? 1) >>> 0;
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const between = (a: number, b: number) => a + Math.floor(rand() * (b - a + 1));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const fmt = (x: number, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : 'n/d');
const uptime = () => {
  try {
    return execSync('uptime', { encoding: 'utf8' }).trim();
  } catch {
    return `load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`;
  }
};

/** user + system CPU of a process and all its threads (ms), from /proc/<pid>/stat (fields 14 and 15, clock ticks). */
const TICK_MS = 1000 / Number(execSync('getconf CLK_TCK', { encoding: 'utf8' }).trim() || 100);
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

// ---- the database ----
const admin = new pg.Client({ connectionString: BASE_URL });
await admin.connect();
await admin.query(`drop database if exists ${DB_NAME} with (force)`);
await admin.query(`create database ${DB_NAME}`);
const dbUrl = (() => {
  const u = new URL(BASE_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

const children: Array<{ role: string; child: ChildProcess }> = [];
const logDir = mkdtempSync(join(tmpdir(), 'radica-dia-'));
const dataDir = mkdtempSync(join(tmpdir(), 'radica-dia-data-'));
const KEYS = { ENCRYPTION_KEY: randomBytes(32).toString('base64'), JWT_SECRET: randomBytes(32).toString('hex') };

/** Start a child with its stdout/stderr in logDir; resolves once `ready` answers. */
async function startChild(role: string, args: string[], env: Record<string, string>, ready: string | null): Promise<ChildProcess> {
  const log = createWriteStream(join(logDir, `${role}.log`));
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  children.push({ role, child });
  if (ready) {
    const until = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${role} terminó al iniciar (código ${child.exitCode}); ver ${join(logDir, `${role}.log`)}`);
      if (await fetch(ready).then((r) => r.ok, () => false)) break;
      if (Date.now() > until) throw new Error(`${role} no respondió en 120 s`);
      await sleep(200);
    }
  }
  return child;
}

let exitCode = 0;
try {
  console.log(`escala ${ESCALA}: ${TENANTS} inquilinos (1 masivo de ${FLOOD}, ${POR_CANAL} API, ${POR_CANAL} correo, ${POR_CANAL} SFTP, ${WEB} web), ${USUARIOS} usuarios consultando`);
  console.log(`ministerio simulado: latencia log-normal mediana ${LATENCY_MS} ms σ ${SIGMA}, TOT003 ${(TOT003 * 100).toFixed(1)} %; MUV_TENANT_CONCURRENCY ${TENANT_C}, JOBS_CONCURRENCY ${JOBS_C} por trabajador`);
  console.log(`carga de la máquina al empezar: ${uptime()}`);
  // The compiled build the roles run (production never builds on start).
  execSync('node scripts/build.mjs server --if-stale --quiet', { cwd: ROOT, stdio: 'inherit' });

  // ---- the ministry stand-in, in its own process (its CPU is not Radica's) ----
  const simPort = await freePort();
  const simUrl = `http://127.0.0.1:${simPort}`;
  await startChild(
    'simulador',
    ['--import', 'tsx', 'apps/muv-simulator/src/main.ts'],
    { PORT: String(simPort), HOST: '127.0.0.1', MUV_SIM_LATENCY_MS: String(LATENCY_MS), MUV_SIM_LATENCY_SIGMA: String(SIGMA), MUV_SIM_CONTROL: 'true', MUV_SIM_LOG: 'false' },
    `${simUrl}/BasicHealth`,
  );

  // ---- Radica's roles ----
  const sftpPort = await freePort();
  const smtpPort = await freePort();
  const common = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    ...KEYS,
    MAIL_DEV_OUTBOX: 'true',
    MUV_BASE_URL: simUrl,
    MUV_SIMULATOR: 'false',
    WOMPI_SIMULATOR: 'true',
    MUV_TENANT_CONCURRENCY: String(TENANT_C),
    // A wait for the ministry (TOT003) retries after 5 s here (the product's schedule is minutes): the run ends.
    MUV_TRANSIENT_RETRY_S: '5',
    JOBS_CONCURRENCY: String(JOBS_C),
    RATE_LIMIT_SCALE: '1000',
    REPS_SEED: 'false',
    BACKUP_SCHEDULE: 'false',
    SFTP_ENABLED: 'true',
    SFTP_HOST: '127.0.0.1',
    SFTP_PORT: String(sftpPort),
    SFTP_LOGIN_DELAY_MAX_MS: '0',
    INBOUND_SMTP_ENABLED: 'true',
    INBOUND_SMTP_HOST: '127.0.0.1',
    INBOUND_SMTP_PORT: String(smtpPort),
    INBOUND_MAIL_DOMAIN: 'radica.local',
  };
  await startChild('migrate', ['scripts/start.mjs', 'migrate'], { ...common, PORT: '0' }, null);
  const migrated = await new Promise<number | null>((r) => children.at(-1)!.child.once('exit', r));
  if (migrated !== 0) throw new Error(`migrate terminó con código ${migrated}; ver ${join(logDir, 'migrate.log')}`);
  const apiUrls: string[] = [];
  const pids: Array<{ role: string; pid: number }> = [];
  for (const role of ['api', 'api', 'worker', 'worker', 'ingest']) {
    const port = await freePort();
    const label = `${role}${pids.filter((p) => p.role.startsWith(role)).length + 1}`;
    // BENCH_CPU_PROF=DIR: each role writes a V8 CPU profile there when it stops (what bounds its CPU per document).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', resolve(process.env.BENCH_CPU_PROF), '--cpu-prof-name', `${label}.cpuprofile`] : [];
    const child = await startChild(label, [...prof, 'scripts/start.mjs', role], { ...common, PORT: String(port) }, `http://127.0.0.1:${port}/health/ready`);
    pids.push({ role: label, pid: child.pid! });
    if (role === 'api') {
      apiUrls.push(`http://127.0.0.1:${port}`);
      rememberDataDir(`http://127.0.0.1:${port}`, dataDir);
    }
  }
  const apiOf = (i: number) => apiUrls[i % apiUrls.length]!;
  // A small pool: the set-up asks from several tenants at once.
  const db = new pg.Pool({ connectionString: dbUrl, max: 4 });
  const dbBytes0 = Number((await db.query<{ b: string }>('select pg_database_size(current_database()) as b')).rows[0]!.b);

  // ---- the tenants (set-up, not measured) ----
  type TKind = 'masivo' | 'api' | 'correo' | 'sftp' | 'web';
  type TTenant = { i: number; kind: TKind; email: string; c: ReturnType<typeof client>; tenantId: number; userId: number; docs: number; url: string; key?: string; async?: boolean; direccion?: string; sftpUser?: string };
  const kinds: TKind[] = ['masivo', ...Array<TKind>(POR_CANAL).fill('api'), ...Array<TKind>(POR_CANAL).fill('correo'), ...Array<TKind>(POR_CANAL).fill('sftp'), ...Array<TKind>(WEB).fill('web')];
  const tenants: TTenant[] = [];
  const setupStart = performance.now();
  const SENDER = (i: number) => `facturacion${i}@clinica${i}.co`;
  const SFTP_PASSWORD = 'sftp-clave-del-banco-de-pruebas';
  const setup = async (i: number) => {
    const kind = kinds[i]!;
    const url = apiOf(i);
    const email = `dia${i}@example.co`;
    const { c } = await registerAndLogin(url, email, '901019681');
    if (kind === 'api') await grantModules(url, email, ['ministerio'], { plan: 'business' });
    const conf = await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    if (conf.status !== 200) throw new Error(`configuración ${i}: ${conf.status}`);
    const { rows } = await db.query<{ tenant_id: number; id: number }>('select tenant_id, id from users where email = $1', [email]);
    const t: TTenant = { i, kind, email, c, url, tenantId: rows[0]!.tenant_id, userId: rows[0]!.id, docs: kind === 'masivo' ? FLOOD : between(1, 10) };
    if (kind === 'api') {
      t.key = (await c.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 })).body.data.clave;
      t.async = i % 2 === 0;
    } else if (kind === 'correo') {
      t.direccion = (await c.get('/api/canales/correo')).body.data.direccion;
      const put = await c.put('/api/canales/correo', { remitentes: [SENDER(i)], envioAutomatico: true, activo: true });
      if (put.status !== 200) throw new Error(`correo ${i}: ${put.status} ${JSON.stringify(put.body)}`);
    } else if (kind === 'sftp') {
      t.sftpUser = `prestador-${i}`;
      const put = await c.put('/api/canales/sftp', { usuario: t.sftpUser, password: SFTP_PASSWORD, clavesPublicas: [], envioAutomatico: true, activo: true });
      if (put.status !== 200) throw new Error(`sftp ${i}: ${put.status} ${JSON.stringify(put.body)}`);
    }
    tenants[i] = t;
  };
  for (let i = 0; i < kinds.length; i += 8) await Promise.all(kinds.slice(i, i + 8).map((_, k) => setup(i + k)));
  const big = tenants[0]!;
  // Distinct invoice numbers across tenants (one NIT for all in the samples): DIA + tenant + sequence.
  const formato = (t: number, k: number) => `DIA${String(t).padStart(3, '0')}${String(k).padStart(5, '0')}`;
  const XML = (f: string) => par1Copy(f).xml;
  const JSON_ = (f: string) => par1Copy(f).json;
  {
    const pair = par1Copy('A01E5687');
    const [xml, json] = [pair.xml.toString('utf8'), pair.json.toString('utf8')];
    for (let start = 0; start < FLOOD; start += 500) {
      const batch = Array.from({ length: Math.min(500, FLOOD - start) }, (_, k) => formato(0, start + k));
      const { rows: docs } = await db.query<{ id: number; formato: string }>(
        `insert into fev_rips (tenant_id, id_usuario, formato, tipo_documento, estado, total_factura, muv_endpoint)
         select $1, $2, f, 'FV', 'EN_ESPERA', 1055600.00, 'CargarFevRips' from unnest($3::text[]) f returning id, formato`,
        [big.tenantId, big.userId, batch],
      );
      const values: unknown[] = [];
      const rowsSql: string[] = [];
      for (const d of docs)
        for (const tipo of ['xml', 'json'] as const) {
          const content = Buffer.from((tipo === 'xml' ? xml : json).replaceAll('A01E5687', d.formato));
          const p = values.length;
          rowsSql.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7})`);
          values.push(big.tenantId, d.id, tipo, `${d.formato}.${tipo}`, content, createHash('sha256').update(content).digest('hex'), content.length);
        }
      await db.query(`insert into fev_rips_files (tenant_id, fev_rips_id, tipo, nombre, content, sha256, size_bytes) values ${rowsSql.join(',')}`, values);
    }
  }
  const bigIds = (await db.query<{ id: number }>('select id from fev_rips where tenant_id = $1 order by id', [big.tenantId])).rows.map((r) => r.id);
  const expected = tenants.reduce((a, t) => a + t.docs, 0);
  console.log(`preparación: ${tenants.length} inquilinos y ${FLOOD} documentos del masivo en ${((performance.now() - setupStart) / 1000).toFixed(0)} s; ${expected} documentos en total`);
  await fetch(`${simUrl}/_control/fail-rate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 'tot003', rate: TOT003 }) });

  // ---- the day (measured) ----
  const lat = new Map<string, number[]>();
  const errores: string[] = [];
  const observe = (family: string, ms: number) => (lat.get(family) ?? lat.set(family, []).get(family)!).push(ms);
  const timed = async <T>(family: string, f: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await f();
    } finally {
      observe(family, performance.now() - t0);
    }
  };
  /** Documents a client-side failure left unfiled or unsent: counted as errors, not waited for. */
  const perdidos = new Set<string>();
  const fail = (what: string, formato?: string) => {
    if (formato) perdidos.add(formato);
    errores.push(what);
    if (errores.length <= 10) console.log(`  error: ${what}`);
  };
  const cpu0 = new Map(pids.map((p) => [p.pid, cpuMs(p.pid)]));
  const t0 = performance.now();
  const wall0 = Date.now();
  const loads: string[] = [];
  const loadTimer = setInterval(() => loads.push(loadavg()[0]!.toFixed(2)), 30_000);
  // PostgreSQL connections of this install (max_connections is the server's, shared by every process).
  let connPeak = 0;
  const probe = new pg.Client({ connectionString: dbUrl });
  await probe.connect();
  const connTimer = setInterval(() => {
    void probe.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = current_database()').then(
      (r) => (connPeak = Math.max(connPeak, r.rows[0]!.n)),
      () => undefined,
    );
  }, 2_000);

  // The flood: one envio-masivo of every document of the big tenant.
  const masivo = await timed('envio-masivo', () => big.c.post('/api/FevRips/envio-masivo', { ids: bigIds }));
  if (masivo.status !== 200 || masivo.body.data.encolados !== FLOOD) fail(`envio-masivo: ${masivo.status} ${JSON.stringify(masivo.body).slice(0, 200)}`);
  // The small tenants arrive spread over the flood's expected length (its C/L), so they meet it mid-way.
  const meanLatencyS = (LATENCY_MS / 1000) * Math.exp((SIGMA * SIGMA) / 2);
  const floodS = (FLOOD * meanLatencyS) / TENANT_C;
  const spreadMs = Math.max(5_000, Math.min(floodS * 0.6, 600) * 1000);
  console.log(`masivo: ${FLOOD} en cola; duración esperada del masivo ≈ ${floodS.toFixed(0)} s (C/L = ${(TENANT_C / meanLatencyS).toFixed(1)} docs/s); llegadas de los pequeños repartidas en ${(spreadMs / 1000).toFixed(0)} s`);

  const post = (t: TTenant) => t.c;
  /** A person at the web: uploads a document's two files, presses «Enviar» (not waiting for it), then the next one. */
  async function web(t: TTenant) {
    const sends: Array<Promise<unknown>> = [];
    for (let k = 0; k < t.docs; k++) {
      const f = formato(t.i, k);
      const x = await timed('subir-archivo', () => post(t).post('/api/FevRips/subir-archivo', form('archivo', `${f}.xml`, XML(f))));
      if (x.status !== 200) {
        fail(`web ${f} xml: ${x.status} ${x.body.message}`, f);
        continue;
      }
      const j = await timed('subir-archivo', () => post(t).post('/api/FevRips/subir-archivo', form('archivo', `${f}.json`, JSON_(f), x.body.data.fevRipsId)));
      if (j.status !== 200) {
        fail(`web ${f} json: ${j.status} ${j.body.message}`, f);
        continue;
      }
      sends.push(
        timed('enviar (espera la respuesta)', () => post(t).post(`/api/FevRips/${j.body.data.fevRipsId}/enviar`)).then((s) => {
          if (s.status !== 200 && s.status !== 202) fail(`web ${f} enviar: ${s.status} ${s.body.message}`, f);
        }),
      );
    }
    await Promise.all(sends);
  }
  function form(field: string, name: string, bytes: Buffer, fevRipsId?: number) {
    const fd = new FormData();
    if (fevRipsId) fd.append('fevRipsId', String(fevRipsId));
    fd.append(field, new Blob([new Uint8Array(bytes)]), name);
    return fd;
  }
  async function api(t: TTenant) {
    for (let k = 0; k < t.docs; k++) {
      const f = formato(t.i, k);
      const fd = new FormData();
      fd.append('xml', new Blob([new Uint8Array(XML(f))]), `${f}.xml`);
      fd.append('rips', new Blob([new Uint8Array(JSON_(f))]), `${f}.json`);
      fd.append('enviar', t.async ? 'async' : 'true');
      const res = await timed(t.async ? 'v1/paquetes async' : 'v1/paquetes enviar=true', () =>
        fetch(`${t.url}/api/v1/paquetes`, { method: 'POST', headers: { authorization: `Bearer ${t.key}`, 'idempotency-key': `dia-${f}` }, body: fd }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message?: string } })),
      );
      if (![200, 201, 202].includes(res.status)) fail(`api ${f}: ${res.status} ${res.body.message}`, f);
    }
  }
  async function correo(t: TTenant) {
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true });
    for (let k = 0; k < t.docs; k++) {
      const f = formato(t.i, k);
      await timed('correo (SMTP)', () =>
        transport.sendMail({ from: SENDER(t.i), to: t.direccion!, subject: `Factura ${f}`, text: 'Adjunto', attachments: [{ filename: `${f}.xml`, content: XML(f) }, { filename: `${f}.json`, content: JSON_(f) }] }),
      ).catch((err: Error) => fail(`correo ${f}: ${err.message}`, f));
    }
    transport.close();
  }
  async function sftp(t: TTenant) {
    const s = new SftpClient('dia', { error: () => {}, end: () => {}, close: () => {} });
    try {
      await timed('sftp (conexión)', () => s.connect({ host: '127.0.0.1', port: sftpPort, username: t.sftpUser!, password: SFTP_PASSWORD, readyTimeout: 30_000, retries: 0 }));
      for (let k = 0; k < t.docs; k++) {
        const f = formato(t.i, k);
        await timed('sftp (put par)', async () => {
          await s.put(XML(f), `/entrada/${f}.xml`);
          await s.put(JSON_(f), `/entrada/${f}.json`);
        });
      }
    } catch (err) {
      fail(`sftp ${t.sftpUser}: ${(err as Error).message}`);
    } finally {
      await s.end().catch(() => {});
    }
  }
  const small = tenants.slice(1);
  const arrivals = small.map(async (t) => {
    await sleep(rand() * spreadMs);
    if (t.kind === 'web') return web(t);
    if (t.kind === 'api') return api(t);
    if (t.kind === 'correo') return correo(t);
    return sftp(t);
  });

  // 20 users paging and searching their lists (a second of thought between requests) until the documents are done.
  let done = false;
  const readers = Array.from({ length: USUARIOS }, async (_, u) => {
    const t = u % 4 === 0 ? big : small[u % small.length]!;
    let page = 1;
    while (!done) {
      const r = rand();
      if (r < 0.5) {
        const res = await timed('search (página)', () => t.c.post('/api/FevRips/search', { pageIndex: page, pageSize: 15, estado: 'EXCLUDE_ANULADO' }));
        if (res.status !== 200) fail(`search: ${res.status}`);
        else page = page >= Math.min(res.body.data.totalPages, 20) ? 1 : page + 1;
      } else if (r < 0.6 && t === big) {
        const deep = between(1, Math.max(1, Math.floor(FLOOD / 15)));
        const res = await timed('search (página profunda)', () => t.c.post('/api/FevRips/search', { pageIndex: deep, pageSize: 15, estado: 'EXCLUDE_ANULADO' }));
        if (res.status !== 200) fail(`search profunda: ${res.status}`);
      } else if (r < 0.85) {
        const res = await timed('search (filtros)', () => t.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, estado: rand() < 0.5 ? 'APROBADO' : '', formato: `DIA${String(t.i).padStart(3, '0')}0000` }));
        if (res.status !== 200) fail(`search filtros: ${res.status}`);
      } else {
        const list = await t.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
        const id = list.body.data?.results?.data?.[0]?.id as number | undefined;
        if (id) {
          const res = await timed('detail', () => t.c.get(`/api/FevRips/${id}/detail`));
          if (res.status !== 200) fail(`detail: ${res.status}`);
        }
      }
      await sleep(1000);
    }
  });

  // Done: every expected document exists and has a verdict (APROBADO, NO_APROBADO/RECHAZADO) or ended in ERROR, and
  // no retry of a wait for the ministry is pending.
  const LIMIT_S = Number(process.env.BENCH_MAX_S ?? 40 * 60);
  let last = { total: 0, finales: 0 };
  let settledSince = 0;
  for (;;) {
    const { rows } = await db.query<{ total: number; finales: number }>(
      `select count(*)::int as total, count(*) filter (where estado in ('APROBADO','NO_APROBADO','RECHAZADO','ERROR') and reintento_proximo is null)::int as finales
         from fev_rips where formato <> all($1::text[])`,
      [[...perdidos]],
    );
    last = rows[0]!;
    const esperados = expected - perdidos.size;
    // The SFTP senders that failed left an unknown number of documents behind: their tenants are not waited for.
    const arrived = (await Promise.race([Promise.all(arrivals).then(() => true), sleep(0).then(() => false)])) as boolean;
    if (last.finales >= esperados) break;
    // Every filed document has its answer and nothing was filed for 20 s after the last sender finished: what is still
    // missing was lost on its way in (a failed SFTP session), counted below as an error.
    const settled = arrived && last.finales >= last.total && (await db.query<{ n: number }>(`select count(*)::int as n from fev_rips where estado in ('EN_ESPERA','ENPROCESO') and formato <> all($1::text[])`, [[...perdidos]])).rows[0]!.n === 0;
    if (!settled) settledSince = 0;
    else if (!settledSince) settledSince = Date.now();
    else if (Date.now() - settledSince > 20_000) break;
    if ((performance.now() - t0) / 1000 > LIMIT_S) {
      fail(`tiempo agotado: ${last.finales} de ${expected} documentos terminados (${last.total} radicados)`);
      break;
    }
    await sleep(500);
  }
  await Promise.all(arrivals);
  const cpu1 = new Map(pids.map((p) => [p.pid, cpuMs(p.pid)]));
  done = true;
  await Promise.all(readers);
  clearInterval(loadTimer);
  clearInterval(connTimer);
  await probe.end();
  const loadEnd = uptime();

  // ---- the figures ----
  // Accepted: when the document's second file was stored (the pair complete: what a channel acknowledges).
  const { rows: docs } = await db.query<{ id: number; formato: string; tenant_id: number; estado: string; canal: string; creado: Date; primera: Date | null; cuv_at: Date | null; llamadas: number }>(
    `select d.id, d.formato, d.tenant_id, d.estado, d.canal, (select max(f.created_at) from fev_rips_files f where f.fev_rips_id = d.id) as creado,
            (select min(a.started_at) from muv_attempts a where a.fev_rips_id = d.id and a.operation like 'Cargar%') as primera,
            (select max(a.finished_at) from muv_attempts a where a.fev_rips_id = d.id and a.operation like 'Cargar%') as cuv_at,
            (select count(*)::int from muv_attempts a where a.fev_rips_id = d.id and a.operation like 'Cargar%') as llamadas
       from fev_rips d`,
  );
  const { rows: calls } = await db.query<{ s: Date; f: Date; ms: number }>(`select started_at as s, finished_at as f, duration_ms as ms from muv_attempts where operation like 'Cargar%' and finished_at is not null`);
  const end = Math.max(...docs.map((d) => d.cuv_at?.getTime() ?? 0));
  const seconds = (end - wall0) / 1000;
  const N = docs.length;
  const bigDocs = docs.filter((d) => d.tenant_id === big.tenantId);
  const smallDocs = docs.filter((d) => d.tenant_id !== big.tenantId);
  const toCuv = (ds: typeof docs, from: (d: (typeof docs)[number]) => number) => ds.filter((d) => d.estado === 'APROBADO' && d.cuv_at).map((d) => (d.cuv_at!.getTime() - from(d)) / 1000);
  const smallCuv = toCuv(smallDocs, (d) => d.creado.getTime());
  const bigCuv = toCuv(bigDocs, () => wall0);
  const smallFirstOnly = toCuv(smallDocs.filter((d) => d.llamadas === 1), (d) => d.creado.getTime());
  const waits = smallDocs.filter((d) => d.primera).map((d) => (d.primera!.getTime() - d.creado.getTime()) / 1000);
  const worst = smallDocs.filter((d) => d.primera).reduce<{ s: number; d: (typeof docs)[number] | null }>((w, d) => ((d.primera!.getTime() - d.creado.getTime()) / 1000 > w.s ? { s: (d.primera!.getTime() - d.creado.getTime()) / 1000, d } : w), { s: 0, d: null });
  const callMs = calls.map((c) => c.ms);
  const meanCallS = callMs.reduce((a, b) => a + b, 0) / Math.max(1, callMs.length) / 1000;
  const inFlightAvg = calls.reduce((a, c) => a + (c.f.getTime() - c.s.getTime()), 0) / 1000 / Math.max(1, seconds);
  const ev = calls.flatMap((c) => [{ t: c.s.getTime(), d: 1 }, { t: c.f.getTime(), d: -1 }]).sort((a, b) => a.t - b.t || a.d - b.d);
  let now = 0;
  let peak = 0;
  for (const e of ev) peak = Math.max(peak, (now += e.d));
  const rate = N / seconds;
  const porEstado = docs.reduce<Record<string, number>>((a, d) => ((a[d.estado] = (a[d.estado] ?? 0) + 1), a), {});
  const porCanal = docs.reduce<Record<string, number>>((a, d) => ((a[d.canal] = (a[d.canal] ?? 0) + 1), a), {});
  const stats = (await (await fetch(`${simUrl}/_control/stats`)).json()) as { cargas: number; aceptados: number; rechazados: number; porPaquete: Record<string, { cargas: number; aceptados: number; duplicados: number }> };
  const duplicados = Object.entries(stats.porPaquete).filter(([, p]) => p.aceptados + p.duplicados > 1);
  const reenvios = Object.values(stats.porPaquete).filter((p) => p.cargas > 1).length;
  const cpuByRole = pids.map((p) => ({ role: p.role, ms: cpu1.get(p.pid)! - cpu0.get(p.pid)! }));
  const cpuTotal = cpuByRole.reduce((a, r) => a + r.ms, 0);
  const dbBytes = Number((await db.query<{ b: string }>('select pg_database_size(current_database()) as b')).rows[0]!.b);
  const noFinales = docs.filter((d) => !['APROBADO', 'NO_APROBADO', 'RECHAZADO'].includes(d.estado) && !perdidos.has(d.formato));
  for (const d of noFinales.slice(0, 5)) fail(`documento ${d.id} terminó en ${d.estado}`);
  if (noFinales.length > 5) fail(`… y ${noFinales.length - 5} documentos más sin veredicto`);
  if (N < expected - perdidos.size) fail(`radicados ${N} de ${expected - perdidos.size} documentos que entraron sin error`);
  for (const { role, child } of children) if (role !== 'migrate' && child.exitCode !== null) fail(`el proceso ${role} terminó (código ${child.exitCode})`);

  console.log(`\n${N} documentos (${Object.entries(porCanal).map(([k, v]) => `${k} ${v}`).join(', ')}) en ${seconds.toFixed(1)} s: ${rate.toFixed(2)} documentos/s`);
  console.log(`estados: ${Object.entries(porEstado).map(([k, v]) => `${k} ${v}`).join(', ')}; simulador: ${stats.cargas} cargas, ${stats.aceptados} aceptadas, ${stats.rechazados} rechazadas (TOT003 incluidos); ${reenvios} paquetes cargados más de una vez (reintentos tras TOT003), ${duplicados.length} procesados dos veces`);
  console.log(`ministerio: llamadas ${callMs.length}, duración p50 ${fmt(quantile(callMs, 0.5) / 1000, 2)} s · p99 ${fmt(quantile(callMs, 0.99) / 1000, 2)} s · media L ${meanCallS.toFixed(2)} s; en vuelo C media ${inFlightAvg.toFixed(1)}, pico ${peak}`);
  console.log(`techo C/L con la concurrencia medida: ${(inFlightAvg / meanCallS).toFixed(2)} docs/s → razón ${(rate / (inFlightAvg / meanCallS)).toFixed(2)}; con la configurada para el masivo (C = ${TENANT_C}): ${(TENANT_C / meanCallS).toFixed(2)} docs/s → razón ${(rate / (TENANT_C / meanCallS)).toFixed(2)}`);
  console.log(`aceptado → CUV, pequeños (${smallCuv.length}): p50 ${fmt(quantile(smallCuv, 0.5))} s · p99 ${fmt(quantile(smallCuv, 0.99))} s (objetivo ≤ 3 × p99 del ministerio = ${fmt((3 * quantile(callMs, 0.99)) / 1000)} s); sin reintento (${smallFirstOnly.length}): p99 ${fmt(quantile(smallFirstOnly, 0.99))} s`);
  console.log(`aceptado → CUV, masivo (${bigCuv.length}): p50 ${fmt(quantile(bigCuv, 0.5))} s · p99 ${fmt(quantile(bigCuv, 0.99))} s`);
  console.log(`espera en cola de un pequeño (aceptado → primera llamada al ministerio): p50 ${fmt(quantile(waits, 0.5), 2)} s · p99 ${fmt(quantile(waits, 0.99), 2)} s · peor ${fmt(worst.s, 2)} s${worst.d ? ` (documento ${worst.d.id}, canal ${worst.d.canal})` : ''}`);
  console.log('API por familia de ruta (cliente; peticiones · p50 · p99 · máx):');
  for (const [family, xs] of [...lat.entries()].sort()) console.log(`  ${family.padEnd(26)} ${String(xs.length).padStart(6)} · ${fmt(quantile(xs, 0.5), 0).padStart(6)} ms · ${fmt(quantile(xs, 0.99), 0).padStart(6)} ms · ${fmt(Math.max(...xs), 0).padStart(6)} ms (${(xs.length / seconds).toFixed(2)}/s)`);
  console.log(`CPU de Radica: ${cpuByRole.map((r) => `${r.role} ${(r.ms / 1000).toFixed(1)} s`).join(', ')}; total ${(cpuTotal / 1000).toFixed(1)} s = ${(cpuTotal / N).toFixed(1)} ms por documento`);
  const maxConn = (await db.query<{ max_connections: string }>('show max_connections')).rows[0]!.max_connections;
  console.log(`conexiones a PostgreSQL de los 5 procesos y el banco: pico ${connPeak} (max_connections del servidor ${maxConn}, compartido)`);
  console.log(`base de datos: ${((dbBytes - dbBytes0) / 1e6).toFixed(1)} MB más = ${((dbBytes - dbBytes0) / N / 1024).toFixed(1)} kB por documento (archivos incluidos)`);
  console.log(`carga de la máquina: cada 30 s ${loads.join(' ')}; al final: ${loadEnd}`);
  console.log(`registros de los procesos: ${logDir}`);
  const E = errores.length;
  if (E > 0 || duplicados.length > 0) exitCode = 1;
  console.log(`dia-de-operacion: ${N} documentos, ${E} errores, ${duplicados.length} duplicados, ${rate.toFixed(2)} docs/s, p99 pequeños ${fmt(quantile(smallCuv, 0.99))} s, CPU ${(cpuTotal / N).toFixed(1)} ms/doc`);
  await db.end();
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(children.map(({ child }) => (child.exitCode !== null ? null : new Promise((r) => child.once('exit', r)))));
  if (!process.env.BENCH_KEEP) await admin.query(`drop database if exists ${DB_NAME} with (force)`);
  await admin.end();
}
process.exit(exitCode);
