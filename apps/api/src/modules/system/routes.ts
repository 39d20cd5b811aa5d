import type { FastifyInstance } from 'fastify';
import type { TDeps } from '../../deps.ts';

/** Public health and information calls (seed 000 §7 notes: /ping and /api/info are public). */
export async function systemRoutes(app: FastifyInstance, deps: TDeps) {
  app.get('/ping', async () => ({ success: true, data: 'pong' }));
  app.get('/api/info', async () => ({
    success: true,
    data: {
      name: 'Radica',
      version: '0.1.0',
      database: deps.dbKind,
      mail: deps.mailer.kind,
      ministry: deps.config.muvBaseUrl ? 'remote' : 'simulator',
      maxUploadBytes: 10_485_760,
      /** Google Identity Services client id, or null when Google sign-in is disabled (issue 3). */
      googleClientId: deps.config.googleClientId,
    },
  }));
}
