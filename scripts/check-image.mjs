#!/usr/bin/env node
// @ts-check
/**
 * `npm run check:image` (docs/decisions/043, 057): builds the image (`docker build -t radica:check .`) and runs it as
 * production does: `migrate`, then `api`, `worker` and `ingest`, each with .env.example's trial settings, waiting for
 * each role's /health/ready; then through the api container a real pair (register, grant, provider, upload, send) to a
 * CUV; `npm run backup` in the worker container (pg_dump of the image); and `docker stop` of the api while a request is
 * in flight (the request is answered, the exit code is 0). Prints the image size, the build time and the time from
 * `docker run` to ready per role; removes what it started. Exits 0 with a notice where no Docker daemon answers (CI).
 * Needs the base image locally where no registry is reachable (../shared/tools/stand-in-node-image.sh).
 * The PostgreSQL it runs on, in this order:
 *   CHECK_DATABASE_URL: a server of yours (a fresh database is created on it and dropped afterwards);
 *   POSTGRES_IMAGE (default postgres:15-bookworm), when that image is here or can be pulled: a container on a
 *   private network;
 *   otherwise the host's (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres), a fresh database on it.
 * On the host's PostgreSQL the containers use the host network, each role on its own port from 39100.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SAMPLES = resolve(ROOT, '../shared/samples');
const TAG = 'radica:check';
const id = randomBytes(3).toString('hex');
const NET = `radica-check-${id}`;
const PG_IMAGE = process.env.POSTGRES_IMAGE ?? 'postgres:15-bookworm';
const PORTS = { api: 39100, worker: 39101, ingest: 39102 };
const OPERATOR_HEADER = 'x-radica-operator';

/** docker ARGS; its output (throws with stderr when it fails unless `ok` allows). */
function docker(args, o = {}) {
  const r = spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', stdio: o.inherit ? 'inherit' : 'pipe' });
  if (r.status !== 0 && !o.ok) throw new Error(`docker ${args.join(' ')}: ${r.stderr ?? ''}`);
  return (r.stdout ?? '').trim();
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` every 200 ms until it returns something truthy; throws after `ms`. */
async function waitFor(what, probe, ms) {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** Whether a PostgreSQL answers at `url`. */
async function answers(url) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => {});
  }
}

/** Runs `sql` on the server of `url` (its own database). */
async function adminSql(url, sql) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

/**
 * The trial as the operator drives it, through the api at `base`: register (the code from the local outbox, read with
 * the operator secret), grant the ministerio module, configure the provider, upload the real par1 pair, send it to the
 * api's ministry simulator, and wait for the CUV. Returns the CUV.
 */
async function pairToCuv(base, operatorSecret) {
  let session = {};
  const call = async (method, path, body, headers = {}) => {
    const form = body instanceof FormData;
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}), ...session, ...headers },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const json = await res.json().catch(() => ({}));
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const op = { [OPERATOR_HEADER]: operatorSecret };
  const email = 'imagen@ips.co';
  const password = 'Clave-Segura-2026';
  await call('POST', '/api/Email/send-verification-code', { email, userName: 'imagen', companyName: 'Prueba' });
  const mails = await call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`, undefined, op);
  const code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no verification code in the outbox');
  const { verificationToken } = await call('POST', '/api/Email/verify-code', { email, code });
  const tercero = {
    primerNombre: 'Ana', segundoNombre: '', primerApellido: 'Gómez', segundoApellido: '', nombre: 'Medical Energy SAS',
    razonSocial: 'MEDICAL ENERGY SAS', tipoIdentidad: 'NI', numeroIdentificacion: '901019681', dv: '8', codPais: 'CO',
    codDepartamento: '11', codCiudad: '001', direccion: 'Calle 1 # 2-3', telefono: '3000000000',
  };
  await call('POST', '/api/Auth/registration', { terceroData: tercero, credentialData: { credentialType: 'manual', email, password, verificationToken } });
  await call('POST', '/api/admin/grant', { email, modulos: ['ministerio'] }, op);
  const login = await call('POST', '/api/Auth/login', { email, password, rememberMe: false });
  session = { authorization: `Bearer ${login.accessToken}`, 'x-validator': login.tenant.validator };
  await call('POST', '/api/Auth/crear-configuracion-fevrips', {
    codigoPrestador: '110013120501', userValidator: '1010101010', passwordValidator: 'clave-del-validador',
    tipoPrestadorServicio: '02', tipoCaracter: 'E', tipoClasePersona: 'J', tipoEntidad: '01', telefonoAdicional: '',
    nombreRepresentanteLegal: 'Ana Gómez', fechaRadicacion: '', fechaVencimiento: '',
  });
  const upload = async (name, file, fevRipsId) => {
    const form = new FormData();
    if (fevRipsId) form.append('fevRipsId', String(fevRipsId));
    form.append('archivo', new Blob([readFileSync(resolve(SAMPLES, file))]), name);
    return (await call('POST', '/api/FevRips/subir-archivo', form)).fevRipsId;
  };
  const doc = await upload('A01E5687.xml', 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml');
  await upload('A01E5687.json', 'par1_rips_evento_nit901019681_A01E5687.json', doc);
  await call('POST', `/api/FevRips/${doc}/enviar`);
  const detail = await waitFor('the CUV', async () => {
    const d = await call('GET', `/api/FevRips/${doc}/detail`);
    return d?.estado === 'APROBADO' ? d : null;
  }, 90_000);
  if (!/^[0-9a-f]{96}$/i.test(String(detail.cuv ?? ''))) throw new Error(`approved without a CUV: ${JSON.stringify(detail)}`);
  return String(detail.cuv);
}

