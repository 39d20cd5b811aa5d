import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';

/**
 * The PostgreSQL client programs as child processes. The password
 * of DATABASE_URL travels in PGPASSWORD, never on the command line (which `ps` shows to every user).
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

export type TPgProcess<I, O> = {
  child: ChildProcessByStdio<I extends 'pipe' ? Writable : null, O extends 'pipe' ? Readable : null, Readable>;
  /** Resolves with the exit code and the last 2 000 characters of stderr once the process ends (rejects on spawn error). */
  done: Promise<{ code: number | null; stderr: string }>;
};

function run<I extends 'pipe' | 'ignore', O extends 'pipe' | 'ignore'>(program: string, args: string[], env: NodeJS.ProcessEnv, stdin: I, stdout: O): TPgProcess<I, O> {
  const child = spawn(program, args, { env, stdio: [stdin, stdout, 'pipe'] }) as TPgProcess<I, O>['child'];
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr = (stderr + t).slice(-2000)));
  const done = new Promise<{ code: number | null; stderr: string }>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr: stderr.trim() }));
  });
  return { child, done };
}

/** `pg_dump --format=custom` of `databaseUrl` (compressed by pg_dump itself); the dump comes on `child.stdout`. */
export function spawnPgDump(databaseUrl: string): TPgProcess<'ignore', 'pipe'> {
  const { dbname, env } = connection(databaseUrl);
  return run('pg_dump', ['--format=custom', '--compress=6', '--no-password', `--dbname=${dbname}`], env, 'ignore', 'pipe');
}

/**
 * `pg_restore` of a custom-format dump written to `child.stdin` into `databaseUrl`, in one transaction (all or
 * nothing) and stopping at the first error. Owners and grants of the source are not replayed: the restoring role owns
 * everything, so a backup restores on another server with another role.
 */
export function spawnPgRestore(databaseUrl: string): TPgProcess<'pipe', 'ignore'> {
  const { dbname, env } = connection(databaseUrl);
  return run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', '--no-password', `--dbname=${dbname}`],
    env,
    'pipe',
    'ignore',
  );
}
