import { randomBytes, randomInt } from 'node:crypto';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { dvToStore } from '@radica/contracts/nit';
import type { TRegistrationData, TRegistrationRequest } from '@radica/contracts/auth';
import { claimGuestSales } from '../billing/settlement.ts';
import { recordLegalAcceptance } from '../legal/service.ts';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { issueCode, normalizeEmail, tryCode } from './codes.ts';
import { hashPassword } from './passwords.ts';
import { verifyGoogleIdToken } from './google.ts';
import { companyNitExists, findUserIdByEmail, identityExists, insertAccount } from './repository.ts';
import { normalizeNumeroIdentificacion, type TCheckNitData, type TCheckNitRequest } from '@radica/contracts/registro-nit';

const VERIFICATION_TOKEN_TTL_S = 30 * 60;

/** POST /api/Auth/check-email-availability (seed 000 §7). */
export async function checkEmailAvailability(deps: Pick<TDeps, 'db'>, input: { email: string }) {
  const email = normalizeEmail(input.email);
  return { isAvailable: (await findUserIdByEmail(deps.db, email)) === null, email };
}

/**
 * POST /api/Auth/check-nit: whether a company already registered this NIT, so the wizard can warn and point
 * to an invitation (docs/decisions/041). Only NITs (tipo NI) are looked up; any other document answers `existe: false`
 * so no person's document number is revealed. The registration itself is not blocked.
 */
export async function checkNit(deps: Pick<TDeps, 'db'>, input: TCheckNitRequest): Promise<TCheckNitData> {
  if (input.tipoIdentidad !== 'NI') return { existe: false };
  const nit = normalizeNumeroIdentificacion(input.numeroIdentificacion);
  if (!/^\d{5,15}$/.test(nit)) return { existe: false };
  return { existe: await companyNitExists(deps.db, nit) };
}

/**
 * POST /api/Email/send-verification-code. Generates a 6-digit code on the server, stores its HMAC (30 minutes,
 * single use) and mails it. Earlier unused codes for the address stop working. The mail greets the person by the name
 * typed in the registration (`nombre`), else by the seed's `userName` (the e-mail's local part). (Deviation from
 * seed 000 §7: docs/spec-deviations.md.)
 */
