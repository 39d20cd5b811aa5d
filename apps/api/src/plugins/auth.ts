import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import type { TAuthContext } from '../deps.ts';
import type { TTokenKit } from '../modules/auth/tokens.ts';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthContext | null;
  }
}

/** Name of the httpOnly cookie holding the web app's refresh token (docs/spec-deviations.md). */
export const REFRESH_COOKIE = 'radica_rt';

/**
 * Authentication (DESIGN.md "Contracts that are fixed"): `Authorization: Bearer <access token>` plus
 * `X-Validator`, which must equal the token's tenant validator (403 otherwise). Routes opt in with
 * `preHandler: app.requireAuth`.
 */
export function registerAuth(app: FastifyInstance, tokens: TTokenKit) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(.+)$/i.exec(header);
    const claims = match ? await tokens.verifyAccess(match[1]!.trim()) : null;
    if (!claims) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
    const validator = request.headers['x-validator'];
    if (validator !== claims.validator) throw new AppError('VALIDATOR_MISMATCH', 403, MSG.http403);
    request.auth = claims;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
  }
}

/** The auth context of a route that ran `requireAuth`. */
export function authOf(request: FastifyRequest): TAuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
  return request.auth;
}
