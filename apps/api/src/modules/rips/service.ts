import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import {
  BORRADORES_POR_PAGINA,
  type TBorradorDetalle,
  type TBorradoresData,
  type TBorradoresRequest,
  type TCambioRips,
  type TEstadoBorrador,
  type TEstructuraRips,
  type TFacturaBorrador,
  type TGuardarBorradorData,
  type TGuardarBorradorRequest,
  type THallazgoRips,
  type TOrigenBorrador,
} from '@radica/contracts/rips';
import { resolveRipsVersion, type TRipsSchemaVersion } from '@radica/fevrips/engine';
import { FevRipsError } from '@radica/fevrips/errors';
import { formatoDelDocumento, parseRipsObject } from '@radica/fevrips/rips';
import { ripsHeaderFromXml, ripsJsonText } from '@radica/fevrips/sheet';
import { MAX_SHEET_BYTES, sheetKindOf, type TSheetKind } from '@radica/fevrips/sheet-io';
import { decodeUtf8 } from '@radica/fevrips/shared';
import { parseFevXml, type TFevXml } from '@radica/fevrips/xml';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { getTercero } from '../accounts/tercero.ts';
import { normalizeId, uploadFile } from '../documents/upload.ts';
import { describeFormato } from '../documents/detail.ts';
import { registrarAccion } from '../documents/audit.ts';
import { checkPrestadoresReps } from '../reps/service.ts';
import {
  claimRadicacion,
  deleteBorrador,
  findBorrador,
  findBorradorMeta,
  insertBorrador,
  listBorradores,
  readDocumentJson,
  updateBorrador,
  updateBorradorAt,
  type TBorradorRow,
} from './repository.ts';
import { registrarDatos, registrarDesdeRips } from './pacientes.ts';
import { analizarRips, estadoDeBorrador } from './lectura.ts';
import type { TBorradorLeido } from './sheet-task.ts';
import type { TSheetPool } from './sheet-pool.ts';
import { perDatabase } from '../../lib/per-database.ts';
import { yieldToEventLoop } from '../../lib/event-loop.ts';

export type TCtx = { tenantId: number; userId: number };
export type TArchivo = { filename: string; bytes: Buffer };

/** A radication claim older than this is a dead process's (rips_borradores.estado RADICANDO). */
const RADICACION_STALE_S = 120;

/**
 * What the engine says of a draft (issue 27 §3 "findings from the same engine"): the structure the pre-validator
 * decides (invoice date, else first service date), the findings of the engine's check of the files (`checkRead`, the
 * entry the uploads use: the RIPS with its XML when the draft has one) plus RVC012 against the REPS table as every
 * upload does, the totals against the invoice, and the facts of the list.
 */
