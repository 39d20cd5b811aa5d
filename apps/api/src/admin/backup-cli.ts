import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TBackupData } from '@radica/contracts/backups';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { createBackup, formatBytes } from '../modules/backups/service.ts';
import { explainOpenFailure, findLocalApi, operatorPost, readOperatorSecret } from './operator-client.ts';
import { isMain } from '../lib/entry.ts';

/**
 * `npm run backup`: one encrypted snapshot in BACKUP_DIR, then its path and size on stdout.
 * - PostgreSQL (DATABASE_URL): pg_dump runs here, whether the server runs or not.
 * - PGlite: while the server runs it owns the database, so the snapshot is asked of it (POST /api/admin/backup with
 *   the operator secret of DATA_DIR; it writes into its own BACKUP_DIR); otherwise this process opens the database.
 * Exit code 0 on success, 1 on an error (Spanish message on stderr), 2 on wrong usage.
 */
export async function runBackupCli(argv: string[], config: TConfig = loadConfig()): Promise<number> {
  if (argv.length > 0) {
    console.error(MSG_BACKUPS.usoBackup);
    return 2;
  }
  try {
    let data: TBackupData;
    const base = config.databaseUrl ? null : await findLocalApi(config);
    if (base) {
      const secret = readOperatorSecret(config);
      if (!secret) {
        console.error(`No se encontró el secreto de operador en ${config.dataDir}. ¿El servidor usa otro DATA_DIR?`);
        return 1;
      }
      const res = await operatorPost(base, secret, '/api/admin/backup', {});
      if (res.status !== 200) {
        console.error(res.body.message ?? `Error HTTP ${res.status}`);
        return 1;
      }
      data = res.body.data as TBackupData;
    } else if (config.databaseUrl) {
      data = await createBackup({ config, dbKind: 'postgresql' });
    } else {
      let database;
      try {
        database = await openDatabase({ databaseUrl: null, dataDir: config.dataDir });
      } catch (err) {
        console.error(explainOpenFailure(err, config, 'npm run backup'));
        return 1;
      }
      try {
        data = await createBackup({ config, dbKind: 'pglite', dumpDataDir: database.dumpDataDir });
      } finally {
        await database.close();
      }
    }
    console.log(MSG_BACKUPS.copiaCreada(data.archivo, formatBytes(data.bytes)));
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : String((err as Error).message ?? err));
    return 1;
  }
}

if (isMain(import.meta.url)) {
  process.exitCode = await runBackupCli(process.argv.slice(2));
}
