import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { consultarCuvPublico } from './service.ts';

/**
 * The public CUV lookup (seed 000 §7 public path `POST /api/FevRips/consultar-cuv/`, with or without the
 * trailing slash): no session, 10 lookups a minute per client address (each one is a call to the ministry).
 */
export async function cuvRoutes(app: FastifyInstance, deps: TDeps) {
  for (const entry of [routes.documentos.consultarCuv, routes.documentos.consultarCuvSinBarra])
    route(app, entry, { config: perIpLimit(deps.config, 10) }, async (req) => ({ success: true, data: await consultarCuvPublico(deps, req.body) }));
}
