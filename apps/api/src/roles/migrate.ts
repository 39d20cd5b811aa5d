import PgBoss from 'pg-boss';
import { openDatabase } from '../db/client.ts';
import { loadConfig } from '../config.ts';
import { isMain } from '../lib/entry.ts';
import { refuse } from './start.ts';

/**
 * `npm run migrate`: applies the committed migrations (under the PostgreSQL migration lock, so several at once are
 * safe: the later ones wait and find nothing to do) and installs or upgrades pg-boss's schema; then exits 0. With the
 * embedded database it migrates DATA_DIR/db (no server may have it open). Reads DATABASE_URL and DATA_DIR only.
 * Exits non-zero with the reason on failure.
 */
export async function migrate(): Promise<void> {
  let config;
  try {
    // Only where the database is (DATABASE_URL, else DATA_DIR's embedded one): migrating needs no secret, mail or
    // gateway setting, so the production checks of the other roles do not apply (docs/decisions/043).
    config = loadConfig({ DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR });
  } catch (err) {
    refuse((err as Error).message);
  }
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteDataDir: config.pgliteDataDir, migrations: 'apply' });
  try {
    if (config.databaseUrl) {
      const boss = new PgBoss({ connectionString: config.databaseUrl, max: 1, supervise: false, schedule: false, application_name: 'radica-migrate' });
      boss.on('error', () => undefined);
      await boss.start();
      await boss.stop({ graceful: false, wait: true });
    }
    console.log(`Migraciones al día (${database.kind}, ${Math.round(performance.now() - started)} ms).`);
  } finally {
    await database.close();
  }
}

if (isMain(import.meta.url)) {
  await migrate().catch((err: Error) => refuse(`npm run migrate falló: ${err.message}`, 1));
  process.exit(0);
}
