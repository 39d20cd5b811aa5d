import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, ilike, inArray, lt, ne, sql, type SQL } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { ESTADO_CODIGOS, ESTADOS_ENVIABLES, MAX_UPLOAD_BYTES, TIPOS_DOCUMENTO, type TEstado } from '@radica/contracts/enums';
import type {
  TDocumentDetail,
  TDocumentRow,
  THallazgo,
  TInfoFevRips,
  TSearchData,
  TSearchRequest,
  TSendResult,
  TUploadData,
  TVerificarFormatoData,
} from '@radica/contracts/documents';
import { parseFevXml, type TFevXml } from '@radica/fevrips/xml';
import { parseRipsJson, type TRipsParsed } from '@radica/fevrips/rips';
import { computeInfoFevRips } from '@radica/fevrips/info';
import { checkPair, checkRips, checkXml, muvEndpointFor, type THallazgoLocal } from '@radica/fevrips/check';
import { FevRipsError } from '@radica/fevrips/errors';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { fevRips, fevRipsFiles, fevRipsResults, muvAttempts } from '../../db/schema.ts';
import { getTercero, getValidatorCredentials } from '../providers/service.ts';
import { cuvFromRvg18, MuvError, type TAuditRecorder } from '../../integrations/muv/client.ts';
import { listCounts } from './count-cache.ts';

export type TCtx = { tenantId: number; userId: number };
export type TDoc = typeof fevRips.$inferSelect;
export type TTipoArchivo = 'xml' | 'json';

/** Identification numbers compare without spaces, hyphens, underscores and dots (seed 001 §5). */
export const normalizeId = (v: string) => v.replace(/[\s\-_.]/g, '').toUpperCase();

const TIPO_LABEL: Record<TTipoArchivo, 'XML' | 'JSON'> = { xml: 'XML', json: 'JSON' };

/**
 * POST /api/FevRips/subir-archivo (seed 001 §5, §7). Checks size, extension, parses the file (XML with no
 * DTD/entities; JSON strictly), checks the obligated party's identification against the tenant's tercero and the
 * formato against the document, then stores the file and recomputes the document in one transaction.
 * Throws AppError: 413 FILE_TOO_LARGE; 400 EXTENSION / XML_* / JSON_*; 422 IDENTITY_MISMATCH (data: both values) /
 * IDENTITY_NOT_FOUND; 404 NOT_FOUND; 409 FORMATO_MISMATCH / FORMATO_EXISTS / SLOT_FILLED / DOCUMENT_LOCKED.
 */