export async function sendVerificationCode(deps: Pick<TDeps, 'db' | 'mailer' | 'codeKey'>, input: { email: string; userName?: string; nombre?: string; companyName?: string }) {
  const email = normalizeEmail(input.email);
  const code = String(randomInt(100_000, 1_000_000));
  await issueCode(deps, email, 'registration', code);
  const name = input.nombre?.trim() || input.userName?.trim() || email.split('@')[0];
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
 * POST /api/Email/verify-code: tries the latest live code (codes.ts: at most 5 tries, claimed atomically) and returns
 * a short-lived verificationToken that POST /api/Auth/registration requires. Throws 400 codeWrong / codeExpired,
 * 429 codeTooManyAttempts once the tries are spent (the right code is refused from then on).
 */
export async function verifyEmailCode(deps: Pick<TDeps, 'db' | 'tokens' | 'codeKey'>, input: { email: string; code: string }) {
  const email = normalizeEmail(input.email);
  const outcome = await tryCode(deps, email, 'registration', input.code);
  if (outcome === 'missing') throw new AppError('CODE_EXPIRED', MSG.codeExpired);
  if (outcome === 'exhausted') throw new AppError('CODE_TOO_MANY_ATTEMPTS', MSG.codeTooManyAttempts);
  if (outcome === 'wrong') throw new AppError('CODE_WRONG', MSG.codeWrong);
  const verificationToken = await deps.tokens.signPurpose('email-verified', email, VERIFICATION_TOKEN_TTL_S);
  return { verificationToken };
}

/**
 * POST /api/Auth/registration (seed 000 §3, §7): creates the tenant (random unguessable validator and database
 * name), the tercero and the user in one transaction. Manual registration needs a password (≥ 8) and the
 * verificationToken of the same e-mail. Records the acceptance of the terms and privacy versions in force (legal/service.ts).
 * Throws 409 emailAlreadyRegistered, 400 verificationTokenInvalid.
 */
export async function register(deps: TDeps, input: TRegistrationRequest): Promise<TRegistrationData> {
  const { terceroData: t, credentialData: c } = input;
  const email = normalizeEmail(c.email);
  let passwordHash: string | null = null;
  let google: Awaited<ReturnType<typeof verifyGoogleIdToken>> | null = null;
  if (c.credentialType === 'google') {
    google = await verifyGoogleIdToken(deps.config, c.googleToken ?? '', deps.log);
    if (c.googleId && c.googleId !== google.sub) throw new AppError('GOOGLE_TOKEN_INVALID', MSG_CUENTAS.googleTokenInvalid);
    if (email !== google.profile.email || (c.emailGoogle && normalizeEmail(c.emailGoogle) !== google.profile.email))
      throw new AppError('GOOGLE_EMAIL_MISMATCH', MSG_CUENTAS.googleEmailMismatch);
  } else {
    if (!c.password || c.password.length < 8) throw new AppError('VALIDATION', MSG.passwordMin8);
    const verified = c.verificationToken ? await deps.tokens.verifyPurpose('email-verified', c.verificationToken) : null;
    if (verified !== email) throw new AppError('EMAIL_NOT_VERIFIED', MSG.verificationTokenInvalid);
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
  let created: TRegistrationData & { tenantId: number };
  try {
    created = await deps.db.transaction(async (tx) => {
      if (google && (await identityExists(tx, 'google', google.sub)))
        throw new AppError('GOOGLE_ALREADY_REGISTERED', MSG_CUENTAS.googleAlreadyRegistered);
      if ((await findUserIdByEmail(tx, email)) !== null) throw new AppError('EMAIL_TAKEN', MSG.emailAlreadyRegistered);
      const validator = randomBytes(18).toString('base64url');
      const databaseName = `radica_${randomBytes(8).toString('hex')}`;
      const { tercero, user } = await insertAccount(tx, {
        tenant: { validator, databaseName },
        tercero: {
          nombre,
          razonSocial: t.razonSocial || nombre,
          primerNombre,
          segundoNombre: t.segundoNombre,
          primerApellido,
          segundoApellido: t.segundoApellido,
          tipoIdentidad: t.tipoIdentidad,
          numeroIdentificacion: normalizeNumeroIdentificacion(t.numeroIdentificacion),
          dv: dvToStore(t),
          codPais,
          codDepartamento,
          codCiudad,
          direccion: t.direccion,
          telefono: t.telefono,
          email: t.email || email,
          observaciones: t.observaciones,
        },
        user: { email, name, passwordHash, authType: google ? 'google' : 'manual' },
        identity: google ? { provider: 'google', subject: google.sub, email: google.profile.email } : null,
      });
      // 'Al registrarte aceptas los Términos… y la Política de privacidad': the versions in force, kept.
      await recordLegalAcceptance(tx, { tenantId: user.tenantId, userId: user.id, email, origen: 'registro' });
      deps.log.info({ event: 'auth.registration', userId: user.id, authType: google ? 'google' : 'manual' }, 'account created');
      return {
        terceroId: tercero.id,
        userId: user.id,
        validator,
        databaseName,
        message: MSG.registrationSucceeded,
        tenantId: user.tenantId,
      };
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (String((err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code) === '23505')
      throw google
        ? new AppError('GOOGLE_ALREADY_REGISTERED', MSG_CUENTAS.googleAlreadyRegistered)
        : new AppError('EMAIL_TAKEN', MSG.emailAlreadyRegistered);
    throw err;
  }
  // A guest who paid with this e-mail before registering gets the plan now (seed 002 §2 "Success").
  await claimGuestSales(deps, { tenantId: created.tenantId, email }).catch((err: unknown) =>
    deps.log.error({ err: String(err), userId: created.userId }, 'guest sales could not be claimed at registration'),
  );
  const { tenantId: _tenantId, ...data } = created;
  return data;
}

