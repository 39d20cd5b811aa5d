import { z } from 'zod';
import { MSG } from './messages.ts';
import { ROLES, TIPOS_IDENTIDAD } from './enums.ts';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { isDvConsistent } from './nit.ts';

/** Account and session calls (seed 000 §3, §7). Field names are the seed's, verbatim. */

const email = (required: string, invalid: string) =>
  z.string({ error: required }).trim().min(1, required).email(invalid).max(254, invalid);

export const ZCheckEmailRequest = z.object({
  email: email(MSG.emailObligatorio, MSG.emailInvalid),
  credentialType: z.enum(['manual', 'google']).default('manual'),
});
export type TCheckEmailRequest = z.infer<typeof ZCheckEmailRequest>;
export const ZCheckEmailData = z.object({ isAvailable: z.boolean(), email: z.string() });
export type TCheckEmailData = z.infer<typeof ZCheckEmailData>;

/**
 * seed 000 §7 lists `verificationCode` and `expiryMinutes` in this body because the seed's browser made the code.
 * Radica generates it on the server (docs/spec-deviations.md); both fields are accepted and ignored.
 */
export const ZSendVerificationCodeRequest = z.object({
  email: email(MSG.emailObligatorio, MSG.emailInvalid),
  userName: z.string().trim().max(200).optional(),
  /** Radica: the person's name as typed in the registration, which the mail greets ('Hola Ana Gómez:'). */
  nombre: z.string().trim().max(200).optional(),
  companyName: z.string().trim().max(200).optional(),
  verificationCode: z.unknown().optional(),
  expiryMinutes: z.unknown().optional(),
});
export type TSendVerificationCodeRequest = z.infer<typeof ZSendVerificationCodeRequest>;

export const ZVerifyCodeRequest = z.object({
  email: email(MSG.emailObligatorio, MSG.emailInvalid),
  code: z.string().trim().regex(/^\d{6}$/, MSG.codeSixDigits),
});
export type TVerifyCodeRequest = z.infer<typeof ZVerifyCodeRequest>;
export const ZVerifyCodeData = z.object({ verificationToken: z.string() });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v ?? '');

/** Tercero as sent at registration (seed 000 §3 "Tercero"; registration adds the four name parts). */
export const ZTerceroData = z.object({
  nombre: optionalText(300),
  razonSocial: optionalText(300),
  primerNombre: z.string({ error: MSG.primerNombreRequired }).trim().min(1, MSG.primerNombreRequired).max(100),
  segundoNombre: optionalText(100),
  primerApellido: z
    .string({ error: MSG.primerApellidoRequired })
    .trim()
    .min(1, MSG.primerApellidoRequired)
    .max(100),
  segundoApellido: optionalText(100),
  tipoIdentidad: z.enum(Object.keys(TIPOS_IDENTIDAD) as [keyof typeof TIPOS_IDENTIDAD], {
    error: MSG.tipoIdentidadRequired,
  }),
  numeroIdentificacion: z
    .string({ error: MSG.numeroIdentificacionRequired })
    .trim()
    .min(1, MSG.numeroIdentificacionRequired)
    .max(20)
    .regex(/^[0-9A-Za-z.\- ]+$/, MSG.numeroIdentificacionRequired),
  dv: optionalText(1),
  codPais: z.string({ error: MSG.codPaisRequired }).trim().min(1, MSG.codPaisRequired).max(3),
  codDepartamento: z
    .string({ error: MSG.codDepartamentoRequired })
    .trim()
    .min(1, MSG.codDepartamentoRequired)
    .max(5),
  codCiudad: z.string({ error: MSG.codCiudadRequired }).trim().min(1, MSG.codCiudadRequired).max(5),
  direccion: optionalText(300),
  telefono: optionalText(50),
  email: z.string().trim().max(254).optional().nullable(),
  observaciones: optionalText(1000),
});
export type TTerceroData = z.infer<typeof ZTerceroData>;

