import { z } from 'zod';
import { MSG_SFTP } from './messages-sftp.ts';

/**
 * The SFTP delivery channel: one SFTP user per tenant, set in /settings?tab=canales, confined
 * to its own tree of three folders. Files put in `entrada/` are filed when their upload closes; Radica writes the
 * ministry's answer (or the findings) to `resultados/` and moves the received file to `procesados/`.
 */

/** The three folders of a tenant's tree; nothing else can be created. */
export const SFTP_CARPETAS = ['entrada', 'resultados', 'procesados'] as const;
export type TSftpCarpeta = (typeof SFTP_CARPETAS)[number];

/** Radica: an SFTP password has at least this many characters (it guards filing, not only reading). */
export const SFTP_PASSWORD_MIN = 12;
/** Radica: most public keys per SFTP user. */
export const SFTP_MAX_CLAVES = 10;

/** Login name: 3–32 characters, lowercase letters, digits, '.', '_' and '-' (unique across tenants). */
export const ZSftpUsuario = z
  .string({ error: MSG_SFTP.usuarioInvalido })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._-]{3,32}$/, MSG_SFTP.usuarioInvalido);

/** PUT /api/canales/sftp body. `password` absent (or empty) keeps the current one; it is never returned. */
export const ZCanalSftpUpdateRequest = z.object({
  usuario: ZSftpUsuario,
  password: z
    .string()
    .max(200, MSG_SFTP.passwordLarga)
    .optional()
    .nullable()
    .refine((p) => !p || p.length >= SFTP_PASSWORD_MIN, MSG_SFTP.passwordCorta(SFTP_PASSWORD_MIN)),
  clavesPublicas: z
    .array(z.string().trim().min(1, MSG_SFTP.claveInvalida).max(16_384, MSG_SFTP.claveInvalida))
    .max(SFTP_MAX_CLAVES, MSG_SFTP.clavesDemasiadas(SFTP_MAX_CLAVES))
    .default([]),
  envioAutomatico: z.boolean().default(false),
  activo: z.boolean().default(true),
});
export type TCanalSftpUpdateRequest = z.input<typeof ZCanalSftpUpdateRequest>;

/** A stored public key as settings show it: the OpenSSH line, its type, comment and SHA256 fingerprint. */
export const ZSftpClavePublica = z.object({
  clave: z.string(),
  tipo: z.string(),
  comentario: z.string(),
  huella: z.string(),
});
export type TSftpClavePublica = z.infer<typeof ZSftpClavePublica>;

/**
 * GET/PUT /api/canales/sftp `data`. `configurado` false: no user saved yet (`usuario` is then the suggestion from the
 * tenant's NIT). `host`/`port`: where clients connect; `huellaServidor`: the host key's SHA256 fingerprint, as
 * OpenSSH prints it (`SHA256:…`). `habilitado` false when this installation runs no SFTP server.
 */
export const ZCanalSftpData = z.object({
  configurado: z.boolean(),
  usuario: z.string(),
  host: z.string(),
  port: z.number(),
  huellaServidor: z.string().nullable(),
  habilitado: z.boolean(),
  tienePassword: z.boolean(),
  clavesPublicas: z.array(ZSftpClavePublica),
  envioAutomatico: z.boolean(),
  activo: z.boolean(),
});
export type TCanalSftpData = z.infer<typeof ZCanalSftpData>;
