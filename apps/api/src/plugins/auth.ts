import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import type { TAuthContext } from '../deps.ts';
import type { TTokenKit } from '../lib/tokens.ts';
import type { TSessionCheck } from '../modules/auth/session-check.ts';
import type { TApiKeyCheck } from '../modules/integraciones/api-key-check.ts';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { API_KEY_PREFIX } from '@radica/contracts/integraciones';
import { AppError } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    auth: TAuthContext | null;
    /** The API key the request authenticated with, or null for a session. */
    apiKeyId: number | null;
  }
}

/** Name of the httpOnly cookie holding the web app's refresh token (docs/spec-deviations.md). */
export const REFRESH_COOKIE = 'radica_rt';

/**
 * Authentication (DESIGN.md "Contracts that are fixed"): `Authorization: Bearer <access token>` plus
 * `X-Validator`, which must equal the token's tenant validator (403 otherwise). The token's session must still be
 * open (logout and password changes end access at once): 401 otherwise. The session check also gives the
 * user's current role. Routes opt in with `preHandler: app.requireAuth`; plugins/roles.ts authenticates a
 * role route the same way before its body is validated, and the route's own preHandler then finds it done.
 */
export function registerAuth(app: FastifyInstance, tokens: TTokenKit, sessions: TSessionCheck, apiKeys: TApiKeyCheck) {
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKeyId', null);
  const requireAuth = async (request: FastifyRequest) => {
    if (request.auth) {
      // Authenticated already (by the roles hook): an API key is still not a session.
      if (request.apiKeyId !== null) throw new AppError('API_KEY_FORBIDDEN', MSG_INTEGRACIONES.apiKeyNoPermitida);
      return;
    }
    const token = bearerToken(request);
    // An API key is not a session: on a session-only route it is refused with a message that says so.
    if (token?.startsWith(API_KEY_PREFIX)) throw new AppError('API_KEY_FORBIDDEN', MSG_INTEGRACIONES.apiKeyNoPermitida);
    const claims = token ? await tokens.verifyAccess(token) : null;
    const rol = claims ? await sessions.rolDe(claims.sessionId) : null;
    if (!claims || !rol) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
    const validator = request.headers['x-validator'];
    if (validator !== claims.validator) throw new AppError('VALIDATOR_MISMATCH', MSG.http403);
    request.auth = { ...claims, rol };
  };
  app.decorate('requireAuth', requireAuth);
  // The documents calls: a session as above, or `Authorization: Bearer rk_live_…`, whose
  // key names its tenant (no X-Validator).
  app.decorate('requireAuthOrKey', async (request: FastifyRequest) => {
    if (request.auth) return;
    const token = bearerToken(request);
    if (!token?.startsWith(API_KEY_PREFIX)) return requireAuth(request);
    const key = await apiKeys.verify(token);
    if (key === 'suspendida') throw new AppError('API_KEY_SUSPENDED', MSG_USUARIOS.claveSuspendida);
    if (!key) throw new AppError('API_KEY_INVALID', MSG_INTEGRACIONES.apiKeyInvalida);
    request.auth = key;
    request.apiKeyId = key.apiKeyId;
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireAuth: (request: FastifyRequest) => Promise<void>;
    /** requireAuth, or an API key: the documents calls. */
    requireAuthOrKey: (request: FastifyRequest) => Promise<void>;
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
