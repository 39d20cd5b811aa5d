import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TActualizarTerceroRequest } from '@radica/contracts/auth';
import type { TAuthContext, TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { emailCodes, loginFailures, refreshTokens, terceros, users } from '../../db/schema.ts';
import { hashPassword } from './passwords.ts';
import { sha256 } from './tokens.ts';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS, burnPasswordCheck, codeHash, emailTag, normalizeEmail } from './service.ts';
import { passwordChangeCodeMail, resetCodeMail } from '../mail/templates.ts';

const PURPOSE_RESET = 'password-reset';
const PURPOSE_CHANGE = 'password-change';

/** Reset codes have 8 digits (seed 000 §5: the reset-code input takes 6–10 characters). */
export const RESET_CODE_DIGITS = 8;

/** Store a fresh code for (email, purpose), retiring earlier live ones. Only the HMAC is stored. */
async function storeCode(deps: TDeps, email: string, purpose: string, code: string) {
  await deps.db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt)));
  await deps.db.insert(emailCodes).values({
    email,
    purpose,
    codeHash: codeHash(deps.codeKey, email, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
}

/**
 * Check and consume the newest live code of (email, purpose): 30 minutes, single use, at most CODE_MAX_ATTEMPTS
 * tries (issue 3). Returns true when it matched (and is now used); a wrong try counts one attempt.
 */
async function consumeCode(deps: TDeps, email: string, purpose: string, code: string): Promise<boolean> {
  const [row] = await deps.db
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.usedAt), gt(emailCodes.expiresAt, new Date())))
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row || row.attempts >= CODE_MAX_ATTEMPTS) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.codeKey, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await deps.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id));
    return false;
  }
  const claimed = await deps.db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt), sql`${emailCodes.attempts} < ${CODE_MAX_ATTEMPTS}`))
    .returning({ id: emailCodes.id });
  return claimed.length === 1;
}

/**
 * POST /api/Auth/forgot-password (seed 000 §2, §5). Always answers the same message, whether or not the
 * account exists, with the same work (code generation, HMAC, one stored row) in every case; the e-mail is sent
 * in the background so SMTP time does not reveal the account. Only manual accounts with a password receive the
 * 8-digit code (30 minutes, single use, 5 tries); Google-only accounts and unknown e-mails get nothing.
 */
export async function forgotPassword(deps: TDeps, input: { email: string }): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  const code = String(randomInt(10 ** (RESET_CODE_DIGITS - 1), 10 ** RESET_CODE_DIGITS));
  const [user] = await deps.db
    .select({ id: users.id, name: users.name, authType: users.authType, hasPassword: sql<boolean>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  await storeCode(deps, email, PURPOSE_RESET, code);
  const eligible = Boolean(user && user.authType === 'manual' && user.hasPassword);
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
  deps: TDeps,
  input: { email: string; resetCode: string; newPassword: string },
): Promise<{ message: string }> {
  const email = normalizeEmail(input.email);
  const ok = await consumeCode(deps, email, PURPOSE_RESET, input.resetCode.trim());
  const [user] = ok
    ? await deps.db.select().from(users).where(eq(users.email, email)).limit(1)
    : [undefined];
  if (!ok || !user || user.authType !== 'manual' || !user.passwordHash) {
    if (!ok) await burnPasswordCheck(input.newPassword);
    deps.log.info({ event: 'auth.reset_password', outcome: 'invalid_code', emailTag: emailTag(email) }, 'password reset refused');
    throw new AppError('RESET_CODE_INVALID', 400, MSG_CUENTAS.resetCodeInvalid);
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)));
    await tx.delete(loginFailures).where(eq(loginFailures.email, email));
  });
  deps.log.info({ event: 'auth.reset_password', outcome: 'success', userId: user.id }, 'password reset; all sessions revoked');
  return { message: MSG_CUENTAS.passwordChanged };
}

/** The signed-in user for a change-password call: manual account whose e-mail is the one in the body. */
async function ownManualUser(deps: TDeps, auth: TAuthContext, email: string) {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.tenantId, auth.tenantId)))
    .limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
  if (user.authType !== 'manual' || !user.passwordHash)
    throw new AppError('PASSWORD_MANAGED_BY_GOOGLE', 400, MSG_CUENTAS.changePasswordGoogleAccount);
  if (normalizeEmail(email) !== user.email) throw new AppError('EMAIL_MISMATCH', 400, MSG_CUENTAS.changePasswordEmailMismatch);
  return user;
}

