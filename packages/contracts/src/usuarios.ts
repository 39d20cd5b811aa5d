import { z } from 'zod';
import { MSG } from './messages.ts';
import { MSG_CUENTAS } from './messages-cuentas.ts';
import { MSG_USUARIOS } from './messages-usuarios.ts';
import { registrationPasswordMissing } from './auth.ts';
import type { TPlanTenant } from './products.ts';
import { PLANES } from './plans.ts';
import { ROLES, type TRol } from './enums.ts';

/**
 * Users and roles of a company (the Business plan's multi-user module): who may do what, the users page
 * (Configuración › Usuarios), invitations and the signed-in user's own record (GET /api/usuarios/yo).
 */

/**
 * The roles: Administrador does everything (settings, provider configuration, users, API keys, channels,
 * purchases); Facturador uploads, creates and edits RIPS, sends, cancels and reactivates documents and downloads;
 * Consulta reads (lists, details, downloads, reports). The first user of a company is its Administrador.
 */
export { ROLES, type TRol };
export const ZRol = z.enum(ROLES, { error: MSG_USUARIOS.rolInvalido });

/** How a role is written for people. */
export const ROL_NOMBRE: Record<TRol, string> = { administrador: 'Administrador', facturador: 'Facturador', consulta: 'Consulta' };

/** What each role may do, in one line (the users page and the invitation show it). */
export const ROL_DESCRIPCION: Record<TRol, string> = {
  administrador: 'Todo: configuración, prestador, usuarios, claves de API, canales y compras.',
  facturador: 'Carga, crea y edita RIPS, envía, anula y reactiva documentos, y descarga. Sin configuración, claves, usuarios ni compras.',
  consulta: 'Solo lectura: listados, detalles, descargas e informes.',
};

/**
 * The groups of roles routes declare (every API route names the roles it allows; the API's plugins/roles.ts checks
 * them and the web hides what a role cannot do with the same groups).
 */
export const ACCESO = {
  /** Every signed-in user: reading. */
  lectura: ROLES,
  /** Working on documents: upload, send, cancel, reactivate, delete a file, sync. */
  edicion: ['administrador', 'facturador'],
  /** Settings, provider configuration, users, API keys, channels, webhooks and alerts, purchases. */
  administracion: ['administrador'],
} as const satisfies Record<string, readonly TRol[]>;
export type TAccesoRoles = (typeof ACCESO)[keyof typeof ACCESO];

/** True when `rol` is one of `roles` (a missing role is none). */
export const rolPermite = (roles: readonly TRol[], rol: TRol | null | undefined): boolean => rol != null && roles.includes(rol);

/**
 * Users a plan allows, counting pending invitations (docs/decisions/039-users-and-roles.md):
 * Profesional keeps one user; Business has ten seats.
 */
export const PUESTOS_POR_PLAN: Record<TPlanTenant, number> = { profesional: PLANES.profesional.usuarios, business: PLANES.business.usuarios };

/** Days an invitation link is valid. */
export const INVITACION_DIAS = 7;

const ZEmailInvitado = z
  .string({ error: MSG.emailObligatorio })
  .trim()
  .min(1, MSG.emailObligatorio)
  .email(MSG.emailInvalid)
  .max(254, MSG.emailInvalid)
  .transform((e) => e.toLowerCase());

/** POST /api/usuarios/invitaciones body. */
export const ZInvitacionRequest = z.object({ email: ZEmailInvitado, rol: ZRol });
export type TInvitacionRequest = z.input<typeof ZInvitacionRequest>;

/** PATCH /api/usuarios/{id} body. */
export const ZCambioRolRequest = z.object({ rol: ZRol });
export type TCambioRolRequest = z.infer<typeof ZCambioRolRequest>;

/** The invitation token of a link (base64url of 32 random bytes). */
export const ZInvitacionToken = z
  .string({ error: MSG_USUARIOS.invitacionInvalida })
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,100}$/, MSG_USUARIOS.invitacionInvalida);

/** POST /api/usuarios/invitaciones/consultar body: what the invitation page shows before accepting. */
export const ZConsultarInvitacionRequest = z.object({ token: ZInvitacionToken });

/**
 * POST /api/usuarios/invitaciones/aceptar body: the token with a name and a password (the registration's rules, seed
 * 000 §5), or the token with a Google ID token of the invited e-mail (`googleToken`; then name and password are not used).
 */
export const ZAceptarInvitacionRequest = z
  .object({
    token: ZInvitacionToken,
    nombre: z.string().trim().max(120, MSG_USUARIOS.nombreLargo).optional(),
    password: z.string().max(200).optional(),
    googleToken: z.string().min(10).max(4096).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.googleToken) return;
    if (!v.nombre) ctx.addIssue({ code: 'custom', path: ['nombre'], message: MSG_USUARIOS.nombreObligatorio });
    if (!v.password) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: MSG.passwordObligatoria });
      return;
    }
    const missing = registrationPasswordMissing(v.password);
    if (missing.length) ctx.addIssue({ code: 'custom', path: ['password'], message: MSG_CUENTAS.passwordMissing(missing) });
  });
