import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZGrantData, ZGrantRequest, ZProductosComprados } from '@radica/contracts/products';
import { ZEnvelope } from '@radica/contracts/common';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import { bogotaFecha } from '@radica/contracts/bogota';
import { authOf } from '../../plugins/auth.ts';
import { getPurchasedProducts, grantModules } from './service.ts';

/**
 * Products: GET /api/Auth/productos-comprados (seed 000 §7) and the operator endpoint POST /api/admin/grant
 * (authenticated by the secret file DATA_DIR/operator-secret, never by a user session: plugins/operator.ts).
 */
export async function productRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/Auth/productos-comprados', { preHandler: app.requireAuth, config: { roles: ACCESO.lectura }, schema: { response: { 200: ZEnvelope(ZProductosComprados) } } }, async (req) => ({
    success: true,
    data: await getPurchasedProducts(deps, authOf(req)),
  }));

  r.post('/api/admin/grant', { preHandler: app.requireOperator, config: { roles: 'operador' }, schema: { body: ZGrantRequest, response: { 200: ZEnvelope(ZGrantData) } } }, async (req) => {
    const data = await grantModules(deps, { ...req.body, registradoPor: 'npm run admin' });
    return { success: true, data, message: MSG_MINISTERIO.moduloOtorgado(data.email, data.modulos, data.vigenteHasta && bogotaFecha(new Date(data.vigenteHasta))) };
  });
}