export async function uploadFile(
  deps: TDeps,
  ctx: TCtx,
  input: { filename: string; bytes: Buffer; fevRipsId?: number | null; tipoArchivo?: TTipoArchivo | null },
): Promise<TUploadData> {
  if (input.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', 413, MSG.fileTooLarge);
  const ext = /\.([a-z0-9]+)$/i.exec(input.filename)?.[1]?.toLowerCase();
  const tipo: TTipoArchivo | null = ext === 'xml' ? 'xml' : ext === 'json' ? 'json' : null;
  if (input.tipoArchivo && tipo !== input.tipoArchivo)
    throw new AppError('EXTENSION', 400, input.tipoArchivo === 'xml' ? MSG.onlyXml : MSG.onlyJson);
  if (!tipo) throw new AppError('EXTENSION', 400, MSG.onlyXmlOrJson);
  if (input.bytes.length === 0) throw new AppError('EMPTY_FILE', 400, tipo === 'xml' ? MSG.xmlInvalid : MSG.jsonInvalid);

  const parsed = parseUpload(tipo, input.bytes);
  const tercero = await getTercero(deps, ctx);
  const fileId = parsed.tipo === 'xml' ? parsed.xml.nitObligado : parsed.rips.numDocumentoIdObligado;
  if (!fileId) throw new AppError('IDENTITY_NOT_FOUND', 422, MSG.identityNotFound);
  if (normalizeId(fileId) !== normalizeId(tercero.numeroIdentificacion)) {
    throw new AppError('IDENTITY_MISMATCH', 422, MSG.identityMismatch, {
      numeroIdentificacionArchivo: fileId,
      numeroIdentificacionTercero: tercero.numeroIdentificacion,
    });
  }
  const formato = parsed.formato;
  const sha256 = createHash('sha256').update(input.bytes).digest('hex');

  try {
    const uploaded = await deps.db.transaction(async (tx) => {
      let doc: TDoc;
      if (input.fevRipsId) {
        const [found] = await tx
          .select()
          .from(fevRips)
          .where(and(eq(fevRips.id, input.fevRipsId), eq(fevRips.tenantId, ctx.tenantId)))
          .for('update')
          .limit(1);
        if (!found) throw new AppError('NOT_FOUND', 404, MSG.documentNotFound);
        assertEditable(found);
        if (found.formato !== formato)
          throw new AppError('FORMATO_MISMATCH', 409, MSG.formatoMismatch, {
            formatoArchivo: formato,
            formatoDocumento: found.formato,
          });
        const [slot] = await tx
          .select({ id: fevRipsFiles.id })
          .from(fevRipsFiles)
          .where(and(eq(fevRipsFiles.fevRipsId, found.id), eq(fevRipsFiles.tipo, tipo)))
          .limit(1);
        if (slot) throw new AppError('SLOT_FILLED', 409, MSG.slotFilled(TIPO_LABEL[tipo]));
        doc = found;
      } else {
        const [existing] = await tx
          .select()
          .from(fevRips)
          .where(and(eq(fevRips.tenantId, ctx.tenantId), eq(fevRips.formato, formato)))
          .limit(1);
        // Described after the transaction: PGlite has one connection, a query outside tx would wait on it.
        if (existing) throw new AppError('FORMATO_EXISTS', 409, MSG.formatoExists);
        const [created] = await tx
          .insert(fevRips)
          .values({
            tenantId: ctx.tenantId,
            idUsuario: ctx.userId,
            formato,
            tipoDocumento: parsed.tipo === 'xml' ? parsed.xml.tipoDocumento : 'FV',
            estado: tipo === 'xml' ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML',
          })
          .returning();
        doc = created!;
      }
      await tx.insert(fevRipsFiles).values({
        tenantId: ctx.tenantId,
        fevRipsId: doc.id,
        tipo,
        nombre: safeName(input.filename),
        content: input.bytes,
        sha256,
        sizeBytes: input.bytes.length,
      });
      // Recompute the document from both files (the other one is read back from the database).
      const other = tipo === 'xml' ? 'json' : 'xml';
      const [otherFile] = await tx
        .select({ content: fevRipsFiles.content })
        .from(fevRipsFiles)
        .where(and(eq(fevRipsFiles.fevRipsId, doc.id), eq(fevRipsFiles.tipo, other)))
        .limit(1);
      const xml = parsed.tipo === 'xml' ? parsed.xml : otherFile ? parseFevXml(otherFile.content) : null;
      const rips = parsed.tipo === 'json' ? parsed.rips : otherFile ? parseRipsJson(otherFile.content) : null;
      // A cancelled document stays ANULADO until it is reactivated ('Activar y Guardar': upload, then reactivar).
      const estado: TEstado = doc.estado === 'ANULADO' ? 'ANULADO' : xml && rips ? 'EN_ESPERA' : xml ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML';
      const info = computeInfoFevRips(xml, rips);
      const [updated] = await tx
        .update(fevRips)
        .set({
          estado,
          tipoDocumento: xml ? xml.tipoDocumento : doc.tipoDocumento,
          totalFactura: String(xml?.totals.payableAmount ?? info.totalFactura ?? 0),
          infoFevRips: info,
          muvEndpoint: muvEndpointFor(xml, rips),
          fechaModificacion: new Date(),
        })
        .where(eq(fevRips.id, doc.id))
        .returning();
      await tx.delete(fevRipsResults).where(and(eq(fevRipsResults.fevRipsId, doc.id), eq(fevRipsResults.origen, 'LOCAL')));
      const findings: THallazgoLocal[] = xml && rips ? checkPair(xml, rips) : rips ? checkRips(rips) : xml ? checkXml(xml) : [];
      if (findings.length) {
        await tx.insert(fevRipsResults).values(
          findings.map((f) => ({ tenantId: ctx.tenantId, fevRipsId: doc.id, origen: 'LOCAL' as const, ...f })),
        );
      }
      return {
        fevRipsId: doc.id,
        tipoArchivo: tipo,
        formato,
        estado: updated!.estado,
        tipoDocumento: updated!.tipoDocumento,
      };
    });
    listCounts.invalidate(ctx.tenantId);
    return uploaded;
  } catch (err) {
    listCounts.invalidate(ctx.tenantId);
    if ((err instanceof AppError && err.code === 'FORMATO_EXISTS') || isUniqueViolation(err))
      throw new AppError('FORMATO_EXISTS', 409, MSG.formatoExists, await describeFormato(deps, ctx, formato));
    throw err;
  }
}

type TParsedUpload =
  | { tipo: 'xml'; xml: TFevXml; formato: string }
  | { tipo: 'json'; rips: TRipsParsed; formato: string };

/** Parse an upload; FevRipsError becomes a 400 AppError with the engine's Spanish message and code. */
function parseUpload(tipo: TTipoArchivo, bytes: Buffer): TParsedUpload {
  try {
    if (tipo === 'xml') {
      const xml = parseFevXml(bytes);
      return { tipo, xml, formato: xml.formato };
    }
    const rips = parseRipsJson(bytes);
    if (!rips.formato) throw new FevRipsError('JSON_NO_FORMATO', MSG.jsonNoFormato);
    return { tipo, rips, formato: rips.formato };
  } catch (err) {
    if (err instanceof FevRipsError) throw new AppError(err.code, 400, err.message);
    throw new AppError(tipo === 'xml' ? 'XML_ERROR' : 'JSON_ERROR', 400, MSG.analysisError(TIPO_LABEL[tipo], (err as Error).message));
  }
}

/**
 * Files of a document may change unless it is approved (locked for good, seed 001 §4) or being sent. A cancelled
 * document accepts uploads: the detail's 'Activar y Guardar' uploads and then reactivates (seed 001 §2, §4).
 */
export function assertEditable(doc: TDoc) {
  if (doc.estado === 'APROBADO') throw new AppError('DOCUMENT_LOCKED', 409, MSG.documentApprovedLocked);
  if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', 409, MSG.sendInProgress);
}

/** File names are kept for display only: path separators and control characters become '_'. */
const safeName = (name: string) =>
  [...name].map((ch) => (ch === '/' || ch === '\\' || ch.charCodeAt(0) < 32 ? '_' : ch)).join('').slice(-200);

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** POST /api/fevrips/verificar-formato (seed 001 §3 "Existing-format check result"). */
export async function describeFormato(deps: TDeps, ctx: { tenantId: number }, formato: string): Promise<TVerificarFormatoData> {
  const [doc] = await deps.db
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, ctx.tenantId), eq(fevRips.formato, formato.trim())))
    .limit(1);
  if (!doc) {
    return {
      existe: false,
      fevRipsId: null,
      estado: null,
      fechaCreacion: null,
      mensaje: 'El formato no existe; puede crear el reporte.',
      tieneXml: false,
      tieneJson: false,
      cuv: null,
      infoFaltante: [],
    };
  }
  const files = await filesOf(deps, doc.id);
  const infoFaltante = [...(files.xml ? [] : ['Archivo XML']), ...(files.json ? [] : ['Archivo JSON'])];
  return {
    existe: true,
    fevRipsId: doc.id,
    estado: doc.estado,
    fechaCreacion: doc.fechaCreacion.toISOString(),
    mensaje: `Ya existe un reporte con el formato ${doc.formato}.`,
    tieneXml: Boolean(files.xml),
    tieneJson: Boolean(files.json),
    cuv: doc.cuv,
    infoFaltante,
  };
}

