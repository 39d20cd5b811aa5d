import { randomInt } from 'node:crypto';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TAuthContext, TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { hashPassword } from './passwords.ts';
import { burnPasswordCheck, emailTag } from './login.ts';
import { CODE_TTL_MS, issueCode, normalizeEmail, tryCode } from './codes.ts';
import { passwordChangeCodeMail, resetCodeMail } from '../mail/templates.ts';
import { clearLoginFailures, findTenantUser, findUserByEmail, revokeUserSessions, setPasswordHash } from './repository.ts';

/** Reset codes have 8 digits (seed 000 §5: the reset-code input takes 6–10 characters). */
export const RESET_CODE_DIGITS = 8;

/**
 * POST /api/Auth/forgot-password (seed 000 §2, §5). Always answers the same message, whether or not the
 * account exists, with the same work (code generation, HMAC, one stored row) in every case; the e-mail is sent
 * in the background so SMTP time does not reveal the account. Only manual accounts with a password receive the
 * 8-digit code (30 minutes, single use, 5 tries); Google-only accounts and unknown e-mails get nothing.
 */
export async function forgotPassword(deps: Pick<TDeps, 'db' | 'log' | 'mailer' | 'codeKey'>, input: { email: string }): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  const code = String(randomInt(10 ** (RESET_CODE_DIGITS - 1), 10 ** RESET_CODE_DIGITS));
  const user = await findUserByEmail(deps.db, email);
  await issueCode(deps, email, 'password-reset', code);
  const eligible = Boolean(user && user.authType === 'manual' && user.passwordHash);
  deps.log.info({ event: 'auth.forgot_password', emailTag: emailTag(email), mailed: eligible }, 'password reset requested');
  if (eligible) {
    void deps.mailer
      .send({ to: email, ...resetCodeMail({ name: user!.name, code, expiryMinutes: CODE_TTL_MS / 60_000 }) })
      .catch((err: unknown) => deps.log.error({ event: 'mail.failed', kind: 'password-reset', err: String(err) }, 'reset mail failed'));
  }
  return { message: MSG_CUENTAS.forgotPasswordSent };
}

/**
 * POST /api/Auth/reset-password (seed 000 §5). Checks the reset code, sets the new password (argon2id) and
 * revokes every refresh chain of the user. Throws 400 RESET_CODE_INVALID ('Código inválido o expirado') for a
 * wrong, expired, used or exhausted code and for accounts without a password.
 */
export async function resetPassword(
  deps: Pick<TDeps, 'db' | 'log' | 'sessions' | 'codeKey'>,
  input: { email: string; resetCode: string; newPassword: string },
): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  const ok = (await tryCode(deps, email, 'password-reset', input.resetCode.trim())) === 'ok';
  const user = ok ? await findUserByEmail(deps.db, email) : undefined;
  if (!ok || !user || user.authType !== 'manual' || !user.passwordHash) {
    if (!ok) await burnPasswordCheck(input.newPassword);
    deps.log.info({ event: 'auth.reset_password', outcome: 'invalid_code', emailTag: emailTag(email) }, 'password reset refused');
    throw new AppError('RESET_CODE_INVALID', MSG_CUENTAS.resetCodeInvalid);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.tenantId, user.id, passwordHash);
    await clearLoginFailures(tx, email);
    return revokeUserSessions(tx, user.tenantId, user.id);
  });
  deps.sessions.forget(revoked);
  deps.log.info({ event: 'auth.reset_password', outcome: 'success', userId: user.id }, 'password reset; all sessions revoked');
  return { message: MSG_CUENTAS.passwordChanged };
}

/** The signed-in user for a change-password call: manual account whose e-mail is the one in the body. */
async function ownManualUser(deps: Pick<TDeps, 'db'>, auth: TAuthContext, email: string) {
  const user = await findTenantUser(deps.db, auth.tenantId, auth.userId);
  if (!user) throw new AppError('UNAUTHENTICATED', MSG.sessionExpired);
  if (user.authType !== 'manual' || !user.passwordHash)
    throw new AppError('PASSWORD_MANAGED_BY_GOOGLE', MSG_CUENTAS.changePasswordGoogleAccount);
  if (normalizeEmail(email) !== user.email) throw new AppError('EMAIL_MISMATCH', MSG_CUENTAS.changePasswordEmailMismatch);
  return user;
}

/**
 * POST /api/Auth/request-password-change-code (seed 000 §7; manual accounts only, seed 000 §6): mails a 6-digit
 * code (30 minutes, single use, 5 tries) to the caller's own e-mail. Throws 400 PASSWORD_MANAGED_BY_GOOGLE,
 * 400 EMAIL_MISMATCH when the body e-mail is not the caller's.
 */
export async function requestPasswordChangeCode(deps: Pick<TDeps, 'db' | 'log' | 'mailer' | 'codeKey'>, auth: TAuthContext, input: { email: string }) {
  const user = await ownManualUser(deps, auth, input.email);
  const code = String(randomInt(100_000, 1_000_000));
  await issueCode(deps, user.email, 'password-change', code);
  await deps.mailer.send({ to: user.email, ...passwordChangeCodeMail({ name: user.name, code, expiryMinutes: CODE_TTL_MS / 60_000 }) });
  deps.log.info({ event: 'auth.password_change_code', userId: user.id }, 'password change code sent');
  return { message: MSG.codeSent };
}

/**
 * POST /api/Auth/verify-password-change-code (seed 000 §7): checks the code, sets the new password and revokes
 * the user's OTHER sessions: every refresh chain except the caller's own (the access token's session), so the tab
 * that changed the password stays signed in and every other session's access tokens are refused at once.
 * Throws 400 CODE_INVALID ('Código inválido o expirado') and the errors of requestPasswordChangeCode.
 */
export async function verifyPasswordChangeCode(
  deps: Pick<TDeps, 'db' | 'log' | 'sessions' | 'codeKey'>,
  auth: TAuthContext,
  input: { email: string; verificationCode: string; newPassword: string },
) {
  const user = await ownManualUser(deps, auth, input.email);
  if ((await tryCode(deps, user.email, 'password-change', input.verificationCode)) !== 'ok') {
    deps.log.info({ event: 'auth.password_change', outcome: 'invalid_code', userId: user.id }, 'password change refused');
    throw new AppError('CODE_INVALID', MSG_CUENTAS.resetCodeInvalid);
  }
  const keepFamily = auth.sessionId;
  const passwordHash = await hashPassword(input.newPassword);
  const revoked = await deps.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.tenantId, user.id, passwordHash);
    return revokeUserSessions(tx, user.tenantId, user.id, keepFamily);
  });
  deps.sessions.forget(revoked);
  deps.log.info({ event: 'auth.password_change', outcome: 'success', userId: user.id }, 'password changed');
  return { message: MSG_CUENTAS.passwordChanged };
}
