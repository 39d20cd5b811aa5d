import { z } from 'zod';
import { ESTADOS, LIST_PAGE_SIZE, MAX_ROW_ID } from './enums.ts';
import { MSG } from './messages.ts';
import { ZFamilia } from './notas.ts';
import { relojBogota } from './bogota.ts';

/** How a document's files arrived: the web upload, the API, e-mail or SFTP. */
export const CANALES_DOCUMENTO = ['plataforma', 'api', 'email', 'sftp'] as const;
export type TCanalDocumento = (typeof CANALES_DOCUMENTO)[number];
/** How each channel reads on screens and in the Excel report. */
export const CANAL_ETIQUETAS: Record<TCanalDocumento, string> = {
  plataforma: 'Plataforma',
  api: 'API',
  email: 'Correo',
  sftp: 'SFTP',
};

/** A document id: a positive PostgreSQL integer; anything else answers 400 'Error: ID de documento inválido'. */
export const ZDocumentId = z
  .number({ error: MSG.invalidDocumentId })
  .int(MSG.invalidDocumentId)
  .min(1, MSG.invalidDocumentId)
  .max(MAX_ROW_ID, MSG.invalidDocumentId);
/** Path parameters of /api/FevRips/{id}/… (seed 001 §7). */
export const ZIdParams = z.object({ id: z.coerce.number({ error: MSG.invalidDocumentId }).pipe(ZDocumentId) });

/** Ministry documents (FEV/RIPS reports): seed 001 §3, §7. Field names verbatim. */

/** infoFevRips (seed 001 §3), computed from the uploaded files by @radica/fevrips. */
export const ZInfoFevRips = z.object({
  cantidadUsuarios: z.number(),
  cantidadAtenciones: z.number(),
  totalFactura: z.number(),
  totalValorServicios: z.number(),
  modalidadPago: z.string().nullable(),
  identificacionAdquiriente: z.string().nullable(),
  /** Radica: the RIPS structure the package was checked against (the norm's name), null without a RIPS. */
  estructuraRips: z.string().nullable().optional(),
});
export type TInfoFevRips = z.infer<typeof ZInfoFevRips>;

/** A ministry (or local) finding: error item of seed 001 §3 plus the ministry's own fields. */
export const ZHallazgo = z.object({
  id: z.number(),
  clase: z.string(),
  codigo: z.string(),
  descripcion: z.string(),
  observaciones: z.string(),
  fuente: z.string(),
  pathFuente: z.string(),
});
export type THallazgo = z.infer<typeof ZHallazgo>;

export const ZArchivoRef = z.object({ id: z.number(), nombre: z.string(), tamanoBytes: z.number() }).nullable();

/**
 * Radica (docs/decisions/047): the ministry answered this document's send with no verdict (TOT003, a 5xx, the local
 * API's error text, a time-out…) and Radica retries by itself. `texto`: the ministry's own words (or what happened when
 * it said none); `proximoIntento`: the next automatic retry (ISO, null when none is left); `desde`: when the wait began.
 */
export const ZEsperaMinisterio = z.object({
  desde: z.string(),
  texto: z.string(),
  proximoIntento: z.string().nullable(),
  intentos: z.number(),
});
export type TEsperaMinisterio = z.infer<typeof ZEsperaMinisterio>;

/**
 * 'HH:MM' in Bogotá time (24 h) of an instant, with the day ('dd/mm HH:MM') when it is not `now`'s Bogotá day.
 * Colombia is UTC−5 all year (no daylight saving), so the wall clock is a fixed offset.
 */
export function horaBogota(instant: string | Date, now: Date = new Date()): string {
  const local = relojBogota;
  const pad = (n: number) => String(n).padStart(2, '0');
  const at = local(new Date(instant));
  const hoy = local(now);
  const hora = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
  const dia = `${pad(at.getUTCDate())}/${pad(at.getUTCMonth() + 1)}`;
  return dia === `${pad(hoy.getUTCDate())}/${pad(hoy.getUTCMonth() + 1)}` && at.getUTCFullYear() === hoy.getUTCFullYear() ? hora : `${dia} ${hora}`;
}

