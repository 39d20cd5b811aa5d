import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEnvelope, ZInfoData, ZPingResponse } from '@radica/contracts/common';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import type { TDeps } from '../../deps.ts';

/** Public health and information calls (seed 000 §7 notes: /ping and /api/info are public). */
export async function systemRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/ping', { config: { roles: 'publico' }, schema: { response: { 200: ZPingResponse } } }, async () => ({ success: true, data: 'pong' as const }));
  r.get('/api/info', { config: { roles: 'publico' }, schema: { response: { 200: ZEnvelope(ZInfoData) } } }, async () => ({
    success: true,
    data: {
      name: 'Radica',
      version: '0.1.0',
      database: deps.dbKind,
      mail: deps.mailer.kind,
      ministry: deps.config.muvBaseUrl ? ('remote' as const) : ('simulator' as const),
      maxUploadBytes: MAX_UPLOAD_BYTES,
      googleClientId: deps.config.googleClientId,
    },
  }));
}
