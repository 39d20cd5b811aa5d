import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZCanalSftpData, ZCanalSftpUpdateRequest } from '@radica/contracts/canal-sftp';
import { ZEnvelope } from '@radica/contracts/common';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { getCanalSftp, updateCanalSftp, type TSftpInfo } from './service.ts';

/**
 * Settings › Canales › SFTP (issue 16): GET/PUT /api/canales/sftp, for a signed-in user only (an API key is refused
 * with 403 API_KEY_FORBIDDEN, as for the key routes). `sftp` is the running server (null when SFTP_ENABLED is off).
 */
export async function canalSftpRoutes(app: FastifyInstance, deps: TDeps, sftp: TSftpInfo | null) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Settings › Canales: administrators only (issue 28).
  const sesion = { preHandler: [app.requireAuth], config: { roles: ACCESO.administracion } };
  r.get('/api/canales/sftp', { ...sesion, schema: { response: { 200: ZEnvelope(ZCanalSftpData) } } }, async (req) => ({
    success: true,
    data: await getCanalSftp(deps, authOf(req), sftp),
  }));
  r.put(
    '/api/canales/sftp',
    { ...sesion, schema: { body: ZCanalSftpUpdateRequest, response: { 200: ZEnvelope(ZCanalSftpData) } } },
    async (req) => ({ success: true, message: MSG_SFTP.guardado, data: await updateCanalSftp(deps, authOf(req), req.body, sftp) }),
  );
}
