import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { autocompleteUbicaciones } from './service.ts';

/** Public location search of the registration wizard (seed 000 §7 GET /api/Geografia/autocomplete). */
export async function geographyRoutes(app: FastifyInstance, deps: TDeps) {
  route(app, routes.auth.geografia, { config: perIpLimit(deps.config, 120) }, async (req) => ({ success: true, data: autocompleteUbicaciones(req.query) }));
}