export const ZDocumentRow = z.object({
  id: z.number(),
  idUsuario: z.number(),
  tipoDocumento: z.string(),
  formato: z.string(),
  cuv: z.string().nullable(),
  estado: z.string(),
  estadoInterno: z.number(),
  fechaCreacion: z.string(),
  fechaModificacion: z.string(),
  /** When Radica sent the package to the ministry (the history's 'Envió al Ministerio' of that send). */
  fechaEnvio: z.string().nullable(),
  /** The ministry's filing stamp of an accepted package (its answer's FechaRadicacion). */
  fechaRadicacion: z.string().nullable(),
  procesoId: z.number().nullable(),
  xml: z.boolean(),
  json: z.boolean(),
  intentosEnvio: z.number(),
  totalFactura: z.number(),
  infoFevRips: ZInfoFevRips.nullable(),
  tieneErrores: z.boolean(),
  totalErrores: z.number(),
  totalNotificaciones: z.number(),
  /** A bulk-send job ('Enviar Seleccionados') is queued or running for this document. */
  enviandose: z.boolean().optional(),
  /** Radica: how the files arrived: plataforma, api, email or sftp. */
  canal: z.string().optional(),
  /** Radica: the ministry gave no verdict yet and Radica retries by itself (null when no wait). */
  esperaMinisterio: ZEsperaMinisterio.nullable().optional(),
  /** Radica: approved through a re-send the ministry answered RVG18 (already validated): its CUV was recovered. */
  cuvRecuperado: z.boolean().optional(),
});
export type TDocumentRow = z.infer<typeof ZDocumentRow>;

export const ZDocumentDetail = ZDocumentRow.extend({
  errores: z.array(ZHallazgo),
  notificaciones: z.array(ZHallazgo),
  archivoXml: ZArchivoRef,
  archivoJson: ZArchivoRef,
});
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;

/** What a person or a channel did to a document: the history of the detail page. */
export const ACCIONES_DOCUMENTO = {
  carga: 'Cargó un archivo',
  envio: 'Envió al Ministerio',
  // How it was scheduled (bulk from the list, or the API's enviar=async) is the event's detail.
  envio_programado: 'Programó el envío',
  anulacion: 'Anuló el documento',
  reactivacion: 'Reactivó el documento',
  eliminacion_archivo: 'Eliminó un archivo',
  sincronizacion: 'Sincronizó con el Ministerio',
  edicion_rips: 'Editó el RIPS',
  nota: 'Creó una nota',
} as const;
export type TAccionDocumento = keyof typeof ACCIONES_DOCUMENTO;
/** Entries of the history the detail returns (the newest). */
export const HISTORIAL_MAX = 100;

export const ZEventoDocumento = z.object({
  id: z.number(),
  fecha: z.string(),
  accion: z.string(),
  /** The action in words (ACCIONES_DOCUMENTO) with its detail: the file's name, a verification, an API key. */
  descripcion: z.string(),
  /** Who did it (the user's name, '(eliminado)' after a removal), or null for a channel without a person. */
  usuario: z.string().nullable(),
  canal: z.string(),
});
export type TEventoDocumento = z.infer<typeof ZEventoDocumento>;

/** GET /api/FevRips/{id}/detail `data`: the detail plus Radica's prevalidation findings and the type's name. */
export const ZDocumentDetailData = ZDocumentDetail.extend({
  prevalidacion: z.array(ZHallazgo),
  tipoDocumentoNombre: z.string(),
  /**
   * Radica: the MUV upload endpoint the package goes to (`CargarFevRips`, `CargarNCTotal`…; its package type
   * is contracts/muv `MUV_CARGA_ENDPOINTS`), decided from the files; null before any file was read.
   */
  servicioCarga: z.string().nullable(),
  /** Radica: who did what to the document, newest first (at most HISTORIAL_MAX entries). */
  historial: z.array(ZEventoDocumento).default([]),
  /**
   * Radica (docs/decisions/051): an invoice's notes and net value, or the invoice a note corrects; null for a RIPS
   * without invoice.
   */
  familia: ZFamilia.nullable().optional(),
});
export type TDocumentDetailData = z.infer<typeof ZDocumentDetailData>;


/** POST /api/FevRips/{id}/anular and /reactivar `data`: the status the document has now (seed 001 §4). */
export const ZEstadoActualData = z.object({ estadoActual: z.string() });

