import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZProviderConfig, ZProviderConfigRequest } from '@radica/contracts/provider';
import { ZEnvelope, ZMessageEnvelope } from '@radica/contracts/common';
import { ZProbarConexionData, ZProbarConexionRequest } from '@radica/contracts/reps';
import type { TDeps } from '../../deps.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { authOf } from '../../plugins/auth.ts';
import * as providers from './service.ts';

/** Provider configuration calls (seed 000 §7). */
export async function providerRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/Auth/tercero-fevrips', { preHandler: app.requireAuth, config: { roles: ACCESO.lectura }, schema: { response: { 200: ZEnvelope(ZProviderConfig) } } }, async (req) => ({
    success: true,
    data: await providers.getProviderConfig(deps, authOf(req)),
  }));
  r.post(
    '/api/Auth/crear-configuracion-fevrips',
    { preHandler: app.requireAuth, config: { roles: ACCESO.administracion }, schema: { body: ZProviderConfigRequest, response: { 200: ZEnvelope(ZProviderConfig) } } },
    async (req) => {
      const result = await providers.createProviderConfig(deps, authOf(req), req.body);
      return { success: true, message: result.message, data: await providers.getProviderConfig(deps, authOf(req)) };
    },
  );
  // Each test logs in to the ministry: a few per minute per tenant are plenty (issue 13 "Check the credentials").
  const perTenant = keyedLimit(app, {
    name: 'probar-conexion:tenant',
    max: 6 * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? String(req.auth.tenantId) : null),
  });
  r.post(
    '/api/Auth/probar-conexion-fevrips',
    {
      preHandler: [app.requireAuth, perTenant],
      config: { roles: ACCESO.administracion },
      schema: { body: ZProbarConexionRequest.nullish(), response: { 200: ZEnvelope(ZProbarConexionData) } },
    },
    async (req) => ({ success: true, data: await providers.probarConexion(deps, authOf(req), req.body ?? {}) }),
  );
  r.put(
    '/api/Auth/actualizar-configuracion-fevrips',
    { preHandler: app.requireAuth, config: { roles: ACCESO.administracion }, schema: { body: ZProviderConfigRequest, response: { 200: ZMessageEnvelope } } },
    async (req) => {
      const result = await providers.updateProviderConfig(deps, authOf(req), req.body);
      return { success: true, message: result.message };
    },
  );
}
