import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEnvelope } from '@radica/contracts/common';
import { ZBackupData, ZBackupRequest } from '@radica/contracts/backups';
import { MSG_BACKUPS } from '@radica/contracts/messages-backups';
import type { TDeps } from '../../deps.ts';
import { runBackup } from './schedule.ts';
import { formatBytes } from './service.ts';

/**
 * Backups (issue 16): POST /api/admin/backup, the operator's `npm run backup` while the server runs (with PGlite this
 * process owns the database, so only it can take the snapshot). Authenticated by the operator secret of DATA_DIR
 * (plugins/operator.ts), never by a user session. Writes into the server's BACKUP_DIR.
 */
export async function backupRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/admin/backup',
    { preHandler: app.requireOperator, config: { roles: 'operador' }, schema: { body: ZBackupRequest, response: { 200: ZEnvelope(ZBackupData) } } },
    async () => {
      const data = await runBackup(deps);
      return { success: true, data, message: MSG_BACKUPS.copiaCreada(data.archivo, formatBytes(data.bytes)) };
    },
  );
}
