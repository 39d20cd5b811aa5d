import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TLoginData, TRegistrationData, TRegistrationRequest, TTokens } from '@radica/contracts/auth';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { emailCodes, loginFailures, refreshTokens, tenants, terceros, userIdentities, users } from '../../db/schema.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { newOpaqueToken, sha256 } from './tokens.ts';
import { verifyGoogleIdToken } from './google.ts';

/** Seed 000 §9: the verification code is valid 30 minutes; Radica allows 5 tries (issue 3). */
export const CODE_TTL_MS = 30 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
const VERIFICATION_TOKEN_TTL_S = 30 * 60;
const PURPOSE_REGISTRATION = 'registration';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const codeHash = (key: Buffer, email: string, code: string) =>
  createHmac('sha256', key).update(`${normalizeEmail(email)}:${code}`).digest('hex');

/** POST /api/Auth/check-email-availability (seed 000 §7). */
export async function checkEmailAvailability(deps: TDeps, input: { email: string }) {
  const email = normalizeEmail(input.email);
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return { isAvailable: !row, email };
}

/**
 * POST /api/Email/send-verification-code. Generates a 6-digit code on the server, stores its HMAC (30 minutes,
 * single use) and mails it. Earlier unused codes for the address stop working. (Deviation from seed 000 §7:
 * docs/spec-deviations.md.)
 */
export async function sendVerificationCode(deps: TDeps, input: { email: string; userName?: string; companyName?: string }) {
  const email = normalizeEmail(input.email);
  const code = String(randomInt(100_000, 1_000_000));
  await deps.db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, PURPOSE_REGISTRATION), isNull(emailCodes.usedAt)));
  await deps.db.insert(emailCodes).values({
    email,
    purpose: PURPOSE_REGISTRATION,
    codeHash: codeHash(deps.codeKey, email, code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  const name = input.userName?.trim() || email.split('@')[0];
  const company = input.companyName?.trim();
  await deps.mailer.send({
    to: email,
    subject: `Código de verificación Radica: ${code}`,
    text:
      `Hola ${name}:\n\nTu código de verificación${company ? ` para ${company}` : ''} es ${code}.\n` +
      `Es válido por 30 minutos y se puede usar una sola vez.\n\n` +
      `Si no solicitaste este código, ignora este mensaje.\n\nRadica`,
  });
  return { message: MSG.codeSent };
}

/**
 * POST /api/Email/verify-code: checks the latest live code (at most 5 tries) and returns a short-lived
 * verificationToken that POST /api/Auth/registration requires. Throws 400 codeWrong / codeExpired, 429 on tries.
 */
export async function verifyEmailCode(deps: TDeps, input: { email: string; code: string }) {
  const email = normalizeEmail(input.email);
  const [row] = await deps.db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        eq(emailCodes.purpose, PURPOSE_REGISTRATION),
        isNull(emailCodes.usedAt),
        gt(emailCodes.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailCodes.id))
    .limit(1);
  if (!row) throw new AppError('CODE_EXPIRED', 400, MSG.codeExpired);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('CODE_TOO_MANY_ATTEMPTS', 429, MSG.codeTooManyAttempts);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.codeKey, email, input.code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const [updated] = await deps.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id))
      .returning({ attempts: emailCodes.attempts });
    if ((updated?.attempts ?? CODE_MAX_ATTEMPTS) >= CODE_MAX_ATTEMPTS)
      throw new AppError('CODE_TOO_MANY_ATTEMPTS', 429, MSG.codeTooManyAttempts);
    throw new AppError('CODE_WRONG', 400, MSG.codeWrong);
  }
  const claimed = await deps.db
    .update(emailCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
    .returning({ id: emailCodes.id });
  if (claimed.length === 0) throw new AppError('CODE_EXPIRED', 400, MSG.codeExpired);
  const verificationToken = await deps.tokens.signPurpose('email-verified', email, VERIFICATION_TOKEN_TTL_S);
  return { verificationToken };
}

/**
 * POST /api/Auth/registration (seed 000 §3, §7): creates the tenant (random unguessable validator and database
 * name), the tercero and the user in one transaction. Manual registration needs a password (≥ 8) and the
 * verificationToken of the same e-mail. Throws 409 emailAlreadyRegistered, 400 verificationTokenInvalid.
 */
