import { z } from 'zod';
import { MSG } from './messages.ts';
import { TIPOS_IDENTIDAD } from './enums.ts';

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

export const ZRegistrationRequest = z.object({ terceroData: ZTerceroData, credentialData: ZCredentialData });
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
