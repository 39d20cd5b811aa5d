import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import { bogotaFecha } from '@radica/contracts/bogota';
import { route } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { getPurchasedProducts, grantModules } from './service.ts';

/**
 * Products: GET /api/Auth/productos-comprados (seed 000 §7) and the operator endpoint POST /api/admin/grant
 * (authenticated by the secret file DATA_DIR/operator-secret, never by a user session: plugins/operator.ts).
 */
export async function productRoutes(app: FastifyInstance, deps: TDeps) {
  route(app, routes.prestador.productosComprados, async (req) => ({ success: true, data: await getPurchasedProducts(deps, authOf(req)) }));
  route(app, routes.prestador.otorgarModulos, async (req) => {
    const data = await grantModules(deps, { ...req.body, registradoPor: 'npm run admin' });
    return { success: true, data, message: MSG_MINISTERIO.moduloOtorgado(data.email, data.modulos, data.vigenteHasta && bogotaFecha(new Date(data.vigenteHasta))) };
  });
}
