#!/usr/bin/env node
// @ts-check
/**
 * `npm run check:image` (docs/decisions/043): builds the image (`docker build -t radica:check .`), then on a private
 * network with a PostgreSQL container runs `migrate` and starts `api`, `worker` and `ingest` from it, each with
 * .env.example's trial settings, and waits for each role's /health/ready. Prints the image size, the build time and
 * the time from `docker run` to ready per role; removes what it started. Exits 0 with a notice where no Docker daemon
 * answers. Needs the base image locally where no registry is reachable (../shared/tools/stand-in-node-image.sh).
 *   POSTGRES_IMAGE: the PostgreSQL server image (default postgres:15-bookworm).
 *   CHECK_DATABASE_URL: use this PostgreSQL instead (the host's; containers then run on the host network, each role
 *   on its own port from 39100): for machines without a PostgreSQL image.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TAG = 'radica:check';
const id = randomBytes(3).toString('hex');
const NET = `radica-check-${id}`;
const PG_IMAGE = process.env.POSTGRES_IMAGE ?? 'postgres:15-bookworm';
let NETWORK = NET;
const PORTS = { api: 39100, worker: 39101, ingest: 39102 };

/** docker ARGS; its output (throws with stderr when it fails unless `ok` allows). */
function docker(args, o = {}) {
  const r = spawnSync('docker', args, { cwd: ROOT, encoding: 'utf8', stdio: o.inherit ? 'inherit' : 'pipe' });
  if (r.status !== 0 && !o.ok) throw new Error(`docker ${args.join(' ')}: ${r.stderr ?? ''}`);
  return (r.stdout ?? '').trim();
}

if (spawnSync('docker', ['info'], { encoding: 'utf8' }).status !== 0) {
  console.log('check:image: no Docker daemon answers here; nothing checked.');
  process.exit(0);
}
const started = [];
try {
  const t0 = performance.now();
  docker(['build', '-t', TAG, '.'], { inherit: true });
  const buildS = (performance.now() - t0) / 1000;
  const size = Number(docker(['image', 'inspect', TAG, '--format', '{{.Size}}']));
  const hostDb = process.env.CHECK_DATABASE_URL;
  const pg = `${NET}-pg`;
  if (hostDb) {
    NETWORK = 'host';
  } else {
    docker(['network', 'create', NET]);
    started.push(pg);
    docker(['run', '-d', '--name', pg, '--network', NET, '-e', 'POSTGRES_PASSWORD=check', '-e', 'POSTGRES_USER=radica', '-e', 'POSTGRES_DB=radica', PG_IMAGE]);
    for (let i = 0; i < 60; i++) {
      if (spawnSync('docker', ['exec', pg, 'pg_isready', '-U', 'radica', '-d', 'radica'], { encoding: 'utf8' }).status === 0) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  // .env.example's trial: its secrets filled in, MAIL_DEV_OUTBOX, MUV_SIMULATOR and WOMPI_SIMULATOR on.
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL: process.env.CHECK_DATABASE_URL ?? `postgres://radica:check@${pg}:5432/radica`,
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_SECRET: randomBytes(48).toString('base64'),
    OPERATOR_SECRET: randomBytes(32).toString('hex'),
    MAIL_DEV_OUTBOX: 'true',
    MUV_SIMULATOR: 'true',
    WOMPI_SIMULATOR: 'true',
    MIGRATE_ON_START: 'false',
  };
  const envArgs = Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const m0 = performance.now();
  const migrate = spawnSync('docker', ['run', '--rm', '--network', NETWORK, ...envArgs, TAG, 'node', 'scripts/start.mjs', 'migrate'], { encoding: 'utf8' });
  if (migrate.status !== 0) throw new Error(`migrate exited ${migrate.status}: ${migrate.stderr}`);
  const times = { migrate: (performance.now() - m0) / 1000 };
  for (const role of ['api', 'worker', 'ingest']) {
    const name = `${NET}-${role}`;
    started.push(name);
    const r0 = performance.now();
    const host = NETWORK === 'host';
    const apiUrl = host ? `http://127.0.0.1:${PORTS.api}` : `http://${NET}-api:3000`;
    const roleEnv = [
      ...(role === 'api' ? [] : ['-e', `MUV_BASE_URL=${apiUrl}/_sim/muv`]),
      ...(host ? ['-e', `PORT=${PORTS[role]}`, '-e', 'HOST=127.0.0.1', '-e', 'SFTP_PORT=0', '-e', 'INBOUND_SMTP_PORT=0'] : []),
    ];
    docker(['run', '-d', '--name', name, '--network', NETWORK, ...envArgs, ...roleEnv, TAG, 'node', 'scripts/start.mjs', role]);
    let ready = false;
    for (let i = 0; i < 600 && !ready; i++) {
      ready = spawnSync('docker', ['exec', name, 'node', 'scripts/health.mjs'], { encoding: 'utf8' }).status === 0;
      if (!ready) {
        if (docker(['inspect', name, '--format', '{{.State.Running}}']) !== 'true') throw new Error(`${role} exited: ${docker(['logs', name], { ok: true })}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    if (!ready) throw new Error(`${role} not ready in 120 s: ${docker(['logs', name], { ok: true })}`);
    times[role] = (performance.now() - r0) / 1000;
  }
  // SIGTERM: the api exits 0 (docker stop sends it to node, the container's process).
  docker(['stop', '-t', '10', `${NET}-api`]);
  const apiExit = docker(['inspect', `${NET}-api`, '--format', '{{.State.ExitCode}}']);
  console.log(`check:image: image ${TAG} ${(size / 1e6).toFixed(0)} MB, built in ${buildS.toFixed(0)} s`);
  for (const [role, s] of Object.entries(times)) console.log(`  ${role.padEnd(8)} docker run → ${role === 'migrate' ? 'exit 0' : '/health/ready'} in ${s.toFixed(1)} s`);
  console.log(`  api after docker stop: exit ${apiExit}`);
  if (apiExit !== '0') process.exitCode = 1;
} catch (err) {
  console.error(`check:image: ${err instanceof Error ? err.message : err}`);
  process.exitCode = 1;
} finally {
  for (const name of started.reverse()) docker(['rm', '-f', name], { ok: true });
  if (NETWORK !== 'host') docker(['network', 'rm', NET], { ok: true });
}
