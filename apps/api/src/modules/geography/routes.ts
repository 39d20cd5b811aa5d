import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZGeografiaAutocompleteData, ZGeografiaAutocompleteQuery } from '@radica/contracts/auth';
import { ZEnvelope } from '@radica/contracts/common';
import type { TDeps } from '../../deps.ts';
import { autocompleteUbicaciones } from './service.ts';

/** Public location search of the registration wizard (seed 000 §7 GET /api/Geografia/autocomplete). */
export async function geographyRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scale = deps.config.rateLimitScale ?? 1;
  r.get(
    '/api/Geografia/autocomplete',
    { schema: { querystring: ZGeografiaAutocompleteQuery, response: { 200: ZEnvelope(ZGeografiaAutocompleteData) } }, config: { rateLimit: { max: 120 * scale, timeWindow: '1 minute' } } },
    async (req) => ({ success: true, data: autocompleteUbicaciones(req.query) }),
  );
}
