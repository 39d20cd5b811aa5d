/**
 * Start-up of `npm start`: the time from `node scripts/start.mjs` to the first page (GET / answering the
 * SPA's index.html) on the embedded default, three ways:
 * 1. first start: fresh DATA_DIR (PGlite initdb, migrations, REPS seed), with `--cold` also without any build output
 *    (the SPA and the server bundles are built first, as after a fresh clone);
 * 2. second start on the same DATA_DIR (target < 5 s): the stamps are checked, nothing is built, nothing is seeded;
 * 3. the same as 2 through tsx on the sources, as `npm start` ran before (no SPA build), for comparison.
 * Each prints its wall time and the server's own `startupMs`. `npx tsx bench/start.ts [--cold]`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../apps/api/test/helpers.ts';

const ROOT = resolve(import.meta.dirname, '..');
const cold = process.argv.includes('--cold');

/** Start `args` with a fresh port on `dataDir`; resolve with the ms until GET / answers HTML, then stop it. */
async function timeToFirstPage(label: string, args: string[], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', SFTP_PORT: '0', INBOUND_SMTP_PORT: '0', BACKUP_SCHEDULE: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let startupMs = '?';
  child.stdout.on('data', (b: Buffer) => {
    const m = /"startupMs":(\d+)/.exec(b.toString());
    if (m) startupMs = m[1]!;
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label}: the server exited (${child.exitCode})`);
      const ok = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) }).then(
        async (r) => r.status === 200 && (await r.text()).includes('<div id="root">'),
        () => false,
      );
      if (ok) break;
      if (performance.now() - started > 300_000) throw new Error(`${label}: no first page within 300 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const ms = performance.now() - started;
    console.log(`${label.padEnd(58)} ${(ms / 1000).toFixed(2).padStart(7)} s   (server start-up ${startupMs} ms)`);
    return ms;
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

if (cold) {
  for (const dir of ['apps/web/dist', 'apps/api/dist', 'node_modules/.cache/radica/web-build.json']) rmSync(join(ROOT, dir), { recursive: true, force: true });
}
const dataDir = mkdtempSync(join(tmpdir(), 'radica-bench-start-'));
try {
  await timeToFirstPage(cold ? 'first start, nothing built, fresh data (npm start)' : 'first start, fresh data (npm start)', ['scripts/start.mjs'], dataDir);
  const warm = await timeToFirstPage('second start, same data (npm start)', ['scripts/start.mjs'], dataDir);
  await timeToFirstPage('second start through tsx on the sources (as before)', ['--import', 'tsx', 'apps/api/src/server.ts'], dataDir);
  console.log(`second start to first page: ${(warm / 1000).toFixed(2)} s (target < 5 s)`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