export type TAceptarInvitacionRequest = z.input<typeof ZAceptarInvitacionRequest>;

/** POST /api/usuarios/invitaciones/consultar `data`. */
export const ZInvitacionInfo = z.object({
  email: z.string(),
  rol: ZRol,
  empresa: z.string(),
  invitadoPor: z.string(),
  expiraEn: z.string(),
});
export type TInvitacionInfo = z.infer<typeof ZInvitacionInfo>;

/** A user of the company as the users page lists it. Dates ISO 8601. */
export const ZUsuario = z.object({
  id: z.number(),
  nombre: z.string(),
  email: z.string(),
  rol: ZRol,
  authType: z.enum(['manual', 'google']),
  ultimoIngreso: z.string().nullable(),
  creadoEn: z.string(),
  /** The signed-in user's own row. */
  esYo: z.boolean(),
});
export type TUsuario = z.infer<typeof ZUsuario>;

/** A pending (or lapsed) invitation. */
export const ZInvitacion = z.object({
  id: z.number(),
  email: z.string(),
  rol: ZRol,
  creadaEn: z.string(),
  expiraEn: z.string(),
  invitadoPor: z.string(),
  /** 'pendiente' while its link works, 'vencida' once 7 days passed (resend it or cancel it). */
  estado: z.enum(['pendiente', 'vencida']),
});
export type TInvitacion = z.infer<typeof ZInvitacion>;

/** GET /api/usuarios `data`: users, open invitations and the seats (used counts users and pending invitations). */
export const ZUsuariosData = z.object({
  usuarios: z.array(ZUsuario),
  invitaciones: z.array(ZInvitacion),
  puestos: z.object({ usados: z.number(), total: z.number(), plan: z.enum(['profesional', 'business']).nullable() }),
});
export type TUsuariosData = z.infer<typeof ZUsuariosData>;

/** PATCH/DELETE /api/usuarios/{id} `data`: the user, and API keys the change suspended (docs/decisions/039). */
export const ZUsuarioCambio = z.object({ usuario: ZUsuario, clavesSuspendidas: z.number() });
export type TUsuarioCambio = z.infer<typeof ZUsuarioCambio>;

/** GET /api/usuarios/yo `data`: the signed-in user with the role the server enforces and the WhatsApp link. */
export const ZMiUsuario = z.object({
  id: z.number(),
  nombre: z.string(),
  email: z.string(),
  rol: ZRol,
  plan: z.enum(['profesional', 'business']).nullable(),
  whatsapp: z.object({
    /** The linked number (international, digits), or null. */
    numero: z.string().nullable(),
    /** A number waiting for its code, or null. */
    pendiente: z.string().nullable(),
  }),
});
export type TMiUsuario = z.infer<typeof ZMiUsuario>;

/** A WhatsApp number as typed: digits with an optional +, spaces, dashes or parentheses; Colombian mobiles without 57. */
export const ZNumeroWhatsapp = z
  .string({ error: MSG_USUARIOS.whatsappNumeroInvalido })
  .trim()
  .max(30, MSG_USUARIOS.whatsappNumeroInvalido)
  .transform((v) => v.replace(/[\s\-().]/g, '').replace(/^\+/, ''))
  .transform((v) => (/^3\d{9}$/.test(v) ? `57${v}` : v))
  .refine((v) => /^[1-9]\d{7,14}$/.test(v), MSG_USUARIOS.whatsappNumeroInvalido);

/** POST /api/usuarios/yo/whatsapp body: the number to link (a code goes to it). */
export const ZVincularWhatsappRequest = z.object({ numero: ZNumeroWhatsapp });
/** POST /api/usuarios/yo/whatsapp/confirmar body: the 6-digit code received on WhatsApp. */
export const ZConfirmarWhatsappRequest = z.object({
  codigo: z
    .string({ error: MSG_USUARIOS.whatsappCodigoFormato })
    .trim()
    .regex(/^\d{6}$/, MSG_USUARIOS.whatsappCodigoFormato),
});

/** The `{id}` of /api/usuarios/{id} and /api/usuarios/invitaciones/{id}: a positive integer. */
export const ZUsuarioIdParams = z.object({
  id: z.coerce.number({ error: MSG_USUARIOS.idInvalido }).int(MSG_USUARIOS.idInvalido).positive(MSG_USUARIOS.idInvalido).max(2_147_483_647, MSG_USUARIOS.idInvalido),
});
