import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '@radica/contracts/messages';
import { routes } from '@radica/contracts/routes';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { REFRESH_COOKIE, authOf, bearerToken } from '../../plugins/auth.ts';
import * as auth from './registration.ts';
import * as account from './password.ts';
import { googleLogin, login } from './login.ts';
import { logout, refresh } from './session.ts';
import { actualizarTercero } from '../accounts/tercero.ts';
import { normalizeEmail } from './codes.ts';
import { keyedLimit, perIpLimit } from '../../plugins/rate-limits.ts';
import { isWebClient, loginReply, setRefreshCookie } from './login-reply.ts';


/**
 * Accounts and session calls of seed 000 §7 (table: routes.auth) plus POST /api/Email/verify-code, Google sign-in,
 * forgot/reset, change password and the tercero update. Every call is limited per client address (× rateLimitScale).
 */
export async function authRoutes(app: FastifyInstance, deps: TDeps) {
  registroRoutes(app, deps);
  sesionRoutes(app, deps);
  claveRoutes(app, deps);
}

/** Per-IP limit of a route: `max` calls a minute (× rateLimitScale). */
const limit = (deps: TDeps, max: number) => ({ config: perIpLimit(deps.config, max) });

/**
 * Calls that mail a code or say whether an address has an account are bounded per target address as well as per
 * client (mail flooding and enumeration are bounded): `perAddress` calls about one e-mail and `perClientHour` calls
 * from one client in an hour, besides the per-minute limit of `limit`.
 */
function mailLimits(app: FastifyInstance, deps: TDeps, name: string, perAddress: { max: number; windowMin: number }, perClientHour: number) {
  const scale = deps.config.rateLimitScale ?? 1;
  return [
    keyedLimit(app, {
      name: `${name}:email`,
      max: perAddress.max * scale,
      timeWindowMs: perAddress.windowMin * 60_000,
      key: (req) => normalizeEmail(String((req.body as { email?: unknown } | undefined)?.email ?? '')) || null,
    }),
    keyedLimit(app, { name: `${name}:client-hour`, max: perClientHour * scale, timeWindowMs: 3_600_000, key: (req) => req.ip }),
  ];
}

/** Registration: the NIT and e-mail checks, the e-mail code, the account itself. */
function registroRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.auth;
  const scale = deps.config.rateLimitScale ?? 1;
  // The warning about a NIT another company has; bounded like the e-mail check (enumeration).
  const nitPorHora = keyedLimit(app, { name: 'check-nit:client-hour', max: 60 * scale, timeWindowMs: 3_600_000, key: (req) => req.ip });
  route(app, t.checkNit, { ...limit(deps, 20), preHandler: nitPorHora }, async (req) => ({ success: true, data: await auth.checkNit(deps, req.body) }));
  route(app, t.checkEmail, { ...limit(deps, 30), preHandler: mailLimits(app, deps, 'check-email', { max: 20, windowMin: 60 }, 200) }, async (req) => ({
    success: true,
    data: await auth.checkEmailAvailability(deps, req.body),
  }));
  route(app, t.enviarCodigo, { ...limit(deps, 5), preHandler: mailLimits(app, deps, 'verification-code', { max: 5, windowMin: 15 }, 30) }, async (req) => {
    const result = await auth.sendVerificationCode(deps, req.body);
    return { success: true, message: result.message };
  });
  route(app, t.verificarCodigo, limit(deps, 10), async (req) => ({ success: true, data: await auth.verifyEmailCode(deps, req.body) }));
  route(app, t.registro, limit(deps, 10), async (req) => {
    const data = await auth.register(deps, req.body);
    return { success: true, data, message: data.message };
  });
}

/** A 429 of the per-account lockout carries Retry-After like the per-IP limits. */
async function withRetryAfter<T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === 'ACCOUNT_LOCKED')
      reply.header('retry-after', String((err.data as { retryAfterSeconds: number }).retryAfterSeconds));
    throw err;
  }
}

/** The session: sign-in (password or Google), the refresh cookie's exchange, logout. */
function sesionRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.auth;
  /** Login answer shared by /login and /google (login-reply.ts). */
  const sendLogin = (req: FastifyRequest, reply: FastifyReply, data: Awaited<ReturnType<typeof login>>) => loginReply(deps, req, reply, data, MSG.loginSucceeded);
  route(app, t.login, limit(deps, 20), async (req, reply) => sendLogin(req, reply, await withRetryAfter(reply, () => login(deps, req.body, req.ip))));
  route(app, t.google, limit(deps, 20), async (req, reply) => sendLogin(req, reply, await googleLogin(deps, req.body)));
  route(app, t.refresh, limit(deps, 60), async (req, reply) => {
    const fromBody = req.body?.refreshToken || undefined;
    const presented = fromBody ?? req.cookies[REFRESH_COOKIE];
    try {
      const data = await refresh(deps, { refreshToken: presented, validator: req.body?.validator || undefined });
      setRefreshCookie(deps, reply, data.refreshToken, data.refreshTokenExpiry);
      // A refresh authenticated by the httpOnly cookie never hands the token to page script, whatever the headers;
      // an API client that sent its token in the body gets the rotated one back.
      return { success: true, data: fromBody && !isWebClient(req) ? data : { ...data, refreshToken: '' } };
    } catch (err) {
      // On REFRESH_RACE the concurrent winner has already set the new cookie: leave it alone (decision 003).
      if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
      throw err;
    }
  });
  route(app, t.logout, limit(deps, 60), async (req, reply) => {
    const bearer = bearerToken(req);
    const claims = bearer ? await deps.tokens.verifyAccess(bearer) : null;
    await logout(deps, { refreshToken: req.body?.refreshToken || req.cookies[REFRESH_COOKIE], session: claims });
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
    return { success: true, message: MSG.logoutSucceeded };
  });
}

/** Passwords (forgotten, reset, changed with a mailed code) and the tercero's update. */
function claveRoutes(app: FastifyInstance, deps: TDeps) {
  const t = routes.auth;
  route(app, t.olvidoClave, { ...limit(deps, 5), preHandler: mailLimits(app, deps, 'forgot-password', { max: 5, windowMin: 15 }, 30) }, async (req) => {
    const result = await account.forgotPassword(deps, req.body);
    return { success: true, message: result.message };
  });
  route(app, t.restablecerClave, limit(deps, 10), async (req) => {
    const result = await account.resetPassword(deps, req.body);
    return { success: true, message: result.message };
  });
  route(app, t.codigoCambioClave, limit(deps, 5), async (req) => {
    const result = await account.requestPasswordChangeCode(deps, authOf(req), req.body);
    return { success: true, message: result.message };
  });
  route(app, t.cambiarClave, limit(deps, 10), async (req) => {
    const { email, verificationCode, newPassword } = req.body;
    const result = await account.verifyPasswordChangeCode(deps, authOf(req), { email, verificationCode, newPassword });
    return { success: true, message: result.message };
  });
  route(app, t.actualizarTercero, limit(deps, 30), async (req) => {
    const result = await actualizarTercero(deps, authOf(req), req.body);
    return { success: true, data: result.data, message: result.message };
  });
}
