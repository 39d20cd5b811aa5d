/**
 * REPS provider search speed: generates BENCH_PROVIDERS (80 000) made-up providers as a file in the REPS
 * portal's published layout (30 columns, `;`, Windows-1252; Spanish names with accents, every DIVIPOLA municipality),
 * imports it through `npm run reps:import` into a running API (operator route, streamed), then runs
 * GET /api/Auth/prestadores/autocomplete over real HTTP with BENCH_CONNECTIONS (20) concurrent clients for
 * BENCH_DURATION_S (10) seconds on a mix of queries (10/12-digit codes, code and NIT prefixes, one and two words,
 * word starts, accented and not). Prints import time, p50/p95/p99 (exact, from every response) and req/s.
 * Targets (printed, not asserted): import < 20 s, p95 < 30 ms.
 * On PGlite (in memory) always; on PostgreSQL too when DATABASE_URL is set (a throwaway database, dropped after).
 * `npx tsx bench/reps-autocomplete.ts`
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { runRepsImport } from '../apps/api/src/admin/reps-import-cli.ts';
import { searchCacheStats } from '../apps/api/src/modules/reps/service.ts';
import { registerAndLogin, rememberDataDir } from '../apps/api/test/helpers.ts';

const HERE = fileURLToPath(new URL('.', import.meta.url));

// ── load generator (child process, so it does not share the API's event loop) ───────────────────────────────────
type TLoadResult = { latencies: number[]; statuses: Record<string, number>; seconds: number };

/** `--load URL TOKEN VALIDATOR SECONDS CONNECTIONS QUERIES_FILE OUT_FILE`: writes a TLoadResult as JSON to OUT_FILE. */
async function runLoad(argv: string[]) {
  const [url, token, validator, seconds, connections, queriesFile, outFile] = argv as [string, string, string, string, string, string, string];
  const queries = JSON.parse(readFileSync(queriesFile, 'utf8')) as string[];
  const agent = new Agent({ keepAlive: true, maxSockets: Number(connections) });
  const headers = { authorization: `Bearer ${token}`, 'x-validator': validator };
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const until = performance.now() + Number(seconds) * 1000;
  const get = (path: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(`${url}${path}`, { agent, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Number(connections) }, async (_, w) => {
      for (let i = 0; performance.now() < until; i++) {
        const texto = queries[(i * Number(connections) + w) % queries.length]!;
        const t0 = performance.now();
        const status = await get(`/api/Auth/prestadores/autocomplete?texto=${encodeURIComponent(texto)}&limite=10`);
        latencies.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  agent.destroy();
  writeFileSync(outFile, JSON.stringify({ latencies, statuses, seconds: (performance.now() - started) / 1000 } satisfies TLoadResult));
}

if (process.argv[2] === '--load') {
  await runLoad(process.argv.slice(3));
  process.exit(0);
}

// ── made-up providers in the portal layout ────────────────────────────────────────────────────────────────────────
const N = Number(process.env.BENCH_PROVIDERS ?? 80_000);
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** Deterministic PRNG (mulberry32): the same file and queries on every run. */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const rnd = prng(13);
const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;

const NOMBRES = ['JOSÉ', 'MARÍA', 'ÁNGELA', 'SEBASTIÁN', 'JULIÁN', 'ANDRÉS', 'LUCÍA', 'MÓNICA', 'RAMÓN', 'VERÓNICA', 'CARLOS', 'ANA', 'LUIS', 'DIANA', 'JORGE', 'PAOLA', 'HERNÁN', 'SOFÍA', 'MARTÍN', 'NATALIA', 'IVÁN', 'CATALINA', 'DAVID', 'LAURA', 'OSCAR', 'BEATRIZ', 'GERMÁN', 'ROCÍO', 'FABIÁN', 'INÉS', 'TOMÁS', 'DANIELA', 'JOAQUÍN', 'ELENA', 'NICOLÁS', 'JIMENA', 'ADRIÁN', 'MARTA', 'RUBÉN', 'NOHEMÍ'];
const APELLIDOS = ['GÓMEZ', 'RODRÍGUEZ', 'MUÑOZ', 'PEÑA', 'GARCÍA', 'MARTÍNEZ', 'LÓPEZ', 'GONZÁLEZ', 'HERNÁNDEZ', 'SÁNCHEZ', 'RAMÍREZ', 'PÉREZ', 'DÍAZ', 'TORRES', 'ÁLVAREZ', 'JIMÉNEZ', 'RUIZ', 'VARGAS', 'CASTRO', 'ORTIZ', 'ROJAS', 'MORENO', 'GUTIÉRREZ', 'SUÁREZ', 'QUINTERO', 'OSPINA', 'CÁRDENAS', 'BUITRAGO', 'ZÚÑIGA', 'ACEVEDO', 'BERMÚDEZ', 'CAÑAS', 'ARIZA', 'VALENCIA', 'MONTAÑO', 'OCAMPO', 'GALEANO', 'PATIÑO', 'BOLAÑOS', 'NÚÑEZ', 'CHAPARRO', 'BENÍTEZ', 'VÉLEZ', 'ARANGO', 'RINCÓN', 'MEJÍA', 'SALAZAR', 'ESCOBAR', 'CIFUENTES', 'MOSQUERA'];
const TIPOS = ['CLÍNICA', 'IPS', 'CENTRO MÉDICO', 'HOSPITAL', 'E.S.E. HOSPITAL', 'DROGUERÍA', 'LABORATORIO CLÍNICO', 'CONSULTORIO ODONTOLÓGICO', 'FUNDACIÓN', 'UNIDAD MÉDICA', 'CENTRO DE DIAGNÓSTICO', 'ÓPTICA', 'AMBULANCIAS', 'CENTRO DE REHABILITACIÓN', 'CLÍNICA DE ESPECIALISTAS', 'UNIDAD DE CUIDADO INTENSIVO'];
const NOMBRES_IPS = ['SAN JOSÉ', 'SANTA MARÍA', 'NUESTRA SEÑORA DE FÁTIMA', 'LOS ANDES', 'DEL VALLE', 'LA ESPERANZA', 'SAN RAFAEL', 'EL ROSARIO', 'BOLÍVAR', 'VIDA SANA', 'SALUD TOTAL', 'DEL CARIBE', 'ORIENTE', 'LA SABANA', 'SAN VICENTE DE PAÚL', 'SANTA ANA', 'EL PILAR', 'MATERNO INFANTIL', 'LA MERCED', 'MEDICINA INTEGRAL', 'SONRISAS', 'VISIÓN CLARA', 'CORAZÓN', 'LOS ÁLAMOS', 'SAN JUAN DE DIOS'];
const SUFIJOS = ['S.A.S.', 'LTDA', 'E.S.E.', 'S.A.', 'IPS S.A.S.', ''];
const CARACTERES = ['MUNICIPAL', 'DEPARTAMENTAL', 'INDIGENA', 'NACIONAL', 'DISTRITAL'];

type TDivipola = { departamentos: [string, string][]; municipios: [string, string, string][] };
const divipola = JSON.parse(readFileSync(join(HERE, '../apps/api/src/modules/geography/data/divipola.json'), 'utf8')) as TDivipola;
const departamentos = new Map(divipola.departamentos);

const PORTAL_HEADER =
  'depa_nombre;muni_nombre;codigo_habilitacion;nombre_prestador;tido_codigo;nits_nit;razon_social;clpr_codigo;clpr_nombre;ese;direccion;telefono;fax;email;gerente;nivel;caracter;habilitado;fecha_radicacion;fecha_vencimiento;fecha_cierre;dv;clase_persona;naju_codigo;naju_nombre;numero_sede_principal;fecha_corte_REPS;telefono_adicional;email_adicional;rep_legal';
const CLPR = { '1': 'Instituciones Prestadoras de Servicios de Salud - IPS', '2': 'Profesional Independiente', '3': 'Transporte Especial de Pacientes', '4': 'Objeto Social Diferente a la Prestación de Servicios de Salud' } as const;

type TMadeUp = { codigo: string; sede: string; nombre: string; nit: string };

/** Write N made-up providers; returns the file and the providers (for the queries). */
function generateProviders(dir: string): { path: string; providers: TMadeUp[]; bytes: number } {
  const seq = new Map<string, number>();
  const providers: TMadeUp[] = [];
  const lines = [PORTAL_HEADER];
  for (let i = 0; i < N; i++) {
    // Big cities get more providers, as in REPS.
    const [muniCode, muniName] = rnd() < 0.35 ? pick(divipola.municipios.filter((m) => /^(11001|05001|76001|08001|68001|13001)$/.test(m[0]))) : pick(divipola.municipios);
    const n = (seq.get(muniCode) ?? 0) + 1;
    seq.set(muniCode, n);
    const codigo = `${muniCode}${String(n).padStart(5, '0')}`;
    const persona = rnd() < 0.75;
    const clpr = persona ? '2' : pick(['1', '1', '1', '3', '4'] as const);
    const nombre = persona
      ? `${pick(NOMBRES)}${rnd() < 0.5 ? ` ${pick(NOMBRES)}` : ''} ${pick(APELLIDOS)} ${pick(APELLIDOS)}`
      : `${pick(TIPOS)} ${rnd() < 0.3 ? muniName : pick(NOMBRES_IPS)} ${pick(SUFIJOS)}`.trim();
    const razon = !persona && rnd() < 0.2 ? `INVERSIONES ${pick(APELLIDOS)} ${pick(APELLIDOS)} S.A.S.` : nombre;
    const nit = persona ? String(10_000_000 + Math.floor(rnd() * 1_190_000_000)) : String(800_000_000 + Math.floor(rnd() * 199_999_999));
    const sede = rnd() < 0.95 ? '1' : String(2 + Math.floor(rnd() * 8));
    providers.push({ codigo, sede: sede.padStart(2, '0'), nombre, nit });
    const depa = departamentos.get(muniCode.slice(0, 2)) ?? '';
    lines.push(
      [
        depa, muniName, codigo, nombre, persona ? 'CC' : 'NI', nit, razon, clpr, CLPR[clpr], persona ? 'N/A' : pick(['SI', 'NO']),
        `CALLE ${1 + Math.floor(rnd() * 150)} # ${1 + Math.floor(rnd() * 99)}-${1 + Math.floor(rnd() * 99)}`, `60${Math.floor(rnd() * 1e8)}`, '',
        `contacto${i}@prestador.example`, '', 'N/A', persona ? 'N/A' : pick(CARACTERES), rnd() < 0.97 ? 'SI' : 'NO',
        `20${10 + Math.floor(rnd() * 14)}0${1 + Math.floor(rnd() * 9)}15`, `202${6 + Math.floor(rnd() * 3)}1231`, '', String(Math.floor(rnd() * 10)),
        persona ? 'NATURAL' : 'JURIDICO', pick(['1', '1', '1', '3', '4']), 'Privada', `${sede}.0`, 'Fecha corte REPS: Nov 20 2026 8:00AM', '', '',
        persona ? '' : `${pick(NOMBRES)} ${pick(APELLIDOS)}`,
      ].join(';'),
    );
  }
  const path = join(dir, 'Prestadores-80k.csv');
  const bytes = Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
  writeFileSync(path, bytes);
  return { path, providers, bytes: bytes.length };
}

const unaccent = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
const words = (name: string) => name.split(/[\s.]+/).filter((w) => w.length >= 3);

/** One query about a random provider: code 10/12 digits or prefix, NIT prefix, one or more words, a word start. */
function drawQuery(providers: TMadeUp[]): string {
  const p = pick(providers);
  const r = rnd();
  const ws = words(p.nombre);
  const w = pick(ws);
  const accents = (s: string) => (rnd() < 0.5 ? unaccent(s) : s);
  const cased = (s: string) => (rnd() < 0.5 ? s.toLowerCase() : s);
  if (r < 0.08) return p.codigo;
  if (r < 0.14) return `${p.codigo}${p.sede}`;
  if (r < 0.2) return p.codigo.slice(0, 5 + Math.floor(rnd() * 4));
  if (r < 0.34) return p.nit.slice(0, 4 + Math.floor(rnd() * 4));
  if (r < 0.56) return cased(accents(w));
  if (r < 0.68) return cased(accents(w.slice(0, 3 + Math.floor(rnd() * 3))));
  if (r < 0.92) {
    const w2 = pick(ws);
    return cased(accents(rnd() < 0.5 ? `${w} ${w2}` : `${w2} ${w}`));
  }
  return cased(accents(ws.slice(0, 3).join(' ')));
}

/**
 * The query mix (accented or not, any case): 2 000 drawn freely, or `distinct` of them no two alike once folded
 * (every call then misses the search's cache).
 */
function queryMix(providers: TMadeUp[], distinct = 0): string[] {
  if (!distinct) return Array.from({ length: 2_000 }, () => drawQuery(providers));
  const byFolded = new Map<string, string>();
  for (let i = 0; byFolded.size < distinct && i < 50 * distinct; i++) {
    const q = drawQuery(providers);
    const folded = unaccent(q).toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
    if (!byFolded.has(folded)) byFolded.set(folded, q);
  }
  return [...byFolded.values()];
}

// ── one database ──────────────────────────────────────────────────────────────────────────────────────────────────
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

function load(url: string, token: string, validator: string, seconds: number, connections: number, queriesFile: string): Promise<TLoadResult> {
  return new Promise((resolve, reject) => {
    const outFile = `${queriesFile}.${randomBytes(4).toString('hex')}.result.json`;
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--load', url, token, validator, String(seconds), String(connections), queriesFile, outFile], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(readFileSync(outFile, 'utf8')) as TLoadResult) : reject(new Error(`load generator exit ${code}`))));
  });
}

async function benchOn(label: string, databaseUrl: string | null, file: { path: string; bytes: number }, queriesFile: string, distinctFile: string) {
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-bench-reps-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    databaseUrl,
    pgliteDataDir: 'memory',
    dataDir,
    encryptionKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(32).toString('hex'),
    rateLimitScale: 1_000_000,
    jobsWorker: false,
    muvSimulator: false,
    repsSeed: false,
  };
  const app = await buildApp(config);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  rememberDataDir(url, dataDir);
  try {
    const { login } = await registerAndLogin(url, 'bench-reps@example.co', '901019681', undefined, []);
    const lines: string[] = [];
    const t0 = performance.now();
    const rc = await runRepsImport([file.path], { ...config, port: Number(new URL(url).port) }, { write: (l) => lines.push(l) });
    const importMs = performance.now() - t0;
    if (rc !== 0) throw new Error('import failed');
    console.log(`[${label}] import of ${N.toLocaleString('es-CO')} providers (${(file.bytes / 1_048_576).toFixed(1)} MB, through npm run reps:import → the running API): ${(importMs / 1000).toFixed(1)} s (${Math.round(N / (importMs / 1000)).toLocaleString('es-CO')} rows/s) — target < 20 s`);
    await load(url, login.accessToken, login.tenant.validator, 2, 4, queriesFile); // warm-up: JIT, plans, the mix's answers
    for (const [what, file] of [
      ['2 000-query mix, repeated (answers cached after their first call)', queriesFile],
      ['distinct queries (every call a cache miss: the database path)', distinctFile],
    ] as const) {
      const stats0 = searchCacheStats(app.deps);
      const before = loadavg()[0]!;
      const r = await load(url, login.accessToken, login.tenant.validator, DURATION_S, CONNECTIONS, file);
      const stats1 = searchCacheStats(app.deps);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const non200 = Object.entries(r.statuses).filter(([s]) => s !== '200').reduce((n, [, c]) => n + c, 0);
      const hits = stats1.hits - stats0.hits;
      const misses = stats1.misses - stats0.misses;
      console.log(
        `[${label}] autocomplete, ${what}: ${CONNECTIONS} clients, ${r.seconds.toFixed(1)} s, ${sorted.length} requests (${Math.round(sorted.length / r.seconds)} req/s, non-200 ${non200}, cache hits ${Math.round((100 * hits) / Math.max(1, hits + misses))} %); ` +
          `latency ms p50 ${pct(sorted, 50).toFixed(1)} · p95 ${pct(sorted, 95).toFixed(1)} · p99 ${pct(sorted, 99).toFixed(1)} · max ${sorted.at(-1)!.toFixed(1)} — target p95 < 30 ms (load average before: ${before.toFixed(2)})`,
      );
    }
  } finally {
    await app.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'radica-bench-reps-data-'));
const generated = generateProviders(dir);
const queriesFile = join(dir, 'queries.json');
writeFileSync(queriesFile, JSON.stringify(queryMix(generated.providers)));
const distinctFile = join(dir, 'distinct.json');
const distinct = queryMix(generated.providers, 40_000);
writeFileSync(distinctFile, JSON.stringify(distinct));
console.log(`generated ${N.toLocaleString('es-CO')} made-up providers in the portal layout (${(generated.bytes / 1_048_576).toFixed(1)} MB, Windows-1252, ';'); a 2 000-query mix and ${distinct.length.toLocaleString('es-CO')} distinct queries`);
if (process.env.BENCH_GENERATE_ONLY) {
  console.log(`files kept in ${dir}`);
  process.exit(0);
}

await benchOn('PGlite', null, generated, queriesFile, distinctFile);

const base = process.env.DATABASE_URL;
if (base) {
  const name = `radica_bench_reps_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const u = new URL(base);
  u.pathname = `/${name}`;
  try {
    await benchOn('PostgreSQL', u.toString(), generated, queriesFile, distinctFile);
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
} else console.log('PostgreSQL: DATABASE_URL is not set; skipped.');
rmSync(dir, { recursive: true, force: true });
