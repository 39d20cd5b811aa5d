import { customType, index, integer, numeric, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, ts } from './columns.ts';
import { parseStoredJsonText } from '../lib/json-text.ts';
import { tenants, users } from './schema-accounts.ts';
import { fevRips } from './schema-documents.ts';

/**
 * Drizzle schema of the RIPS module: RIPS drafts created on the platform, the tenant's patients (sensitive
 * health data, Ley 1581: every access logged) and medications.
 */

/**
 * A JSON value kept as its text: the database copies it as it is (a jsonb column parses and re-encodes megabytes on every
 * autosave, and loses the key order). Nothing queries inside it. Written as plain JSON; a big imported sheet's is
 * written compressed by the worker that read it (lib/json-text.ts), and both forms read back the same.
 */
const jsonText = customType<{ data: unknown; driverData: string }>({
  dataType: () => 'text',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => parseStoredJsonText(value),
});

/**
 * A RIPS created or imported on the platform. `contenido` is the RIPS while it is a draft; once radicated it is null
 * and the RIPS is the ministry document's JSON file (`fev_rips_id`): one copy, never two to drift.
 */
export const ripsBorradores = pgTable(
  'rips_borradores',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    idUsuario: integer('id_usuario')
      .notNull()
      .references(() => users.id),
    /** Optimistic concurrency: every save names the version it changed and gets the next one. */
    version: integer('version').notNull().default(1),
    estructura: text('estructura').notNull(),
    origen: text('origen').notNull(),
    estado: text('estado').notNull().default('BORRADOR'),
    contenido: jsonText('contenido'),
    /** The invoice (or note) XML the RIPS goes with, as uploaded. */
    xml: bytea('xml'),
    xmlNombre: text('xml_nombre'),
    // list facts, written with every save
    formato: text('formato'),
    numFactura: text('num_factura'),
    tipoNota: text('tipo_nota'),
    numNota: text('num_nota'),
    cantidadUsuarios: integer('cantidad_usuarios').notNull().default(0),
    cantidadServicios: integer('cantidad_servicios').notNull().default(0),
    totalValorServicios: numeric('total_valor_servicios', { precision: 18, scale: 2 }).notNull().default('0'),
    totalRechazos: integer('total_rechazos').notNull().default(0),
    totalNotificaciones: integer('total_notificaciones').notNull().default(0),
    fevRipsId: integer('fev_rips_id').references(() => fevRips.id),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
    fechaModificacion: ts('fecha_modificacion').notNull().defaultNow(),
  },
  (t) => [index('rips_borradores_tenant_idx').on(t.tenantId, t.fechaModificacion, t.id)],
);

/** The tenant's patients, one per identification document. */
export const ripsPacientes = pgTable(
  'rips_pacientes',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    tipoDocumentoIdentificacion: text('tipo_documento_identificacion').notNull(),
    numDocumentoIdentificacion: text('num_documento_identificacion').notNull(),
    fechaNacimiento: text('fecha_nacimiento'),
    codSexo: text('cod_sexo'),
    tipoUsuario: text('tipo_usuario'),
    codPaisResidencia: text('cod_pais_residencia'),
    codMunicipioResidencia: text('cod_municipio_residencia'),
    codZonaTerritorialResidencia: text('cod_zona_territorial_residencia'),
    codPaisOrigen: text('cod_pais_origen'),
    nombre: text('nombre'),
    /** Where it came from: 'rips' (a RIPS created or filed), 'manual', 'csv'. */
    origen: text('origen').notNull(),
    fechaCreacion: ts('fecha_creacion').notNull().defaultNow(),
    fechaModificacion: ts('fecha_modificacion').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rips_pacientes_doc_uq').on(t.tenantId, t.tipoDocumentoIdentificacion, t.numDocumentoIdentificacion)],
);

/** Every access to patient data (Ley 1581): who, what, which patient (null for lists, imports and exports). */
export const ripsPacientesAccesos = pgTable(
  'rips_pacientes_accesos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    accion: text('accion').notNull(),
    pacienteId: integer('paciente_id'),
    detalle: text('detalle').notNull().default(''),
    fecha: ts('fecha').notNull().defaultNow(),
  },
  (t) => [index('rips_pacientes_accesos_tenant_idx').on(t.tenantId, t.fecha)],
);

/** The tenant's medications, one per CUM / IUM code. */
export const ripsMedicamentos = pgTable(
  'rips_medicamentos',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    codTecnologiaSalud: text('cod_tecnologia_salud').notNull(),
    nomTecnologiaSalud: text('nom_tecnologia_salud'),
    formaFarmaceutica: text('forma_farmaceutica'),
    concentracionMedicamento: integer('concentracion_medicamento'),
    unidadMedida: integer('unidad_medida'),
    unidadMinDispensa: integer('unidad_min_dispensa'),
    tipoMedicamento: text('tipo_medicamento'),
    fechaModificacion: ts('fecha_modificacion').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rips_medicamentos_cod_uq').on(t.tenantId, t.codTecnologiaSalud)],
);

/**
 * Earlier contents of a draft, kept by the autosave (docs/decisions/050): the content before a change that removes a user
 * or a service or replaces the whole RIPS, before a restore, and at most every few minutes while editing; the newest
 * ones only (service.ts VERSIONES_MAX). «Versiones anteriores» lists them and restores one. Gone with the draft.
 */
export const ripsBorradoresVersiones = pgTable(
  'rips_borradores_versiones',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    borradorId: integer('borrador_id')
      .notNull()
      .references(() => ripsBorradores.id, { onDelete: 'cascade' }),
    /** The draft's version this content was. */
    version: integer('version').notNull(),
    /** Why it was kept: 'eliminar-usuario', 'eliminar-servicio', 'reemplazar', 'restaurar', 'periodica'. */
    motivo: text('motivo').notNull(),
    contenido: jsonText('contenido').notNull(),
    cantidadUsuarios: integer('cantidad_usuarios').notNull().default(0),
    cantidadServicios: integer('cantidad_servicios').notNull().default(0),
    /** Who made the change that replaced it. */
    idUsuario: integer('id_usuario').references(() => users.id),
    fecha: ts('fecha').notNull().defaultNow(),
  },
  (t) => [index('rips_borradores_versiones_idx').on(t.tenantId, t.borradorId, t.id)],
);
