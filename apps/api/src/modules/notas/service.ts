import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { cargaEndpoint } from '@radica/contracts/muv';
import {
  MAX_SERVICIOS_NOTA,
  NOTA_TIPOS,
  ZNotaServicios,
  type TNotaData,
  type TNotaServicio,
  type TPropuestaNotaData,
  type TServiciosFacturaData,
  type TTipoNota,
} from '@radica/contracts/notas';
import {
  proponerServicios,
  revisarNotaXml,
  revisarServicios,
  totalServicios,
  valorDeNota,
} from '@radica/fevrips/notas';
import { formatoDelDocumento, parseRipsHead } from '@radica/fevrips/rips';
import { extractFormato } from '@radica/fevrips/shared';
import type { TFevXml } from '@radica/fevrips/xml';
import type { TErrorCode } from '@radica/contracts/errors';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { registrarAccion } from '../documents/audit.ts';
import { loadDoc } from '../documents/detail.ts';
import { findDocumentByFormato, listFindings, readFiles, type TDoc } from '../documents/repository.ts';
import { uploadFile, type TCtx } from '../documents/upload.ts';
import { crearBorradorDeNota } from '../rips/service.ts';
import { lugarEnFamilia, signoDeNota } from './familia.ts';
import type { TServicioDisponible } from './tareas.ts';
import { listNotasDeFactura, readNotaJsons, setFactura } from './repository.ts';

/**
 * Notes built from a filed invoice (docs/decisions/051; reference §1.2 package types, §3.6 RVC004, §4.4, §9): the
 * services of the invoice, a proposal from the note's lines, and the note's package, filed as a document (sent then like
 * any document) or left in the RIPS editor. The pure work is packages/fevrips notas.ts; this reads and files.
 */

const COP = new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 2 });
const cop = (n: number) => COP.format(n);

/** The invoice a note is built on, read and checked, with what a new credit note may still credit per service. */
type TFactura = {
  doc: TDoc;
  xml: TFevXml;
  json: Uint8Array;
  numFactura: string;
  servicios: TServicioDisponible[];
};

/**
 * The tenant's invoice `id` as the builder needs it: an invoice (not a note nor a RIPS without invoice) the ministry
 * validated (APROBADO, with its CUV), with both files, read in the worker pool (notas/tareas.ts). The earlier credit
 * notes of its family, not cancelled, lower what may still be credited per service; a total credit note leaves nothing.
 * @throws AppError 404 (not the tenant's), 422 NOTA_SOBRE_NOTA, 409 NOTA_FACTURA_NO_APROBADA, 422 NOTA_FACTURA_SIN_ARCHIVOS.
 */
async function cargarFactura(deps: Pick<TDeps, 'db' | 'analysis'>, ctx: TCtx, id: number): Promise<TFactura> {
  const doc = await loadDoc(deps, ctx, id);
  if (lugarEnFamilia(doc) !== 'factura') throw new AppError('NOTA_SOBRE_NOTA', MSG_NOTAS.facturaEsNota);
  if (doc.estado !== 'APROBADO')
    throw new AppError('NOTA_FACTURA_NO_APROBADA', MSG_NOTAS.facturaNoAprobada(ESTADO_ETIQUETAS[doc.estado as TEstado] ?? doc.estado));
  const files = await readFiles(deps.db, ctx.tenantId, doc.id);
  const xmlBytes = files.find((f) => f.tipo === 'xml')?.content;
  const jsonBytes = files.find((f) => f.tipo === 'json')?.content;
  if (!xmlBytes || !jsonBytes) throw new AppError('NOTA_FACTURA_SIN_ARCHIVOS', MSG_NOTAS.facturaSinArchivos);
  const notas = (await listNotasDeFactura(deps.db, ctx.tenantId, doc.id)).filter((n) => n.estado !== 'ANULADO');
  const creditos = notas.filter((n) => signoDeNota(n) < 0).map((n) => n.id);
  const previas = creditos.length ? await readNotaJsons(deps.db, ctx.tenantId, creditos) : [];
  const leida = await deps.analysis.leerFactura({
    xml: xmlBytes,
    json: jsonBytes,
    previas: previas.map((p) => p.content),
    total: notas.some((n) => n.muvEndpoint === 'CargarNCTotal'),
  });
  // Both files were read when they were filed: only a change of the engine could make them unreadable now.
  if (!leida.ok) throw new AppError('NOTA_FACTURA_SIN_ARCHIVOS', MSG_NOTAS.facturaSinArchivos);
  return {
    doc,
    xml: leida.xml,
    json: jsonBytes,
    numFactura: leida.numFactura ?? leida.xml.numeroDocumento ?? doc.formato,
    servicios: leida.servicios,
  };
}