export const ZCredentialData = z.object({
  credentialType: z.enum(['manual', 'google']),
  email: email(MSG.emailObligatorio, MSG.emailInvalid),
  password: z.string().min(8, MSG.passwordMin8).max(200).optional(),
  googleToken: z.string().optional(),
  googleId: z.string().optional(),
  emailGoogle: z.string().optional(),
  /** Radica addition: the token returned by POST /api/Email/verify-code (docs/spec-deviations.md). */
  verificationToken: z.string().optional(),
});

/**
 * Tercero at registration. Manual registration requires the seed's personal data (seed 000 §5); the Google
 * completion form only sends razonSocial, numeroIdentificacion and tipoIdentidad (NI/CC/CE), so for Google the
 * names come from the verified ID token and the location defaults to 68 / 001 / CO (seed 000 §5).
 */
export const ZRegistrationTerceroData = ZTerceroData.extend({
  primerNombre: z.string().trim().max(100).optional(),
  primerApellido: z.string().trim().max(100).optional(),
  codPais: z.string().trim().max(3).optional(),
  codDepartamento: z.string().trim().max(5).optional(),
  codCiudad: z.string().trim().max(5).optional(),
});

/** Symbols that count for the registration password (seed 000 §5). */
export const REGISTRATION_PASSWORD_SYMBOLS = '!@#$%^&*()_+-[]{}|;:,.<>?';

/**
 * What a registration password lacks (seed 000 §5 "Registration e-mail/password": at least 8 characters, a
 * letter, a digit and a symbol of REGISTRATION_PASSWORD_SYMBOLS), as the Spanish items of 'Falta: …'.
 * Empty when the password is acceptable. The server applies it too, so the browser's check is not the only one.
 */
export function registrationPasswordMissing(password: string): string[] {
  const missing: string[] = [];
  if (password.length < 8) missing.push(MSG_CUENTAS.passwordMissingLength);
  if (!/[A-Za-zÀ-ÿ]/.test(password)) missing.push(MSG_CUENTAS.passwordMissingLetter);
  if (!/\d/.test(password)) missing.push(MSG_CUENTAS.passwordMissingDigit);
  if (![...password].some((c) => REGISTRATION_PASSWORD_SYMBOLS.includes(c))) missing.push(MSG_CUENTAS.passwordMissingSymbol);
  return missing;
}

/** Registration tipos offered by the third-party completion form (seed 000 §3: NIT, CC, CE). */
export const GOOGLE_TIPOS_IDENTIDAD = ['NI', 'CC', 'CE'] as const;

export const ZRegistrationRequest = z
  .object({ terceroData: ZRegistrationTerceroData, credentialData: ZCredentialData })
  .superRefine((v, ctx) => {
    const t = v.terceroData;
    if (!isDvConsistent(t)) ctx.addIssue({ code: 'custom', path: ['terceroData', 'dv'], message: MSG_CUENTAS.dvIncorrecto });
    if (v.credentialData.credentialType === 'manual') {
      const required: [keyof typeof t, string][] = [
        ['primerNombre', MSG.primerNombreRequired],
        ['primerApellido', MSG.primerApellidoRequired],
        ['codPais', MSG.codPaisRequired],
        ['codDepartamento', MSG.codDepartamentoRequired],
        ['codCiudad', MSG.codCiudadRequired],
      ];
      for (const [field, message] of required)
        if (!t[field]) ctx.addIssue({ code: 'custom', path: ['terceroData', field], message });
      const missing = registrationPasswordMissing(v.credentialData.password ?? '');
      if (v.credentialData.password !== undefined && missing.length > 0)
        ctx.addIssue({ code: 'custom', path: ['credentialData', 'password'], message: MSG_CUENTAS.passwordMissing(missing) });
    } else {
      if (!t.razonSocial)
        ctx.addIssue({ code: 'custom', path: ['terceroData', 'razonSocial'], message: MSG_CUENTAS.razonSocialRequired });
      if (!(GOOGLE_TIPOS_IDENTIDAD as readonly string[]).includes(t.tipoIdentidad))
        ctx.addIssue({ code: 'custom', path: ['terceroData', 'tipoIdentidad'], message: MSG.tipoIdentidadRequired });
      if (!v.credentialData.googleToken)
        ctx.addIssue({ code: 'custom', path: ['credentialData', 'googleToken'], message: MSG_CUENTAS.googleTokenMissing });
    }
  });
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequest>;
export const ZRegistrationData = z.object({
  terceroId: z.number(),
  userId: z.number(),
  validator: z.string(),
  databaseName: z.string(),
  message: z.string(),
});
export type TRegistrationData = z.infer<typeof ZRegistrationData>;

