import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { TRol } from '@radica/contracts/enums';
import { ts } from './columns.ts';

/** Drizzle schema of accounts, sessions, codes, mail, provider configuration and purchases. Every tenant-owned table has tenant_id (DESIGN.md "Tenancy"). */

export const tenants = pgTable('tenants', {
  id: serial('id').primaryKey(),
  validator: text('validator').notNull().unique(),
  databaseName: text('database_name').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const terceros = pgTable(
  'terceros',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    nombre: text('nombre').notNull().default(''),
    razonSocial: text('razon_social').notNull().default(''),
    primerNombre: text('primer_nombre').notNull().default(''),
    segundoNombre: text('segundo_nombre').notNull().default(''),
    primerApellido: text('primer_apellido').notNull().default(''),
    segundoApellido: text('segundo_apellido').notNull().default(''),
    tipoIdentidad: text('tipo_identidad').notNull(),
    numeroIdentificacion: text('numero_identificacion').notNull(),
    dv: text('dv').notNull().default(''),
    codPais: text('cod_pais').notNull(),
    codDepartamento: text('cod_departamento').notNull(),
    codCiudad: text('cod_ciudad').notNull(),
    direccion: text('direccion').notNull().default(''),
    telefono: text('telefono').notNull().default(''),
    email: text('email').notNull().default(''),
    observaciones: text('observaciones').notNull().default(''),
    activo: boolean('activo').notNull().default(true),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
  },
  (t) => [index('terceros_tenant_idx').on(t.tenantId)],
);

/**
 * A person who signs in, in one company (tenant). `rol` is what the server lets them do; a removed user keeps
 * its row (the audit names it) with `eliminadoEn` set, and its e-mail is free again (unique among active users only).
 * `whatsappNumero` is the linked WhatsApp number (international, digits), `whatsappPendiente` one waiting for its code.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    terceroId: integer('tercero_id')
      .notNull()
      .references(() => terceros.id),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    authType: text('auth_type').notNull().$type<'manual' | 'google'>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    rol: text('rol').notNull().default('administrador').$type<TRol>(),
    ultimoIngreso: ts('ultimo_ingreso'),
    eliminadoEn: ts('eliminado_en'),
    whatsappNumero: text('whatsapp_numero'),
    whatsappPendiente: text('whatsapp_pendiente'),
  },
  (t) => [
    uniqueIndex('users_email_activo_uq').on(t.email).where(sql`eliminado_en is null`),
    index('users_tenant_idx').on(t.tenantId),
    uniqueIndex('users_whatsapp_uq').on(t.whatsappNumero).where(sql`eliminado_en is null and whatsapp_numero is not null`),
  ],
);

/**
 * An invitation to join a company: mailed as a link valid 7 days, single use; only the SHA-256 of its token
 * is stored. Open while `aceptadaEn` and `canceladaEn` are null (a resend replaces the token and the expiry).
 */
export const invitaciones = pgTable(
  'invitaciones',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    email: text('email').notNull(),
    rol: text('rol').notNull().$type<TRol>(),
    tokenHash: text('token_hash').notNull(),
    invitadoPor: integer('invitado_por')
      .notNull()
      .references(() => users.id),
    creadaEn: ts('creada_en').notNull().defaultNow(),
    expiraEn: ts('expira_en').notNull(),
    aceptadaEn: ts('aceptada_en'),
    canceladaEn: ts('cancelada_en'),
    usuarioId: integer('usuario_id').references(() => users.id),
  },
  (t) => [
    uniqueIndex('invitaciones_token_uq').on(t.tokenHash),
    index('invitaciones_tenant_idx').on(t.tenantId),
    uniqueIndex('invitaciones_abierta_uq').on(t.tenantId, t.email).where(sql`aceptada_en is null and cancelada_en is null`),
  ],
);

/** Refresh tokens: only the SHA-256 of the token is stored; a family is one login's rotation chain. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/** E-mail verification codes: HMAC of the code, 30-minute validity, at most 5 tries. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('email_codes_email_idx').on(t.email, t.purpose)],
);

/** Outbox of the local mail transport (used when SMTP_URL is unset). */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  sentAt: ts('sent_at').notNull().defaultNow(),
});

/** Provider configuration (seed 000 §3). passwordValidatorEnc is AES-256-GCM ciphertext. */
export const providerConfigs = pgTable('provider_configs', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id),
  codigoPrestador: text('codigo_prestador').notNull(),
  userValidator: text('user_validator').notNull(),
  passwordValidatorEnc: text('password_validator_enc').notNull(),
  tipoPrestadorServicio: text('tipo_prestador_servicio'),
  tipoCaracter: text('tipo_caracter'),
  tipoClasePersona: text('tipo_clase_persona'),
  tipoEntidad: text('tipo_entidad'),
  telefonoAdicional: text('telefono_adicional'),
  nombreRepresentanteLegal: text('nombre_representante_legal'),
  fechaRadicacion: date('fecha_radicacion', { mode: 'string' }),
  fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
  activo: boolean('activo').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Third-party sign-in identities: a user is found by (provider, subject), never by e-mail alone.
 * `email` is the provider's verified e-mail at link time (informative).
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull().$type<'google'>(),
    subject: text('subject').notNull(),
    email: text('email').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_identities_provider_subject_uq').on(t.provider, t.subject), index('user_identities_user_idx').on(t.userId)],
);

/**
 * Failed logins per (normalised) e-mail and client, for the lockout (): each attempt
 * writes its row before the password is checked; a success deletes the rows of its (e-mail, client).
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    /** The client the attempt came from (its IP as the trusted proxy chain gives it): lockout per (account, client). */
    clientKey: text('client_key').notNull().default(''),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.failedAt), index('login_failures_email_client_idx').on(t.email, t.clientKey, t.failedAt)],
);

/**
 * Purchased products (modules) of a tenant (seed 000 §3 "Purchased-products result").
 * A row is one purchase: by the payment gateway, or manual (`metodoPago` 'TRANSFERENCIA' recorded by an operator).
 * `modulo` is one of ministerio, facturacion, marketing, automatizaciones.
 */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    modulo: text('modulo').notNull(),
    productoId: integer('producto_id').notNull().default(0),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion'),
    estado: text('estado').notNull().default('APROBADO'),
    fechaCompra: ts('fecha_compra').notNull().defaultNow(),
    montoPagado: integer('monto_pagado').notNull().default(0),
    numeroVenta: text('numero_venta').notNull(),
    metodoPago: text('metodo_pago').notNull(),
    activo: boolean('activo').notNull().default(true),
    /** Operator or process that recorded the purchase (e-mail of the operator command, 'seed:demo'…). */
    registradoPor: text('registrado_por'),
    /** End of the purchased period (a sale grants 12 months); null = no end (manual grants). */
    vigenteHasta: ts('vigente_hasta'),
    /** The sale that granted it (sales.id), or null for a manual grant. */
    saleId: integer('sale_id'),
    /** The plan of the purchase (seed 002 §1): 'profesional' (sold online) or 'business' (quoted, granted by an operator). */
    plan: text('plan').notNull().default('profesional'),
  },
  (t) => [index('purchases_tenant_idx').on(t.tenantId, t.modulo)],
);