/** What a new credit note may still credit of a service (COP). */
const disponibleDe = (s: TServicioDisponible) => s.disponible ?? 0;

/**
 * The note's XML read (in the worker pool) and checked against the invoice.
 * @throws AppError 400 (unreadable: the engine's code), 422 NOTA_NO_CORRESPONDE (data: every problem).
 */
async function leerNota(deps: Pick<TDeps, 'analysis'>, tipo: TTipoNota, bytes: Uint8Array, factura: TFactura): Promise<TFevXml> {
  const leida = await deps.analysis.leerNota({ bytes });
  if (!leida.ok) throw new AppError(leida.code as TErrorCode, leida.message);
  const problemas = revisarNotaXml(tipo, leida.xml, {
    numero: factura.xml.numeroDocumento ?? factura.doc.formato,
    cufe: factura.xml.cufe,
    nit: factura.xml.nitObligado,
  });
  if (problemas.length > 0) throw new AppError('NOTA_NO_CORRESPONDE', problemas[0]!.mensaje, { problemas });
  return leida.xml;
}

/**
 * GET /api/FevRips/{id}/servicios: the invoice's services as the 'Crear nota' page lists them (code, user, date, value,
 * and what a credit note may still credit). @throws the AppErrors of {@link cargarFactura}.
 */
export async function listarServiciosFactura(deps: Pick<TDeps, 'db' | 'analysis'>, ctx: TCtx, id: number): Promise<TServiciosFacturaData> {
  const f = await cargarFactura(deps, ctx, id);
  return {
    factura: {
      id: f.doc.id,
      formato: f.doc.formato,
      numFactura: f.numFactura,
      estado: f.doc.estado,
      cuv: f.doc.cuv,
      totalFactura: Number(f.doc.totalFactura),
    },
    servicios: f.servicios.map((s) => ({
      pathFuente: s.pathFuente,
      lista: s.lista,
      usuario: s.usuario,
      usuarioId: s.usuarioId,
      codigo: s.codigo,
      descripcion: s.descripcion,
      fecha: s.fecha,
      valor: s.valor,
      disponible: s.disponible,
    })),
  };
}

/**
 * POST /api/FevRips/{id}/notas/propuesta: the note's XML read and checked against the invoice, and the services proposed
 * from its lines (notas.ts proponerServicios: code and value, deterministic) for the user to review. Writes nothing.
 * @throws the AppErrors of {@link cargarFactura}; 400 for an unreadable XML; 422 NOTA_NO_CORRESPONDE.
 */
export async function proponerNota(deps: Pick<TDeps, 'db' | 'analysis'>, ctx: TCtx, id: number, input: { tipo: TTipoNota; bytes: Buffer }): Promise<TPropuestaNotaData> {
  const f = await cargarFactura(deps, ctx, id);
  const nota = await leerNota(deps, input.tipo, input.bytes, f);
  const propuesta = input.tipo === 'NCTotal' ? { servicios: [], lineas: [] } : proponerServicios(input.tipo, nota.lineas, f.servicios, disponibleDe);
  return {
    nota: {
      numero: nota.numeroDocumento ?? nota.formato,
      tipoDocumento: nota.tipoDocumento,
      valor: valorDeNota(nota),
      cude: nota.cufe,
      facturaReferenciada: nota.billingReference?.id ?? null,
      fechaEmision: nota.issueDate,
    },
    servicios: propuesta.servicios,
    lineas: propuesta.lineas.map((l) => ({
      linea: l.linea,
      codigo: l.codigo,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      valor: l.valor,
      servicios: l.servicios,
      sinEmparejar: l.sinEmparejar,
    })),
  };
}

