import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { tenants } from './schema-accounts.ts';
import { fevRips } from './schema-documents.ts';

/**
 * Drizzle schema of what the plans promise around the pipeline: result webhooks and their delivery
 * log, rejection alerts and their log, the e-mail channel (inbound address, allow-list, inbox log) and the SFTP
 * channel (per-tenant user). Secrets (webhook signing secrets) are AES-256-GCM ciphertexts (lib/secrets.ts).
 */

/** A tenant's result webhook: an https URL and its signing secret (encrypted at rest). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    url: text('url').notNull(),
    secretoCifrado: text('secreto_cifrado').notNull(),
    activo: boolean('activo').notNull().default(true),
    creadoEn: ts('creado_en').notNull().defaultNow(),
  },
  (t) => [index('webhooks_tenant_idx').on(t.tenantId)],
);

/**
 * One delivery of a final status to one webhook (the settings' delivery log). `estado`: PENDIENTE (queued or
 * retrying), ENTREGADO (2xx), FALLIDO (retries exhausted). `eventoId` is the event's id the receiver deduplicates on.
 */
export const webhookEntregas = pgTable(
  'webhook_entregas',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id),
    fevRipsId: integer('fev_rips_id').references(() => fevRips.id),
    eventoId: text('evento_id').notNull(),
    evento: text('evento').notNull(),
    payload: jsonb('payload').notNull(),
    estado: text('estado').notNull().default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    ultimoHttpStatus: integer('ultimo_http_status'),
    ultimoError: text('ultimo_error'),
    creadoEn: ts('creado_en').notNull().defaultNow(),
    ultimoIntentoEn: ts('ultimo_intento_en'),
    entregadoEn: ts('entregado_en'),
  },
  (t) => [index('webhook_entregas_tenant_idx').on(t.tenantId, t.id), uniqueIndex('webhook_entregas_evento_uq').on(t.webhookId, t.eventoId)],
);

/**
 * Rejection-alert settings of a tenant (a Business feature): e-mail recipients,
 * WhatsApp numbers (E.164 without '+'), which statuses alert, and the daily summary.
 */
export const alertasConfig = pgTable('alertas_config', {
  tenantId: integer('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  correos: jsonb('correos').$type<string[]>().notNull().default([]),
  whatsapp: jsonb('whatsapp').$type<string[]>().notNull().default([]),
  alertarNoAprobado: boolean('alertar_no_aprobado').notNull().default(true),
  alertarError: boolean('alertar_error').notNull().default(true),
  resumenDiario: boolean('resumen_diario').notNull().default(false),
  /** The last Bogotá day (YYYY-MM-DD) whose summary was sent: a day is summarised once across processes. */
  ultimoResumen: text('ultimo_resumen'),
  actualizadoEn: ts('actualizado_en').notNull().defaultNow(),
});

/** One alert message to one recipient (the settings' alert log). `canal`: correo | whatsapp; `tipo`: alerta | resumen. */
export const alertaEnvios = pgTable(
  'alerta_envios',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id').references(() => fevRips.id),
    tipo: text('tipo').notNull(),
    canal: text('canal').notNull(),
    destino: text('destino').notNull(),
    /** What the alert is about, so a retry and a duplicate event collapse (estado + fev_rips + attempt, or the day). */
    clave: text('clave').notNull(),
    estado: text('estado').notNull().default('PENDIENTE'),
    intentos: integer('intentos').notNull().default(0),
    ultimoError: text('ultimo_error'),
    creadoEn: ts('creado_en').notNull().defaultNow(),
    enviadoEn: ts('enviado_en'),
  },
  (t) => [index('alerta_envios_tenant_idx').on(t.tenantId, t.id), uniqueIndex('alerta_envios_clave_uq').on(t.tenantId, t.canal, t.destino, t.clave)],
);

/**
 * The e-mail channel of a tenant: inbound address `radicar+{token}@…` (rotatable), the senders it accepts,
 * and whether filed packages are sent to the ministry at once.
 */