export async function register(deps: TDeps, input: TRegistrationRequest): Promise<TRegistrationData> {
  const { terceroData: t, credentialData: c } = input;
  const email = normalizeEmail(c.email);
  let passwordHash: string | null = null;
  let google: Awaited<ReturnType<typeof verifyGoogleIdToken>> | null = null;
  if (c.credentialType === 'google') {
    google = await verifyGoogleIdToken(deps.config, c.googleToken ?? '', deps.log);
    if (c.googleId && c.googleId !== google.sub) throw new AppError('GOOGLE_TOKEN_INVALID', 401, MSG_CUENTAS.googleTokenInvalid);
    if (email !== google.profile.email || (c.emailGoogle && normalizeEmail(c.emailGoogle) !== google.profile.email))
      throw new AppError('GOOGLE_EMAIL_MISMATCH', 400, MSG_CUENTAS.googleEmailMismatch);
  } else {
    if (!c.password || c.password.length < 8) throw new AppError('VALIDATION', 400, MSG.passwordMin8);
    const verified = c.verificationToken ? await deps.tokens.verifyPurpose('email-verified', c.verificationToken) : null;
    if (verified !== email) throw new AppError('EMAIL_NOT_VERIFIED', 400, MSG.verificationTokenInvalid);
    passwordHash = await hashPassword(c.password);
  }
  // Google completion form (seed 000 §5): names from the verified token, location defaults 68 / 001 / CO.
  const primerNombre = t.primerNombre || (google ? google.profile.given_name || google.profile.name || email.split('@')[0]! : '');
  const primerApellido = t.primerApellido || (google ? google.profile.family_name : '');
  const codPais = t.codPais || 'CO';
  const codDepartamento = t.codDepartamento || '68';
  const codCiudad = t.codCiudad || '001';
  const name = google?.profile.name || [primerNombre, t.segundoNombre, primerApellido, t.segundoApellido].filter(Boolean).join(' ');
  const nombre = t.nombre || (google ? t.razonSocial || name : name);
  try {
    return await deps.db.transaction(async (tx) => {
      if (google) {
        const [linked] = await tx
          .select({ id: userIdentities.id })
          .from(userIdentities)
          .where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, google.sub)))
          .limit(1);
        if (linked) throw new AppError('GOOGLE_ALREADY_REGISTERED', 409, MSG_CUENTAS.googleAlreadyRegistered);
      }
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (existing) throw new AppError('EMAIL_TAKEN', 409, MSG.emailAlreadyRegistered);
      const validator = randomBytes(18).toString('base64url');
      const databaseName = `radica_${randomBytes(8).toString('hex')}`;
      const [tenant] = await tx.insert(tenants).values({ validator, databaseName }).returning();
      const [tercero] = await tx
        .insert(terceros)
        .values({
          tenantId: tenant!.id,
          nombre,
          razonSocial: t.razonSocial || nombre,
          primerNombre,
          segundoNombre: t.segundoNombre,
          primerApellido,
          segundoApellido: t.segundoApellido,
          tipoIdentidad: t.tipoIdentidad,
          numeroIdentificacion: t.numeroIdentificacion.replace(/[\s.\-_]/g, ''),
          dv: t.dv,
          codPais,
          codDepartamento,
          codCiudad,
          direccion: t.direccion,
          telefono: t.telefono,
          email: t.email || email,
          observaciones: t.observaciones,
        })
        .returning();
      const [user] = await tx
        .insert(users)
        .values({ tenantId: tenant!.id, terceroId: tercero!.id, email, name, passwordHash, authType: google ? 'google' : 'manual' })
        .returning();
      if (google)
        await tx.insert(userIdentities).values({ userId: user!.id, provider: 'google', subject: google.sub, email: google.profile.email });
      deps.log.info({ event: 'auth.registration', userId: user!.id, authType: google ? 'google' : 'manual' }, 'account created');
      return {
        terceroId: tercero!.id,
        userId: user!.id,
        validator,
        databaseName,
        message: MSG.registrationSucceeded,
      };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505')
      throw google
        ? new AppError('GOOGLE_ALREADY_REGISTERED', 409, MSG_CUENTAS.googleAlreadyRegistered)
        : new AppError('EMAIL_TAKEN', 409, MSG.emailAlreadyRegistered);
    throw err;
  }
}

let dummyHash: Promise<string> | null = null;

/** An argon2id verification against a throw-away hash, so unknown accounts cost the same time as known ones. */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomUUID());
  await verifyPassword(await dummyHash, password);
}

/** Short, non-reversible tag of an e-mail for logs (authentication attempts are logged without secrets or PII). */
export const emailTag = (email: string) => sha256(`radica-log:${normalizeEmail(email)}`).slice(0, 12);

/**
 * Per-account lockout (issue 3 "Server security"): with `loginLockoutMaxFailures` failed logins of this e-mail
 * within `loginLockoutWindowS`, answers 429 ACCOUNT_LOCKED with the seed's 429 text and
 * `data.retryAfterSeconds` (the route sets Retry-After). Works the same for unknown e-mails (no enumeration).
 */
