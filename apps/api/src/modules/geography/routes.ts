import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGeografiaAutocompleteData, ZGeografiaAutocompleteQuery } from '@radica/contracts/auth';
import { ZEnvelope } from '@radica/contracts/common';
import type { TDeps } from '../../deps.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { autocompleteUbicaciones } from './service.ts';

/** Public location search of the registration wizard (seed 000 §7 GET /api/Geografia/autocomplete). */
export async function geographyRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/Geografia/autocomplete',
    { schema: { querystring: ZGeografiaAutocompleteQuery, response: { 200: ZEnvelope(ZGeografiaAutocompleteData) } }, config: { ...perIpLimit(deps.config, 120), roles: 'publico' } },
    async (req) => ({ success: true, data: autocompleteUbicaciones(req.query) }),
  );
}