export const canalCorreo = pgTable(
  'canal_correo',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    token: text('token').notNull(),
    remitentes: jsonb('remitentes').$type<string[]>().notNull().default([]),
    envioAutomatico: boolean('envio_automatico').notNull().default(false),
    activo: boolean('activo').notNull().default(true),
    actualizadoEn: ts('actualizado_en').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('canal_correo_token_uq').on(t.token)],
);

/**
 * One inbound message of the e-mail channel (the per-tenant inbox log): who sent it, what happened to each attachment
 * (`detalle`: per file/formato results), and whether the reply went out. `estado`: PROCESADO | PARCIAL | RECHAZADO.
 */
export const correoEntrantes = pgTable(
  'correo_entrantes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    messageId: text('message_id'),
    remitente: text('remitente').notNull(),
    asunto: text('asunto').notNull().default(''),
    estado: text('estado').notNull(),
    motivo: text('motivo'),
    detalle: jsonb('detalle').notNull().default([]),
    respuestaEnviada: boolean('respuesta_enviada').notNull().default(false),
    recibidoEn: ts('recibido_en').notNull().defaultNow(),
  },
  (t) => [index('correo_entrantes_tenant_idx').on(t.tenantId, t.id)],
);

/**
 * The e-mail channel's automatic replies within the current hour, per key (backscatter): `r:{address}`
 * (one recipient, all tenants) and `t:{tenantId}`. `desde` starts the key's window; one upsert claims a reply.
 */
export const correoRespuestasLimite = pgTable('correo_respuestas_limite', {
  clave: text('clave').primaryKey(),
  desde: ts('desde').notNull().defaultNow(),
  n: integer('n').notNull().default(0),
});

/**
 * The SFTP channel user of a tenant: login name (unique across tenants), an argon2id password hash and/or
 * OpenSSH public keys, and whether completed packages are sent at once. Each user is confined to its tenant's tree.
 */
export const sftpUsuarios = pgTable(
  'sftp_usuarios',
  {
    tenantId: integer('tenant_id')
      .primaryKey()
      .references(() => tenants.id),
    usuario: text('usuario').notNull(),
    passwordHash: text('password_hash'),
    clavesPublicas: jsonb('claves_publicas').$type<string[]>().notNull().default([]),
    envioAutomatico: boolean('envio_automatico').notNull().default(false),
    activo: boolean('activo').notNull().default(true),
    actualizadoEn: ts('actualizado_en').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sftp_usuarios_usuario_uq').on(t.usuario)],
);

/**
 * Inbound WhatsApp messages: one row per Cloud API message id (`wamid`, unique: a
 * webhook Meta delivers twice is answered once), written before the webhook answers 200 and processed by a job.
 * `tenantId`/`usuarioId` are the linked user's once known; `resultado` says how it was answered.
 */
export const whatsappMensajes = pgTable(
  'whatsapp_mensajes',
  {
    id: serial('id').primaryKey(),
    wamid: text('wamid').notNull(),
    numero: text('numero').notNull(),
    tipo: text('tipo').notNull(),
    texto: text('texto').notNull().default(''),
    /** When WhatsApp says the user sent it (the 24-hour service window starts there). */
    enviadoEn: ts('enviado_en').notNull(),
    recibidoEn: ts('recibido_en').notNull().defaultNow(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    usuarioId: integer('usuario_id'),
    procesadoEn: ts('procesado_en'),
    resultado: text('resultado'),
    respuestaWamid: text('respuesta_wamid'),
  },
  (t) => [
    uniqueIndex('whatsapp_mensajes_wamid_uq').on(t.wamid),
    index('whatsapp_mensajes_numero_idx').on(t.numero, t.recibidoEn),
    index('whatsapp_mensajes_tenant_idx').on(t.tenantId, t.recibidoEn),
  ],
);