async function assertNotLocked(deps: TDeps, email: string) {
  const since = new Date(Date.now() - deps.config.loginLockoutWindowS * 1000);
  const [row] = await deps.db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)));
  if ((row?.n ?? 0) < deps.config.loginLockoutMaxFailures) return;
  const [nth] = await deps.db
    .select({ failedAt: loginFailures.failedAt })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.failedAt, since)))
    .orderBy(desc(loginFailures.failedAt))
    .offset(deps.config.loginLockoutMaxFailures - 1)
    .limit(1);
  const unlockAt = (nth?.failedAt.getTime() ?? Date.now()) + deps.config.loginLockoutWindowS * 1000;
  const retryAfterSeconds = Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
  deps.log.warn({ event: 'auth.login', outcome: 'locked', emailTag: emailTag(email) }, 'login refused: account locked');
  throw new AppError('ACCOUNT_LOCKED', 429, MSG.http429, { retryAfterSeconds });
}

/**
 * POST /api/Auth/login (seed 000 §7). Verifies argon2id (a dummy hash is checked when the account does not exist,
 * so timing does not reveal it) and issues an access token plus a rotating refresh token. Failed attempts count
 * towards the per-account lockout; a success clears them. Throws 401 with the seed's text on bad credentials,
 * 429 ACCOUNT_LOCKED when locked.
 */
export async function login(
  deps: TDeps,
  input: { email: string; password: string; rememberMe?: boolean },
): Promise<TLoginData> {
  const email = normalizeEmail(input.email);
  await assertNotLocked(deps, email);
  const [row] = await deps.db
    .select({ user: users, tenant: tenants })
    .from(users)
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(eq(users.email, email))
    .limit(1);
  let ok = false;
  if (!row?.user.passwordHash) await burnPasswordCheck(input.password);
  else ok = await verifyPassword(row.user.passwordHash, input.password);
  if (!row || !ok) {
    await deps.db.insert(loginFailures).values({ email });
    deps.log.info({ event: 'auth.login', outcome: 'failure', emailTag: emailTag(email), userId: row?.user.id ?? null }, 'login failed');
    throw new AppError('INVALID_CREDENTIALS', 401, MSG.http401);
  }
  await deps.db.delete(loginFailures).where(eq(loginFailures.email, email));
  deps.log.info({ event: 'auth.login', outcome: 'success', userId: row.user.id, authType: 'manual' }, 'login');
  return startSession(deps, row, Boolean(input.rememberMe));
}

/** Login data (seed 000 §3 "Login response data") for a user: a new refresh chain plus an access token. */
async function startSession(
  deps: TDeps,
  row: { user: typeof users.$inferSelect; tenant: typeof tenants.$inferSelect },
  rememberMe: boolean,
): Promise<TLoginData> {
  const tokens = await issueTokens(deps, {
    userId: row.user.id,
    tenantId: row.tenant.id,
    validator: row.tenant.validator,
    rememberMe,
    familyId: randomUUID(),
    expiresAt: null,
  });
  const tenant = { validator: row.tenant.validator, database: row.tenant.databaseName };
  return {
    user: { id: row.user.id, name: row.user.name, email: row.user.email, tenant, authType: row.user.authType },
    tenant,
    authType: row.user.authType,
    ...tokens,
  };
}

/**
 * POST /api/Auth/google (seed 000 §7; issue 3). Verifies the ID token (google.ts) and finds the user by
 * (provider 'google', subject `sub`), never by e-mail alone. Returns login data like POST /api/Auth/login.
 * Throws 404 GOOGLE_NOT_REGISTERED with the token's profile as `data` when no identity exists, 409 EMAIL_TAKEN
 * ('Este email ya está registrado') when another account already uses that e-mail (no silent linking),
 * 401 GOOGLE_TOKEN_INVALID, 400 GOOGLE_DISABLED.
 */
export async function googleLogin(deps: TDeps, input: { googleToken: string }): Promise<TLoginData> {
  const google = await verifyGoogleIdToken(deps.config, input.googleToken, deps.log);
  const [row] = await deps.db
    .select({ user: users, tenant: tenants })
    .from(userIdentities)
    .innerJoin(users, eq(userIdentities.userId, users.id))
    .innerJoin(tenants, eq(users.tenantId, tenants.id))
    .where(and(eq(userIdentities.provider, 'google'), eq(userIdentities.subject, google.sub)))
    .limit(1);
  if (row) {
    deps.log.info({ event: 'auth.google', outcome: 'success', userId: row.user.id }, 'google login');
    return startSession(deps, row, false);
  }
  const [byEmail] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, google.profile.email)).limit(1);
  if (byEmail) {
    deps.log.info({ event: 'auth.google', outcome: 'email_taken', userId: byEmail.id }, 'google login: e-mail used by another account');
    throw new AppError('EMAIL_TAKEN', 409, MSG.emailAlreadyRegistered);
  }
  deps.log.info({ event: 'auth.google', outcome: 'not_registered' }, 'google login: no account');
  throw new AppError('GOOGLE_NOT_REGISTERED', 404, MSG_CUENTAS.googleNotRegistered, google.profile);
}

