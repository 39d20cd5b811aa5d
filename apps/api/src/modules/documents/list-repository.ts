import { and, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { FILTRO_NOTAS, type TSearchRequest } from '@radica/contracts/documents';
import { MUV_CARGA_ENDPOINTS } from '@radica/contracts/muv';
import type { TDb, TSqlRows } from '../../db/client.ts';
import { fevRips } from '../../db/schema-documents.ts';
import { inicioDiaBogota } from '@radica/contracts/bogota';

/**
 * The documents list's hand-written statements (decision 007, search speed): the filter, the page of ids in list
 * order and the rows of a page, read through `dbRows` (prepared with a generic plan where the plan must not depend on
 * the values). Every filter starts with the tenant.
 */

/** Dates of the filters are yyyy-mm-dd in Bogotá; `Hasta` is inclusive. */
const dayStart = (d: string) => inicioDiaBogota(d.slice(0, 10));
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
const isDay = (d: string | null | undefined): d is string => Boolean(d && /^\d{4}-\d{2}-\d{2}$/.test(d.slice(0, 10)));

/** The package types of notes: their RIPS says NC, ND or NA (contracts/muv MUV_CARGA_ENDPOINTS). */
const ENDPOINTS_DE_NOTAS: string[] = MUV_CARGA_ENDPOINTS.filter((e) => e.tipoNota === 'NC' || e.tipoNota === 'ND' || e.tipoNota === 'NA').map((e) => e.name);

/**
 * WHERE clause of the list filters (seed 001 §2 "Filters", §5 "Filters", §7 `estado` values): tenant; `estado`
 * EXCLUDE_ANULADO (or empty) hides cancelled documents, NO_APROBADO also matches RECHAZADO and ERROR, other names
 * match exactly; `tipoDocumento` exact, or FILTRO_NOTAS for every note (decision 051); `canal` exact; `formato` contains (case-insensitive; a pg_trgm index serves it);
 * date ranges yyyy-mm-dd inclusive in Colombia time.
 */
export function searchFilter(tenantId: number, q: TSearchRequest): SQL {
  const where: SQL[] = [eq(fevRips.tenantId, tenantId)];
  const estado = q.estado || 'EXCLUDE_ANULADO';
  if (estado === 'EXCLUDE_ANULADO') where.push(ne(fevRips.estado, 'ANULADO'));
  else if (estado === 'NO_APROBADO') where.push(inArray(fevRips.estado, ['NO_APROBADO', 'RECHAZADO', 'ERROR']));
  else where.push(eq(fevRips.estado, estado));
  if (q.tipoDocumento === FILTRO_NOTAS) where.push(or(inArray(fevRips.tipoDocumento, ['NC', 'ND']), inArray(fevRips.muvEndpoint, ENDPOINTS_DE_NOTAS))!);
  else if (q.tipoDocumento) where.push(eq(fevRips.tipoDocumento, q.tipoDocumento));
  if (q.canal) where.push(eq(fevRips.canal, q.canal));
  if (q.formato) where.push(ilike(fevRips.formato, `%${q.formato.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (isDay(q.fechaCreacionDesde)) where.push(gte(fevRips.fechaCreacion, dayStart(q.fechaCreacionDesde)));
  if (isDay(q.fechaCreacionHasta)) where.push(lt(fevRips.fechaCreacion, nextDay(q.fechaCreacionHasta)));
  if (isDay(q.fechaRadicacionDesde)) where.push(gte(fevRips.fechaRadicacion, dayStart(q.fechaRadicacionDesde)));
  if (isDay(q.fechaRadicacionHasta)) where.push(lt(fevRips.fechaRadicacion, nextDay(q.fechaRadicacionHasta)));
  return and(...where)!;
}

/**
 * Ids (and creation time) of one list page: `pageSize` rows (an integer 1–100, written into the statement so a
 * generic plan knows the page is small) after `offset` rows, newest first.
 */
export function listPageSql(filter: SQL, pageSize: number, offset: number): SQL {
  return sql`select ${fevRips.id} as id, ${fevRips.fechaCreacion} as fecha_creacion from ${fevRips} where ${filter}
    order by ${fevRips.fechaCreacion} desc, ${fevRips.id} desc limit ${limitSql(pageSize)} offset ${offset}`;
}

/**
 * Ids (and creation time) of the `pageSize` rows of the filter after (`siguiente`: older) or before (`anterior`: newer)
 * the boundary row (creation time in microseconds since the epoch, id) in list order: a keyset read of the list index
 * that costs the same at any depth (docs/decisions/052). `anterior` comes nearest-first; listRowsSql orders the page.
 */
export function listKeysetSql(filter: SQL, pageSize: number, after: { direccion: 'siguiente' | 'anterior'; creadoUs: string; id: number }): SQL {
  const boundary = sql`(timestamptz 'epoch' + ${after.creadoUs}::bigint * interval '1 microsecond', ${after.id}::int)`;
  return after.direccion === 'siguiente'
    ? sql`select ${fevRips.id} as id, ${fevRips.fechaCreacion} as fecha_creacion from ${fevRips} where ${filter} and (${fevRips.fechaCreacion}, ${fevRips.id}) < ${boundary}
        order by ${fevRips.fechaCreacion} desc, ${fevRips.id} desc limit ${limitSql(pageSize)}`
    : sql`select ${fevRips.id} as id, ${fevRips.fechaCreacion} as fecha_creacion from ${fevRips} where ${filter} and (${fevRips.fechaCreacion}, ${fevRips.id}) > ${boundary}
        order by ${fevRips.fechaCreacion} asc, ${fevRips.id} asc limit ${limitSql(pageSize)}`;
}

/** A page size (integer 1–100, as ZSearchRequest allows) written into a statement; RangeError otherwise. */
function limitSql(pageSize: number): SQL {
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw new RangeError(`pageSize ${pageSize}`);
  return sql.raw(String(pageSize));
}

/** The list rows (ROW_COLUMNS) of the page `pageSql` (listPageSql), in list order. */
export function listRowsSql(pageSql: SQL): SQL {
  return sql`with page as (${pageSql})
    select ${ROW_COLUMNS} from page join fev_rips d on d.id = page.id
    order by page.fecha_creacion desc, page.id desc`;
}

/** Order of the list (newest first); formatos-pagina numbers pages in the same order. */
export const LIST_ORDER = [desc(fevRips.fechaCreacion), desc(fevRips.id)] as const;

/**
 * A timestamptz column as the ISO 8601 text of Date.prototype.toISOString (UTC, milliseconds), made by the database:
 * parsing the driver's text into a Date costs more than the rest of a list row.
 */
const isoText = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * Columns of a list row for the documents table reference `t`. The per-document facts (files present, the
 * ministry's error and notification counts) are columns kept by triggers (migration 0004), so a list page reads one
 * table and its statement is cheap to plan.
 */
function rowColumns(t: 'd' | 'fev_rips'): SQL {
  return sql.raw(
    `${t}.id, ${t}.id_usuario, ${t}.tenant_id, ${t}.tipo_documento, ${t}.formato, ${t}.cuv, ${t}.estado,
     ${isoText(`${t}.fecha_creacion`)} as fecha_creacion, ${isoText(`${t}.fecha_modificacion`)} as fecha_modificacion,
     ${isoText(`${t}.fecha_envio`)} as fecha_envio, ${isoText(`${t}.fecha_radicacion`)} as fecha_radicacion,
     ${t}.proceso_id, ${t}.intentos_envio, ${t}.total_factura, ${t}.info_fev_rips,
     ${t}.tiene_xml as has_xml, ${t}.tiene_json as has_json, ${t}.total_errores as errores, ${t}.total_notificaciones as notificaciones,
     ${t}.canal, ${t}.cuv_recuperado, ${isoText(`${t}.reintento_desde`)} as reintento_desde, ${t}.reintento_texto,
     ${isoText(`${t}.reintento_proximo`)} as reintento_proximo, ${t}.reintento_numero,
     floor(extract(epoch from ${t}.fecha_creacion) * 1000000)::bigint::text as creado_us`,
  );
}
/** rowColumns for the alias `d`. */
const ROW_COLUMNS = rowColumns('d');
/** rowColumns for the table as drizzle's filters name it ("fev_rips"). */
const ROW_COLUMNS_TABLE = rowColumns('fev_rips');

/** A list row as the driver returns it (node-postgres and PGlite differ in bigint and numeric types). */
export type TRawRow = {
  id: number;
  id_usuario: number;
  tenant_id: number;
  tipo_documento: string;
  formato: string;
  cuv: string | null;
  estado: string;
  fecha_creacion: string;
  fecha_modificacion: string;
  fecha_envio: string | null;
  fecha_radicacion: string | null;
  proceso_id: number | string | bigint | null;
  intentos_envio: number;
  total_factura: number | string;
  info_fev_rips: unknown;
  has_xml: boolean;
  has_json: boolean;
  errores: number;
  notificaciones: number;
  canal: string;
  cuv_recuperado: boolean;
  reintento_desde: string | null;
  reintento_texto: string | null;
  reintento_proximo: string | null;
  reintento_numero: number;
  /** fecha_creacion in microseconds since the epoch (exact: the keyset cursor's boundary). */
  creado_us: string;
};

/** Id and formato of the filter's documents in list order, at most `limit` (formatos-pagina, select-all). */
export function listIdsInOrder(q: TDb, filter: SQL, limit: number) {
  return q
    .select({ id: fevRips.id, formato: fevRips.formato })
    .from(fevRips)
    .where(filter)
    .orderBy(...LIST_ORDER)
    .limit(limit);
}

/** Run a list-row statement (ROW_COLUMNS) and return the rows as the driver types them. */
export function listRows(rows: TSqlRows, query: SQL, opts?: { prepared?: boolean }): Promise<TRawRow[]> {
  return rows<TRawRow>(query, opts);
}

/**
 * A page of the filter, newest first. A formato pattern decides the plan (trigram index or list order), so that page
 * is planned per call, as one single-table statement; other filters run as one prepared statement with a generic plan.
 */
export function listPage(
  rows: TSqlRows,
  filter: SQL,
  q: { formato?: string | null; pageSize: number },
  offset: number,
  after: { direccion: 'siguiente' | 'anterior'; creadoUs: string; id: number } | null = null,
): Promise<TRawRow[]> {
  // By keyset: planned per call with a formato (the pattern decides the plan, as below), else one prepared statement.
  if (after) return listRows(rows, listRowsSql(listKeysetSql(filter, q.pageSize, after)), { prepared: !q.formato });
  return q.formato
    ? listRows(
        rows,
        sql`select ${ROW_COLUMNS_TABLE} from ${fevRips} where ${filter}
          order by ${fevRips.fechaCreacion} desc, ${fevRips.id} desc limit ${limitSql(q.pageSize)} offset ${offset}`,
        { prepared: false },
      )
    : listRows(rows, listRowsSql(listPageSql(filter, q.pageSize, offset)));
}

/** List rows of the tenant's documents `ids` (any order; one prepared statement). */
export function listRowsByIds(rows: TSqlRows, tenantId: number, ids: number[]): Promise<TRawRow[]> {
  return listRows(rows, sql`select ${ROW_COLUMNS} from fev_rips d where d.tenant_id = ${tenantId} and d.id = any(${sql.param(ids)}::int[])`);
}
