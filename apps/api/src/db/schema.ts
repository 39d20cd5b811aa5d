import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Drizzle schema. Every tenant-owned table has tenant_id (DESIGN.md "Tenancy"). Times are UTC timestamptz. */

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id')
    .notNull()
    .references(() => tenants.id),
  terceroId: integer('tercero_id')
    .notNull()
    .references(() => terceros.id),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash'),
  authType: text('auth_type').notNull().$type<'manual' | 'google'>(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

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

/** A ministry report: one per (tenant, formato) (seed 001 §3; DESIGN.md "The ministry flow"). */
export const fevRips = pgTable(
  'fev_rips',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => users.id),
    formato: text('formato').notNull(),
    tipoDocumento: text('tipo_documento').notNull(),
    estado: text('estado').notNull(),
    /** Status before a send claimed the document (restored when a send is interrupted). */
    estadoPrevio: text('estado_previo'),
    cuv: text('cuv'),
    procesoId: bigint('proceso_id', { mode: 'number' }),
    intentosEnvio: integer('intentos_envio').notNull().default(0),
    /** Invoice total as the XML gives it (PayableAmount), COP with 2 decimals. */
    totalFactura: numeric('total_factura', { precision: 18, scale: 2 }).notNull().default('0'),
    infoFevRips: jsonb('info_fev_rips'),
    muvEndpoint: text('muv_endpoint'),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
    fechaModificacion: ts('fecha_modificacion').notNull().defaultNow(),
    fechaEnvio: ts('fecha_envio'),
    fechaRadicacion: ts('fecha_radicacion'),
    envioIniciadoAt: ts('envio_iniciado_at'),
    // List facts kept by triggers on fev_rips_files and fev_rips_results (migration 0004, decision 007): never
    // written by the application.
    /** An XML file is stored. */
    tieneXml: boolean('tiene_xml').notNull().default(false),
    /** A JSON file is stored. */
    tieneJson: boolean('tiene_json').notNull().default(false),
    /** The ministry's RECHAZADO findings (origen MUV). */
    totalErrores: integer('total_errores').notNull().default(0),
    /** The ministry's other findings (origen MUV). */
    totalNotificaciones: integer('total_notificaciones').notNull().default(0),
  },
  (t) => [
    uniqueIndex('fev_rips_tenant_formato_uq').on(t.tenantId, t.formato),
    // The list's order with the columns its common filters test: page ids come from an index-only scan (issue 4 speed).
    index('fev_rips_tenant_lista_idx').on(t.tenantId, t.fechaCreacion, t.id, t.estado, t.tipoDocumento),
    // formato "contains" (ILIKE '%…%') through trigrams; the migration creates the pg_trgm extension.
    index('fev_rips_formato_trgm_idx').using('gin', t.formato.op('gin_trgm_ops')),
    index('fev_rips_tenant_estado_idx').on(t.tenantId, t.estado),
    index('fev_rips_tenant_estado_creacion_idx').on(t.tenantId, t.estado, t.fechaCreacion, t.id),
  ],
);

/** Uploaded files, stored in the database with their SHA-256 (DESIGN.md "Files"). */
export const fevRipsFiles = pgTable(
  'fev_rips_files',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id')
      .notNull()
      .references(() => fevRips.id),
    tipo: text('tipo').notNull().$type<'xml' | 'json'>(),
    nombre: text('nombre').notNull(),
    content: bytea('content').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('fev_rips_files_doc_tipo_uq').on(t.fevRipsId, t.tipo)],
);

/** One row per call to the ministry: request summary, raw answer, duration (audit). */
export const muvAttempts = pgTable(
  'muv_attempts',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id').references(() => fevRips.id),
    operation: text('operation').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    durationMs: doublePrecision('duration_ms'),
    httpStatus: integer('http_status'),
    outcome: text('outcome'),
    requestSummary: jsonb('request_summary'),
    rawResponse: text('raw_response'),
    error: text('error'),
  },
  (t) => [index('muv_attempts_doc_idx').on(t.fevRipsId)],
);

/** Findings of a document: the ministry's (origen MUV) or Radica's own pre-validation (origen LOCAL). */
export const fevRipsResults = pgTable(
  'fev_rips_results',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id')
      .notNull()
      .references(() => fevRips.id),
    attemptId: integer('attempt_id').references(() => muvAttempts.id),
    origen: text('origen').notNull().$type<'MUV' | 'LOCAL'>(),
    clase: text('clase').notNull(),
    codigo: text('codigo').notNull(),
    descripcion: text('descripcion').notNull(),
    observaciones: text('observaciones').notNull().default(''),
    pathFuente: text('path_fuente').notNull().default(''),
    fuente: text('fuente').notNull().default(''),
  },
  (t) => [index('fev_rips_results_doc_idx').on(t.fevRipsId)],
);

/**
 * Third-party sign-in identities (issue 3): a user is found by (provider, subject), never by e-mail alone.
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

/** Failed logins per (normalised) e-mail, for the per-account lockout (issue 3 "Server security"). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    failedAt: ts('failed_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.failedAt)],
);

/**
 * Purchased products (modules) of a tenant (seed 000 §3 "Purchased-products result"; issue 4 "Module access").
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
  },
  (t) => [index('purchases_tenant_idx').on(t.tenantId, t.modulo)],
);
