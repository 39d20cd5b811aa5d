import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';
import { tenants } from './schema-accounts.ts';

/**
 * State every process must see when Radica runs as several processes over one PostgreSQL (DESIGN.md
 * "Processes for many providers"; docs/decisions/026–029): the send queue's fairness turns, which process runs which
 * job, rate-limit counters, the servers' own keys, and the SFTP and e-mail channels' received work.
 */

/**
 * One queued ministry send (a pg-boss job of queue `envio-fevrips`) as the list and the fairness order see it.
 * `turno` is the job's place in the fair order (docs/decisions/027: each tenant's jobs take consecutive turns from
 * max(its last turn + 1, the head's turn)); the job's pg-boss priority is −turno. `disponibleDesde` is its startAfter.
 * The row lives from enqueue until the job ends (done, or failed for good).
 */
export const envioCola = pgTable(
  'envio_cola',
  {
    jobId: uuid('job_id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id').notNull(),
    turno: bigint('turno', { mode: 'number' }).notNull(),
    disponibleDesde: ts('disponible_desde').notNull().defaultNow(),
    creadoEn: ts('creado_en').notNull().defaultNow(),
  },
  (t) => [index('envio_cola_tenant_idx').on(t.tenantId, t.fevRipsId), index('envio_cola_turno_idx').on(t.turno)],
);

/**
 * A job a worker process is running: `proceso` is the number of the session advisory lock that process holds for its
 * life (modules/jobs/liveness.ts). When that lock is gone the process is dead and its jobs are failed (pg-boss retries them).
 */
export const trabajosActivos = pgTable('trabajos_activos', {
  jobId: uuid('job_id').primaryKey(),
  cola: text('cola').notNull(),
  proceso: integer('proceso').notNull(),
  desde: ts('desde').notNull().defaultNow(),
});

/** A rate-limit counter shared by every API process (plugins/rate-limit-store.ts): `cuenta` calls since the window began, until `expira`. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    clave: text('clave').primaryKey(),
    cuenta: integer('cuenta').notNull(),
    expira: ts('expira').notNull(),
  },
  (t) => [index('rate_limits_expira_idx').on(t.expira)],
);

/** A key of Radica's own servers (the SFTP host key), AES-256-GCM encrypted with ENCRYPTION_KEY: every node serves the same one. */
export const clavesServidor = pgTable('claves_servidor', {
  nombre: text('nombre').primaryKey(),
  valorCifrado: text('valor_cifrado').notNull(),
  creadoEn: ts('creado_en').notNull().defaultNow(),
});

/**
 * A file of a tenant's SFTP tree (docs/decisions/029): `carpeta` entrada | resultados | procesados. A file
 * in entrada/ with `pendiente` was accepted (the client's CLOSE answered OK only after this row existed) and waits for
 * its job; the job moves it to procesados/ and clears `pendiente`.
 */
export const sftpArchivos = pgTable(
  'sftp_archivos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    carpeta: text('carpeta').notNull(),
    nombre: text('nombre').notNull(),
    contenido: bytea('contenido').notNull(),
    tamano: integer('tamano').notNull(),
    pendiente: boolean('pendiente').notNull().default(false),
    modificadoEn: ts('modificado_en').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sftp_archivos_nombre_uq').on(t.tenantId, t.carpeta, t.nombre), index('sftp_archivos_pendiente_idx').on(t.pendiente, t.modificadoEn)],
);

/** Half a package received over SFTP, waiting for its other file until `desde` + SFTP_PAIR_WAIT_S (then INCOMPLETO, once). */
export const sftpPendientes = pgTable(
  'sftp_pendientes',
  {
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    fevRipsId: integer('fev_rips_id').notNull(),
    formato: text('formato').notNull(),
    archivos: jsonb('archivos').$type<string[]>().notNull().default([]),
    desde: ts('desde').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.fevRipsId] })],
);

/**
 * A message the e-mail channel accepted (SMTP 250 or IMAP seen only after this row exists), processed by a job
 * (`correo-entrante`). `crudo` null when it was over INBOUND_MAX_BYTES (logged and replied as such); `tenantIds` the
 * channels it was addressed to. `procesadoEn` set once every tenant's copy was filed.
 */
export const correosRecibidos = pgTable(
  'correos_recibidos',
  {
    id: serial('id').primaryKey(),
    remitenteSobre: text('remitente_sobre'),
    tenantIds: jsonb('tenant_ids').$type<number[]>().notNull(),
    crudo: bytea('crudo'),
    /** Tenants whose copy was filed already (a retried job skips them). */
    hechos: jsonb('hechos').$type<number[]>().notNull().default([]),
    recibidoEn: ts('recibido_en').notNull().defaultNow(),
    procesadoEn: ts('procesado_en'),
  },
  (t) => [index('correos_recibidos_pendiente_idx').on(t.procesadoEn, t.recibidoEn)],
);
