import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort, rememberDataDir, waitFor } from './http-helpers.ts';

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, '../../..');
const LOCK = join(ROOT, 'node_modules/.cache/radica/build.lock');

/**
 * `node scripts/build.mjs TARGETS --if-stale`, one build at a time across test workers: the build empties its output
 * folder first, so two files building at once would delete each other's bundles. Returns the build's stderr. A lock older than 5 minutes is a
 * dead run's and is taken over. Throws with the build's output when it fails.
 */
export async function buildOnce(targets: string[]): Promise<{ stderr: string }> {
  mkdirSync(join(LOCK, '..'), { recursive: true });
  await waitFor('the build lock', async () => {
    try {
      mkdirSync(LOCK);
      return true;
    } catch {
      try {
        if (Date.now() - statSync(LOCK).mtimeMs > 300_000) rmdirSync(LOCK);
      } catch {
        /* released meanwhile */
      }
      return false;
    }
  }, 300_000);
  try {
    const r = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), ...targets, '--if-stale', '--quiet'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`build ${targets.join(' ')} failed: ${r.stdout}${r.stderr}`);
    return { stderr: r.stderr };
  } finally {
    rmdirSync(LOCK);
  }
}

/**
 * Node's arguments that run a compiled entry as `npm start` / `npm run start:ENTRY` / `npm run backup` run it
 * (`scripts/start.mjs ENTRY ARGS…`): what ships, not the TypeScript sources. Call `buildOnce(COMPILED_TARGETS)` first in
 * the test file, so that processes started together find the build fresh instead of each building it.
 */
export function entryArgs(entry: string, args: string[] = []): string[] {
  return [join(ROOT, 'scripts/start.mjs'), entry, ...args];
}

/** What the server entries need built: the SPA the server serves and the API's bundles. */
export const COMPILED_TARGETS = ['web', 'server'];

export type TCompiledProcess = {
  url: string;
  dataDir: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  stderr: () => string;
  /** SIGTERM (or `signal`) and the exit code. */
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/**
 * One entry of the compiled build started as `npm start` / `npm run start:ENTRY` start it (`node scripts/start.mjs
 * ENTRY`), in a child process: a free port, a fresh DATA_DIR, generated keys, `env` on top. Resolves once
 * /health/ready answers 200 (rejects with its stderr when it exits first). The helpers' outbox and grant calls work on it.
 */
export async function startCompiled(entry: string, env: Record<string, string> = {}, o: { readyTimeoutMs?: number; waitReady?: boolean } = {}): Promise<TCompiledProcess> {
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'radica-compiled-'));
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, entryArgs(entry), {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      JWT_SECRET: randomBytes(32).toString('hex'),
      ...env,
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString('utf8')).slice(-20_000)));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  rememberDataDir(url, dataDir);
  const p: TCompiledProcess = {
    url,
    dataDir,
    child,
    exited,
    stderr: () => err,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (o.waitReady !== false)
    await waitFor(`${entry} ready at ${url}`, async () => {
      if (child.exitCode !== null) throw new Error(`${entry} exited ${child.exitCode}: ${err}`);
      return fetch(`${url}/health/ready`).then((r) => r.status === 200, () => false);
    }, o.readyTimeoutMs ?? 90_000);
  return p;
}

/**
 * The API as `npm start` runs it, in a process of its own that can be killed and started again on the same data (crash
 * and restart tests, benches): a free port, a fresh DATA_DIR and keys fixed across restarts, `env` on top (DATABASE_URL,
 * MUV_BASE_URL…). `start()` spawns the compiled `server` entry and resolves once /health/ready answers 200. The
 * helpers' outbox and grant calls work on it.
 */
export async function serverProcess(env: Record<string, string>): Promise<{ url: string; dataDir: string; start: () => Promise<ChildProcess> }> {
  await buildOnce(COMPILED_TARGETS);
  const dataDir = mkdtempSync(join(tmpdir(), 'radica-proc-'));
  const port = await freePort();
  const fixed = {
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
    PORT: String(port),
    DATA_DIR: dataDir,
  };
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    start: async () => (await startCompiled('server', fixed)).child,
  };
}