export const ZLoginRequest = z.object({
  email: z.string({ error: MSG.emailRequired }).trim().min(1, MSG.emailRequired).email(MSG.emailInvalid),
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).min(6, MSG.passwordMin6),
  rememberMe: z.boolean().optional().default(false),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  accessTokenExpiry: z.string(),
  refreshTokenExpiry: z.string(),
  tokenType: z.string().default('Bearer'),
});
export type TTokens = z.infer<typeof ZTokens>;

export const ZTenant = z.object({ validator: z.string(), database: z.string() });
export const ZUser = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  tenant: ZTenant,
  authType: z.enum(['manual', 'google']),
  /** Radica: the user's role in the company when the session started (GET /api/usuarios/yo has the current one). */
  rol: z.enum(ROLES).optional(),
});
export type TUser = z.infer<typeof ZUser>;

/** Login response data: user, tenant, authType and the five token fields (seed 000 §3). */
export const ZLoginData = ZTokens.extend({
  user: ZUser,
  tenant: ZTenant,
  authType: z.enum(['manual', 'google']),
});
export type TLoginData = z.infer<typeof ZLoginData>;

/** The web app sends the refresh token in an httpOnly cookie; API clients may send it in the body. */
export const ZRefreshRequest = z.object({
  refreshToken: z.string().optional(),
  validator: z.string().optional(),
});
export type TRefreshRequest = z.infer<typeof ZRefreshRequest>;
export const ZLogoutRequest = z.object({ refreshToken: z.string().optional() });

// ---- Google sign-in, password recovery and change, tercero update, geography ----

/** POST /api/Auth/google (seed 000 §7): the Google ID token (a JWT) from Google Identity Services. */
export const ZGoogleLoginRequest = z.object({
  googleToken: z.string({ error: MSG_CUENTAS.googleTokenMissing }).trim().min(1, MSG_CUENTAS.googleTokenMissing).max(8192),
});
export type TGoogleLoginRequest = z.infer<typeof ZGoogleLoginRequest>;

/**
 * `data` of the 404 GOOGLE_NOT_REGISTERED answer of POST /api/Auth/google: the verified token's profile, the
 * same fields the seed's client read from the token (seed 000 §7 notes), so the web shows the completion form.
 */
export const ZGoogleProfile = z.object({
  email: z.string(),
  name: z.string(),
  given_name: z.string(),
  family_name: z.string(),
  picture: z.string(),
});
export type TGoogleProfile = z.infer<typeof ZGoogleProfile>;

/** New-password rules of the reset screen (seed 000 §5 "Reset"): ≥ 8, a lowercase, an uppercase, a digit. */
export const ZResetNewPassword = z
  .string({ error: MSG.passwordMin8 })
  .min(8, MSG.passwordMin8)
  .max(200, MSG.passwordMin8)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), MSG_CUENTAS.resetPasswordRules);

/** New-password rules of the change-password modal (seed 000 §5 "Change-password modal"). */
export const ZChangeNewPassword = z
  .string({ error: MSG.passwordMin8 })
  .min(8, MSG.passwordMin8)
  .max(200, MSG.passwordMin8)
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), MSG_CUENTAS.changePasswordRules);

