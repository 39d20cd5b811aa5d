import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { getCanalSftp, updateCanalSftp, type TSftpInfo } from './service.ts';

/**
 * Settings › Canales › SFTP: GET/PUT /api/canales/sftp, for a signed-in user only (an API key is refused
 * with 403 API_KEY_FORBIDDEN, as for the key routes). `sftp` is the running server (null when SFTP_ENABLED is off).
 */
export async function canalSftpRoutes(app: FastifyInstance, deps: TDeps, sftp: TSftpInfo | null) {
  route(app, routes.integraciones.canalSftp, async (req) => ({ success: true, data: await getCanalSftp(deps, authOf(req), sftp) }));
  route(app, routes.integraciones.guardarCanalSftp, async (req) => ({
    success: true,
    message: MSG_SFTP.guardado,
    data: await updateCanalSftp(deps, authOf(req), req.body, sftp),
  }));
}