/** The `servicios` field: JSON of ZNotaServicios. @throws AppError 400 NOTA_SERVICIOS_JSON. */
function leerServicios(text: string | undefined): TNotaServicio[] {
  if (text === undefined || text.trim() === '') return [];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError('NOTA_SERVICIOS_JSON', MSG_NOTAS.serviciosJson);
  }
  const parsed = ZNotaServicios.safeParse(value);
  if (parsed.success) return parsed.data;
  const demasiados = Array.isArray(value) && value.length > MAX_SERVICIOS_NOTA;
  throw new AppError('NOTA_SERVICIOS_JSON', demasiados ? MSG_NOTAS.serviciosDemasiados(MAX_SERVICIOS_NOTA) : MSG_NOTAS.serviciosJson);
}

/**
 * POST /api/FevRips/{id}/notas (multipart: the note's XML `archivo`, `tipo` NC | NCTotal | ND | NA, `servicios`, and for
 * an adjustment note without XML `numNota`): the note's package built from the invoice. Refused with what is wrong: an
 * invoice that is not an approved invoice with both files, a note XML of another invoice, issuer or kind, a service the
 * invoice does not have or named twice, a value ≤ 0, a credit above what is left of the service, a note already in
 * Radica. The note's RIPS holds only the chosen services with the note's values, `tipoNota`, `numNota` = the note's
 * number and the invoice's `numFactura`; a total credit note has none (XML only, CargarNCTotal).
 * - `destino` 'documento' (default, the API): filed through the upload path (documents/upload.ts: the same checks, the
 *   engine's findings for the package type its files make), RIPS first so a half-filed note never looks like a total
 *   credit note; the answer carries `fevRipsId`, sent then with POST /api/FevRips/{id}/enviar.
 * - `destino` 'borrador' (the web page; a session only): a RIPS draft with the note's XML, opened in the RIPS editor and
 *   filed from there ('Radicar'); the answer carries `borradorId`.
 * Both record on the invoice's history who created the note. Totals: `diferencia` = the XML's value − Σ vrServicio (the
 * engine's RVG02 says the same as a finding).
 */
