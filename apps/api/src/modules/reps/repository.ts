import { inArray, sql, type SQL } from 'drizzle-orm';
import type { TDb, TSqlRows } from '../../db/client.ts';
import { repsImports, repsPrestadores } from '../../db/schema-reps.ts';
import type { TRepsRow } from './reps-file.ts';

/**
 * The REPS module's queries: the provider search over reps_prestadores and the import's writes (batched
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

/** The columns of a hit (table alias `p`). */
const SEARCH_COLUMNS_OF_P = sql.raw(`p.id, p.codigo_prestador, p.nombre, p.nit, p.razon_social, p.tipo_prestador, p.direccion, p.telefono,
  p.email, p.caracter, p.clase_persona, p.tipo_entidad, p.representante, p.fecha_radicacion::text as fecha_radicacion,
  p.fecha_vencimiento::text as fecha_vencimiento, p.habilitado, p.muni_nombre`);

/**
 * The smallest text greater (in byte order, text_pattern_ops) than every text starting with `prefix`: its last
 * character moved one code point up (' jose' → ' josf', '1905' → '1906').
 */
export function afterPrefix(prefix: string): string {
  const last = prefix.codePointAt(prefix.length - 1)!;
  return `${prefix.slice(0, prefix.length - (last > 0xffff ? 2 : 1))}${String.fromCodePoint(last + 1)}`;
}

/** A search hit with the step that found it (the order of the page: lower first). */
export type TRepsRankedRow = TRepsSearchRow & { tier: number };

/**
 * The page of a search whose candidates `hits` (a statement answering `tier, clave, id, habilitado`, plus `parecido`
 * when `bySimilarity`) names: each provider once at its best tier, ordered by tier, habilitado first, then `parecido`
 * (highest first) or `clave` (byte order), then id; at most `limit`, and only those rows' columns are read (PGlite
 * pays for every value it returns).
 */
function pageOf(hits: SQL, limit: number, bySimilarity: boolean): SQL {
  const order = bySimilarity ? sql.raw('tier, habilitado desc, parecido desc, id') : sql.raw('tier, habilitado desc, clave collate "C", id');
  return sql`
    with hits as (${hits}),
    best as (select distinct on (id) * from hits order by id, tier),
    page as (select * from best order by ${order} limit ${limit})
    select page.tier, ${SEARCH_COLUMNS_OF_P} from page join reps_prestadores p on p.id = page.id
    order by ${sql.raw(bySimilarity ? 'page.tier, page.habilitado desc, page.parecido desc, page.id' : 'page.tier, page.habilitado desc, page.clave collate "C", page.id')}`;
}

/**
 * Providers for a code or NIT query: each branch reads an index in its own order and stops after `limit` rows. The
 * page's order: exact 10-digit code (`codigo10`, with `codigo12` also the sede) or exact NIT (tier 0, any status),
 * then habilitado providers whose 12-digit code starts with `digits` (1, code order) or whose NIT starts with `nit`
 * (2, NIT order), then the same for the others (3, 4). `digits` null skips the code prefixes (more than 12 digits).
 */
export async function findByCodeOrNit(
  rows: TSqlRows,
  q: { codigo10: string | null; codigo12: string | null; digits: string | null; nit: string; limit: number },
): Promise<TRepsRankedRow[]> {
  // A range no code can fall in when there is no code prefix to look for.
  const digits = q.digits ?? 'x';
  const branch = (tier: number, status: string, column: 'codigo_prestador' | 'nit', prefix: string) => sql`
    (select ${tier}::int as tier, ${sql.raw(column)} as clave, id, habilitado from reps_prestadores
     where ${sql.raw(status)} and ${sql.raw(column)} ~>=~ ${prefix} and ${sql.raw(column)} ~<~ ${afterPrefix(prefix)}
     order by ${sql.raw(column)} using ~<~, id limit ${q.limit})`;
  const hits = sql`
    (select 0::int as tier, codigo_prestador as clave, id, habilitado from reps_prestadores
     where (codigo_habilitacion = ${q.codigo10 ?? ''} and (${q.codigo12 ?? ''} = '' or codigo_prestador = ${q.codigo12 ?? ''}))
        or (habilitado in (true, false) and nit = ${q.nit})
     limit ${q.limit})
    union all ${branch(1, 'habilitado', 'codigo_prestador', digits)}
    union all ${branch(2, 'habilitado', 'nit', q.nit)}
    union all ${branch(3, 'not habilitado', 'codigo_prestador', digits)}
    union all ${branch(4, 'not habilitado', 'nit', q.nit)}`;
  return rows<TRepsRankedRow>(pageOf(hits, q.limit, false));
}

