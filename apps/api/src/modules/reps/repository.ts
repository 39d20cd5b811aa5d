import { sql } from 'drizzle-orm';
import type { TDb, TSqlRows } from '../../db/client.ts';
import { repsImports, repsPrestadores } from '../../db/schema-reps.ts';
import type { TRepsRow } from './reps-file.ts';

/**
 * The REPS module's queries (issue 13): the provider search over reps_prestadores and the import's writes (batched
 * upserts, retiring absent providers, the import runs). reps_prestadores is public reference data shared by every
 * tenant: no query here takes a tenant.
 */

/** One search hit as the search reads it (dates as 'YYYY-MM-DD' text). */
export type TRepsSearchRow = {
  id: number;
  codigo_prestador: string;
  nombre: string;
  nit: string | null;
  razon_social: string | null;
  tipo_prestador: string | null;
  direccion: string | null;
  telefono: string | null;
  email: string | null;
  caracter: string | null;
  clase_persona: string | null;
  tipo_entidad: string | null;
  representante: string | null;
  fecha_radicacion: string | null;
  fecha_vencimiento: string | null;
  habilitado: boolean;
  muni_nombre: string | null;
};

const SEARCH_COLUMNS = sql.raw(`id, codigo_prestador, nombre, nit, razon_social, tipo_prestador, direccion, telefono, email, caracter,
  clase_persona, tipo_entidad, representante, fecha_radicacion::text as fecha_radicacion, fecha_vencimiento::text as fecha_vencimiento,
  habilitado, muni_nombre`);

/** The smallest text greater than every text starting with the digit string `prefix` (byte order, text_pattern_ops). */
const afterDigits = (prefix: string) => `${prefix}:`;

/**
 * Providers whose 12-digit code (codigo_habilitacion + sede, so also the 10-digit code) starts with `digits` or whose
 * NIT starts with `nit`, through the text_pattern_ops b-trees (`~>=~`/`~<~` ranges, which a generic prepared plan can
 * use, unlike LIKE with a parameter). Order: exact code (10 or 12 digits) or exact NIT first, then the prefixes;
 * habilitado before not; then name. At most `limit` rows.
 */
export async function searchByCode(rows: TSqlRows, q: { digits: string; nit: string; limit: number }): Promise<TRepsSearchRow[]> {
  return rows<TRepsSearchRow>(sql`
    select ${SEARCH_COLUMNS} from reps_prestadores
    where (codigo_prestador ~>=~ ${q.digits} and codigo_prestador ~<~ ${afterDigits(q.digits)})
       or (nit ~>=~ ${q.nit} and nit ~<~ ${afterDigits(q.nit)})
    order by case when codigo_prestador = ${q.digits} or codigo_habilitacion = ${q.digits} or nit = ${q.nit} then 0 else 1 end,
      habilitado desc, nombre, id
    limit ${q.limit}`);
}

/**
 * Providers whose folded name text (`busqueda`) matches every LIKE pattern: `first` (the longest word, served by the
 * trigram GIN index) and each of `rest` (checked on its candidates). Patterns come escaped (search-text.ts
 * wordPattern). Order: names starting with the folded text (`startsWith`, `' text%'`), then by trigram similarity to
 * `folded`; within each, habilitado before not, then name. At most `limit` rows.
 */
export async function searchByWords(
  rows: TSqlRows,
  q: { first: string; rest: string[]; startsWith: string; folded: string; limit: number },
): Promise<TRepsSearchRow[]> {
  return rows<TRepsSearchRow>(sql`
    select ${SEARCH_COLUMNS} from reps_prestadores
    where busqueda like ${q.first} and busqueda like all (${sql.param(q.rest)}::text[])
    order by case when busqueda like ${q.startsWith} then 0 else 1 end, habilitado desc,
      similarity(busqueda, ${q.folded}) desc, nombre, id
    limit ${q.limit}`);
}

/** True when reps_prestadores has no row yet (a fresh install: the bundled seed is loaded). */
export async function isRepsEmpty(db: TDb): Promise<boolean> {
  const found = await db.select({ id: repsPrestadores.id }).from(repsPrestadores).limit(1);
  return found.length === 0;
}

