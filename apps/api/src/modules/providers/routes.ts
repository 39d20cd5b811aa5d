import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { authOf } from '../../plugins/auth.ts';
import * as providers from './service.ts';

/** Provider configuration calls (seed 000 §7). */
export async function providerRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.prestador;
  route(app, t.configuracion, async (req) => ({
    success: true,
    data: await providers.getProviderConfig(deps, authOf(req)),
  }));
  route(app, t.crearConfiguracion, async (req) => {
    const result = await providers.createProviderConfig(deps, authOf(req), req.body);
    return { success: true, message: result.message, data: await providers.getProviderConfig(deps, authOf(req)) };
  });
  // Each test logs in to the ministry: a few per minute per tenant are plenty.
  const perTenant = keyedLimit(app, {
    name: 'probar-conexion:tenant',
    max: 6 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? String(req.auth.tenantId) : null),
  });
  route(app, t.probarConexion, { preHandler: perTenant }, async (req) => ({
    success: true,
    data: await providers.probarConexion(deps, authOf(req), req.body ?? {}),
  }));
  route(app, t.actualizarConfiguracion, async (req) => {
    const result = await providers.updateProviderConfig(deps, authOf(req), req.body);
    return { success: true, message: result.message };
  });
}