export async function filesOf(deps: TDeps, fevRipsId: number) {
  const rows = await deps.db
    .select({ id: fevRipsFiles.id, tipo: fevRipsFiles.tipo, nombre: fevRipsFiles.nombre, sizeBytes: fevRipsFiles.sizeBytes })
    .from(fevRipsFiles)
    .where(eq(fevRipsFiles.fevRipsId, fevRipsId));
  const ref = (t: TTipoArchivo) => {
    const f = rows.find((r) => r.tipo === t);
    return f ? { id: f.id, nombre: f.nombre, tamanoBytes: f.sizeBytes } : null;
  };
  return { xml: ref('xml'), json: ref('json') };
}

/** Dates of the filters are yyyy-mm-dd in Colombia (UTC−5, no DST); `Hasta` is inclusive. */
const dayStart = (d: string) => new Date(`${d.slice(0, 10)}T00:00:00-05:00`);
const nextDay = (d: string) => new Date(dayStart(d).getTime() + 86_400_000);
const isDay = (d: string | null | undefined): d is string => Boolean(d && /^\d{4}-\d{2}-\d{2}$/.test(d.slice(0, 10)));

/**
 * POST /api/FevRips/search (seed 001 §7): page of the tenant's documents, newest first. `estado` EXCLUDE_ANULADO (or
 * empty) hides cancelled documents; NO_APROBADO also matches RECHAZADO and ERROR (seed 001 §4 normalisation).
 * One statement per page (decision 007): a prepared one with a generic plan (ids in list order, then the rows), or,
 * with a formato pattern, one planned per call; the total comes from the short-lived count cache (decision 006).
 */