/**
 * The `tipoDocumento` filter value that lists every note (Radica, docs/decisions/051): credit and debit notes, and any
 * package whose RIPS says NC, ND or NA (an adjustment note, a note's RIPS still waiting for its XML).
 */
export const FILTRO_NOTAS = 'NOTAS';

/** POST /api/FevRips/search body (seed 001 §7). `estado` EXCLUDE_ANULADO when no filter is chosen. */
export const ZSearchRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  tipoDocumento: z.string().trim().max(10).optional().nullable(),
  formato: z.string().trim().max(60).optional().nullable(),
  /** Radica: only the documents that arrived through this channel ('' or absent: all). */
  canal: z.union([z.enum(CANALES_DOCUMENTO), z.literal('')]).optional().nullable(),
  estado: z
    .union([z.enum(['EXCLUDE_ANULADO', ...ESTADOS] as [string, ...string[]]), z.literal('')])
    .optional()
    .nullable(),
  fechaCreacionDesde: z.string().optional().nullable(),
  fechaCreacionHasta: z.string().optional().nullable(),
  fechaRadicacionDesde: z.string().optional().nullable(),
  fechaRadicacionHasta: z.string().optional().nullable(),
  /**
   * Radica (docs/decisions/052): the `cursorSiguiente` or `cursorAnterior` of the page beside `pageIndex` (the page it
   * leads to). With it the page is read by keyset (after or before the row the cursor names), so a deep page costs
   * what the first does and rows filed meanwhile do not shift it; without it (a jump to any page) `pageIndex` is used.
   */
  cursor: z.string().max(400).optional().nullable(),
});
export type TSearchRequest = z.input<typeof ZSearchRequest>;
export const ZSearchData = z.object({
  results: z.object({ data: z.array(ZDocumentRow) }),
  totalRecords: z.number(),
  totalPages: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
  /** Radica: opaque, signed cursors for the next and the previous page (null at either end); see `cursor`. */
  cursorSiguiente: z.string().nullable().optional(),
  cursorAnterior: z.string().nullable().optional(),
});
export type TSearchData = z.infer<typeof ZSearchData>;

/** POST /api/fevrips/verificar-formato (seed 001 §3 "Existing-format check result"). */
export const ZVerificarFormatoRequest = z.object({ formato: z.string().trim().min(1, 'Formato es requerido').max(60) });
export const ZVerificarFormatoData = z.object({
  existe: z.boolean(),
  fevRipsId: z.number().nullable(),
  estado: z.string().nullable(),
  fechaCreacion: z.string().nullable(),
  mensaje: z.string(),
  tieneXml: z.boolean(),
  tieneJson: z.boolean(),
  cuv: z.string().nullable(),
  infoFaltante: z.array(z.string()),
});
export type TVerificarFormatoData = z.infer<typeof ZVerificarFormatoData>;

/** POST /api/FevRips/subir-archivo answer: data.fevRipsId plus what was read from the file. */
export const ZUploadData = z.object({
  fevRipsId: z.number(),
  tipoArchivo: z.enum(['xml', 'json']),
  formato: z.string(),
  estado: z.string(),
  tipoDocumento: z.string(),
  /** The sides filed from one file that was the ministry's CargarFevRips body `{ rips, xmlFevFile }`. */
  archivos: z.array(z.enum(['xml', 'json'])).optional(),
});
export type TUploadData = z.infer<typeof ZUploadData>;

/**
 * The multipart form of POST /api/FevRips/subir-archivo (seed 001 §7): the file part `archivo` and the text fields
 * beside it, which the browser sends before the file. `fevRipsId` (optional) is the document the file completes, a
 * positive integer as text (anything else answers 400 'Error: ID de documento inválido'); `tipoArchivo` (optional)
 * names the slot, 'xml' or 'json' (anything else is ignored): a file whose extension differs is refused.
 */
export const ZSubirArchivoFields = z.object({
  fevRipsId: z
    .string()
    .optional()
    .transform((value) => (value ? Number(value) : null))
    .pipe(ZDocumentId.nullable()),
  tipoArchivo: z
    .string()
    .optional()
    .transform((value) => (value === 'xml' || value === 'json' ? value : null)),
});
export const SUBIR_ARCHIVO_FORM = { file: 'archivo', fields: ZSubirArchivoFields } as const;

