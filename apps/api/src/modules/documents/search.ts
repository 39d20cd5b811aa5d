import { ESTADO_CODIGOS, type TEstado } from '@radica/contracts/enums';
import type { TDocumentRow, TEsperaMinisterio, TInfoFevRips, TSearchData, TSearchRequest } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { listCounts } from './count-cache.ts';
import { countDocuments } from './repository.ts';
import { readCursor, signCursor, type TListCursor } from './list-cursor.ts';
import { listPage, listRowsByIds, searchFilter, type TRawRow } from './list-repository.ts';

/**
 * POST /api/FevRips/search (seed 001 §7): page of the tenant's documents, newest first. `estado` EXCLUDE_ANULADO (or
 * empty) hides cancelled documents; NO_APROBADO also matches RECHAZADO and ERROR (seed 001 §4 normalisation).
 * One statement per page (decision 007, list-repository.ts); the total comes from the short-lived count cache
 * (decision 006). Each page carries signed cursors to the next and the previous page (list-cursor.ts; decision 052):
 * sent back with that page's number, the page is read by keyset instead of OFFSET.
 * @throws AppError VALIDATION (400, MSG_MINISTERIO.cursorInvalido) for a cursor altered or made for another company.
 */
export async function searchDocuments(deps: Pick<TDeps, 'db' | 'dbRows' | 'jobs' | 'codeKey'>, ctx: { tenantId: number }, q: TSearchRequest & { pageIndex: number; pageSize: number }): Promise<TSearchData> {
  const filter = searchFilter(ctx.tenantId, q);
  const { pageIndex: _p, pageSize: _s, cursor, ...filterOnly } = q;
  const filterKey = JSON.stringify(filterOnly);
  // The cursor is read (and a forged one refused) before any query; one made for other filters is ignored.
  const pageKey = `${filterKey}|${q.pageSize}`;
  const after = cursor ? readCursor(deps.codeKey, ctx.tenantId, pageKey, q.pageIndex, cursor) : null;
  const total = await listCounts(deps.db).get(ctx.tenantId, filterKey, () => countDocuments(deps.db, filter));
  const offset = (q.pageIndex - 1) * q.pageSize;
  const raw = await listPage(deps.dbRows, filter, q, offset, after);
  const rows = await toListRows(deps, ctx.tenantId, raw);
  const totalPages = Math.max(1, Math.ceil(Number(total) / q.pageSize));
  const first = raw[0];
  const last = raw.at(-1);
  // A keyset page that found fewer rows than a page is the end of the list in that direction, whatever the count says.
  const short = raw.length < q.pageSize;
  const sign = (c: TListCursor) => signCursor(deps.codeKey, ctx.tenantId, pageKey, c);
  return {
    results: { data: rows },
    totalRecords: Number(total),
    totalPages,
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
    cursorSiguiente:
      last && !(short && after?.direccion !== 'anterior') && q.pageIndex < totalPages ? sign({ direccion: 'siguiente', pagina: q.pageIndex + 1, creadoUs: last.creado_us, id: last.id }) : null,
    cursorAnterior:
      first && q.pageIndex > 1 && !(short && after?.direccion === 'anterior') ? sign({ direccion: 'anterior', pagina: q.pageIndex - 1, creadoUs: first.creado_us, id: first.id }) : null,
  };
}

/** List rows (seed 001 §3 "Document row") of the tenant's documents `ids`, in that order. */
export async function documentRows(deps: Pick<TDeps, 'dbRows' | 'jobs'>, ctx: { tenantId: number }, ids: number[]): Promise<TDocumentRow[]> {
  if (ids.length === 0) return [];
  const rows = await toListRows(deps, ctx.tenantId, await listRowsByIds(deps.dbRows, ctx.tenantId, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TDocumentRow => Boolean(r));
}

/** Map list rows to TDocumentRow, marking documents with a queued bulk send (`enviandose`). */
async function toListRows(deps: Pick<TDeps, 'jobs'>, tenantId: number, rows: TRawRow[]): Promise<TDocumentRow[]> {
  if (rows.length === 0) return [];
  // A retry scheduled for later (a wait for the ministry) is not a send under way: the row shows the wait instead.
  const enviandose = await deps.jobs.pendingSends(
    tenantId,
    rows.map((r) => r.id),
    { disponibles: true },
  );
  return rows.map((d) => ({
    id: d.id,
    idUsuario: d.id_usuario,
    tipoDocumento: d.tipo_documento,
    formato: d.formato,
    cuv: d.cuv,
    estado: d.estado,
    estadoInterno: ESTADO_CODIGOS[d.estado as TEstado] ?? 0,
    fechaCreacion: d.fecha_creacion,
    fechaModificacion: d.fecha_modificacion,
    fechaEnvio: d.fecha_envio,
    fechaRadicacion: d.fecha_radicacion,
    procesoId: d.proceso_id === null ? null : Number(d.proceso_id),
    xml: Boolean(d.has_xml),
    json: Boolean(d.has_json),
    intentosEnvio: d.intentos_envio,
    totalFactura: Number(d.total_factura),
    infoFevRips: (d.info_fev_rips as TInfoFevRips | null) ?? null,
    tieneErrores: Number(d.errores) > 0,
    totalErrores: Number(d.errores),
    totalNotificaciones: Number(d.notificaciones),
    canal: d.canal ?? 'plataforma',
    // A job still queued for an approved or cancelled document sends nothing (sendDocument refuses both).
    enviandose: enviandose.has(d.id) && d.estado !== 'APROBADO' && d.estado !== 'ANULADO',
    esperaMinisterio: esperaDe(d),
    cuvRecuperado: Boolean(d.cuv_recuperado),
  }));
}

/** The row's wait for the ministry (docs/decisions/047), or null. */
function esperaDe(d: { reintento_desde: string | null; reintento_texto: string | null; reintento_proximo: string | null; reintento_numero: number }): TEsperaMinisterio | null {
  if (!d.reintento_desde) return null;
  return { desde: d.reintento_desde, texto: d.reintento_texto ?? '', proximoIntento: d.reintento_proximo, intentos: Math.max(0, d.reintento_numero - 1) };
}

