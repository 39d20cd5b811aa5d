import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { MODULOS } from '@radica/contracts/products';
import { loadConfig, type TConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { grantModules } from '../modules/products/service.ts';
import { AppError } from '../lib/errors.ts';
import { isApiUp, localApiUrl, operatorPost, readOperatorSecret } from './operator-client.ts';

/**
 * `npm run admin -- grant EMAIL MODULE…` (issue 4 "Module access"): records a manual purchase (paid by bank
 * transfer) of the modules for the tenant of the user EMAIL.
 * - A server answers on PORT → the call goes through it (POST /api/admin/grant with the operator secret of
 *   DATA_DIR), because the embedded PGlite database has one owner process.
 * - No server → the database is opened directly: PostgreSQL (DATABASE_URL) or the embedded one (its lock file
 *   refuses if another process holds it).
 * Exit code 0 on success, 1 on an error, 2 on wrong usage.
 */
export async function runAdmin(argv: string[], config: TConfig = loadConfig()): Promise<number> {
  const [command, email, ...modulos] = argv;
  if (command !== 'grant' || !email || modulos.length === 0) {
    console.error(`Uso: npm run admin -- grant CORREO MODULO… (módulos: ${MODULOS.join(', ')})`);
    return 2;
  }
  const base = localApiUrl(config);
  if (await isApiUp(base)) {
    const secret = readOperatorSecret(config);
    if (!secret) {
      console.error(`No se encontró el secreto de operador en ${config.dataDir}. ¿El servidor usa otro DATA_DIR?`);
      return 1;
    }
    const res = await operatorPost(base, secret, '/api/admin/grant', { email, modulos });
    if (res.status !== 200) {
      console.error(res.body.message ?? `Error HTTP ${res.status}`);
      return 1;
    }
    console.log(res.body.message);
    return 0;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const data = await grantModules({ db: database.db }, { email, modulos, registradoPor: 'npm run admin (directo)' });
    console.log(`Módulos otorgados a ${data.email}: ${data.modulos.join(', ')} (venta ${data.numeroVenta})`);
    return 0;
  } catch (err) {
    console.error(err instanceof AppError ? err.message : String((err as Error).message ?? err));
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await runAdmin(process.argv.slice(2));
}
