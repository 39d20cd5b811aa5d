import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildOnce, COMPILED_TARGETS, entryArgs } from './compiled.ts';

/** Helpers of the backup tests (apps/api/src/modules/backups/*.test.ts). */

/**
 * Run `npm run backup` / `npm run restore` as the operator does: the compiled `backup-cli` / `restore-cli` entry in a
 * process of its own, with only `env` (plus PATH and HOME). Resolves with the exit code and both outputs; never throws
 * on a non-zero exit.
 */
export async function runCli(cli: 'backup' | 'restore', args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  await buildOnce(COMPILED_TARGETS);
  return new Promise((done) => {
    execFile(
      process.execPath,
      entryArgs(`${cli}-cli`, args),
      { env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => done({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr }),
    );
  });
}

/**
 * A digest of every table of the `public` schema, row by row in a stable order: its row count and the SHA-256 of the
 * rows as the driver returns them (bytea as bytes, timestamps, jsonb). Two databases with equal digests hold the same
 * documents, files, ministry answers, audit rows, accounts… byte for byte.
 */
export async function tableDigests(app: FastifyInstance): Promise<Record<string, { rows: number; sha256: string }>> {
  const rows = app.deps.dbRows;
  const tables = await rows<{ t: string }>(sql`select tablename as t from pg_tables where schemaname = 'public' order by 1`, { prepared: false });
  const out: Record<string, { rows: number; sha256: string }> = {};
  for (const { t } of tables) {
    const data = await rows<Record<string, unknown>>(sql.raw(`select * from "${t}" as x order by x::text`), { prepared: false });
    const hash = createHash('sha256');
    for (const row of data) hash.update(JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)));
    out[t] = { rows: data.length, sha256: hash.digest('hex') };
  }
  return out;
}