/** Extra data of the 'Número de Identificación No Coincide' error (seed 001 §5: both values shown). */
export const ZIdentityMismatchData = z.object({
  numeroIdentificacionArchivo: z.string(),
  numeroIdentificacionTercero: z.string(),
});
/** Extra data of the 'Formato No Coincide' error. */
export const ZFormatoMismatchData = z.object({ formatoArchivo: z.string(), formatoDocumento: z.string() });

/** Send result (seed 001 §3). */
export const ZSendResult = z.object({
  exitoso: z.boolean(),
  mensaje: z.string(),
  cuv: z.string().nullable(),
  tieneNotificaciones: z.boolean(),
  totalNotificaciones: z.number(),
  tieneErrores: z.boolean(),
  totalErrores: z.number(),
  fechaRadicacion: z.string().nullable(),
  procesoId: z.number().nullable(),
  /**
   * Radica's addition (docs/decisions/027): true when the answer did not come within SEND_WAIT_S and the send stays
   * queued (HTTP 202, `exitoso` false, `mensaje` says so); the list shows the result when it comes.
   */
  enCola: z.boolean().optional(),
});
export type TSendResult = z.infer<typeof ZSendResult>;

/** Largest list of formatos (or ids) accepted by the bulk calls (seed 001 §9: select-all fetches up to 10000). */
export const MAX_FORMATOS = 10_000;

/** POST /api/FevRips/{id}/eliminar-archivo body (seed 001 §7). */
export const ZEliminarArchivoRequest = z.object({ tipoArchivo: z.string().trim().toLowerCase() });
/** Its answer (seed 001 §3 "Delete-file response"). */
export const ZEliminarArchivoData = z.object({ documentoAnulado: z.boolean(), estadoActual: z.string() });
export type TEliminarArchivoData = z.infer<typeof ZEliminarArchivoData>;

/** Body of informe-listado and respuesta-listado (seed 001 §7): `formatos[]`; empty → 'Lista de formatos es requerida'. */
export const ZFormatosRequest = z.object({ formatos: z.array(z.string()).max(MAX_FORMATOS).optional().nullable() });

/** Report row for the Excel report (seed 001 §3 "Report row"). Dates ISO-8601 UTC. */
export const ZInformeRow = z.object({
  formato: z.string(),
  /** The document's status code (the report's Estado column, labelled by ESTADO_ETIQUETAS). */
  estado: z.string(),
  cuv: z.string().nullable(),
  fechaCreacion: z.string(),
  fechaEnvio: z.string().nullable(),
  fechaRadicacion: z.string().nullable(),
  procesoId: z.number().nullable(),
  xml: z.boolean(),
  json: z.boolean(),
  cantidadUsuarios: z.number().nullable(),
  cantidadAtenciones: z.number().nullable(),
  totalFactura: z.number(),
  totalValorServicios: z.number().nullable(),
  modalidadPago: z.string().nullable(),
  identificacionAdquiriente: z.string().nullable(),
  numDocumentoReferenciado: z.string().nullable(),
  /** Radica: the channel the files arrived through. */
  canal: z.string().optional(),
  // Radica (docs/decisions/051): the family columns.
  /** The package type's name (contracts/muv MUV_CARGA_ENDPOINTS `paquete`): 'Factura con RIPS', 'Nota crédito'… */
  paquete: z.string().nullable().optional(),
  /** For a note: the formato of the invoice it belongs to in Radica. */
  facturaNota: z.string().nullable().optional(),
  /** For an invoice: its notes (cancelled ones included), credits and debits (COP, not cancelled) and net value. */
  cantidadNotas: z.number().nullable().optional(),
  creditos: z.number().nullable().optional(),
  debitos: z.number().nullable().optional(),
  valorNeto: z.number().nullable().optional(),
  /** Radica (docs/decisions/047): the wait for the ministry's verdict, when there is one. */
  esperaMinisterio: ZEsperaMinisterio.nullable().optional(),
});
export type TInformeRow = z.infer<typeof ZInformeRow>;
export const ZInformeData = z.object({ datos: z.array(ZInformeRow) });