export async function analizarBorrador(deps: Pick<TDeps, 'db'>, rips: Record<string, unknown>, xml: TFevXml | null) {
  const a = analizarRips(rips, xml);
  if (a.invalido) throw new AppError('JSON_INVALID', MSG_RIPS.borradorJsonInvalido);
  // RVC012 against the REPS table, as every upload (documents/upload.ts analyzeFiles)
  const reps = await checkPrestadoresReps(deps, a.codigosPrestador, a.numDocumentoIdObligado);
  const hallazgos: THallazgoRips[] = [...a.hallazgos, ...reps];
  const rechazos = hallazgos.filter((h) => h.clase === 'RECHAZADO').length;
  return {
    version: a.version,
    hallazgos,
    conciliacion: a.conciliacion,
    facts: { ...a.facts, totalRechazos: rechazos, totalNotificaciones: hallazgos.length - rechazos },
    estado: estadoDeBorrador(rechazos, xml !== null),
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

function facturaDe(xml: TFevXml, nombre: string): TFacturaBorrador {
  const pagos: Record<string, number> = {};
  for (const p of xml.prepaidPayments) {
    const k = p.conceptoRecaudo ?? '';
    pagos[k] = round((pagos[k] ?? 0) + (p.paidAmount ?? 0));
  }
  return {
    nombreArchivo: nombre,
    formato: xml.formato,
    tipoDocumento: xml.tipoDocumento,
    fechaEmision: xml.issueDate,
    periodoInicio: xml.invoicePeriod?.startDate ?? null,
    periodoFin: xml.invoicePeriod?.endDate ?? null,
    codigoPrestador: xml.salud?.codigoPrestador ?? null,
    nitObligado: xml.nitObligado,
    totalFactura: xml.totals.payableAmount,
    totalBruto: xml.totals.lineExtensionAmount,
    totalPagosAnticipados: xml.totals.prepaidAmount,
    pagosPorConcepto: pagos,
  };
}

/** The invoice XML of an upload, its supplier checked against the tenant (seed 001 §5, as /ministerio/nuevo). */
async function leerXml(deps: TDeps, ctx: TCtx, bytes: Uint8Array): Promise<TFevXml> {
  let xml: TFevXml;
  try {
    xml = parseFevXml(bytes);
  } catch (e) {
    if (e instanceof FevRipsError) throw new AppError(e.code, e.message);
    throw e;
  }
  const tercero = await getTercero(deps, ctx);
  if (!xml.nitObligado) throw new AppError('IDENTITY_NOT_FOUND', MSG.identityNotFound);
  if (normalizeId(xml.nitObligado) !== normalizeId(tercero.numeroIdentificacion))
    throw new AppError('IDENTITY_MISMATCH', MSG.identityMismatch, {
      numeroIdentificacionArchivo: xml.nitObligado,
      numeroIdentificacionTercero: tercero.numeroIdentificacion,
    });
  return xml;
}

/**
 * Reads a spreadsheet in the worker (sheet-task.ts): the draft ready to store (the RIPS's JSON text, its analysis,
 * its patients and medications), or 422 HOJA_CON_ERRORES with every error per row and column, 400 HOJA_ILEGIBLE with
 * the reason (a ZIP that inflates past its cap says what to do), 400 JSON_INVALID.
 */
async function importarHoja(pool: TSheetPool, archivo: TArchivo, xml: Uint8Array | null): Promise<TBorradorLeido> {
  const kind = sheetKindOf(archivo.filename);
  if (!kind) throw new AppError('EXTENSION', MSG_RIPS.hojaExtension);
  if (archivo.bytes.length > MAX_SHEET_BYTES) throw new AppError('HOJA_MUY_GRANDE', MSG_RIPS.hojaMuyGrande(MAX_SHEET_BYTES / 1_048_576));
  const answer = await pool.run({ op: 'importar', bytes: archivo.bytes, kind, xml });
  if (answer.op !== 'importar') throw new Error('unexpected sheet task answer');
  if ('ilegible' in answer) throw new AppError('HOJA_ILEGIBLE', answer.ilegible);
  if (!answer.ok) throw new AppError('HOJA_CON_ERRORES', MSG_RIPS.hojaFila(answer.errores[0]!.fila, answer.errores[0]!.columna, answer.errores[0]!.mensaje), { errores: answer.errores, totalErrores: answer.totalErrores });
  if (answer.borrador.analisis.invalido) throw new AppError('JSON_INVALID', MSG_RIPS.borradorJsonInvalido);
  return answer.borrador;
}

/**
 * Stores a draft read from a big spreadsheet without walking it on the event loop: its text as the worker wrote it
 * (compressed when big: lib/json-text.ts), its counted findings plus RVC012 against the REPS table (a database lookup of at most 200 codes), then its
 * patients and medications in batches that let the event loop turn.
 */
async function guardarHoja(deps: TDeps, ctx: TCtx, leido: TBorradorLeido): Promise<{ id: number }> {
  const a = leido.analisis;
  if (a.invalido) throw new AppError('JSON_INVALID', MSG_RIPS.borradorJsonInvalido);
  const reps = await checkPrestadoresReps(deps, a.codigosPrestador, a.numDocumentoIdObligado);
  const repsRechazos = reps.filter((h) => h.clase === 'RECHAZADO').length;
  const rechazos = a.rechazos + repsRechazos;
  await yieldToEventLoop();
  const row = await insertBorrador(deps.db, ctx.tenantId, {
    idUsuario: ctx.userId,
    origen: 'hoja',
    estado: estadoDeBorrador(rechazos, false),
    contenido: null,
    xml: null,
    xmlNombre: null,
    ...a.facts,
    totalRechazos: rechazos,
    totalNotificaciones: a.notificaciones + reps.length - repsRechazos,
  }, leido.contenido);
  await registrarDatos(deps, ctx, leido);
  return { id: row.id };
}

/**
 * POST /api/rips/borradores (issue 27 §2): a new draft from the invoice XML (the invoice fields prefilled: supplier,
 * number, note type and number; users to enter), a spreadsheet (all or nothing), an existing RIPS JSON (kept as it is,
 * to correct it) or blank (the tenant's NIT). The structure follows the invoice date as the pre-validator decides.
 * Throws AppError 400 (file missing or unreadable), 422 (identity, sheet errors), 413 (too big).
 */
export async function crearBorrador(
  deps: TDeps & { sheets: TSheetPool },
  ctx: TCtx,
  input: { origen: TOrigenBorrador; archivo: TArchivo | null },
): Promise<{ id: number }> {
  let rips: Record<string, unknown>;
  let xml: { bytes: Buffer; nombre: string; parsed: TFevXml } | null = null;
  if (input.origen !== 'vacio' && !input.archivo) throw new AppError('FILE_MISSING', MSG_RIPS.origenRequiereArchivo);
  const archivo = input.archivo;
  if (input.origen === 'xml') {
    const parsed = await leerXml(deps, ctx, archivo!.bytes);
    xml = { bytes: archivo!.bytes, nombre: archivo!.filename, parsed };
    rips = { ...ripsHeaderFromXml(parsed), usuarios: [] };
  } else if (input.origen === 'json') {
    let value: unknown;
    try {
      value = JSON.parse(decodeUtf8(archivo!.bytes));
    } catch {
      throw new AppError('JSON_INVALID', MSG_RIPS.borradorJsonInvalido);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AppError('JSON_INVALID', MSG_RIPS.borradorJsonInvalido);
    rips = value as Record<string, unknown>;
  } else if (input.origen === 'hoja') {
    return guardarHoja(deps, ctx, await importarHoja(deps.sheets, archivo!, null));
  } else {
    const tercero = await getTercero(deps, ctx);
    rips = { numDocumentoIdObligado: tercero.numeroIdentificacion, numFactura: null, tipoNota: null, numNota: null, usuarios: [] };
  }
  const a = await analizarBorrador(deps, rips, xml?.parsed ?? null);
  const row = await insertBorrador(deps.db, ctx.tenantId, {
    idUsuario: ctx.userId,
    origen: input.origen,
    estado: a.estado,
    contenido: rips,
    xml: xml?.bytes ?? null,
    xmlNombre: xml?.nombre ?? null,
    ...a.facts,
  });
  await registrarDesdeRips(deps, ctx, rips);
  return { id: row.id };
}

export async function listarBorradores(deps: TDeps, ctx: TCtx, req: TBorradoresRequest): Promise<TBorradoresData> {
  const pagina = req.pagina ?? 1;
  const { rows, total } = await listBorradores(deps.db, ctx.tenantId, req, { limit: BORRADORES_POR_PAGINA, offset: (pagina - 1) * BORRADORES_POR_PAGINA });
  return {
    items: rows.map((r) => ({
      ...r,
      estructura: r.estructura as TEstructuraRips,
      origen: r.origen as TOrigenBorrador,
      estado: (r.estado === 'RADICANDO' ? 'LISTO' : r.estado) as TEstadoBorrador,
      totalValorServicios: Number(r.totalValorServicios),
      tieneXml: Boolean(r.tieneXml),
      fechaCreacion: r.fechaCreacion.toISOString(),
      fechaModificacion: r.fechaModificacion.toISOString(),
    })),
    total,
    paginas: Math.max(1, Math.ceil(total / BORRADORES_POR_PAGINA)),
  };
}

async function cargar(deps: TDeps, ctx: TCtx, id: number): Promise<TBorradorRow> {
  const row = await findBorrador(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  return row;
}

/** The RIPS of a draft: its own content, or the ministry document's JSON once radicated (one copy). */
async function ripsDe(deps: TDeps, ctx: TCtx, row: TBorradorRow): Promise<Record<string, unknown>> {
  if (row.contenido) return row.contenido as Record<string, unknown>;
  if (row.fevRipsId) {
    const bytes = await readDocumentJson(deps.db, ctx.tenantId, row.fevRipsId);
    if (bytes) return JSON.parse(decodeUtf8(bytes)) as Record<string, unknown>;
  }
  return { usuarios: [] };
}

const xmlDe = (row: TBorradorRow) => (row.xml ? parseFevXml(row.xml) : null);

/** GET /api/rips/borradores/{id}: the RIPS, its invoice, the engine's findings and the totals. 404 for another tenant's. */
export async function obtenerBorrador(deps: TDeps, ctx: TCtx, id: number): Promise<TBorradorDetalle> {
  const row = await cargar(deps, ctx, id);
  const rips = await ripsDe(deps, ctx, row);
  const xml = xmlDe(row);
  const a = await analizarBorrador(deps, rips, xml);
  const radicado = row.fevRipsId !== null;
  return {
    id: row.id,
    version: row.version,
    estado: radicado ? 'RADICADO' : a.estado,
    estructura: a.version,
    origen: row.origen as TOrigenBorrador,
    rips,
    factura: xml ? facturaDe(xml, row.xmlNombre ?? 'factura.xml') : null,
    hallazgos: a.hallazgos,
    conciliacion: a.conciliacion,
    fevRipsId: row.fevRipsId,
    editable: !radicado && row.estado !== 'RADICANDO',
    fechaModificacion: row.fechaModificacion.toISOString(),
  };
}

/** Applies the changes of an autosave to a copy of the RIPS. @throws AppError 400 VALIDATION for an index out of range. */
export function aplicarCambios(rips: Record<string, unknown>, cambios: TCambioRips[]): Record<string, unknown> {
  let out: Record<string, unknown> = { ...rips, usuarios: Array.isArray(rips['usuarios']) ? [...(rips['usuarios'] as unknown[])] : [] };
  for (const c of cambios) {
    const usuarios = out['usuarios'] as unknown[];
    if (c.op === 'reemplazar') {
      out = { ...c.rips, usuarios: Array.isArray(c.rips['usuarios']) ? [...(c.rips['usuarios'] as unknown[])] : [] };
    } else if (c.op === 'transaccion') {
      for (const [k, v] of Object.entries(c.campos)) if (k !== 'usuarios') out[k] = v;
    } else if (c.op === 'usuario') {
      if (c.indice >= usuarios.length) throw new AppError('VALIDATION', MSG.requestInvalid);
      usuarios[c.indice] = c.usuario;
    } else if (c.op === 'insertarUsuario') {
      if (c.indice > usuarios.length) throw new AppError('VALIDATION', MSG.requestInvalid);
      usuarios.splice(c.indice, 0, c.usuario);
    } else {
      if (c.indice >= usuarios.length) throw new AppError('VALIDATION', MSG.requestInvalid);
      usuarios.splice(c.indice, 1);
    }
  }
  return out;
}

/**
 * PATCH /api/rips/borradores/{id} (issue 27 §3, autosave): applies the changes made on `version` and answers the new
 * version with the engine's findings. A draft saved meanwhile by another tab answers 409 BORRADOR_CAMBIO (data: the
 * saved version) and nothing is overwritten; a radicated one 409 BORRADOR_RADICADO.
 */
export async function guardarBorrador(deps: TDeps, ctx: TCtx, id: number, req: TGuardarBorradorRequest): Promise<TGuardarBorradorData> {
  const meta = await findBorradorMeta(deps.db, ctx.tenantId, id);
  if (!meta) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  if (meta.fevRipsId !== null || meta.estado === 'RADICANDO') throw new AppError('BORRADOR_RADICADO', MSG_RIPS.borradorRadicado);
  if (meta.version !== req.version) throw cambio(meta);
  const key = `${ctx.tenantId}:${id}`;
  const enEdicion = enEdicionDe(deps.db);
  let base = enEdicion.get(key);
  if (!base || base.version !== meta.version) {
    const row = await cargar(deps, ctx, id);
    if (row.version !== req.version) throw cambio(row);
    base = { version: row.version, rips: (row.contenido ?? { usuarios: [] }) as Record<string, unknown>, xml: xmlDe(row) };
  }
  const rips = aplicarCambios(base.rips, req.cambios);
  const a = await analizarBorrador(deps, rips, base.xml);
  const now = new Date();
  const saved = await updateBorradorAt(deps.db, ctx.tenantId, id, req.version, { contenido: rips, estado: a.estado, fechaModificacion: now, ...a.facts });
  if (!saved) {
    enEdicion.delete(key);
    throw cambio((await findBorradorMeta(deps.db, ctx.tenantId, id)) ?? meta);
  }
  recordar(enEdicion, key, { version: saved.version, rips, xml: base.xml });
  return { version: saved.version, estado: a.estado, estructura: a.version, hallazgos: a.hallazgos, conciliacion: a.conciliacion, fechaModificacion: now.toISOString() };
}

/**
 * The drafts being edited in this process, by tenant and id, with the version their content is: an autosave of the
 * same version skips reading and parsing megabytes of JSON again (issue 27 "300 ms"). Only a cache: an entry is used
 * only when its version is the stored one (every write raises it, in any process), so it is never stale.
 */
type TEnEdicion = { version: number; rips: Record<string, unknown>; xml: TFevXml | null };
/** Per database handle (see perDatabase). */
const enEdicionDe = perDatabase(() => new Map<string, TEnEdicion>());
const EN_EDICION_MAX = 16;

function recordar(enEdicion: Map<string, TEnEdicion>, key: string, entry: TEnEdicion) {
  enEdicion.delete(key);
  enEdicion.set(key, entry);
  if (enEdicion.size > EN_EDICION_MAX) enEdicion.delete(enEdicion.keys().next().value!);
}

function cambio(row: { version: number; fechaModificacion: Date }): AppError {
  return new AppError('BORRADOR_CAMBIO', MSG_RIPS.borradorCambio, { version: row.version, fechaModificacion: row.fechaModificacion.toISOString() });
}

/** DELETE /api/rips/borradores/{id}: a draft that is not radicated. */
export async function eliminarBorrador(deps: TDeps, ctx: TCtx, id: number): Promise<void> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null || row.estado === 'RADICANDO') throw new AppError('BORRADOR_RADICADO', MSG_RIPS.borradorRadicado);
  if (!(await deleteBorrador(deps.db, ctx.tenantId, id))) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
}

/** The file name of a draft's exports: its formato, else its id. */
const nombreBase = (row: TBorradorRow) => `RIPS_${row.formato ?? row.id}`;

/**
 * GET /api/rips/borradores/{id}/json: the RIPS as the ministry expects it (UTF-8 without BOM, the structure's keys in
 * order; packages/fevrips `ripsJsonText`).
 */
export async function exportarJson(deps: TDeps, ctx: TCtx, id: number): Promise<{ filename: string; text: string }> {
  const row = await cargar(deps, ctx, id);
  const rips = await ripsDe(deps, ctx, row);
  const version = resolveRipsVersion(xmlDe(row), { rips });
  return { filename: `${nombreBase(row)}.json`, text: `${ripsJsonText(rips, version)}\n` };
}

/** GET /api/rips/borradores/{id}/hoja?formato=xlsx|csv: the RIPS as a spreadsheet (in the worker). */
export async function exportarHoja(deps: TDeps & { sheets: TSheetPool }, ctx: TCtx, id: number, kind: TSheetKind): Promise<{ filename: string; bytes: Uint8Array }> {
  const row = await cargar(deps, ctx, id);
  const rips = await ripsDe(deps, ctx, row);
  const version: TRipsSchemaVersion = resolveRipsVersion(xmlDe(row), { rips });
  const answer = await deps.sheets.run({ op: 'exportar', rips, kind, version });
  if (answer.op !== 'exportar' || !('bytes' in answer)) throw new Error('unexpected sheet task answer');
  return { filename: `${nombreBase(row)}.${kind}`, bytes: answer.bytes };
}

/**
 * PUT /api/rips/borradores/{id}/xml: attaches (or replaces) the invoice XML of a draft, checked against the tenant; the
 * empty invoice fields of the RIPS are filled from it. Answers the draft.
 */
export async function adjuntarXml(deps: TDeps, ctx: TCtx, id: number, archivo: TArchivo, version: number): Promise<TBorradorDetalle> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null || row.estado === 'RADICANDO') throw new AppError('BORRADOR_RADICADO', MSG_RIPS.borradorRadicado);
  if (row.version !== version) throw cambio(row);
  const xml = await leerXml(deps, ctx, archivo.bytes);
  const rips = { ...((row.contenido ?? { usuarios: [] }) as Record<string, unknown>) };
  for (const [k, v] of Object.entries(ripsHeaderFromXml(xml))) if ((rips[k] === null || rips[k] === undefined || rips[k] === '') && v !== null) rips[k] = v;
  const a = await analizarBorrador(deps, rips, xml);
  const saved = await updateBorradorAt(deps.db, ctx.tenantId, id, version, {
    contenido: rips,
    xml: archivo.bytes,
    xmlNombre: archivo.filename,
    estado: a.estado,
    fechaModificacion: new Date(),
    ...a.facts,
  });
  if (!saved) throw cambio(await cargar(deps, ctx, id));
  return obtenerBorrador(deps, ctx, id);
}

