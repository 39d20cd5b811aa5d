import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZEnvelope, ZMessageEnvelope } from '@radica/contracts/common';
import { ZTerceroRecord } from '@radica/contracts/provider';
import {
  ZCheckEmailData,
  ZLoginData,
  ZRegistrationData,
  ZTokens,
  ZVerifyCodeData,
  ZActualizarTerceroRequest,
  ZCheckEmailRequest,
  ZForgotPasswordRequest,
  ZGoogleLoginRequest,
  ZRequestPasswordChangeCodeRequest,
  ZResetPasswordRequest,
  ZVerifyPasswordChangeCodeRequest,
  ZLoginRequest,
  ZLogoutRequest,
  ZRefreshRequest,
  ZRegistrationRequest,
  ZSendVerificationCodeRequest,
  ZVerifyCodeRequest,
} from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { ZCheckNitData, ZCheckNitRequest } from '@radica/contracts/registro-nit';
import { ACCESO } from '@radica/contracts/usuarios';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
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
 * Accounts and session calls of seed 000 §7 plus POST /api/Email/verify-code (issue 2 §3); issue 3 adds Google
 * sign-in, forgot/reset, change password and the tercero update.
 */
export async function authRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scale = deps.config.rateLimitScale ?? 1;
  /** Per-IP limit of a route: `max` calls a minute (× rateLimitScale). */
  const limit = (max: number) => perIpLimit(deps.config, max);
  /**
   * Calls that mail a code or say whether an address has an account are bounded per target address as well as per
   * client (issue 9 "Mail flooding and enumeration are bounded"): `perAddress` calls about one e-mail and `perClientHour`
   * calls from one client in an hour, besides the per-minute limit of `limit`.
   */
  const mailLimits = (name: string, perAddress: { max: number; windowMin: number }, perClientHour: number) => [
    keyedLimit(app, {
      name: `${name}:email`,
      max: perAddress.max * scale,
      timeWindowMs: perAddress.windowMin * 60_000,
      key: (req) => normalizeEmail(String((req.body as { email?: unknown } | undefined)?.email ?? '')) || null,
    }),
    keyedLimit(app, { name: `${name}:client-hour`, max: perClientHour * scale, timeWindowMs: 3_600_000, key: (req) => req.ip }),
  ];

  // Registration's warning about a NIT another company has (issue 26); bounded like the e-mail check (enumeration).
  r.post(
    '/api/Auth/check-nit',
    {
      schema: { body: ZCheckNitRequest, response: { 200: ZEnvelope(ZCheckNitData) } },
      config: { ...limit(20), roles: 'publico' },
      preHandler: keyedLimit(app, { name: 'check-nit:client-hour', max: 60 * scale, timeWindowMs: 3_600_000, key: (req) => req.ip }),
    },
    async (req) => ({ success: true, data: await auth.checkNit(deps, req.body) }),
  );

  r.post(
    '/api/Auth/check-email-availability',
    { schema: { body: ZCheckEmailRequest, response: { 200: ZEnvelope(ZCheckEmailData) } }, config: { ...limit(30), roles: 'publico' }, preHandler: mailLimits('check-email', { max: 20, windowMin: 60 }, 200) },
    async (req) => ({
      success: true,
      data: await auth.checkEmailAvailability(deps, req.body),
    }),
  );

  r.post(
    '/api/Email/send-verification-code',
    { schema: { body: ZSendVerificationCodeRequest, response: { 200: ZMessageEnvelope } }, config: { ...limit(5), roles: 'publico' }, preHandler: mailLimits('verification-code', { max: 5, windowMin: 15 }, 30) },
    async (req) => {
      const result = await auth.sendVerificationCode(deps, req.body);
      return { success: true, message: result.message };
    },
  );

  r.post('/api/Email/verify-code', { schema: { body: ZVerifyCodeRequest, response: { 200: ZEnvelope(ZVerifyCodeData) } }, config: { ...limit(10), roles: 'publico' } }, async (req) => ({
    success: true,
    data: await auth.verifyEmailCode(deps, req.body),
  }));

  r.post('/api/Auth/registration', { schema: { body: ZRegistrationRequest, response: { 200: ZEnvelope(ZRegistrationData) } }, config: { ...limit(10), roles: 'publico' } }, async (req) => {
    const data = await auth.register(deps, req.body);
    return { success: true, data, message: data.message };
  });

  /** Login answer shared by /login and /google (login-reply.ts). */
  const sendLogin = (req: FastifyRequest, reply: FastifyReply, data: Awaited<ReturnType<typeof login>>) => loginReply(deps, req, reply, data, MSG.loginSucceeded);
  /** A 429 of the per-account lockout carries Retry-After like the per-IP limits. */
  const withRetryAfter = async <T>(reply: FastifyReply, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof AppError && err.code === 'ACCOUNT_LOCKED')
        reply.header('retry-after', String((err.data as { retryAfterSeconds: number }).retryAfterSeconds));
      throw err;
    }
  };

  r.post('/api/Auth/login', { schema: { body: ZLoginRequest, response: { 200: ZEnvelope(ZLoginData) } }, config: { ...limit(20), roles: 'publico' } }, async (req, reply) =>
    sendLogin(req, reply, await withRetryAfter(reply, () => login(deps, req.body, req.ip))),
  );

  r.post('/api/Auth/google', { schema: { body: ZGoogleLoginRequest, response: { 200: ZEnvelope(ZLoginData) } }, config: { ...limit(20), roles: 'publico' } }, async (req, reply) =>
    sendLogin(req, reply, await googleLogin(deps, req.body)),
  );

  r.post(
    '/api/Auth/forgot-password',
    { schema: { body: ZForgotPasswordRequest, response: { 200: ZMessageEnvelope } }, config: { ...limit(5), roles: 'publico' }, preHandler: mailLimits('forgot-password', { max: 5, windowMin: 15 }, 30) },
    async (req) => {
      const result = await account.forgotPassword(deps, req.body);
      return { success: true, message: result.message };
    },
  );

  r.post('/api/Auth/reset-password', { schema: { body: ZResetPasswordRequest, response: { 200: ZMessageEnvelope } }, config: { ...limit(10), roles: 'publico' } }, async (req) => {
    const result = await account.resetPassword(deps, req.body);
    return { success: true, message: result.message };
  });

  r.post(
    '/api/Auth/request-password-change-code',
    { preHandler: app.requireAuth, schema: { body: ZRequestPasswordChangeCodeRequest, response: { 200: ZMessageEnvelope } }, config: { ...limit(5), roles: ACCESO.lectura } },
    async (req) => {
      const result = await account.requestPasswordChangeCode(deps, authOf(req), req.body);
      return { success: true, message: result.message };
    },
  );

  r.post(
    '/api/Auth/verify-password-change-code',
    { preHandler: app.requireAuth, schema: { body: ZVerifyPasswordChangeCodeRequest, response: { 200: ZMessageEnvelope } }, config: { ...limit(10), roles: ACCESO.lectura } },
    async (req) => {
      const { email, verificationCode, newPassword } = req.body;
      const result = await account.verifyPasswordChangeCode(deps, authOf(req), { email, verificationCode, newPassword });
      return { success: true, message: result.message };
    },
  );

  r.put(
    '/api/Auth/actualizar-tercero',
    { preHandler: app.requireAuth, schema: { body: ZActualizarTerceroRequest, response: { 200: ZEnvelope(ZTerceroRecord) } }, config: { ...limit(30), roles: ACCESO.administracion } },
    async (req) => {
      const result = await actualizarTercero(deps, authOf(req), req.body);
      return { success: true, data: result.data, message: result.message };
    },
  );

  r.post('/api/Auth/refresh', { schema: { body: ZRefreshRequest.nullish(), response: { 200: ZEnvelope(ZTokens) } }, config: { ...limit(60), roles: 'publico' } }, async (req, reply) => {
    const fromBody = req.body?.refreshToken || undefined;
    const presented = fromBody ?? req.cookies[REFRESH_COOKIE];
    try {
      const data = await refresh(deps, { refreshToken: presented, validator: req.body?.validator || undefined });
      setRefreshCookie(deps, reply, data.refreshToken, data.refreshTokenExpiry);
      // A refresh authenticated by the httpOnly cookie never hands the token to page script, whatever the headers
      // (issue 9); an API client that sent its token in the body gets the rotated one back.
      return { success: true, data: fromBody && !isWebClient(req) ? data : { ...data, refreshToken: '' } };
    } catch (err) {
      // On REFRESH_RACE the concurrent winner has already set the new cookie: leave it alone (decision 003).
      if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
      throw err;
    }
  });

  r.post('/api/Auth/logout', { schema: { body: ZLogoutRequest.nullish(), response: { 200: ZMessageEnvelope } }, config: { ...limit(60), roles: 'publico' } }, async (req, reply) => {
    const bearer = bearerToken(req);
    const claims = bearer ? await deps.tokens.verifyAccess(bearer) : null;
    await logout(deps, { refreshToken: req.body?.refreshToken || req.cookies[REFRESH_COOKIE], session: claims });
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
    return { success: true, message: MSG.logoutSucceeded };
  });
}
