import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { runBackup } from './schedule.ts';
import { formatBytes } from './service.ts';

/**
 * Backups: POST /api/admin/backup, the operator's `npm run backup` while the server runs (with PGlite this
 * process owns the database, so only it can take the snapshot). Authenticated by the operator secret of DATA_DIR
 * (plugins/operator.ts), never by a user session. Writes into the server's BACKUP_DIR.
 */
export async function backupRoutes(app: FastifyInstance, deps: TDeps) {
  route(app, routes.prestador.copia, async () => {
    const data = await runBackup(deps);
    return { success: true, data, message: MSG_BACKUPS.copiaCreada(data.archivo, formatBytes(data.bytes)) };
  });
}