/**
 * POST /api/rips/borradores/{id}/radicar (issue 27 §4): files the RIPS with its invoice XML through the same upload
 * path as /ministerio/nuevo (documents/upload.ts `uploadFile`: the same checks, one document per formato); a document
 * of that formato that has only its XML gets this RIPS. Afterwards the draft holds no copy: its RIPS is the document's
 * JSON. The patients and medications of the RIPS are recorded. Throws AppError 422 BORRADOR_SIN_XML, 409
 * BORRADOR_RADICADO (already, or being, radicated), and the upload's own errors (the draft is then left as it was).
 */
export async function radicarBorrador(deps: TDeps, ctx: TCtx, id: number): Promise<{ fevRipsId: number; formato: string; estado: string }> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null) throw new AppError('BORRADOR_RADICADO', MSG_RIPS.borradorRadicado);
  if (!row.xml) throw new AppError('BORRADOR_SIN_XML', MSG_RIPS.borradorSinXml);
  const claimed = await claimRadicacion(deps.db, ctx.tenantId, id, RADICACION_STALE_S);
  if (!claimed) throw new AppError('BORRADOR_RADICADO', MSG_RIPS.borradorRadicado);
  try {
    const rips = (claimed.contenido ?? { usuarios: [] }) as Record<string, unknown>;
    const xml = parseFevXml(claimed.xml!);
    // what the upload of the JSON would refuse after the XML is filed, refused before anything is filed
    const parsed = parseRipsObject(rips);
    const formatoRips = formatoDelDocumento(parsed);
    if (formatoRips !== xml.formato)
      throw new AppError('FORMATO_MISMATCH', MSG.formatoMismatch, { formatoArchivo: formatoRips ?? '', formatoDocumento: xml.formato });
    if (!parsed.numDocumentoIdObligado || normalizeId(parsed.numDocumentoIdObligado) !== normalizeId(xml.nitObligado ?? ''))
      throw new AppError('IDENTITY_MISMATCH', MSG.identityMismatch, {
        numeroIdentificacionArchivo: parsed.numDocumentoIdObligado ?? '',
        numeroIdentificacionTercero: xml.nitObligado ?? '',
      });
    const json = Buffer.from(`${ripsJsonText(rips, resolveRipsVersion(xml, { rips }))}\n`, 'utf8');
    const jsonName = `${nombreBase(claimed)}.json`;
    let fevRipsId: number;
    try {
      fevRipsId = (await uploadFile(deps, ctx, { filename: claimed.xmlNombre ?? `${xml.formato}.xml`, bytes: claimed.xml!, tipoArchivo: 'xml' })).fevRipsId;
    } catch (e) {
      // the invoice was uploaded before on /ministerio/nuevo: this RIPS completes that document, if it has none
      if (!(e instanceof AppError && e.code === 'FORMATO_EXISTS')) throw e;
      const existing = await describeFormato(deps, ctx, xml.formato);
      if (!existing.fevRipsId || existing.tieneJson || !existing.tieneXml) throw e;
      fevRipsId = existing.fevRipsId;
    }
    const uploaded = await uploadFile(deps, ctx, { filename: jsonName, bytes: json, fevRipsId, tipoArchivo: 'json' });
    await updateBorrador(deps.db, ctx.tenantId, id, { contenido: null, fevRipsId, estado: 'RADICADO', version: claimed.version + 1, fechaModificacion: new Date() });
    await registrarAccion(deps.db, ctx, fevRipsId, 'edicion_rips', { detalle: 'radicado desde el editor de RIPS' });
    await registrarDesdeRips(deps, ctx, rips);
    return { fevRipsId, formato: uploaded.formato, estado: uploaded.estado };
  } catch (e) {
    await updateBorrador(deps.db, ctx.tenantId, id, { estado: row.estado === 'RADICANDO' ? 'BORRADOR' : row.estado, fechaModificacion: row.fechaModificacion });
    throw e;
  }
}