/** respuesta-listado item: the ministry's raw answer (parsed JSON) of the successful send of an approved document. */
export const ZRespuestaRow = z.object({
  formato: z.string(),
  cuv: z.string().nullable(),
  respuesta: z.unknown(),
  /** The ministry's ProcesoId of the approval (the answer file is named as the ministry names it). */
  procesoId: z.number().nullable().optional(),
});
export type TRespuestaRow = z.infer<typeof ZRespuestaRow>;
export const ZRespuestaData = z.object({ datos: z.array(ZRespuestaRow) });

/**
 * POST /api/FevRips/formatos-pagina body (seed 001 §7; note the ñ). `estadoInterno` takes the same values as the
 * search's `estado` (a name such as EXCLUDE_ANULADO, or a numeric code such as 500).
 */
export const ZFormatosPaginaRequest = z.object({
  tamañoPagina: z.coerce.number().int().min(1).max(MAX_FORMATOS).default(LIST_PAGE_SIZE),
  tipoDocumento: z.string().trim().max(10).optional().nullable(),
  estadoInterno: z.union([z.string(), z.number()]).optional().nullable(),
  estado: z.string().optional().nullable(),
  formato: z.string().trim().max(60).optional().nullable(),
  /** Radica: the list's channel filter, so select-all takes the same documents the list shows. */
  canal: z.union([z.enum(CANALES_DOCUMENTO), z.literal('')]).optional().nullable(),
  fechaCreacionDesde: z.string().optional().nullable(),
  fechaCreacionHasta: z.string().optional().nullable(),
  fechaRadicacionDesde: z.string().optional().nullable(),
  fechaRadicacionHasta: z.string().optional().nullable(),
});
/** Page selection item (seed 001 §3): `pagina` 1-based, `posicionEnPagina` 0-based index within that page. */
export const ZPaginaItem = z.object({ id: z.number(), formato: z.string(), pagina: z.number(), posicionEnPagina: z.number() });
export type TPaginaItem = z.infer<typeof ZPaginaItem>;
export const ZFormatosPaginaData = z.object({ formatos: z.array(ZPaginaItem), totalRecords: z.number() });
export type TFormatosPaginaData = z.infer<typeof ZFormatosPaginaData>;

/** POST /api/FevRips/sincronizar-formato (seed 001 §7) and its "Sync result" (seed 001 §3). */
export const ZSincronizarRequest = z.object({ formato: z.string().optional().nullable() });
export const ZSincronizarData = z.object({
  informacionSincronizada: z.boolean(),
  cantidadRegistrosGuardados: z.number(),
  mensaje: z.string(),
});
export type TSincronizarData = z.infer<typeof ZSincronizarData>;

/**
 * POST /api/FevRips/envio-masivo (Radica's addition for 'Enviar Seleccionados', docs/spec-deviations.md): documents
 * by id and/or formato; one durable job per sendable document. `omitidos` counts what was not enqueued; `detalleOmitidos` says why.
 */
export const ZEnvioMasivoRequest = z.object({
  ids: z.array(ZDocumentId).max(MAX_FORMATOS).optional().nullable(),
  formatos: z.array(z.string()).max(MAX_FORMATOS).optional().nullable(),
});
export const ZEnvioMasivoData = z.object({
  encolados: z.number(),
  omitidos: z.number(),
  detalleOmitidos: z.array(z.object({ id: z.number().nullable(), formato: z.string(), motivo: z.string() })),
});
export type TEnvioMasivoData = z.infer<typeof ZEnvioMasivoData>;

/** POST /api/FevRips/envio-masivo/resultado: the documents a bulk send queued, and when it queued them. */
export const ZResumenEnvioMasivoRequest = z.object({
  ids: z.array(ZDocumentId).min(1).max(MAX_FORMATOS),
  desde: z.iso.datetime({ offset: true }),
});
/** Where that batch stands: sends still running, and the outcome of the others. */
export const ZResumenEnvioMasivo = z.object({
  enCurso: z.number(),
  aprobados: z.number(),
  noAprobados: z.array(z.string()),
  sinEnviar: z.number(),
  /** Radica (docs/decisions/047): sent, but the ministry gave no verdict yet; Radica retries them by itself. */
  sinRespuesta: z.number().default(0),
});
export type TResumenEnvioMasivo = z.infer<typeof ZResumenEnvioMasivo>;