/** Number of providers, and of those habilitado (tests, diagnostics). */
export async function countPrestadores(db: TDb): Promise<{ total: number; habilitados: number }> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int`, habilitados: sql<number>`(count(*) filter (where ${repsPrestadores.habilitado}))::int` })
    .from(repsPrestadores);
  return row ?? { total: 0, habilitados: 0 };
}

/**
 * Open an import run (`en_curso`). A run whose heartbeat is older than `staleAfterS` (its process died) is closed as
 * `interrumpida` first. Returns the run's id, or null when another run is in progress (the partial unique index
 * reps_imports_one_running_idx allows one).
 */
export async function startImportRun(db: TDb, run: { fuente: string; origen: string; staleAfterS: number }): Promise<number | null> {
  await db.execute(sql`update reps_imports set estado = 'interrumpida', finished_at = now()
    where estado = 'en_curso' and heartbeat_at < now() - make_interval(secs => ${run.staleAfterS})`);
  const [row] = await db
    .insert(repsImports)
    .values({ fuente: run.fuente.slice(0, 300), origen: run.origen })
    .onConflictDoNothing({ target: repsImports.estado, where: sql`estado = 'en_curso'` })
    .returning({ id: repsImports.id });
  return row?.id ?? null;
}

/** What an import has done so far (the run's counters). */
export type TImportCounts = { filas: number; insertados: number; actualizados: number; retirados: number; malformadas: number };

/**
 * Upsert one batch of providers (distinct codes) for run `importId`, in one transaction with the run's heartbeat and
 * counters `counts` (as they stand after this batch's rows are added by the caller): INSERT … SELECT FROM unnest(…)
 * ON CONFLICT (codigo_habilitacion) DO UPDATE, so a re-import updates rows in place. The contact columns
 * (direccion, telefono, email, representante) are overwritten only when the file has them (`contact`); otherwise
 * the stored values stay. Returns how many rows were inserted and how many updated.
 */
export async function upsertPrestadores(
  db: TDb,
  importId: number,
  batch: TRepsRow[],
  contact: { direccion: boolean; telefono: boolean; email: boolean; representante: boolean },
  counts: Omit<TImportCounts, 'insertados' | 'actualizados' | 'retirados'>,
): Promise<{ insertados: number; actualizados: number }> {
  const col = <K extends keyof TRepsRow>(k: K) => sql.param(batch.map((r) => (r[k] === null ? null : String(r[k]))));
  const keep = (name: string, isInFile: boolean) =>
    sql.raw(isInFile ? `${name} = excluded.${name}` : `${name} = reps_prestadores.${name}`);
  return db.transaction(async (tx) => {
    const result = (await tx.execute(sql`
      with up as (
        insert into reps_prestadores (codigo_habilitacion, sede, codigo_prestador, nombre, nit, dv, razon_social, tipo_prestador,
          caracter, clase_persona, tipo_entidad, habilitado, fecha_radicacion, fecha_vencimiento, depa_nombre, muni_nombre,
          direccion, telefono, email, representante, busqueda, import_id, updated_at)
        select u.codigo, u.sede, u.codigo_prestador, u.nombre, u.nit, u.dv, u.razon_social, u.tipo_prestador, u.caracter,
          u.clase_persona, u.tipo_entidad, u.habilitado::boolean, u.fecha_radicacion::date, u.fecha_vencimiento::date,
          u.depa_nombre, u.muni_nombre, u.direccion, u.telefono, u.email, u.representante, u.busqueda, ${importId}::int, now()
        from unnest(${col('codigoHabilitacion')}::text[], ${col('sede')}::text[], ${col('codigoPrestador')}::text[], ${col('nombre')}::text[],
          ${col('nit')}::text[], ${col('dv')}::text[], ${col('razonSocial')}::text[], ${col('tipoPrestador')}::text[], ${col('caracter')}::text[],
          ${col('clasePersona')}::text[], ${col('tipoEntidad')}::text[], ${col('habilitado')}::text[], ${col('fechaRadicacion')}::text[],
          ${col('fechaVencimiento')}::text[], ${col('depaNombre')}::text[], ${col('muniNombre')}::text[], ${col('direccion')}::text[],
          ${col('telefono')}::text[], ${col('email')}::text[], ${col('representante')}::text[], ${col('busqueda')}::text[])
          as u(codigo, sede, codigo_prestador, nombre, nit, dv, razon_social, tipo_prestador, caracter, clase_persona, tipo_entidad,
            habilitado, fecha_radicacion, fecha_vencimiento, depa_nombre, muni_nombre, direccion, telefono, email, representante, busqueda)
        on conflict (codigo_habilitacion) do update set
          sede = excluded.sede, codigo_prestador = excluded.codigo_prestador, nombre = excluded.nombre, nit = excluded.nit,
          dv = excluded.dv, razon_social = excluded.razon_social, tipo_prestador = excluded.tipo_prestador,
          caracter = excluded.caracter, clase_persona = excluded.clase_persona, tipo_entidad = excluded.tipo_entidad,
          habilitado = excluded.habilitado, fecha_radicacion = excluded.fecha_radicacion,
          fecha_vencimiento = excluded.fecha_vencimiento, depa_nombre = excluded.depa_nombre, muni_nombre = excluded.muni_nombre,
          ${keep('direccion', contact.direccion)}, ${keep('telefono', contact.telefono)}, ${keep('email', contact.email)},
          ${keep('representante', contact.representante)}, busqueda = excluded.busqueda, import_id = excluded.import_id,
          updated_at = now()
        returning (xmax = 0) as inserted
      )
      select (count(*) filter (where inserted))::int as insertados, (count(*) filter (where not inserted))::int as actualizados from up`)) as unknown as {
      rows: { insertados: number; actualizados: number }[];
    };
    const done = result.rows[0] ?? { insertados: 0, actualizados: 0 };
    await tx.execute(sql`update reps_imports set filas = ${counts.filas}, malformadas = ${counts.malformadas},
      insertados = insertados + ${done.insertados}, actualizados = actualizados + ${done.actualizados}, heartbeat_at = now()
      where id = ${importId}`);
    return done;
  });
}

/**
 * Retire the providers run `importId` did not see: habilitado → false (the row stays; never deleted). Returns how many
 * were habilitado before.
 */
export async function retireAbsent(db: TDb, importId: number): Promise<number> {
  const result = (await db.execute(sql`with gone as (
      update reps_prestadores set habilitado = false, updated_at = now()
      where habilitado and import_id is distinct from ${importId} returning 1)
    select count(*)::int as n from gone`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/** Close run `importId` as `estado` ('completa', 'fallida') with its final counters. */
export async function finishImportRun(db: TDb, importId: number, estado: 'completa' | 'fallida', counts: TImportCounts): Promise<void> {
  await db.execute(sql`update reps_imports set estado = ${estado}, finished_at = now(), heartbeat_at = now(),
    filas = ${counts.filas}, insertados = ${counts.insertados}, actualizados = ${counts.actualizados},
    retirados = ${counts.retirados}, malformadas = ${counts.malformadas} where id = ${importId}`);
}
