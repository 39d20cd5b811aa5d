import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import type { TAuthContext } from '../deps.ts';
import type { TTokenKit } from '../lib/tokens.ts';
import type { TSessionCheck } from '../modules/auth/session-check.ts';
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
 * `X-Validator`, which must equal the token's tenant validator (403 otherwise). The token's session must still be
 * open (logout and password changes end access at once, issue 9): 401 otherwise. Routes opt in with
 * `preHandler: app.requireAuth`.
 */
export function registerAuth(app: FastifyInstance, tokens: TTokenKit, sessions: TSessionCheck) {
  app.decorateRequest('auth', null);
  app.decorate('requireAuth', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await tokens.verifyAccess(token) : null;
    if (!claims || !(await sessions.isOpen(claims.sessionId))) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
    const validator = request.headers['x-validator'];
    if (validator !== claims.validator) throw new AppError('VALIDATOR_MISMATCH', MSG.http403);
    request.auth = claims;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
  }
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerToken(request: FastifyRequest): string | null {
  return /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() || null;
}

/** The auth context of a route that ran `requireAuth`. */
export function authOf(request: FastifyRequest): TAuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  return request.auth;
}