/**
 * Stops `container` (docker stop) while a request to `base` is in flight: the headers and half the body are sent,
 * then docker stop, then the rest a second later. Resolves with the response's status and the container's exit code.
 */
async function stopWithRequestInFlight(base, container) {
  const body = JSON.stringify({ email: 'nadie@ips.co', password: 'Clave-Segura-2026', rememberMe: false });
  const url = new URL('/api/Auth/login', base);
  /** @type {Promise<unknown> | undefined} */
  let stopping;
  const answered = new Promise((ok, fail) => {
    const req = request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode));
    });
    req.on('error', fail);
    req.write(body.slice(0, 10));
    setTimeout(() => {
      stopping = new Promise((done) => spawn('docker', ['stop', '-t', '10', container], { stdio: 'ignore' }).on('close', done));
      setTimeout(() => req.end(body.slice(10)), 1000);
    }, 300);
  });
  const status = await answered;
  await waitFor('docker stop', async () => stopping !== undefined, 5000);
  await stopping;
  return { status, exitCode: docker(['inspect', container, '--format', '{{.State.ExitCode}}']) };
}

if (spawnSync('docker', ['info'], { encoding: 'utf8' }).status !== 0) {
  console.log('check:image: skipped, no Docker daemon answers here (nothing was built or checked).');
  process.exit(0);
}
const started = [];
/** @type {(() => Promise<void>) | null} */
let dropDatabase = null;
let network = NET;
try {
  const t0 = performance.now();
  docker(['build', '-t', TAG, '.'], { inherit: true });
  const buildS = (performance.now() - t0) / 1000;
  const size = Number(docker(['image', 'inspect', TAG, '--format', '{{.Size}}']));

  // The PostgreSQL: a server given, a container of POSTGRES_IMAGE, or the host's; a fresh database on a server.
  let databaseUrl;
  const pgHere = !process.env.CHECK_DATABASE_URL && (spawnSync('docker', ['image', 'inspect', PG_IMAGE], { stdio: 'ignore' }).status === 0 || spawnSync('docker', ['pull', PG_IMAGE], { stdio: 'ignore' }).status === 0);
  if (pgHere) {
    const pgName = `${NET}-pg`;
    docker(['network', 'create', NET]);
    started.push(pgName);
    docker(['run', '-d', '--name', pgName, '--network', NET, '-e', 'POSTGRES_PASSWORD=check', '-e', 'POSTGRES_USER=radica', '-e', 'POSTGRES_DB=radica', PG_IMAGE]);
    await waitFor('PostgreSQL', async () => spawnSync('docker', ['exec', pgName, 'pg_isready', '-U', 'radica', '-d', 'radica']).status === 0, 60_000);
    databaseUrl = `postgres://radica:check@${pgName}:5432/radica`;
  } else {
    const server = process.env.CHECK_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    if (!(await answers(server))) throw new Error(`no PostgreSQL: ${PG_IMAGE} is not here and ${server} does not answer (set CHECK_DATABASE_URL)`);
    network = 'host';
    const name = `radica_check_${id}`;
    await adminSql(server, `create database ${name}`);
    dropDatabase = () => adminSql(server, `drop database if exists ${name} with (force)`);
    const u = new URL(server);
    u.pathname = `/${name}`;
    databaseUrl = u.toString();
  }
  const host = network === 'host';
  // .env.example's trial: its secrets filled in, MAIL_DEV_OUTBOX, MUV_SIMULATOR and WOMPI_SIMULATOR on.
  const operatorSecret = randomBytes(32).toString('hex');
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_SECRET: randomBytes(48).toString('base64'),
    OPERATOR_SECRET: operatorSecret,
    PUBLIC_URL: 'http://localhost',
    MAIL_DEV_OUTBOX: 'true',
    MUV_SIMULATOR: 'true',
    WOMPI_SIMULATOR: 'true',
    MIGRATE_ON_START: 'false',
  };
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const m0 = performance.now();
  const migrate = spawnSync('docker', ['run', '--rm', '--network', network, ...envArgs, TAG, 'node', 'scripts/start.mjs', 'migrate'], { encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate exited ${migrate.status}: ${migrate.stderr}`);
  const times = { migrate: (performance.now() - m0) / 1000 };
  /** @type {Record<string, number>} */
  const own = {};
  const apiInNet = host ? `http://127.0.0.1:${PORTS.api}` : `http://${NET}-api:3000`;
  for (const role of /** @type {const} */ (['api', 'worker', 'ingest'])) {
    const name = `${NET}-${role}`;
    started.push(name);
    const roleEnv = [
      ...(role === 'api' ? [] : ['-e', `MUV_BASE_URL=${apiInNet}/_sim/muv`]),
      ...(host ? ['-e', `PORT=${PORTS[role]}`, '-e', 'HOST=127.0.0.1', '-e', 'SFTP_PORT=0', '-e', 'INBOUND_SMTP_PORT=0'] : role === 'api' ? ['-p', '127.0.0.1::3000'] : []),
    ];
    const r0 = performance.now();
    docker(['run', '-d', '--name', name, '--network', network, ...envArgs, ...roleEnv, TAG, 'node', 'scripts/start.mjs', role]);
    await waitFor(`${role} ready`, async () => {
      if (spawnSync('docker', ['exec', name, 'node', 'scripts/health.mjs']).status === 0) return true;
      if (docker(['inspect', name, '--format', '{{.State.Running}}']) !== 'true') throw new Error(`${role} exited: ${docker(['logs', name], { ok: true })}`);
      return false;
    }, 120_000);
    times[role] = (performance.now() - r0) / 1000;
    // The process's own start-up time (its "Radica lista" log line): the rest is the container's and the polling's.
    const startupMs = /"startupMs":(\d+)/.exec(docker(['logs', name], { ok: true }))?.[1];
    if (startupMs) own[role] = Number(startupMs) / 1000;
  }
  const apiUrl = host ? apiInNet : `http://${docker(['port', `${NET}-api`, '3000/tcp']).split('\n')[0]}`;

  const p0 = performance.now();
  const cuv = await pairToCuv(apiUrl, operatorSecret);
  const pairS = (performance.now() - p0) / 1000;

  // The backup the worker makes each day, by hand: pg_dump of the image into BACKUP_DIR, encrypted.
  const backup = spawnSync('docker', ['exec', `${NET}-worker`, 'npm', 'run', '--silent', 'backup'], { encoding: 'utf8' });
  if (backup.status !== 0) throw new Error(`npm run backup exited ${backup.status}: ${backup.stdout}${backup.stderr}`);
  const backups = docker(['exec', `${NET}-worker`, 'ls', '-l', '/var/lib/radica/backups']);
  if (!/pg_dump\.rbk/.test(backups)) throw new Error(`no backup in BACKUP_DIR: ${backups}`);

  // SIGTERM: the api answers the request it was receiving, then exits 0.
  const stop = await stopWithRequestInFlight(apiUrl, `${NET}-api`);

  console.log(`check:image: image ${TAG} ${(size / 1e6).toFixed(0)} MB, built in ${buildS.toFixed(0)} s`);
  for (const [role, s] of Object.entries(times)) console.log(`  ${role.padEnd(8)} docker run → ${role === 'migrate' ? 'exit 0' : '/health/ready'} in ${s.toFixed(1)} s${own[role] ? ` (the process started in ${own[role].toFixed(1)} s)` : ''}`);
  console.log(`  a real pair through the api container to CUV ${cuv.slice(0, 12)}… in ${pairS.toFixed(1)} s`);
  console.log(`  npm run backup in the worker container: ${backup.stdout.trim().split('\n').at(-1)}`);
  console.log(`  api after docker stop with a request in flight: the request answered ${stop.status}, exit ${stop.exitCode}`);
  if (stop.exitCode !== '0' || typeof stop.status !== 'number') process.exitCode = 1;
} catch (err) {
  console.error(`check:image: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  for (const name of started.reverse()) docker(['rm', '-f', name], { ok: true });
  if (network !== 'host') docker(['network', 'rm', NET], { ok: true });
  await dropDatabase?.().catch((err) => console.error(`check:image: the check database was not dropped: ${err.message}`));
}