export async function crearNota(
  deps: Pick<TDeps, 'config' | 'db' | 'analysis'>,
  ctx: TCtx,
  id: number,
  input: {
    tipo: TTipoNota;
    xml: { filename: string; bytes: Buffer } | null;
    servicios?: string;
    numNota?: string;
    destino?: 'documento' | 'borrador';
  },
): Promise<TNotaData> {
  const destino = input.destino ?? 'documento';
  if (destino === 'borrador' && ctx.apiKeyId) throw new AppError('API_KEY_FORBIDDEN', MSG_INTEGRACIONES.apiKeyNoPermitida);
  const f = await cargarFactura(deps, ctx, id);
  const tipo = input.tipo;
  if (!input.xml && tipo !== 'NA') throw new AppError('FILE_MISSING', MSG_NOTAS.xmlRequerido);
  const nota = input.xml ? await leerNota(deps, tipo, input.xml.bytes, f) : null;
  const elegidos = leerServicios(input.servicios);
  const numFactura = f.numFactura;
  const numNota = nota ? (nota.numeroDocumento ?? nota.formato) : (input.numNota ?? '');
  if (!numNota || !extractFormato(numNota)) throw new AppError('NOTA_NUM_REQUERIDO', MSG_NOTAS.numNotaRequerido);
  const formato = nota?.formato ?? extractFormato(numNota)!;
  if (await findDocumentByFormato(deps.db, ctx.tenantId, formato)) throw new AppError('NOTA_EXISTE', MSG_NOTAS.notaExiste(formato));

  if (tipo === 'NCTotal') {
    if (elegidos.length > 0) throw new AppError('NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.serviciosNoAplican);
    const doc = await uploadFile(deps, ctx, { filename: input.xml!.filename, bytes: input.xml!.bytes, tipoArchivo: 'xml', canal: canalDe(ctx) });
    return respuestaDocumento(deps, ctx, f, doc.fevRipsId, { tipo, numNota, numFactura, rips: null, valorNota: valorDeNota(nota!) });
  }

  const revisados = revisarServicios(tipo, elegidos, f.servicios, { disponible: disponibleDe, formatCop: cop });
  if (!revisados.ok) throw new AppError('NOTA_SERVICIOS_INVALIDOS', revisados.errores[0]!.mensaje, { errores: revisados.errores });
  const { rips, texto } = await deps.analysis.construirNota({
    json: f.json,
    tipo,
    numNota,
    numFactura,
    servicios: revisados.servicios.map((s) => ({ pathFuente: s.servicio.pathFuente, valor: s.valor })),
    xml: nota ?? f.xml,
  });
  // The note's RIPS is filed under the note's number, as its XML (formatoDelDocumento): refused here if they differ.
  const formatoRips = formatoDelDocumento(parseRipsHead(rips));
  if (formatoRips !== formato) throw new AppError('FORMATO_MISMATCH', MSG.formatoMismatch, { formatoArchivo: formatoRips ?? '', formatoDocumento: formato });
  const valorNota = nota ? valorDeNota(nota) : null;

  if (destino === 'borrador') {
    if (!nota) throw new AppError('FILE_MISSING', MSG_NOTAS.xmlRequerido);
    const borrador = await crearBorradorDeNota(deps, ctx, { rips, xml: { bytes: input.xml!.bytes, nombre: input.xml!.filename, parsed: nota } });
    await registrarAccion(deps.db, ctx, f.doc.id, 'nota', { detalle: MSG_NOTAS.historialBorradorNota(tipoNombre(tipo), numNota) });
    const total = totalServicios(rips);
    return {
      fevRipsId: null,
      borradorId: borrador.id,
      formato,
      tipo,
      numNota,
      numFactura,
      estado: null,
      servicioCarga: NOTA_TIPOS[tipo].endpoint,
      valorNota,
      totalServicios: total,
      diferencia: valorNota === null || tipo === 'NA' ? null : round(valorNota - total),
      rips,
      hallazgos: borrador.hallazgos,
    };
  }

  const json = Buffer.from(texto, 'utf8');
  const canal = canalDe(ctx);
  const first = await uploadFile(deps, ctx, { filename: `${formato}.json`, bytes: json, tipoArchivo: 'json', canal });
  if (input.xml) await uploadFile(deps, ctx, { filename: input.xml.filename, bytes: input.xml.bytes, tipoArchivo: 'xml', fevRipsId: first.fevRipsId, canal });
  return respuestaDocumento(deps, ctx, f, first.fevRipsId, { tipo, numNota, numFactura, rips, valorNota });
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The package name of a note type (contracts/muv MUV_CARGA_ENDPOINTS), as the history says it. */
const tipoNombre = (tipo: TTipoNota) => cargaEndpoint(NOTA_TIPOS[tipo].endpoint)?.paquete ?? tipo;

/** The channel a new note records: the API for a key, the platform for a session. */
const canalDe = (ctx: TCtx) => (ctx.apiKeyId ? ('api' as const) : ('plataforma' as const));

/** The answer for a note filed as document `fevRipsId`: linked to its invoice, with its status and findings. */
async function respuestaDocumento(
  deps: Pick<TDeps, 'db'>,
  ctx: TCtx,
  f: TFactura,
  fevRipsId: number,
  o: { tipo: TTipoNota; numNota: string; numFactura: string; rips: Record<string, unknown> | null; valorNota: number | null },
): Promise<TNotaData> {
  // The upload links a note to the invoice its package names; a note built here belongs to this one whatever it names.
  const doc = await loadDoc(deps, ctx, fevRipsId);
  if (doc.facturaId !== f.doc.id) await setFactura(deps.db, ctx.tenantId, doc.id, f.doc.id);
  const hallazgos = (await listFindings(deps.db, ctx.tenantId, doc.id, 'LOCAL')).map((h) => ({
    clase: h.clase,
    codigo: h.codigo,
    descripcion: h.descripcion,
    observaciones: h.observaciones,
    pathFuente: h.pathFuente,
    fuente: h.fuente,
  }));
  const total = o.rips ? totalServicios(o.rips) : null;
  return {
    fevRipsId: doc.id,
    borradorId: null,
    formato: doc.formato,
    tipo: o.tipo,
    numNota: o.numNota,
    numFactura: o.numFactura,
    estado: doc.estado,
    servicioCarga: doc.muvEndpoint ?? NOTA_TIPOS[o.tipo].endpoint,
    valorNota: o.valorNota,
    totalServicios: total,
    diferencia: o.valorNota === null || total === null || o.tipo === 'NA' ? null : round(o.valorNota - total),
    rips: o.rips,
    hallazgos,
  };
}