export async function searchDocuments(deps: TDeps, ctx: { tenantId: number }, q: TSearchRequest & { pageIndex: number; pageSize: number }): Promise<TSearchData> {
  const filter = searchFilter(ctx.tenantId, q);
  const { pageIndex: _p, pageSize: _s, ...filterOnly } = q;
  const total = await listCounts.get(ctx.tenantId, JSON.stringify(filterOnly), async () => {
    const [row] = await deps.db.select({ total: count() }).from(fevRips).where(filter);
    return Number(row?.total ?? 0);
  });
  const offset = (q.pageIndex - 1) * q.pageSize;
  // A formato pattern decides the plan (trigram index or list order), so that page is planned per call, as one
  // single-table statement; other filters run as one prepared statement with a generic plan.
  const rows = q.formato
    ? await selectRows(
        deps,
        sql`select ${ROW_COLUMNS_TABLE} from ${fevRips} where ${filter}
          order by ${fevRips.fechaCreacion} desc, ${fevRips.id} desc limit ${limitSql(q.pageSize)} offset ${offset}`,
        { prepared: false },
      )
    : await selectRows(deps, listRowsSql(listPageSql(filter, q.pageSize, offset)));
  return {
    results: { data: rows },
    totalRecords: Number(total),
    totalPages: Math.max(1, Math.ceil(Number(total) / q.pageSize)),
    pageIndex: q.pageIndex,
    pageSize: q.pageSize,
  };
}

/**
 * Ids (and creation time) of one list page: `pageSize` rows (an integer 1–100, written into the statement so a
 * generic plan knows the page is small) after `offset` rows, newest first.
 */
