import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/client.ts';

/**
 * Migrated empty databases that test apps start from, instead of migrating each one:
 * - PGlite: a tarball of a migrated data directory (PGlite's dumpDataDir), loaded by each new database (about 1 s of
 *   CPU against 2.5 s for initdb and the migrations);
 * - PostgreSQL: a template database, copied by `create database … template …`.
 * Both are named by a hash of the migrations (and the PGlite version), so a new migration makes a new one; nothing
 * else in them can differ from a freshly migrated database.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const MIGRATIONS = resolve(import.meta.dirname, '../drizzle');
const CACHE = join(ROOT, 'node_modules/.cache/radica');

/** Hash of every migration file and the PGlite version: what a migrated empty database is made of. */
function migrationsHash(): string {
  const h = createHash('sha256');
  for (const f of (readdirSync(MIGRATIONS, { recursive: true }) as string[]).sort()) {
    const p = join(MIGRATIONS, f);
    if (f.endsWith('.sql') || f.endsWith('.json')) h.update(f).update(readFileSync(p));
  }
  h.update(readFileSync(join(ROOT, 'node_modules/@electric-sql/pglite/package.json')));
  return h.digest('hex').slice(0, 16);
}

let snapshot: Promise<string> | null = null;

/**
 * The file of the migrated PGlite snapshot (config `pgliteSnapshot`, env PGLITE_SNAPSHOT), made once per migrations
 * hash and kept in node_modules/.cache/radica (several test workers may make it at once: each writes its own file and
 * renames it into place).
 */
export function pgliteSnapshot(): Promise<string> {
  snapshot ??= (async () => {
    const file = join(CACHE, `pglite-${migrationsHash()}.tar.gz`);
    if (!existsSync(file)) {
      const dataDir = mkdtempSync(join(tmpdir(), 'radica-snapshot-'));
      const database = await openDatabase({ databaseUrl: null, dataDir, pgliteDataDir: 'memory' });
      const tar = Buffer.from(await (await database.dumpDataDir!()).arrayBuffer());
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      mkdirSync(CACHE, { recursive: true });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
      writeFileSync(tmp, tar);
      renameSync(tmp, file);
    }
    return file;
  })();
  return snapshot;
}

let template: Promise<string> | null = null;

/**
 * The name of a migrated template database on the server of `baseUrl`, created once per migrations hash: migrated
 * under a temporary name, then renamed (a concurrent maker's rename fails and its copy is dropped).
 */
export function pgTemplate(baseUrl: string): Promise<string> {
  template ??= (async () => {
    const name = `radica_tpl_${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (exists.rowCount) return name;
      const work = `${name}_${randomBytes(4).toString('hex')}`;
      await admin.query(`create database ${work}`);
      const u = new URL(baseUrl);
      u.pathname = `/${work}`;
      const database = await openDatabase({ databaseUrl: u.toString(), dataDir: tmpdir() });
      await database.close();
      try {
        await admin.query(`alter database ${work} rename to ${name}`);
      } catch {
        await admin.query(`drop database if exists ${work} with (force)`);
      }
      return name;
    } finally {
      await admin.end();
    }
  })();
  return template;
}
