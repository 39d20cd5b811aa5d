import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
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
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { REFRESH_COOKIE, authOf } from '../../plugins/auth.ts';
import * as auth from './service.ts';
import * as account from './account-service.ts';


/**
 * Accounts and session calls of seed 000 §7 plus POST /api/Email/verify-code (issue 2 §3); issue 3 adds Google
 * sign-in, forgot/reset, change password and the tercero update.
 */
export async function authRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const scale = deps.config.rateLimitScale ?? 1;
  /** Per-IP limit of a route: `max` calls a minute (× rateLimitScale). */
  const limit = (max: number) => ({ rateLimit: { max: max * scale, timeWindow: '1 minute' } });
  const isWebClient = (req: FastifyRequest) => req.headers['x-radica-client'] === 'web';
  const secureCookie = (deps.config.publicUrl ?? '').startsWith('https://');
  const setRefreshCookie = (reply: FastifyReply, token: string, expiry: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookie,
      path: '/api/Auth',
      expires: new Date(expiry),
    });

  r.post('/api/Auth/check-email-availability', { schema: { body: ZCheckEmailRequest }, config: limit(30) }, async (req) => ({
    success: true,
    data: await auth.checkEmailAvailability(deps, req.body),
  }));

  r.post('/api/Email/send-verification-code', { schema: { body: ZSendVerificationCodeRequest }, config: limit(5) }, async (req) => {
    const result = await auth.sendVerificationCode(deps, req.body);
    return { success: true, message: result.message };
  });

  r.post('/api/Email/verify-code', { schema: { body: ZVerifyCodeRequest }, config: limit(10) }, async (req) => ({
    success: true,
    data: await auth.verifyEmailCode(deps, req.body),
  }));

  r.post('/api/Auth/registration', { schema: { body: ZRegistrationRequest }, config: limit(10) }, async (req) => {
    const data = await auth.register(deps, req.body);
    return { success: true, data, message: data.message };
  });

  /** Login answer shared by /login and /google: refresh token as httpOnly cookie; web clients get '' in the body. */
  const sendLogin = (req: FastifyRequest, reply: FastifyReply, data: Awaited<ReturnType<typeof auth.login>>) => {
    setRefreshCookie(reply, data.refreshToken, data.refreshTokenExpiry);
    return { success: true, data: isWebClient(req) ? { ...data, refreshToken: '' } : data, message: MSG.loginSucceeded };
  };
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

  r.post('/api/Auth/login', { schema: { body: ZLoginRequest }, config: limit(20) }, async (req, reply) =>
    sendLogin(req, reply, await withRetryAfter(reply, () => auth.login(deps, req.body))),
  );

  r.post('/api/Auth/google', { schema: { body: ZGoogleLoginRequest }, config: limit(20) }, async (req, reply) =>
    sendLogin(req, reply, await auth.googleLogin(deps, req.body)),
  );

  r.post('/api/Auth/forgot-password', { schema: { body: ZForgotPasswordRequest }, config: limit(5) }, async (req) => {
    const result = await account.forgotPassword(deps, req.body);
    return { success: true, message: result.message };
  });

  r.post('/api/Auth/reset-password', { schema: { body: ZResetPasswordRequest }, config: limit(10) }, async (req) => {
    const result = await account.resetPassword(deps, req.body);
    return { success: true, message: result.message };
  });

  r.post(
    '/api/Auth/request-password-change-code',
    { preHandler: app.requireAuth, schema: { body: ZRequestPasswordChangeCodeRequest }, config: limit(5) },
    async (req) => {
      const result = await account.requestPasswordChangeCode(deps, authOf(req), req.body);
      return { success: true, message: result.message };
    },
  );

  r.post(
    '/api/Auth/verify-password-change-code',
    { preHandler: app.requireAuth, schema: { body: ZVerifyPasswordChangeCodeRequest }, config: limit(10) },
    async (req) => {
      const result = await account.verifyPasswordChangeCode(deps, authOf(req), {
        ...req.body,
        keepRefreshToken: req.body.refreshToken || req.cookies[REFRESH_COOKIE],
      });
      return { success: true, message: result.message };
    },
  );

  r.put(
    '/api/Auth/actualizar-tercero',
    { preHandler: app.requireAuth, schema: { body: ZActualizarTerceroRequest }, config: limit(30) },
    async (req) => {
      const result = await account.actualizarTercero(deps, authOf(req), req.body);
      return { success: true, data: result.data, message: result.message };
    },
  );

  r.post('/api/Auth/refresh', { schema: { body: ZRefreshRequest.optional() }, config: limit(60) }, async (req, reply) => {
    const presented = req.body?.refreshToken || req.cookies[REFRESH_COOKIE];
    try {
      const data = await auth.refresh(deps, { refreshToken: presented, validator: req.body?.validator || undefined });
      setRefreshCookie(reply, data.refreshToken, data.refreshTokenExpiry);
      return { success: true, data: isWebClient(req) ? { ...data, refreshToken: '' } : data };
    } catch (err) {
      // On REFRESH_RACE the concurrent winner has already set the new cookie: leave it alone (decision 003).
      if (!(err instanceof AppError && err.code === 'REFRESH_RACE')) reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
      throw err;
    }
  });

  r.post('/api/Auth/logout', { schema: { body: ZLogoutRequest.optional() } }, async (req, reply) => {
    await auth.logout(deps, { refreshToken: req.body?.refreshToken || req.cookies[REFRESH_COOKIE] });
    reply.clearCookie(REFRESH_COOKIE, { path: '/api/Auth' });
    return { success: true, message: MSG.logoutSucceeded };
  });

  if (deps.mailer.kind === 'outbox') {
    r.get('/api/dev/mail', { schema: { querystring: z.object({ to: z.string().min(3) }) } }, async (req) => ({
      success: true,
      data: await deps.mailer.listOutbox(req.query.to),
    }));
  }
}
