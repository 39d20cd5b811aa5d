import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZConsultarCuvData, ZConsultarCuvRequest } from '@radica/contracts/cuv';
import { ZEnvelope } from '@radica/contracts/common';
import type { TDeps } from '../../deps.ts';
import { perIpLimit } from '../../plugins/rate-limits.ts';
import { consultarCuvPublico } from './service.ts';

/**
 * The public CUV lookup (issue 15; seed 000 §7 public path `POST /api/FevRips/consultar-cuv/`, with or without the
 * trailing slash): no session, 10 lookups a minute per client address (each one is a call to the ministry).
 */
export async function cuvRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  for (const url of ['/api/FevRips/consultar-cuv/', '/api/FevRips/consultar-cuv']) {
    r.post(
      url,
      { schema: { body: ZConsultarCuvRequest, response: { 200: ZEnvelope(ZConsultarCuvData) } }, config: { ...perIpLimit(deps.config, 10), roles: 'publico' } },
      async (req) => ({ success: true, data: await consultarCuvPublico(deps, req.body) }),
    );
  }
}
