import { randomBytes } from 'node:crypto';
import type { TPaqueteAceptado, TResultadoValidacion } from './state.ts';

/** `ProblemDetails` as ASP.NET Core writes it (RFC 9110 `type`, plus a W3C `traceId`). */
export type TProblemDetails = {
  type: string;
  title: string;
  status: number;
  detail?: string;
  errors?: Record<string, string[]>;
  traceId: string;
};

const PROBLEM_TYPES: Record<number, { type: string; title: string }> = {
  400: {
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
    title: 'One or more validation errors occurred.',
  },
  401: { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.2', title: 'Unauthorized' },
  404: { type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5', title: 'Not Found' },
  500: {
    type: 'https://tools.ietf.org/html/rfc9110#section-15.6.1',
    title: 'An error occurred while processing your request.',
  },
  503: { type: 'https://tools.ietf.org/html/rfc9110#section-15.6.4', title: 'Service Unavailable' },
};

/** Content type ASP.NET Core uses for `ProblemDetails`. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json; charset=utf-8';

/**
 * Builds a `ProblemDetails` body (§1.5 type; 400/401 of every endpoint, §1.2).
 * `errors` follows ASP.NET's validation shape: `{ "<json path>": ["message"] }`.
 */
export function problemDetails(
  status: number,
  errors?: Record<string, string[]>,
  detail?: string,
): TProblemDetails {
  const known = PROBLEM_TYPES[status] ?? { type: 'about:blank', title: 'Error' };
  const body: TProblemDetails = { type: known.type, title: known.title, status, traceId: newTraceId() };
  if (detail !== undefined) body.detail = detail;
  if (errors !== undefined) body.errors = errors;
  return body;
}

function newTraceId(): string {
  return `00-${randomBytes(16).toString('hex')}-${randomBytes(8).toString('hex')}-00`;
}

/** `ResultadoProcesoFevRips` of an accepted package: PascalCase keys, HTTP 200 (§1.5). */
export type TResultadoAceptado = {
  ResultState: true;
  ProcesoId: number;
  NumFactura: string | null;
  Modulo: null;
  ModalidadPago: string | null;
  Ambiente: string;
  PeriodoAtencion: TPaqueteAceptado['periodoAtencion'];
  CodigoUnicoValidacion: string;
  CodigoUnicoValidacionToShow: string;
  FechaRadicacion: string;
  RutaArchivos: null;
  ResultadosValidacion: TResultadoValidacion[];
};

/** `Ambiente` reported by the simulator (the real API reports its deployment). */
export const AMBIENTE_SIMULADOR = 'Simulador';

/** Builds the HTTP 200 answer for an accepted package (§1.5, real example RFFV303). */
export function buildAcceptedBody(paquete: TPaqueteAceptado): TResultadoAceptado {
  return {
    ResultState: true,
    ProcesoId: paquete.procesoId,
    NumFactura: paquete.numFactura,
    Modulo: null,
    ModalidadPago: paquete.modalidadPago,
    Ambiente: AMBIENTE_SIMULADOR,
    PeriodoAtencion: paquete.periodoAtencion,
    CodigoUnicoValidacion: paquete.cuv,
    CodigoUnicoValidacionToShow: paquete.cuv,
    FechaRadicacion: paquete.fechaRadicacion,
    RutaArchivos: null,
    ResultadosValidacion: paquete.resultados,
  };
}

/** Verbatim `codigoUnicoValidacionToShow` of a rejection (§1.5). */
export const CUV_NO_APLICA =
  'No aplica a paquetes procesados en estado [RECHAZADO] o validaciones realizadas antes del envío al Ministerio de Salud y Protección Social';

/** A rejection as the MUV sends it with HTTP 400: camelCase top level, PascalCase items (§1.5). */
export type TResultadoRechazado = {
  resultState: false;
  procesoId: 0;
  numFactura: '';
  codigoUnicoValidacion: '-';
  codigoUnicoValidacionToShow: string;
  fechaRadicacion: string;
  rutaArchivos: null;
  resultadosValidacion: TResultadoValidacion[];
};

/** Builds the HTTP 400 answer of a rejected package (§1.5, real RVG01 example). */
export function buildRejectedBody(
  items: TResultadoValidacion[],
  fechaRadicacion: string,
): TResultadoRechazado {
  return {
    resultState: false,
    procesoId: 0,
    numFactura: '',
    codigoUnicoValidacion: '-',
    codigoUnicoValidacionToShow: CUV_NO_APLICA,
    fechaRadicacion,
    rutaArchivos: null,
    resultadosValidacion: items,
  };
}

/** `ConsultaCUVDTO` (§1.6), PascalCase like the other ministry DTOs. */
export type TConsultaCuv = {
  ProcesoId: number;
  EsValido: boolean;
  CodigoUnicoValidacion: string;
  FechaValidacion: string;
  TipoDocumento: string | null;
  NumDocumentoIdObligado: string | null;
  NumeroDocumento: string | null;
  FechaEmision: string | null;
  TotalFactura: number;
  CantidadUsuarios: number;
  CantidadAtenciones: number;
  TotalValorServicios: number;
  IdentificacionAdquiriente: string | null;
  CodigoPrestador: string | null;
  ModalidadPago: string | null;
  NumDocumentoReferenciado: string | null;
  UrlJson: null;
  UrlXml: null;
  JsonFile: null;
  XmlFileBase64: null;
  ResultadosValidacion: TResultadoValidacion[];
};

/** Builds the `ConsultarCUV` answer for a known, accepted package (§1.6). */
export function buildConsultaBody(paquete: TPaqueteAceptado): TConsultaCuv {
  const c = paquete.consulta;
  return {
    ProcesoId: paquete.procesoId,
    EsValido: true,
    CodigoUnicoValidacion: paquete.cuv,
    FechaValidacion: paquete.fechaRadicacion,
    TipoDocumento: c.tipoDocumento,
    NumDocumentoIdObligado: c.numDocumentoIdObligado,
    NumeroDocumento: c.numeroDocumento,
    FechaEmision: c.fechaEmision,
    TotalFactura: c.totalFactura,
    CantidadUsuarios: c.cantidadUsuarios,
    CantidadAtenciones: c.cantidadAtenciones,
    TotalValorServicios: c.totalValorServicios,
    IdentificacionAdquiriente: c.identificacionAdquiriente,
    CodigoPrestador: c.codigoPrestador,
    ModalidadPago: c.modalidadPago,
    NumDocumentoReferenciado: c.numDocumentoReferenciado,
    UrlJson: null,
    UrlXml: null,
    JsonFile: null,
    XmlFileBase64: null,
    ResultadosValidacion: paquete.resultados,
  };
}

/** `BadRequestResponse` (§1.5): the other error shape the ministry uses. */
export type TBadRequestResponse = { tipo: string; descripcion: string };
