/**
 * Login latency under load: starts the real API on an in-memory PGlite database, registers
 * one user, then runs autocannon
 * with 20 concurrent connections against POST /api/Auth/login for ~10 s. Per-IP rate limits and the
 * per-account lockout are raised for the run. Prints p50/p95/p99 latency, req/s and the argon2id parameters.
 * `npx tsx bench/login-latency.ts` (BENCH_DURATION_S and BENCH_CONNECTIONS override the defaults).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { ARGON2_PARAMS } from '../apps/api/src/modules/auth/passwords.ts';
import { OPERATOR_HEADER, loadOperatorSecret } from '../apps/api/src/plugins/operator.ts';

type TAutocannonResult = {
  latency: { p50: number; p90: number; p97_5: number; p99: number; average: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  duration: number;
};
type TInstance = { on: (event: 'response', fn: (client: unknown, status: number, bytes: number, ms: number) => void) => void };
type TAutocannon = (opts: Record<string, unknown>, done: (err: Error | null, result: TAutocannonResult) => void) => TInstance;

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const EMAIL = 'bench@example.co';
const PASSWORD = 'Clave-Segura-2026';

const config = {
  ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', LOGIN_LOCKOUT_MAX_FAILURES: '1000000', MAIL_DEV_OUTBOX: 'true', MUV_SIMULATOR: 'false', MUV_BASE_URL: 'http://127.0.0.1:9/', WOMPI_SIMULATOR: 'true' }),
  pgliteDataDir: 'memory',
  dataDir: mkdtempSync(join(tmpdir(), 'radica-bench-')),
  encryptionKey: randomBytes(32).toString('base64'),
  jwtSecret: randomBytes(32).toString('hex'),
  rateLimitScale: 1_000_000,
  muvSimulator: false,
};
const app = await buildApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { success: boolean; data?: Record<string, unknown> };
};
await post('/api/Email/send-verification-code', { email: EMAIL });
const outbox = (await (await fetch(`${url}/api/dev/mail?to=${EMAIL}`, { headers: { [OPERATOR_HEADER]: loadOperatorSecret(config.dataDir) } })).json()) as {
  data: { text: string }[];
};
const code = /\b(\d{6})\b/.exec(outbox.data[0]?.text ?? '')?.[1];
const verified = await post('/api/Email/verify-code', { email: EMAIL, code });
const reg = await post('/api/Auth/registration', {
  terceroData: {
    primerNombre: 'Bench', primerApellido: 'Login', tipoIdentidad: 'NI', numeroIdentificacion: '901019681',
    codPais: 'CO', codDepartamento: '68', codCiudad: '001',
  },
  credentialData: { credentialType: 'manual', email: EMAIL, password: PASSWORD, verificationToken: verified.data?.verificationToken },
});
if (!reg.success) throw new Error(`registration failed: ${JSON.stringify(reg)}`);

const { default: autocannon } = (await import('autocannon' as string)) as { default: TAutocannon };
/** Run autocannon and collect every response time (ms) so p95 is exact, not interpolated. */
const run = (opts: Record<string, unknown>) =>
  new Promise<{ result: TAutocannonResult; times: number[] }>((resolve, reject) => {
    const times: number[] = [];
    const inst = autocannon(opts, (err, result) => (err ? reject(err) : resolve({ result, times })));
    inst.on('response', (_c, _s, _b, ms) => times.push(ms));
  });
const body = JSON.stringify({ email: EMAIL, password: PASSWORD, rememberMe: false });
const target = { url: `${url}/api/Auth/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body };
await run({ ...target, connections: 4, duration: 2 }); // warm-up: JIT, argon2 thread pool, PGlite caches
const load = loadavg()[0]!;
const { result: r, times } = await run({ ...target, connections: CONNECTIONS, duration: DURATION_S });
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
await app.close();

console.log(`POST /api/Auth/login — ${CONNECTIONS} connections, ${r.duration} s, database ${app.deps?.dbKind ?? 'pglite'} (in memory)`);
console.log(`argon2id: m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism} (OWASP Password Storage Cheat Sheet)`);
console.log(`CPUs: ${availableParallelism()}, UV_THREADPOOL_SIZE: ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`);
console.log(`machine load average (1 min) before the run: ${load.toFixed(2)}`);
console.log(`latency ms: p50 ${pct(50).toFixed(0)}, p95 ${pct(95).toFixed(0)}, p99 ${pct(99).toFixed(0)}, avg ${r.latency.average.toFixed(1)}, max ${r.latency.max}`);
console.log(`throughput: ${r.requests.average.toFixed(1)} req/s, ${r.requests.total} requests, non-2xx ${r.non2xx}, errors ${r.errors}`);
if (r.non2xx > 0 || r.errors > 0) process.exitCode = 1;
