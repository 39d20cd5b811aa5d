import { z } from 'zod';
import { ESTADOS, LIST_PAGE_SIZE } from './enums.ts';

/** Ministry documents (FEV/RIPS reports): seed 001 §3, §7. Field names verbatim. */

/** infoFevRips (seed 001 §3), computed from the uploaded files by @radica/fevrips. */
export const ZInfoFevRips = z.object({
  cantidadUsuarios: z.number(),
  cantidadAtenciones: z.number(),
  totalFactura: z.number(),
  totalValorServicios: z.number(),
  modalidadPago: z.string().nullable(),
  identificacionAdquiriente: z.string().nullable(),
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
  fechaEnvio: z.string().nullable(),
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
});
export type TDocumentRow = z.infer<typeof ZDocumentRow>;

export const ZDocumentDetail = ZDocumentRow.extend({
  errores: z.array(ZHallazgo),
  notificaciones: z.array(ZHallazgo),
  archivoXml: ZArchivoRef,
  archivoJson: ZArchivoRef,
});
export type TDocumentDetail = z.infer<typeof ZDocumentDetail>;

/** POST /api/FevRips/search body (seed 001 §7). `estado` EXCLUDE_ANULADO when no filter is chosen. */
export const ZSearchRequest = z.object({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(LIST_PAGE_SIZE),
  tipoDocumento: z.string().trim().max(10).optional().nullable(),
  formato: z.string().trim().max(60).optional().nullable(),
  estado: z
    .union([z.enum(['EXCLUDE_ANULADO', ...ESTADOS] as [string, ...string[]]), z.literal('')])
    .optional()
    .nullable(),
  fechaCreacionDesde: z.string().optional().nullable(),
  fechaCreacionHasta: z.string().optional().nullable(),
  fechaRadicacionDesde: z.string().optional().nullable(),
  fechaRadicacionHasta: z.string().optional().nullable(),
});
export type TSearchRequest = z.input<typeof ZSearchRequest>;
export const ZSearchData = z.object({
  results: z.object({ data: z.array(ZDocumentRow) }),
  totalRecords: z.number(),
  totalPages: z.number(),
  pageIndex: z.number(),
  pageSize: z.number(),
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
});
export type TUploadData = z.infer<typeof ZUploadData>;

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
});
export type TSendResult = z.infer<typeof ZSendResult>;
