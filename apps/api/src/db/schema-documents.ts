import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';
import { tenants, users } from './schema-accounts.ts';

/** Drizzle schema of the ministry documents: reports, their files, findings and the audit of ministry calls. */

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
    /** How the files arrived: 'plataforma' (web upload), 'api', 'email', 'sftp'. */
    canal: text('canal').notNull().default('plataforma'),
    muvEndpoint: text('muv_endpoint'),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
    fechaModificacion: ts('fecha_modificacion').notNull().defaultNow(),
    fechaEnvio: ts('fecha_envio'),
    fechaRadicacion: ts('fecha_radicacion'),
    envioIniciadoAt: ts('envio_iniciado_at'),
    /**
     * While ENPROCESO: until when the send's claim is valid. The sending process renews it (heartbeat); once it has
     * passed, any process releases the document.
     */
    envioLeaseHasta: ts('envio_lease_hasta'),
    /**
     * A wait for the ministry (docs/decisions/047): the ministry answered no verdict (TOT003, a 5xx, the local API's
     * error text, a time-out…) and Radica retries by itself. `reintentoDesde` is when the wait began (null: no wait),
     * `reintentoTexto` the ministry's own words of the last such answer, `reintentoProximo` the next automatic retry
     * (null: none left) and `reintentoNumero` its number (a retry job whose number is not this one was superseded).
     */
    reintentoDesde: ts('reintento_desde'),
    reintentoTexto: text('reintento_texto'),
    reintentoProximo: ts('reintento_proximo'),
    reintentoNumero: integer('reintento_numero').notNull().default(0),
    /** Approved through a re-send the ministry answered RVG18 (already validated): its CUV was recovered, not issued now. */
    cuvRecuperado: boolean('cuv_recuperado').notNull().default(false),
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
    /**
     * For a credit, debit or adjustment note: the tenant's invoice document it corrects (its family, docs/decisions/
     * 051), set when the note is built from the invoice or filed with a reference to an invoice the tenant holds.
     */
    facturaId: integer('factura_id').references((): AnyPgColumn => fevRips.id),
  },
  (t) => [
    uniqueIndex('fev_rips_tenant_formato_uq').on(t.tenantId, t.formato),
    // The list's order with the columns its common filters test: page ids come from an index-only scan (speed).
    index('fev_rips_tenant_lista_idx').on(t.tenantId, t.fechaCreacion, t.id, t.estado, t.tipoDocumento),
    // formato "contains" (ILIKE '%…%') through trigrams; the migration creates the pg_trgm extension.
    index('fev_rips_formato_trgm_idx').using('gin', t.formato.op('gin_trgm_ops')),
    index('fev_rips_tenant_estado_idx').on(t.tenantId, t.estado),
    index('fev_rips_tenant_estado_creacion_idx').on(t.tenantId, t.estado, t.fechaCreacion, t.id),
    index('fev_rips_tenant_factura_idx').on(t.tenantId, t.facturaId).where(sql`factura_id is not null`),
    // The maintenance's catch-up of overdue retries reads only the documents waiting for the ministry.
    index('fev_rips_reintento_idx').on(t.reintentoProximo).where(sql`reintento_proximo is not null`),
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
 * What people did to a document: upload, send, cancel, reactivate, file deletion, sync, RIPS
 * edits, each with the user who did it (null for a channel without a person: e-mail, SFTP, a job) and the channel or
 * API key it came through. The detail's history reads it, newest first.
 */
export const fevRipsEventos = pgTable(
  'fev_rips_eventos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id')
      .notNull()
      .references(() => fevRips.id),
    usuarioId: integer('usuario_id').references(() => users.id),
    /** The API key of an API-channel action (api_keys.id). */
    apiKeyId: integer('api_key_id'),
    canal: text('canal').notNull(),
    accion: text('accion').notNull(),
    detalle: text('detalle').notNull().default(''),
    creadoEn: ts('creado_en').notNull().defaultNow(),
  },
  (t) => [index('fev_rips_eventos_doc_idx').on(t.fevRipsId, t.id)],
);
