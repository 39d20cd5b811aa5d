import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { crearWebhook, eliminarWebhook, guardarAlertas, leerAlertas, listarWebhooks, probarWebhook } from './service.ts';

/**
 * Result webhooks and rejection alerts, managed by a signed-in user only (an API key gets 403):
 * GET/POST /api/integraciones/webhooks (the delivery log comes with the list), DELETE /api/integraciones/webhooks/{id},
 * POST /api/integraciones/webhooks/{id}/probar; GET/PUT /api/integraciones/alertas (saving is a Business feature).
 */
export async function avisosRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.integraciones;
  const outbound = keyedLimit(app, {
    name: 'webhooks:user',
    max: 10 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? `user:${req.auth.userId}` : null),
  });
  route(app, t.webhooks, async (req) => ({ success: true, data: await listarWebhooks(deps, authOf(req)) }));
  route(app, t.crearWebhook, { preHandler: outbound }, async (req) => ({
    success: true,
    message: MSG_AVISOS.webhookCreado,
    data: await crearWebhook(deps, authOf(req), req.body),
  }));
  route(app, t.eliminarWebhook, async (req) => ({
    success: true,
    message: MSG_AVISOS.webhookEliminado,
    data: await eliminarWebhook(deps, authOf(req), req.params.id),
  }));
  route(app, t.probarWebhook, { preHandler: outbound }, async (req) => {
    await probarWebhook(deps, authOf(req), req.params.id);
    return { success: true, message: MSG_AVISOS.webhookPruebaEncolada };
  });
  route(app, t.alertas, async (req) => ({ success: true, data: await leerAlertas(deps, authOf(req)) }));
  route(app, t.guardarAlertas, async (req) => ({
    success: true,
    message: MSG_AVISOS.alertasGuardadas,
    data: await guardarAlertas(deps, authOf(req), req.body),
  }));
}
