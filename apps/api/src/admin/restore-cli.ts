import { resolve } from 'node:path';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import { loadConfig, type TConfig } from '../config.ts';
import { AppError } from '../lib/errors.ts';
import { restoreBackup } from '../modules/backups/service.ts';
import { findLocalApi } from './operator-client.ts';
import { isMain } from '../lib/entry.ts';

/**
 * `npm run restore -- FILE`: restore the .rbk FILE into an empty database: DATABASE_URL's
 * (pg_restore), or the embedded one under DATA_DIR/db, which must not exist yet and whose server must be stopped
 * (refused while the API answers on PORT). Nothing is written unless the whole file verifies. Exit code 0 on
 * success, 1 on a refusal or error (Spanish message on stderr), 2 on wrong usage.
 */
export async function runRestoreCli(argv: string[], config: TConfig = loadConfig(), cwd = process.cwd()): Promise<number> {
  const [file, ...rest] = argv;
  if (!file || rest.length > 0) {
    console.error(MSG_BACKUPS.usoRestore);
    return 2;
  }
  try {
    const base = config.databaseUrl ? null : await findLocalApi(config);
    if (base) throw new AppError('RESTORE_SERVER_RUNNING', MSG_BACKUPS.servidorEnMarcha(base));
    const { documentos, cuentas } = await restoreBackup(config, resolve(cwd, file));
    console.log(MSG_BACKUPS.restaurada(documentos, cuentas));
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : String((err as Error).message ?? err));
    return 1;
  }
}

if (isMain(import.meta.url)) {
  // `npm run` starts scripts in the project root; a relative FILE is the operator's, from where npm was called.
  process.exitCode = await runRestoreCli(process.argv.slice(2), loadConfig(), process.env.INIT_CWD ?? process.cwd());
}
