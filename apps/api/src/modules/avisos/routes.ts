import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZEnvelope, ZMessageEnvelope } from '@radica/contracts/common';
import { ZIdParams } from '@radica/contracts/documents';
import { ZAlertasData, ZAlertasRequest, ZWebhook, ZWebhookCreateRequest, ZWebhookCreated, ZWebhooksData } from '@radica/contracts/avisos';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { crearWebhook, eliminarWebhook, guardarAlertas, leerAlertas, listarWebhooks, probarWebhook } from './service.ts';

/**
 * Result webhooks and rejection alerts (issue 15), managed by a signed-in user only (an API key gets 403):
 * GET/POST /api/integraciones/webhooks (the delivery log comes with the list), DELETE /api/integraciones/webhooks/{id},
 * POST /api/integraciones/webhooks/{id}/probar; GET/PUT /api/integraciones/alertas (saving is a Business feature).
 */
export async function avisosRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Settings › Integraciones: administrators only (issue 28).
  const sesion = { preHandler: [app.requireAuth], config: { roles: ACCESO.administracion } };
  // Registering and testing make the server call out: a few per minute per user is plenty.
  const outbound = keyedLimit(app, {
    name: 'webhooks:user',
    max: 10 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  const sesionLimitada = { ...sesion, preHandler: [app.requireAuth, outbound] };

  r.get('/api/integraciones/webhooks', { ...sesion, schema: { response: { 200: ZEnvelope(ZWebhooksData) } } }, async (req) => ({
    success: true,
    data: await listarWebhooks(deps, authOf(req)),
  }));
  r.post(
    '/api/integraciones/webhooks',
    { ...sesionLimitada, schema: { body: ZWebhookCreateRequest, response: { 200: ZEnvelope(ZWebhookCreated) } } },
    async (req) => ({ success: true, message: MSG_AVISOS.webhookCreado, data: await crearWebhook(deps, authOf(req), req.body) }),
  );
  r.delete(
    '/api/integraciones/webhooks/:id',
    { ...sesion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZWebhook) } } },
    async (req) => ({ success: true, message: MSG_AVISOS.webhookEliminado, data: await eliminarWebhook(deps, authOf(req), req.params.id) }),
  );
  r.post(
    '/api/integraciones/webhooks/:id/probar',
    { ...sesionLimitada, schema: { params: ZIdParams, response: { 200: ZMessageEnvelope } } },
    async (req) => {
      await probarWebhook(deps, authOf(req), req.params.id);
      return { success: true, message: MSG_AVISOS.webhookPruebaEncolada };
    },
  );
  r.get('/api/integraciones/alertas', { ...sesion, schema: { response: { 200: ZEnvelope(ZAlertasData) } } }, async (req) => ({
    success: true,
    data: await leerAlertas(deps, authOf(req)),
  }));
  r.put(
    '/api/integraciones/alertas',
    { ...sesion, schema: { body: ZAlertasRequest, response: { 200: ZEnvelope(ZAlertasData) } } },
    async (req) => ({ success: true, message: MSG_AVISOS.alertasGuardadas, data: await guardarAlertas(deps, authOf(req), req.body) }),
  );
}