/**
 * POST /api/Auth/request-password-change-code (seed 000 §7; manual accounts only, seed 000 §6): mails a 6-digit
 * code (30 minutes, single use, 5 tries) to the caller's own e-mail. Throws 400 PASSWORD_MANAGED_BY_GOOGLE,
 * 400 EMAIL_MISMATCH when the body e-mail is not the caller's.
 */
export async function requestPasswordChangeCode(deps: TDeps, auth: TAuthContext, input: { email: string }) {
  const user = await ownManualUser(deps, auth, input.email);
  const code = String(randomInt(100_000, 1_000_000));
  await storeCode(deps, user.email, PURPOSE_CHANGE, code);
  await deps.mailer.send({ to: user.email, ...passwordChangeCodeMail({ name: user.name, code, expiryMinutes: CODE_TTL_MS / 60_000 }) });
  deps.log.info({ event: 'auth.password_change_code', userId: user.id }, 'password change code sent');
  return { message: MSG_CUENTAS.changeCodeSent };
}

/**
 * POST /api/Auth/verify-password-change-code (seed 000 §7): checks the code, sets the new password and revokes
 * the user's OTHER sessions: every refresh chain except the one of `keepRefreshToken` (the refresh cookie or
 * body token sent with this request), so the tab that changed the password stays signed in.
 * Throws 400 CODE_INVALID ('Código inválido o expirado') and the errors of requestPasswordChangeCode.
 */
export async function verifyPasswordChangeCode(
  deps: TDeps,
  auth: TAuthContext,
  input: { email: string; verificationCode: string; newPassword: string; keepRefreshToken?: string },
) {
  const user = await ownManualUser(deps, auth, input.email);
  if (!(await consumeCode(deps, user.email, PURPOSE_CHANGE, input.verificationCode))) {
    deps.log.info({ event: 'auth.password_change', outcome: 'invalid_code', userId: user.id }, 'password change refused');
    throw new AppError('CODE_INVALID', 400, MSG_CUENTAS.resetCodeInvalid);
  }
  let keepFamily: string | null = null;
  if (input.keepRefreshToken) {
    const [kept] = await deps.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(input.keepRefreshToken)), eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt)))
      .limit(1);
    keepFamily = kept?.familyId ?? null;
  }
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(refreshTokens.userId, user.id), isNull(refreshTokens.revokedAt), ...(keepFamily ? [ne(refreshTokens.familyId, keepFamily)] : [])),
      );
  });
  deps.log.info({ event: 'auth.password_change', outcome: 'success', userId: user.id, keptSession: Boolean(keepFamily) }, 'password changed');
  return { message: MSG_CUENTAS.passwordChanged };
}

/**
 * PUT /api/Auth/actualizar-tercero (seed 000 §7, §2 Settings): updates the caller's own tercero (tenant and
 * tercero from the access token, never from the body). Returns the stored tercero.
 */
export async function actualizarTercero(deps: TDeps, auth: TAuthContext, input: TActualizarTerceroRequest) {
  const [user] = await deps.db
    .select({ terceroId: users.terceroId })
    .from(users)
    .where(and(eq(users.id, auth.userId), eq(users.tenantId, auth.tenantId)))
    .limit(1);
  if (!user) throw new AppError('UNAUTHENTICATED', 401, MSG.sessionExpired);
  const [tercero] = await deps.db
    .update(terceros)
    .set({
      nombre: input.nombre,
      razonSocial: input.razonSocial,
      tipoIdentidad: input.tipoIdentidad,
      numeroIdentificacion: input.numeroIdentificacion.replace(/[\s.\-_]/g, ''),
      dv: input.dv,
      codPais: input.codPais,
      codDepartamento: input.codDepartamento,
      codCiudad: input.codCiudad,
      direccion: input.direccion,
      telefono: input.telefono,
      email: normalizeEmail(input.email),
      observaciones: input.observaciones,
    })
    .where(and(eq(terceros.id, user.terceroId), eq(terceros.tenantId, auth.tenantId)))
    .returning();
  if (!tercero) throw new AppError('NOT_FOUND', 404, MSG.http404);
  deps.log.info({ event: 'account.tercero_updated', userId: auth.userId }, 'tercero updated');
  const { tenantId: _tenantId, ...data } = tercero;
  return { message: MSG_CUENTAS.terceroUpdated, data: { ...data, fechaCreacion: tercero.fechaCreacion.toISOString() } };
}
