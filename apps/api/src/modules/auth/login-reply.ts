import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TLoginData } from '@radica/contracts/auth';
import type { TDeps } from '../../deps.ts';
import { REFRESH_COOKIE } from '../../plugins/auth.ts';

/** The web app says so with `X-Radica-Client: web`: its refresh token lives only in the httpOnly cookie. */
export const isWebClient = (req: FastifyRequest) => req.headers['x-radica-client'] === 'web';

/** Set the httpOnly refresh cookie (path /api/Auth, SameSite strict, Secure behind https). */
export function setRefreshCookie(deps: Pick<TDeps, 'config'>, reply: FastifyReply, token: string, expiry: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: (deps.config.publicUrl ?? '').startsWith('https://'),
    path: '/api/Auth',
    expires: new Date(expiry),
  });
}

/**
 * The answer of a sign-in (login, Google, an accepted invitation): the refresh token as httpOnly cookie; web clients get
 * '' in the body instead of the token.
 */
export function loginReply(deps: Pick<TDeps, 'config'>, req: FastifyRequest, reply: FastifyReply, data: TLoginData, message: string) {
  setRefreshCookie(deps, reply, data.refreshToken, data.refreshTokenExpiry);
  return { success: true, data: isWebClient(req) ? { ...data, refreshToken: '' } : data, message };
}
