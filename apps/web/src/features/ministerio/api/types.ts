import type { TDocumentDetail, TDocumentRow, THallazgo } from '@radica/contracts/documents';

/** A list row (seed 001 §3) plus `enviandose`: queued or running in a bulk send (issue 4). */
export type TMinisterioRow = TDocumentRow & { enviandose?: boolean };

/** The detail plus the local pre-validation findings (issue 5) and the type's name. */
export type TMinisterioDetail = TDocumentDetail & {
  prevalidacion?: THallazgo[];
  tipoDocumentoNombre?: string;
  enviandose?: boolean;
};

/** The search filters shared by search, formatos-pagina (seed 001 §7). Dates yyyy-mm-dd. */
export type TListFilters = {
  formato: string;
  tipoDocumento: string;
  estado: string;
  fechaCreacionDesde: string;
  fechaCreacionHasta: string;
  fechaRadicacionDesde: string;
  fechaRadicacionHasta: string;
};

/** Report row for the Excel report (seed 001 §3 "Report row"). */
export type TReportRow = {
  formato: string;
  cuv: string | null;
  fechaCreacion: string | null;
  fechaEnvio: string | null;
  fechaRadicacion: string | null;
  procesoId: number | string | null;
  xml: boolean | null;
  json: boolean | null;
  cantidadUsuarios: number | null;
  cantidadAtenciones: number | null;
  totalFactura: number | null;
  totalValorServicios: number | null;
  modalidadPago: string | null;
  identificacionAdquiriente: string | null;
  numDocumentoReferenciado: string | null;
};

/** One approved document's ministry answer (respuesta-listado). `respuesta` is the ministry's object. */
export type TMinistryAnswer = { formato: string; cuv: string | null; respuesta: unknown };

/** Page selection item (seed 001 §3). */
export type TPageFormato = { id: number; formato: string; pagina: number; posicionEnPagina: number };
