import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';

/**
 * Drizzle schema of the REPS provider data: the providers of the Ministry of Health's Registro Especial de
 * Prestadores ("Prestadores" export), shared by every tenant (not tenant-owned: it is public reference data), and the
 * import runs that loaded them. Codes are stored as the provider form takes them (seed 000 §3 "Provider search result").
 */

/**
 * One import of a REPS file (`npm run reps:import`, POST /api/admin/reps/import, or the bundled seed at first start).
 * At most one run is `en_curso` at a time (partial unique index): a second import is refused while one runs; a run
 * whose `heartbeat_at` is older than the staleness window is considered dead and closed as `interrumpida`.
 */
export const repsImports = pgTable(
  'reps_imports',
  {
    id: serial('id').primaryKey(),
    /** `en_curso`, `completa`, `fallida`, `interrumpida`. */
    estado: text('estado').notNull().default('en_curso'),
    /** File name (or 'semilla') and who ran it (`npm run reps:import`, `semilla`). */
    fuente: text('fuente').notNull(),
    origen: text('origen').notNull(),
    filas: integer('filas').notNull().default(0),
    insertados: integer('insertados').notNull().default(0),
    actualizados: integer('actualizados').notNull().default(0),
    retirados: integer('retirados').notNull().default(0),
    malformadas: integer('malformadas').notNull().default(0),
    startedAt: ts('started_at').notNull().defaultNow(),
    heartbeatAt: ts('heartbeat_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('reps_imports_one_running_idx').on(t.estado).where(sql`estado = 'en_curso'`)],
);

/**
 * A REPS provider (one `codigo_habilitacion`). `codigo_prestador` = `codigo_habilitacion` + `sede` (the 12-digit
 * codPrestador of the RIPS). `busqueda` is the accent- and case-folded name text (modules/reps/search-text.ts
 * foldSearchText of nombre and razón social, with a leading space so word starts read `% word`); the search reads
 * it through a trigram GIN index (words anywhere) and, with the codes and the NIT, through text_pattern_ops b-trees
 * led by `habilitado` (prefixes in index order, so a page of 10 stops early).
 * Rows are never deleted: a provider absent from a newer import keeps its row with `habilitado` false.
 */
export const repsPrestadores = pgTable(
  'reps_prestadores',
  {
    id: serial('id').primaryKey(),
    /** REPS codigo_habilitacion, 10 digits. */
    codigoHabilitacion: text('codigo_habilitacion').notNull(),
    /** Main sede, 2 digits (numero_sede_principal '1.0' → '01'). */
    sede: text('sede').notNull().default('01'),
    codigoPrestador: text('codigo_prestador').notNull(),
    nombre: text('nombre').notNull(),
    nit: text('nit'),
    dv: text('dv'),
    razonSocial: text('razon_social'),
    /** 01 Profesional Independiente, 02 IPS, 03 Objeto Social Diferente, 04 Transporte Especial (enums TIPOS_PRESTADOR). */
    tipoPrestador: text('tipo_prestador'),
    /** D/E/F/G/H/N/A (enums ALCANCES). */
    caracter: text('caracter'),
    /** N/J (enums TIPOS_PERSONA). */
    clasePersona: text('clase_persona'),
    /** 01 Privada, 03 Mixta, 04 Pública (enums TIPOS_ENTIDAD). */
    tipoEntidad: text('tipo_entidad'),
    habilitado: boolean('habilitado').notNull().default(true),
    fechaRadicacion: date('fecha_radicacion', { mode: 'string' }),
    fechaVencimiento: date('fecha_vencimiento', { mode: 'string' }),
    depaNombre: text('depa_nombre'),
    muniNombre: text('muni_nombre'),
    direccion: text('direccion'),
    telefono: text('telefono'),
    email: text('email'),
    representante: text('representante'),
    busqueda: text('busqueda').notNull(),
    /** The import run that last saw the provider in its file. */
    importId: integer('import_id').references(() => repsImports.id),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reps_prestadores_codigo_idx').on(t.codigoHabilitacion),
    // Prefixes read in index order, habilitado providers apart from the others (the search takes them first and
    // stops once it has enough): code, NIT, and the name's start (`busqueda` from its first word).
    index('reps_prestadores_activo_codigo_idx').on(t.habilitado, t.codigoPrestador.op('text_pattern_ops')),
    index('reps_prestadores_activo_nit_idx').on(t.habilitado, t.nit.op('text_pattern_ops')),
    index('reps_prestadores_activo_busqueda_idx').on(t.habilitado, t.busqueda.op('text_pattern_ops')),
    // Words anywhere in the name (LIKE '%word%', '% wo%'), every word of the query in one index scan.
    index('reps_prestadores_busqueda_trgm_idx').using('gin', t.busqueda.op('gin_trgm_ops')),
    check('reps_prestadores_codigo_chk', sql`${t.codigoHabilitacion} ~ '^[0-9]{10}$'`),
    check('reps_prestadores_sede_chk', sql`${t.sede} ~ '^[0-9]{2}$'`),
  ],
);