/**
 * Providers whose folded name starts with `start` (' clinica bogota'), habilitado ones first (tier 0), then the
 * others (tier 1), each alphabetically and read from the (habilitado, busqueda text_pattern_ops) index, which stops
 * after `limit` entries per status.
 */
export async function findByNameStart(rows: TSqlRows, q: { start: string; limit: number }): Promise<TRepsRankedRow[]> {
  const branch = (tier: number, status: string) => sql`
    (select ${tier}::int as tier, busqueda as clave, id, habilitado from reps_prestadores
     where ${sql.raw(status)} and busqueda ~>=~ ${q.start} and busqueda ~<~ ${afterPrefix(q.start)}
     order by busqueda using ~<~, id limit ${q.limit})`;
  return rows<TRepsRankedRow>(pageOf(sql`${branch(0, 'habilitado')} union all ${branch(1, 'not habilitado')}`, q.limit, false));
}

/** Candidates ranked by trigram similarity in {@link findByNameWords}: the shortest matching names. */
export const NAME_CANDIDATES = 50;

/**
 * Providers whose folded name matches every LIKE pattern of `patterns` (escaped, search-text.ts wordPattern; all
 * served together by the trigram GIN index) but does not start with `start` (those come from
 * {@link findByNameStart}): habilitado ones first (tier 2), then the others (tier 3). Of each status's
 * {@link NAME_CANDIDATES} shortest matches, the most similar to `folded` (pg_trgm similarity) first. For names
 * holding every query word, similarity falls as the name grows, so the shortest candidates hold the most similar
 * ones; the cap keeps a common word from ranking thousands of rows.
 */
export async function findByNameWords(rows: TSqlRows, q: { patterns: string[]; folded: string; start: string; limit: number }): Promise<TRepsRankedRow[]> {
  const likes = sql.join(
    q.patterns.map((p) => sql`busqueda like ${p}`),
    sql` and `,
  );
  const branch = (tier: number, status: string) => sql`
    (select ${tier}::int as tier, '' as clave, id, habilitado, similarity(busqueda, ${q.folded}) as parecido from (
       select id, habilitado, busqueda from reps_prestadores
       where ${sql.raw(status)} and ${likes} and not (busqueda ~>=~ ${q.start} and busqueda ~<~ ${afterPrefix(q.start)})
       order by length(busqueda), busqueda limit ${NAME_CANDIDATES}) c)`;
  return rows<TRepsRankedRow>(pageOf(sql`${branch(2, 'habilitado')} union all ${branch(3, 'not habilitado')}`, q.limit, true));
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

/**
 * After an import: move the trigram index's pending entries into the index proper (a bulk load leaves them in a list
 * every search would scan) and refresh the planner's statistics (PGlite runs no autovacuum).
 */
export async function refreshSearchIndexes(db: TDb): Promise<void> {
  await db.execute(sql`select gin_clean_pending_list('reps_prestadores_busqueda_trgm_idx'::regclass)`);
  await db.execute(sql`analyze reps_prestadores`);
}

/** Close run `importId` as `estado` ('completa', 'fallida') with its final counters. */
export async function finishImportRun(db: TDb, importId: number, estado: 'completa' | 'fallida', counts: TImportCounts): Promise<void> {
  await db.execute(sql`update reps_imports set estado = ${estado}, finished_at = now(), heartbeat_at = now(),
    filas = ${counts.filas}, insertados = ${counts.insertados}, actualizados = ${counts.actualizados},
    retirados = ${counts.retirados}, malformadas = ${counts.malformadas} where id = ${importId}`);
}

/**
 * The newest completed import's id (0 before any): what the search's per-process cache is valid for. Another process
 * (a second API on the same PostgreSQL, `npm run reps:import` run directly) that completes an import changes it.
 */
export async function lastCompletedImportId(rows: TSqlRows): Promise<number> {
  const [row] = await rows<{ id: number }>(sql`select id from reps_imports where estado = 'completa' order by id desc limit 1`);
  return row?.id ?? 0;
}

/** The NIT (null when the row has none) of each of `codigos` (codigo_habilitacion, 10 digits) the table has; one query on its unique index. */
export async function nitsByCodigoHabilitacion(db: TDb, codigos: readonly string[]): Promise<Map<string, string | null>> {
  if (codigos.length === 0) return new Map();
  const rows = await db
    .select({ codigo: repsPrestadores.codigoHabilitacion, nit: repsPrestadores.nit })
    .from(repsPrestadores)
    .where(inArray(repsPrestadores.codigoHabilitacion, [...codigos]));
  return new Map(rows.map((r) => [r.codigo, r.nit]));
}