/** POST /api/Auth/forgot-password (seed 000 §5 "Forgot": a valid e-mail). */
export const ZForgotPasswordRequest = z.object({ email: email(MSG.emailRequired, MSG.emailInvalid) });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** POST /api/Auth/reset-password (seed 000 §5 "Reset": code 6–10 characters; password rules). */
export const ZResetPasswordRequest = z.object({
  email: email(MSG.emailRequired, MSG.emailInvalid),
  resetCode: z
    .string({ error: MSG_CUENTAS.resetCodeRequired })
    .trim()
    .min(1, MSG_CUENTAS.resetCodeRequired)
    .min(6, MSG_CUENTAS.resetCodeMin6)
    .max(10, MSG_CUENTAS.resetCodeInvalid),
  newPassword: ZResetNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** POST /api/Auth/request-password-change-code (seed 000 §7): the caller's own e-mail. */
export const ZRequestPasswordChangeCodeRequest = z.object({ email: email(MSG.emailRequired, MSG.emailInvalid) });
export type TRequestPasswordChangeCodeRequest = z.infer<typeof ZRequestPasswordChangeCodeRequest>;

/**
 * POST /api/Auth/verify-password-change-code (seed 000 §7). `refreshToken` is a Radica addition for API clients:
 * the session it belongs to is kept when the others are revoked (the web app's cookie serves the same purpose).
 */
export const ZVerifyPasswordChangeCodeRequest = z.object({
  email: email(MSG.emailRequired, MSG.emailInvalid),
  verificationCode: z.string({ error: MSG.codeSixDigits }).trim().regex(/^\d{6}$/, MSG.codeSixDigits),
  newPassword: ZChangeNewPassword,
  refreshToken: z.string().optional(),
});
export type TVerifyPasswordChangeCodeRequest = z.infer<typeof ZVerifyPasswordChangeCodeRequest>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/**
 * PUT /api/Auth/actualizar-tercero (seed 000 §3 "Tercero", §2 Settings required marks: Nombre, Email, Tipo de
 * Identificación, Número de Identificación, Razón Social, Teléfono, Dirección). A NIT's DV, when sent, must be its
 * check digit (seed 000 §5).
 */
export const ZActualizarTerceroRequest = z.object({
  nombre: requiredText(MSG_CUENTAS.nombreRequired, 300),
  razonSocial: requiredText(MSG_CUENTAS.razonSocialRequired, 300),
  tipoIdentidad: z.enum(Object.keys(TIPOS_IDENTIDAD) as [keyof typeof TIPOS_IDENTIDAD], {
    error: MSG.tipoIdentidadRequired,
  }),
  numeroIdentificacion: requiredText(MSG.numeroIdentificacionRequired, 20).regex(
    /^[0-9A-Za-z.\- ]+$/,
    MSG.numeroIdentificacionRequired,
  ),
  dv: optionalText(1),
  codPais: requiredText(MSG.codPaisRequired, 3),
  codDepartamento: requiredText(MSG.codDepartamentoRequired, 5),
  codCiudad: requiredText(MSG.codCiudadRequired, 5),
  direccion: requiredText(MSG_CUENTAS.direccionRequired, 300),
  telefono: requiredText(MSG_CUENTAS.telefonoRequired, 50),
  email: email(MSG.emailObligatorio, MSG.emailInvalid),
  observaciones: optionalText(1000),
}).refine(isDvConsistent, { path: ['dv'], message: MSG_CUENTAS.dvIncorrecto });
export type TActualizarTerceroRequest = z.infer<typeof ZActualizarTerceroRequest>;

/** GET /api/Geografia/autocomplete query (seed 000 §7, §9: texto trimmed ≥ 2, limite 15; Radica caps at 50). */
export const ZGeografiaAutocompleteQuery = z.object({
  texto: z.string({ error: MSG_CUENTAS.geoTextTooShort }).trim().min(2, MSG_CUENTAS.geoTextTooShort).max(100),
  limite: z.coerce.number().int().min(1).max(50).default(15),
});
export type TGeografiaAutocompleteQuery = z.infer<typeof ZGeografiaAutocompleteQuery>;

/** One location result (seed 000 §3 "Location result"); ciudad.codigo is the 3-digit municipal part of DIVIPOLA. */
export const ZUbicacion = z.object({
  ciudad: z.object({ codigo: z.string(), descripcion: z.string(), codDepartamento: z.string(), codPais: z.string() }),
  departamento: z.object({ codigo: z.string(), descripcion: z.string() }),
  pais: z.object({ codigo: z.string(), descripcion: z.string() }),
});
export type TUbicacion = z.infer<typeof ZUbicacion>;
export const ZGeografiaAutocompleteData = z.object({ ubicaciones: z.array(ZUbicacion) });
export type TGeografiaAutocompleteData = z.infer<typeof ZGeografiaAutocompleteData>;
