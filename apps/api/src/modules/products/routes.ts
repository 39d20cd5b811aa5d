import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGrantRequest } from '@radica/contracts/products';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { getPurchasedProducts, grantModules } from './service.ts';
import { isOperatorSecret, loadOperatorSecret } from './operator-secret.ts';

/** Header carrying the operator secret of `npm run admin`. */
export const OPERATOR_HEADER = 'x-radica-operator';

/**
 * Products: GET /api/Auth/productos-comprados (seed 000 §7) and the operator endpoint POST /api/admin/grant
 * (authenticated by the secret file DATA_DIR/operator-secret, never by a user session).
 */
export async function productRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const operatorSecret = loadOperatorSecret(deps.config.dataDir);

  r.get('/api/Auth/productos-comprados', { preHandler: app.requireAuth }, async (req) => ({
    success: true,
    data: await getPurchasedProducts(deps, authOf(req)),
  }));

  r.post('/api/admin/grant', { schema: { body: ZGrantRequest } }, async (req) => {
    const presented = req.headers[OPERATOR_HEADER];
    if (!isOperatorSecret(typeof presented === 'string' ? presented : undefined, operatorSecret))
      throw new AppError('OPERATOR_UNAUTHORIZED', 401, MSG_MINISTERIO.operadorNoAutorizado);
    const data = await grantModules(deps, { ...req.body, registradoPor: 'npm run admin' });
    return { success: true, data, message: MSG_MINISTERIO.moduloOtorgado(data.email, data.modulos) };
  });
}