async function issueTokens(
  deps: TDeps,
  o: { userId: number; tenantId: number; validator: string; rememberMe: boolean; familyId: string; expiresAt: Date | null },
): Promise<TTokens> {
  const access = await deps.tokens.signAccess({ userId: o.userId, tenantId: o.tenantId, validator: o.validator });
  const refresh = newOpaqueToken();
  const ttl = o.rememberMe ? deps.config.refreshTokenRememberTtlS : deps.config.refreshTokenTtlS;
  // The refresh chain keeps the absolute expiry of the login that started it.
  const expiresAt = o.expiresAt ?? new Date(Date.now() + ttl * 1000);
  await deps.db.insert(refreshTokens).values({
    userId: o.userId,
    tenantId: o.tenantId,
    tokenHash: refresh.hash,
    familyId: o.familyId,
    rememberMe: o.rememberMe,
    expiresAt,
  });
  return {
    accessToken: access.token,
    refreshToken: refresh.token,
    accessTokenExpiry: access.expiresAt.toISOString(),
    refreshTokenExpiry: expiresAt.toISOString(),
    tokenType: 'Bearer',
  };
}

/**
 * POST /api/Auth/refresh: rotates the refresh token. A token that was already used revokes its whole chain
 * (reuse detection); expired, revoked or unknown tokens and a validator of another tenant answer 401.
 */
export async function refresh(deps: TDeps, input: { refreshToken: string | undefined; validator?: string }): Promise<TTokens> {
  if (!input.refreshToken) throw new AppError('NO_REFRESH_TOKEN', 401, MSG.refreshFailed);
  const hash = sha256(input.refreshToken);
  const [row] = await deps.db
    .select({ token: refreshTokens, tenant: tenants })
    .from(refreshTokens)
    .innerJoin(tenants, eq(refreshTokens.tenantId, tenants.id))
    .where(eq(refreshTokens.tokenHash, hash))
    .limit(1);
  if (!row || row.token.revokedAt || row.token.expiresAt <= new Date()) {
    deps.log.info({ event: 'auth.refresh', outcome: row ? 'revoked_or_expired' : 'unknown', userId: row?.token.userId ?? null }, 'refresh refused');
    throw new AppError('REFRESH_INVALID', 401, MSG.refreshFailed);
  }
  if (input.validator && input.validator !== row.tenant.validator)
    throw new AppError('REFRESH_INVALID', 401, MSG.refreshFailed);
  const claimed = await deps.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.token.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    // Two tabs refreshing at once present the same token: within the grace the loser gets 409 REFRESH_RACE and
    // keeps the session (the winner's cookie is already set); later it is reuse (docs/decisions/003).
    const [now] = await deps.db
      .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.id, row.token.id));
    const graceMs = deps.config.refreshRaceGraceS * 1000;
    if (now?.usedAt && !now.revokedAt && Date.now() - now.usedAt.getTime() <= graceMs) {
      deps.log.info({ event: 'auth.refresh', outcome: 'race', userId: row.token.userId }, 'concurrent refresh within grace');
      throw new AppError('REFRESH_RACE', 409, MSG_CUENTAS.refreshRace);
    }
    await deps.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.token.familyId), isNull(refreshTokens.revokedAt)));
    deps.log.warn({ userId: row.token.userId, familyId: row.token.familyId }, 'refresh token reuse: chain revoked');
    throw new AppError('REFRESH_REUSED', 401, MSG_CUENTAS.refreshReuse);
  }
  deps.log.info({ event: 'auth.refresh', outcome: 'success', userId: row.token.userId }, 'refresh');
  return issueTokens(deps, {
    userId: row.token.userId,
    tenantId: row.token.tenantId,
    validator: row.tenant.validator,
    rememberMe: row.token.rememberMe,
    familyId: row.token.familyId,
    expiresAt: row.token.expiresAt,
  });
}

/** POST /api/Auth/logout: revokes the chain of the presented refresh token (if any). Always succeeds. */
export async function logout(deps: TDeps, input: { refreshToken: string | undefined }) {
  if (!input.refreshToken) return;
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)))
    .limit(1);
  if (row)
    await deps.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}