export function listPageSql(filter: SQL, pageSize: number, offset: number): SQL {
  return sql`select ${fevRips.id} as id, ${fevRips.fechaCreacion} as fecha_creacion from ${fevRips} where ${filter}
    order by ${fevRips.fechaCreacion} desc, ${fevRips.id} desc limit ${limitSql(pageSize)} offset ${offset}`;
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
 * WHERE clause of the list filters (seed 001 §2 "Filters", §5 "Filters", §7 `estado` values): tenant; `estado`
 * EXCLUDE_ANULADO (or empty) hides cancelled documents, NO_APROBADO also matches RECHAZADO and ERROR, other names
 * match exactly; `tipoDocumento` exact; `formato` contains (case-insensitive; a pg_trgm index serves it);
 * date ranges yyyy-mm-dd inclusive in Colombia time.
 */
export function searchFilter(tenantId: number, q: TSearchRequest): SQL {
  const where: SQL[] = [eq(fevRips.tenantId, tenantId)];
  const estado = q.estado || 'EXCLUDE_ANULADO';
  if (estado === 'EXCLUDE_ANULADO') where.push(ne(fevRips.estado, 'ANULADO'));
  else if (estado === 'NO_APROBADO') where.push(inArray(fevRips.estado, ['NO_APROBADO', 'RECHAZADO', 'ERROR']));
  else where.push(eq(fevRips.estado, estado));
  if (q.tipoDocumento) where.push(eq(fevRips.tipoDocumento, q.tipoDocumento));
  if (q.formato) where.push(ilike(fevRips.formato, `%${q.formato.replace(/[%_\\]/g, (c) => `\\${c}`)}%`));
  if (isDay(q.fechaCreacionDesde)) where.push(gte(fevRips.fechaCreacion, dayStart(q.fechaCreacionDesde)));
  if (isDay(q.fechaCreacionHasta)) where.push(lt(fevRips.fechaCreacion, nextDay(q.fechaCreacionHasta)));
  if (isDay(q.fechaRadicacionDesde)) where.push(gte(fevRips.fechaRadicacion, dayStart(q.fechaRadicacionDesde)));
  if (isDay(q.fechaRadicacionHasta)) where.push(lt(fevRips.fechaRadicacion, nextDay(q.fechaRadicacionHasta)));
  return and(...where)!;
}

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
     ${t}.tiene_xml as has_xml, ${t}.tiene_json as has_json, ${t}.total_errores as errores, ${t}.total_notificaciones as notificaciones`,
  );
}
/** rowColumns for the alias `d`. */
const ROW_COLUMNS = rowColumns('d');
/** rowColumns for the table as drizzle's filters name it ("fev_rips"). */
const ROW_COLUMNS_TABLE = rowColumns('fev_rips');

/** A list row as the driver returns it (node-postgres and PGlite differ in bigint and numeric types). */
type TRawRow = {
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
};

/** Run a list-row query (ROW_COLUMNS) and map it to TDocumentRow, marking documents with a queued bulk send. */
async function selectRows(deps: TDeps, query: SQL, opts?: { prepared?: boolean }): Promise<TDocumentRow[]> {
  const rows = await deps.dbRows<TRawRow>(query, opts);
  if (rows.length === 0) return [];
  const enviandose = deps.jobs
    ? await deps.jobs.pendingSends(
        rows[0]!.tenant_id,
        rows.map((r) => r.id),
      )
    : new Set<number>();
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
    // A job still queued for an approved or cancelled document sends nothing (sendDocument refuses both).
    enviandose: enviandose.has(d.id) && d.estado !== 'APROBADO' && d.estado !== 'ANULADO',
  }));
}

/** List rows of the given documents, in that order (one prepared query). */
async function toRows(deps: TDeps, docs: TDoc[]): Promise<TDocumentRow[]> {
  if (docs.length === 0) return [];
  const ids = docs.map((d) => d.id);
  const rows = await selectRows(deps, sql`select ${ROW_COLUMNS} from fev_rips d where d.id = any(${sql.param(ids)}::int[])`);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TDocumentRow => Boolean(r));
}

/** The tenant's document `id`; AppError 400 on an id ≤ 0 ('Error: ID de documento inválido'), 404 when not the tenant's. */
export async function loadDoc(deps: TDeps, ctx: { tenantId: number }, id: number): Promise<TDoc> {
  if (!Number.isInteger(id) || id <= 0) throw new AppError('INVALID_ID', 400, MSG.invalidDocumentId);
  const [doc] = await deps.db
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, ctx.tenantId)))
    .limit(1);
  if (!doc) throw new AppError('NOT_FOUND', 404, MSG.documentNotFound);
  return doc;
}

/**
 * GET /api/FevRips/{id}/detail: the document, its files, the ministry's errors (RECHAZADO) and notifications, and
 * Radica's own pre-validation findings (`prevalidacion`). Another tenant's id answers 404.
 */
export async function getDetail(deps: TDeps, ctx: { tenantId: number }, id: number): Promise<TDocumentDetail & { prevalidacion: THallazgo[]; tipoDocumentoNombre: string }> {
  const doc = await loadDoc(deps, ctx, id);
  const [row] = await toRows(deps, [doc]);
  const files = await filesOf(deps, doc.id);
  const results = await deps.db
    .select()
    .from(fevRipsResults)
    .where(and(eq(fevRipsResults.fevRipsId, doc.id), eq(fevRipsResults.tenantId, ctx.tenantId)))
    .orderBy(fevRipsResults.id);
  const toItem = (r: typeof fevRipsResults.$inferSelect): THallazgo => ({
    id: r.id,
    clase: r.clase,
    codigo: r.codigo,
    descripcion: r.descripcion,
    observaciones: r.observaciones,
    fuente: r.fuente,
    pathFuente: r.pathFuente,
  });
  const muv = results.filter((r) => r.origen === 'MUV');
  return {
    ...row!,
    tipoDocumentoNombre: TIPOS_DOCUMENTO[doc.tipoDocumento as keyof typeof TIPOS_DOCUMENTO] ?? 'Documento Electrónico',
    errores: muv.filter((r) => r.clase === 'RECHAZADO').map(toItem),
    notificaciones: muv.filter((r) => r.clase !== 'RECHAZADO').map(toItem),
    prevalidacion: results.filter((r) => r.origen === 'LOCAL').map(toItem),
    archivoXml: files.xml,
    archivoJson: files.json,
  };
}

/**
 * POST /api/FevRips/{id}/enviar (seed 001 §4, §7; DESIGN.md "The ministry flow" step 3). Claims the document
 * atomically (never two sends in flight), posts `{ rips, xmlFevFile }` to the MUV endpoint for its type, stores the
 * answer, its findings and an audit row per HTTP attempt. RVG18 recovers the existing CUV. Throws AppError 409
 * (approved / cancelled / in progress), 422 (files missing, validator login rejected), 412 (no provider
 * configuration), 502 (ministry unavailable: the document becomes ERROR and can be resent).
 */
export async function sendDocument(deps: TDeps, ctx: TCtx, id: number): Promise<TSendResult> {
  const doc = await loadDoc(deps, ctx, id);
  if (doc.estado === 'APROBADO') throw new AppError('DOCUMENT_APPROVED', 409, MSG.documentApprovedLocked);
  if (doc.estado === 'ANULADO') throw new AppError('DOCUMENT_LOCKED', 409, MSG.documentCancelledLocked);
  if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', 409, MSG.sendInProgress);
  const fileRows = await deps.db
    .select({ tipo: fevRipsFiles.tipo, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.fevRipsId, doc.id), eq(fevRipsFiles.tenantId, ctx.tenantId)));
  const xmlBytes = fileRows.find((f) => f.tipo === 'xml')?.content;
  const jsonBytes = fileRows.find((f) => f.tipo === 'json')?.content;
  if (!xmlBytes || !jsonBytes) throw new AppError('SEND_NEEDS_FILES', 422, MSG.sendNeedsBothFiles);
  const creds = await getValidatorCredentials(deps, ctx.tenantId);
  if (!creds) throw new AppError('CONFIG_REQUIRED', 412, MSG.configNotFound);
  const tercero = await getTercero(deps, ctx);

  const claimed = await deps.db
    .update(fevRips)
    .set({
      estado: 'ENPROCESO',
      estadoPrevio: doc.estado,
      envioIniciadoAt: new Date(),
      intentosEnvio: sql`${fevRips.intentosEnvio} + 1`,
      fechaModificacion: new Date(),
    })
    .where(and(eq(fevRips.id, doc.id), eq(fevRips.tenantId, ctx.tenantId), inArray(fevRips.estado, [...ESTADOS_ENVIABLES])))
    .returning({ id: fevRips.id });
  if (claimed.length === 0) throw new AppError('SEND_IN_PROGRESS', 409, MSG.sendInProgress);
  listCounts.invalidate(ctx.tenantId);

  const xml = parseFevXml(xmlBytes);
  const rips = parseRipsJson(jsonBytes);
  const endpoint = doc.muvEndpoint ?? muvEndpointFor(xml, rips);
  const audit = auditRecorder(deps, ctx.tenantId, doc.id);
  let attemptIds: number[] = [];
  const recording: TAuditRecorder = {
    start: async (op, s) => {
      const aid = await audit.start(op, s);
      attemptIds.push(aid);
      return aid;
    },
    finish: audit.finish,
  };
  try {
    const result = await deps.muv.upload({
      tenantId: ctx.tenantId,
      credentials: { userValidator: creds.userValidator, passwordValidator: creds.passwordValidator, nit: tercero.numeroIdentificacion },
      endpoint,
      body: { rips: rips.rips, xmlFevFile: xmlBytes.toString('base64') },
      audit: recording,
      summary: { formato: doc.formato, endpoint, xmlBytes: xmlBytes.length, jsonBytes: jsonBytes.length },
    });
    const rechazos = result.resultados.filter((r) => r.clase.toUpperCase() === 'RECHAZADO');
    const recovered = !result.cuv ? cuvFromRvg18(result) : null;
    const approved = (result.resultState && rechazos.length === 0 && Boolean(result.cuv)) || Boolean(recovered);
    const lastAttempt = attemptIds.at(-1) ?? null;
    const now = new Date();
    const fechaRadicacion = result.fechaRadicacion ? new Date(result.fechaRadicacion) : approved ? now : null;
    await deps.db.transaction(async (tx) => {
      await tx.delete(fevRipsResults).where(and(eq(fevRipsResults.fevRipsId, doc.id), eq(fevRipsResults.origen, 'MUV')));
      // An RVG18 answer means "already validated": the rejection item is not an error of this document.
      const kept = recovered ? result.resultados.filter((r) => r.codigo.toUpperCase() !== 'RVG18') : result.resultados;
      if (kept.length)
        await tx.insert(fevRipsResults).values(
          kept.map((r) => ({ tenantId: ctx.tenantId, fevRipsId: doc.id, attemptId: lastAttempt, origen: 'MUV' as const, ...r })),
        );
      await tx
        .update(fevRips)
        .set({
          estado: approved ? 'APROBADO' : 'NO_APROBADO',
          estadoPrevio: null,
          envioIniciadoAt: null,
          cuv: approved ? (result.cuv ?? recovered) : null,
          procesoId: approved ? result.procesoId : null,
          fechaEnvio: now,
          fechaRadicacion: approved && fechaRadicacion && !Number.isNaN(fechaRadicacion.getTime()) ? fechaRadicacion : null,
          fechaModificacion: now,
        })
        .where(eq(fevRips.id, doc.id));
    });
    const notificaciones = result.resultados.filter((r) => r.clase.toUpperCase() !== 'RECHAZADO').length;
    const errores = recovered ? 0 : rechazos.length;
    return {
      exitoso: approved,
      mensaje: approved ? MSG.sendSucceeded : MSG.sendRejected,
      cuv: approved ? (result.cuv ?? recovered) : null,
      tieneNotificaciones: notificaciones > 0,
      totalNotificaciones: notificaciones,
      tieneErrores: errores > 0,
      totalErrores: errores,
      fechaRadicacion: approved && fechaRadicacion ? fechaRadicacion.toISOString() : null,
      procesoId: approved ? result.procesoId : null,
    };
  } catch (err) {
    const loginRejected = err instanceof MuvError && err.kind === 'LOGIN_REJECTED';
    await deps.db
      .update(fevRips)
      .set({
        // A rejected login is not the document's fault: it goes back to where it was.
        estado: loginRejected ? (doc.estado as TEstado) : 'ERROR',
        estadoPrevio: null,
        envioIniciadoAt: null,
        fechaModificacion: new Date(),
      })
      .where(eq(fevRips.id, doc.id));
    if (loginRejected) throw new AppError('MUV_LOGIN_REJECTED', 422, MSG.muvLoginFailed);
    deps.log.warn({ err: String((err as Error).message), fevRipsId: doc.id }, 'ministry send failed');
    throw new AppError('MUV_UNAVAILABLE', 502, MSG.muvUnavailable);
  } finally {
    attemptIds = [];
    listCounts.invalidate(ctx.tenantId);
  }
}

/** Audit rows (muv_attempts) of one document: every HTTP attempt toward the MUV (DESIGN.md flow step 3). */
export function auditRecorder(deps: TDeps, tenantId: number, fevRipsId: number): TAuditRecorder {
  return {
    async start(operation, summary) {
      const [row] = await deps.db
        .insert(muvAttempts)
        .values({ tenantId, fevRipsId, operation, requestSummary: summary })
        .returning({ id: muvAttempts.id });
      return row!.id;
    },
    async finish(id, r) {
      await deps.db
        .update(muvAttempts)
        .set({ finishedAt: new Date(), durationMs: r.durationMs, httpStatus: r.httpStatus, outcome: r.outcome, rawResponse: r.rawResponse, error: r.error })
        .where(eq(muvAttempts.id, id));
    },
  };
}

/**
 * Documents left ENPROCESO by a process that died mid-send go back to the status they had (so they can be sent
 * again; a package the ministry did take answers RVG18 and recovers its CUV). `olderThanMs` = 0 is right when this
 * process owns the database (PGlite); with shared PostgreSQL a lease longer than a send is used.
 * Returns the number of documents recovered.
 */
export async function recoverInterruptedSends(deps: TDeps, olderThanMs: number): Promise<number> {
  const cutoff = new Date(Date.now() - olderThanMs);
  const stuck = await deps.db
    .select({ id: fevRips.id, estadoPrevio: fevRips.estadoPrevio, tenantId: fevRips.tenantId })
    .from(fevRips)
    .where(and(eq(fevRips.estado, 'ENPROCESO'), sql`coalesce(${fevRips.envioIniciadoAt}, ${fevRips.fechaModificacion}) <= ${cutoff}`));
  for (const d of stuck) {
    await deps.db
      .update(fevRips)
      .set({ estado: d.estadoPrevio ?? 'EN_ESPERA', estadoPrevio: null, envioIniciadoAt: null, fechaModificacion: new Date() })
      .where(and(eq(fevRips.id, d.id), eq(fevRips.estado, 'ENPROCESO')));
    await deps.db
      .update(muvAttempts)
      .set({ finishedAt: new Date(), outcome: 'INTERRUMPIDO', error: MSG.sendInterrupted })
      .where(and(eq(muvAttempts.fevRipsId, d.id), sql`${muvAttempts.finishedAt} is null`));
    listCounts.invalidate(d.tenantId);
  }
  return stuck.length;
}
