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
  type TMotivoVersion,
  type TOrigenBorrador,
  type TVersionesData,
} from '@radica/contracts/rips';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { resolveRipsVersion, type TRipsSchemaVersion } from '@radica/fevrips/engine';
import { FevRipsError } from '@radica/fevrips/errors';
import { soloPropiedadesDefinidas } from '@radica/fevrips/claves';
import { formatoDelDocumento, listServices, parseRipsHead, parseRipsObject } from '@radica/fevrips/rips';
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
import { findProviderConfig } from '../providers/repository.ts';
import {
  claimRadicacion,
  deleteBorrador,
  deleteVersiones,
  findBorrador,
  findBorradorMeta,
  findDocumentoResumen,
  findVersion,
  insertBorrador,
  insertVersion,
  lastVersionFecha,
  listBorradores,
  listVersiones,
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
 * What the engine says of a draft: the structure the pre-validator
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
async function leerXml(deps: Pick<TDeps, 'db'>, ctx: TCtx, bytes: Uint8Array): Promise<TFevXml> {
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
async function guardarHoja(deps: Pick<TDeps, 'db'>, ctx: TCtx, leido: TBorradorLeido): Promise<{ id: number }> {
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
 * POST /api/rips/borradores: a new draft from the invoice XML (the invoice fields prefilled: supplier,
 * number, note type and number; users to enter), a spreadsheet (all or nothing), an existing RIPS JSON (kept as it is,
 * to correct it) or blank (the tenant's NIT). The structure follows the invoice date as the pre-validator decides.
 * Throws AppError 400 (file missing or unreadable), 422 (identity, sheet errors), 413 (too big).
 */
export async function crearBorrador(
  deps: TDeps & { sheets: TSheetPool },
  ctx: TCtx,
  input: { origen: TOrigenBorrador; archivo: TArchivo | null },
): Promise<{ id: number; avisos: string[] }> {
  let rips: Record<string, unknown>;
  const avisos: string[] = [];
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
    // Names read as the ministry reads them (a «Servicios» key is its servicios), then only what the editor can show.
    const head = parseRipsHead(value);
    const limpio = soloPropiedadesDefinidas(head.rips);
    rips = limpio.rips;
    if (head.clavesLeidas) avisos.push(MSG_RIPS.clavesLeidas(head.clavesLeidas.leidas.map((c) => `${c.enviada} → ${c.leida}`), head.clavesLeidas.total));
    if (limpio.quitadas.length > 0) avisos.push(MSG_RIPS.propiedadesQuitadas(limpio.quitadas));
  } else if (input.origen === 'hoja') {
    return { ...(await guardarHoja(deps, ctx, await importarHoja(deps.sheets, archivo!, null))), avisos };
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
  return { id: row.id, avisos };
}

/**
 * A draft holding a note's RIPS built from its invoice and the note's XML (docs/decisions/051: the 'Crear nota' page
 * opens the note in the RIPS editor, with the engine's findings as every draft). The note's XML was checked against the
 * invoice (and so against the tenant) by the caller. Records the RIPS's patients, as a new draft does.
 */
export async function crearBorradorDeNota(
  deps: Pick<TDeps, 'db'>,
  ctx: TCtx,
  input: { rips: Record<string, unknown>; xml: { bytes: Buffer; nombre: string; parsed: TFevXml } },
): Promise<{ id: number; hallazgos: THallazgoRips[]; estado: TEstadoBorrador }> {
  const a = await analizarBorrador(deps, input.rips, input.xml.parsed);
  const row = await insertBorrador(deps.db, ctx.tenantId, {
    idUsuario: ctx.userId,
    origen: 'xml',
    estado: a.estado,
    contenido: input.rips,
    xml: input.xml.bytes,
    xmlNombre: input.xml.nombre,
    ...a.facts,
  });
  await registrarDesdeRips(deps, ctx, input.rips);
  return { id: row.id, hallazgos: a.hallazgos, estado: a.estado };
}

export async function listarBorradores(deps: Pick<TDeps, 'db'>, ctx: TCtx, req: TBorradoresRequest): Promise<TBorradoresData> {
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

async function cargar(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TBorradorRow> {
  const row = await findBorrador(deps.db, ctx.tenantId, id);
  if (!row) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  return row;
}

/** The RIPS of a draft: its own content, or the ministry document's JSON once radicated (one copy). */
async function ripsDe(deps: Pick<TDeps, 'db'>, ctx: TCtx, row: TBorradorRow): Promise<Record<string, unknown>> {
  if (row.contenido) return row.contenido as Record<string, unknown>;
  if (row.fevRipsId) {
    const bytes = await readDocumentJson(deps.db, ctx.tenantId, row.fevRipsId);
    if (bytes) return JSON.parse(decodeUtf8(bytes)) as Record<string, unknown>;
  }
  return { usuarios: [] };
}

const xmlDe = (row: TBorradorRow) => (row.xml ? parseFevXml(row.xml) : null);

/** GET /api/rips/borradores/{id}: the RIPS, its invoice, the engine's findings and the totals. 404 for another tenant's. */
export async function obtenerBorrador(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TBorradorDetalle> {
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
    codPrestadorSugerido: radicado ? null : await codPrestadorSugerido(deps, ctx, rips, xml),
    fechaModificacion: row.fechaModificacion.toISOString(),
  };
}

const COD_PRESTADOR = /^\d{12}$/;

/** The first 12-digit codPrestador of the RIPS's services, or null. */
function primerCodPrestador(rips: Record<string, unknown>): string | null {
  for (const s of listServices(rips)) {
    const cod = s.service['codPrestador'];
    if (typeof cod === 'string' && COD_PRESTADOR.test(cod)) return cod;
  }
  return null;
}

/**
 * What a new service's codPrestador starts as (the editor prefills it; the clerk can change it): the RIPS's own first
 * one; else the provider configuration's 12-digit code when the invoice has no CODIGO_PRESTADOR or it is that code's
 * first 10 digits (REPS code + sede, reference §2.4); else the invoice's own when it has 12 digits; else null.
 */
async function codPrestadorSugerido(deps: Pick<TDeps, 'db'>, ctx: TCtx, rips: Record<string, unknown>, xml: TFevXml | null): Promise<string | null> {
  const propio = primerCodPrestador(rips);
  if (propio) return propio;
  const factura = xml?.salud?.codigoPrestador?.trim() ?? null;
  const config = (await findProviderConfig(deps.db, ctx.tenantId))?.codigoPrestador.trim() ?? null;
  if (config && COD_PRESTADOR.test(config) && (!factura || config.startsWith(factura))) return config;
  return factura && COD_PRESTADOR.test(factura) ? factura : null;
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

/** Earlier contents kept per draft (docs/decisions/050). */
export const VERSIONES_MAX = 20;
/** While a draft is edited, its content is also kept at most this often, whatever the changes (ms). */
export const VERSION_PERIODICA_MS = 10 * 60_000;

const servicioCount = (usuario: unknown): number => {
  const servicios = typeof usuario === 'object' && usuario !== null ? (usuario as Record<string, unknown>)['servicios'] : null;
  if (typeof servicios !== 'object' || servicios === null) return 0;
  let n = 0;
  for (const items of Object.values(servicios)) if (Array.isArray(items)) n += items.length;
  return n;
};

/** Users and services of a RIPS (what the versions list shows of each). */
function contar(rips: Record<string, unknown>): { cantidadUsuarios: number; cantidadServicios: number } {
  const usuarios = Array.isArray(rips['usuarios']) ? (rips['usuarios'] as unknown[]) : [];
  return { cantidadUsuarios: usuarios.length, cantidadServicios: usuarios.reduce<number>((n, u) => n + servicioCount(u), 0) };
}

/**
 * Why an autosave must keep the content its changes replace (docs/decisions/050 "destructive changes can be undone"):
 * the whole RIPS replaced, a user removed (with all its services), or a user saved with fewer services than it had (a
 * service removed); null for changes that only add or edit. `rips` is the content the changes apply to, in range
 * (aplicarCambios checked them).
 */
export function motivoDeVersion(rips: Record<string, unknown>, cambios: TCambioRips[]): TMotivoVersion | null {
  const usuarios = Array.isArray(rips['usuarios']) ? [...(rips['usuarios'] as unknown[])] : [];
  let motivo: TMotivoVersion | null = null;
  for (const c of cambios) {
    if (c.op === 'reemplazar') return 'reemplazar';
    if (c.op === 'eliminarUsuario') {
      motivo = 'eliminar-usuario';
      usuarios.splice(c.indice, 1);
    } else if (c.op === 'insertarUsuario') usuarios.splice(c.indice, 0, c.usuario);
    else if (c.op === 'usuario') {
      if (servicioCount(c.usuario) < servicioCount(usuarios[c.indice])) motivo ??= 'eliminar-servicio';
      usuarios[c.indice] = c.usuario;
    }
  }
  return motivo;
}

/**
 * PATCH /api/rips/borradores/{id} (autosave): applies the changes made on `version` and answers the new
 * version with the engine's findings. A draft saved meanwhile by another tab answers 409 BORRADOR_CAMBIO (data: the
 * saved version) and nothing is overwritten; a radicated one 409 BORRADOR_RADICADO (data: its document). The content
 * the changes replace is kept as a version, in the same transaction, when they remove a user or a service or replace
 * the whole RIPS ({@link motivoDeVersion}), when `opts.motivo` says so (a restore), and otherwise at most every
 * {@link VERSION_PERIODICA_MS}; the newest {@link VERSIONES_MAX} are kept (docs/decisions/050).
 */
export async function guardarBorrador(
  deps: Pick<TDeps, 'db'>,
  ctx: TCtx,
  id: number,
  req: TGuardarBorradorRequest,
  opts: { motivo?: TMotivoVersion } = {},
): Promise<TGuardarBorradorData> {
  const meta = await findBorradorMeta(deps.db, ctx.tenantId, id);
  if (!meta) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  if (meta.fevRipsId !== null || meta.estado === 'RADICANDO') throw await radicado(deps, ctx, meta.fevRipsId);
  if (meta.version !== req.version) throw cambio(meta);
  const key = `${ctx.tenantId}:${id}`;
  const enEdicion = enEdicionDe(deps.db);
  let base = enEdicion.get(key);
  if (!base || base.version !== meta.version) {
    const row = await cargar(deps, ctx, id);
    if (row.version !== req.version) throw cambio(row);
    base = { version: row.version, rips: (row.contenido ?? { usuarios: [] }) as Record<string, unknown>, xml: xmlDe(row), ultimaVersion: undefined };
  }
  const rips = aplicarCambios(base.rips, req.cambios);
  const a = await analizarBorrador(deps, rips, base.xml);
  const now = new Date();
  let motivo = opts.motivo ?? motivoDeVersion(base.rips, req.cambios);
  const ultima = base.ultimaVersion !== undefined ? base.ultimaVersion : await lastVersionFecha(deps.db, ctx.tenantId, id);
  if (!motivo && (ultima === null || now.getTime() - ultima.getTime() >= VERSION_PERIODICA_MS)) motivo = 'periodica';
  const patch = { contenido: rips, estado: a.estado, fechaModificacion: now, ...a.facts };
  const anterior = base.rips;
  const saved = motivo
    ? await deps.db.transaction(async (tx) => {
        const done = await updateBorradorAt(tx, ctx.tenantId, id, req.version, patch);
        if (done)
          await insertVersion(tx, ctx.tenantId, { borradorId: id, version: req.version, motivo, contenido: anterior, idUsuario: ctx.userId, ...contar(anterior) }, VERSIONES_MAX);
        return done;
      })
    : await updateBorradorAt(deps.db, ctx.tenantId, id, req.version, patch);
  if (!saved) {
    enEdicion.delete(key);
    throw cambio((await findBorradorMeta(deps.db, ctx.tenantId, id)) ?? meta);
  }
  recordar(enEdicion, key, { version: saved.version, rips, xml: base.xml, ultimaVersion: motivo ? now : ultima });
  return { version: saved.version, estado: a.estado, estructura: a.version, hallazgos: a.hallazgos, conciliacion: a.conciliacion, fechaModificacion: now.toISOString() };
}

/** GET /api/rips/borradores/{id}/versiones: the kept versions, newest first (404 for another tenant's draft). */
export async function listarVersiones(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<TVersionesData> {
  const meta = await findBorradorMeta(deps.db, ctx.tenantId, id);
  if (!meta) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  const rows = await listVersiones(deps.db, ctx.tenantId, id);
  return { items: rows.map((r) => ({ ...r, motivo: r.motivo as TMotivoVersion, fecha: r.fecha.toISOString() })) };
}

/**
 * POST /api/rips/borradores/{id}/versiones/{versionId}/restaurar: the kept content becomes the draft's (a save of the
 * whole RIPS on `version`, so another tab's newer save answers 409 BORRADOR_CAMBIO), and the content it replaces is
 * kept first, so a restore can be undone too. 404 VERSION for a version of another draft or tenant, or one dropped.
 */
export async function restaurarVersion(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number, versionId: number, version: number): Promise<TGuardarBorradorData> {
  const meta = await findBorradorMeta(deps.db, ctx.tenantId, id);
  if (!meta) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
  const kept = await findVersion(deps.db, ctx.tenantId, id, versionId);
  if (!kept) throw new AppError('NOT_FOUND', MSG_RIPS.versionNoEncontrada);
  return guardarBorrador(deps, ctx, id, { version, cambios: [{ op: 'reemplazar', rips: kept.contenido as Record<string, unknown> }] }, { motivo: 'restaurar' });
}

/** A document status as the lists write it ('Aprobado', 'Listo para envío'). */
const estadoDe = (estado: string | null) => (estado && estado in ESTADO_ETIQUETAS ? ESTADO_ETIQUETAS[estado as TEstado] : (estado ?? '—'));

/** The 409 BORRADOR_RADICADO of a draft already (or being) radicated, with the document to open when there is one. */
async function radicado(deps: Pick<TDeps, 'db'>, ctx: TCtx, fevRipsId: number | null): Promise<AppError> {
  const doc = fevRipsId !== null ? await findDocumentoResumen(deps.db, ctx.tenantId, fevRipsId) : undefined;
  return new AppError('BORRADOR_RADICADO', doc?.formato ? MSG_RIPS.borradorRadicadoEn(doc.formato) : MSG_RIPS.borradorRadicado, doc ?? { fevRipsId: null, formato: null, estado: null });
}

/**
 * The drafts being edited in this process, by tenant and id, with the version their content is: an autosave of the
 * same version skips reading and parsing megabytes of JSON again. Only a cache: an entry is used
 * only when its version is the stored one (every write raises it, in any process), so it is never stale.
 */
type TEnEdicion = {
  version: number;
  rips: Record<string, unknown>;
  xml: TFevXml | null;
  /** When the newest version of this draft was kept (null: none), as far as this process knows; undefined: not read. */
  ultimaVersion: Date | null | undefined;
};
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
export async function eliminarBorrador(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<void> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null || row.estado === 'RADICANDO') throw await radicado(deps, ctx, row.fevRipsId);
  if (!(await deleteBorrador(deps.db, ctx.tenantId, id))) throw new AppError('NOT_FOUND', MSG_RIPS.borradorNoEncontrado);
}

/** The file name of a draft's exports: its formato, else its id. */
const nombreBase = (row: TBorradorRow) => `RIPS_${row.formato ?? row.id}`;

/**
 * GET /api/rips/borradores/{id}/json: the RIPS as the ministry expects it (UTF-8 without BOM, the structure's keys in
 * order; packages/fevrips `ripsJsonText`).
 */
export async function exportarJson(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<{ filename: string; text: string }> {
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
export async function adjuntarXml(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number, archivo: TArchivo, version: number): Promise<TBorradorDetalle> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null || row.estado === 'RADICANDO') throw await radicado(deps, ctx, row.fevRipsId);
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
 * POST /api/rips/borradores/{id}/radicar: files the RIPS with its invoice XML through the same upload
 * path as /ministerio/nuevo (documents/upload.ts `uploadFile`: the same checks, one document per formato); a document
 * of that formato that has only its XML gets this RIPS. Afterwards the draft holds no copy: its RIPS is the document's
 * JSON, and its kept versions are dropped. The patients and medications of the RIPS are recorded. Throws AppError 422
 * BORRADOR_SIN_XML, 409 BORRADOR_RADICADO (already, or being, radicated; data: the document), 409
 * BORRADOR_FORMATO_EXISTE (the invoice is already a document with its RIPS; data: that document, to open it), and the
 * upload's own errors (the draft is then left as it was).
 */
export async function radicarBorrador(deps: Pick<TDeps, 'config' | 'db' | 'analysis'>, ctx: TCtx, id: number): Promise<{ fevRipsId: number; formato: string; estado: string }> {
  const row = await cargar(deps, ctx, id);
  if (row.fevRipsId !== null) throw await radicado(deps, ctx, row.fevRipsId);
  if (!row.xml) throw new AppError('BORRADOR_SIN_XML', MSG_RIPS.borradorSinXml);
  const claimed = await claimRadicacion(deps.db, ctx.tenantId, id, RADICACION_STALE_S);
  if (!claimed) throw await radicado(deps, ctx, null);
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
      if (!existing.fevRipsId) throw e;
      // a document that has its RIPS already (or no invoice) is not completed: say which, and that it is opened there
      if (existing.tieneJson || !existing.tieneXml)
        throw new AppError('BORRADOR_FORMATO_EXISTE', MSG_RIPS.radicarFormatoExiste(xml.formato, estadoDe(existing.estado)), {
          fevRipsId: existing.fevRipsId,
          formato: xml.formato,
          estado: existing.estado,
        });
      fevRipsId = existing.fevRipsId;
    }
    const uploaded = await uploadFile(deps, ctx, { filename: jsonName, bytes: json, fevRipsId, tipoArchivo: 'json' });
    await updateBorrador(deps.db, ctx.tenantId, id, { contenido: null, fevRipsId, estado: 'RADICADO', version: claimed.version + 1, fechaModificacion: new Date() });
    await deleteVersiones(deps.db, ctx.tenantId, id);
    await registrarAccion(deps.db, ctx, fevRipsId, 'edicion_rips', { detalle: 'radicado desde el editor de RIPS' });
    await registrarDesdeRips(deps, ctx, rips);
    return { fevRipsId, formato: uploaded.formato, estado: uploaded.estado };
  } catch (e) {
    await updateBorrador(deps.db, ctx.tenantId, id, { estado: row.estado === 'RADICANDO' ? 'BORRADOR' : row.estado, fechaModificacion: row.fechaModificacion });
    throw e;
  }
}
