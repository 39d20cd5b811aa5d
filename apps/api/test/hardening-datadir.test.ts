import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freePort, waitFor } from './helpers.ts';
import { buildOnce, COMPILED_TARGETS, entryArgs } from './compiled.ts';

/**
 * on the embedded database as `npm start` runs it (a process of its own): DATA_DIR is private
 * (umask 077, an older install's open modes fixed at start with a log line), and the database's lock dies with its
 * process (kill -9, a pid reused by another process).
 */
const CLIENT = resolve(import.meta.dirname, '../src/db/client.ts');

/** Every entry under `dir` (not following links) whose group or other permission bits are set, with its mode. */
function openEntries(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    if (st.isSymbolicLink()) return;
    if (st.mode & 0o077) out.push(`${p} ${(st.mode & 0o777).toString(8)}`);
    if (st.isDirectory()) for (const n of readdirSync(p)) walk(join(p, n));
  };
  walk(dir);
  return out;
}

/** Opens the embedded database of `dataDir` in a new process, synchronously (this process's event loop stays blocked). */
function openInChild(dataDir: string): { status: number | null; out: string } {
  const script = `import(${JSON.stringify(CLIENT)}).then(async (m) => { const d = await m.openDatabase({ databaseUrl: null, dataDir: ${JSON.stringify(dataDir)} }); console.log('OPENED'); await d.close(); process.exit(0); }).catch((e) => { console.log(e.message); process.exit(3); })`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', timeout: 90_000, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' } });
  return { status: child.status, out: `${child.stdout}${child.stderr}` };
}

// The embedded database only: the PostgreSQL pass of CI (DATABASE_URL set) would run the same thing again.
describe.skipIf(Boolean(process.env.DATABASE_URL))('embedded database files and lock', () => {
  it('an older install with open modes is made owner-only at start with a log line; new files are 0600', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-perm-'));
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'sftp', 'tenants'), { recursive: true, mode: 0o777 });
    // chmod, not the mkdir mode: a test file run before in this worker may have left the umask at 077
    chmodSync(join(dataDir, 'sftp'), 0o777);
    chmodSync(join(dataDir, 'sftp', 'tenants'), 0o777);
    writeFileSync(join(dataDir, 'sftp', 'pendientes.json'), '[]', { mode: 0o666 });
    chmodSync(join(dataDir, 'sftp', 'pendientes.json'), 0o666);
    writeFileSync(join(dataDir, 'notas.txt'), 'x');
    chmodSync(join(dataDir, 'notas.txt'), 0o644);
    expect(openEntries(dataDir).length).toBeGreaterThanOrEqual(4);

    const port = await freePort();
    await buildOnce(COMPILED_TARGETS);
    const child = spawn(process.execPath, entryArgs('server'), {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        JWT_SECRET: randomBytes(32).toString('hex'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (d: Buffer) => (log += d.toString()));
    child.stderr.on('data', (d: Buffer) => (log += d.toString()));
    const exited = new Promise((r) => child.once('exit', r));
    try {
      await waitFor('server up', async () => fetch(`http://127.0.0.1:${port}/api/info`).then((r) => r.status < 500, () => false), 90_000);
      // The database (created by this start) and the old files: nothing readable by group or others.
      expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(5);
      expect(openEntries(dataDir)).toEqual([]);
      const line = log.split('\n').find((l) => l.includes('permissions tightened'));
      expect(line, log).toBeDefined();
      expect(JSON.parse(line!)).toMatchObject({ files: 2, dirs: 3 });

      // item 9: kill -9, and the next process opens at once. This process does not reap the child while the
      // synchronous open runs, so the dead server is still a zombie with its pid: a pid check would refuse.
      child.kill('SIGKILL');
      const reopened = openInChild(dataDir);
      expect(reopened.out).toContain('OPENED');
      expect(reopened.status).toBe(0);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
  }, 120_000);

  it('a lock file naming a live, unrelated process (a reused pid) does not block; a held lock still refuses', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'radica-lock2-'));
    mkdirSync(join(dataDir, 'db'));
    // This test runner is alive and is not the database's holder.
    writeFileSync(join(dataDir, 'db.lock'), String(process.pid));
    const first = openInChild(dataDir);
    expect(first.out).toContain('OPENED');

    // Held by this process now: another process is refused, with the Spanish explanation.
    const { acquireLock } = await import('../src/db/client.ts');
    const release = acquireLock(join(dataDir, 'db.lock'));
    try {
      const second = openInChild(dataDir);
      expect(second.status).toBe(3);
      expect(second.out).toMatch(/ya está abierta por otro proceso \(pid \d+, bloqueo/);
      expect(() => acquireLock(join(dataDir, 'db.lock'))).toThrow(/ya está abierta/);
    } finally {
      release();
    }
    // Released: taken again at once.
    acquireLock(join(dataDir, 'db.lock'))();
  }, 60_000);
});
