import { MSG } from '@radica/contracts/messages';
import type { FastifyRequest } from 'fastify';
import type { TModulo } from '@radica/contracts/products';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { hasModule } from './service.ts';

/**
 * Fastify preHandler factory: the caller's tenant must own `modulo` (seed 001 §6, seed 000 §6 "Module access
 * depends on purchased products"). Use after `app.requireAuth`. Throws AppError 403 'No tiene permisos para
 * realizar esta acción' without it.
 */
export function requireModule(deps: { db: TDb }, modulo: TModulo) {
  return async (request: FastifyRequest) => {
    const { tenantId } = authOf(request);
    if (!(await hasModule(deps, tenantId, modulo))) throw new AppError('MODULE_REQUIRED', MSG.http403, { modulo });
  };
}
