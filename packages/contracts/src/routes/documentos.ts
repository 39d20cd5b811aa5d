import { ZEnvelope } from '../common.ts';
import { ZConsultarCuvData, ZConsultarCuvRequest } from '../cuv.ts';
import {
  ZDocumentDetailData,
  ZEliminarArchivoData,
  ZEliminarArchivoRequest,
  ZEnvioMasivoData,
  ZEnvioMasivoRequest,
  ZEstadoActualData,
  ZFormatosPaginaData,
  ZFormatosPaginaRequest,
  ZFormatosRequest,
  ZIdParams,
  ZInformeData,
  ZRespuestaData,
  ZResumenEnvioMasivo,
  ZResumenEnvioMasivoRequest,
  ZSearchData,
  ZSearchRequest,
  ZSendResult,
  ZSincronizarData,
  ZSincronizarRequest,
  ZUploadData,
  ZVerificarFormatoData,
  ZVerificarFormatoRequest,
} from '../documents.ts';
import { ZNotaData, ZPropuestaNotaData, ZServiciosFacturaData } from '../notas.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

const lectura = { roles: ACCESO.lectura, claves: true } as const;
const edicion = { roles: ACCESO.edicion, claves: true } as const;

/**
 * Ministry documents (seed 001 §7; paths keep the seed's letter case): a session or one of the tenant's API keys, and
 * the ministerio module. Notes built from a filed invoice (docs/decisions/051). The public CUV lookup.
 */
export const documentos = {
  /** The upload form SUBIR_ARCHIVO_FORM (documents.ts). */
  subirArchivo: ruta({ method: 'POST', path: '/api/FevRips/subir-archivo', ...edicion, cuerpo: 'multipart', response: ZEnvelope(ZUploadData) }),
  verificarFormato: ruta({ method: 'POST', path: '/api/fevrips/verificar-formato', ...lectura, body: ZVerificarFormatoRequest, response: ZEnvelope(ZVerificarFormatoData) }),
  buscar: ruta({ method: 'POST', path: '/api/FevRips/search', ...lectura, body: ZSearchRequest, response: ZEnvelope(ZSearchData) }),
  detalle: ruta({ method: 'GET', path: '/api/FevRips/:id/detail', ...lectura, params: ZIdParams, response: ZEnvelope(ZDocumentDetailData) }),
  /** 202 when the send was queued (the answer says so). */
  enviar: ruta({ method: 'POST', path: '/api/FevRips/:id/enviar', ...edicion, params: ZIdParams, response: ZEnvelope(ZSendResult), otras: { 202: ZEnvelope(ZSendResult) } }),
  anular: ruta({ method: 'POST', path: '/api/FevRips/:id/anular', ...edicion, params: ZIdParams, response: ZEnvelope(ZEstadoActualData) }),
  reactivar: ruta({ method: 'POST', path: '/api/FevRips/:id/reactivar', ...edicion, params: ZIdParams, response: ZEnvelope(ZEstadoActualData) }),
  eliminarArchivo: ruta({ method: 'POST', path: '/api/FevRips/:id/eliminar-archivo', ...edicion, params: ZIdParams, body: ZEliminarArchivoRequest, response: ZEnvelope(ZEliminarArchivoData) }),
  informe: ruta({ method: 'POST', path: '/api/fevrips/informe-listado', ...lectura, body: ZFormatosRequest, response: ZEnvelope(ZInformeData) }),
  respuestas: ruta({ method: 'POST', path: '/api/FevRips/respuesta-listado', ...lectura, body: ZFormatosRequest, response: ZEnvelope(ZRespuestaData) }),
  formatosPagina: ruta({ method: 'POST', path: '/api/FevRips/formatos-pagina', ...lectura, body: ZFormatosPaginaRequest, response: ZEnvelope(ZFormatosPaginaData) }),
  sincronizarFormato: ruta({ method: 'POST', path: '/api/FevRips/sincronizar-formato', ...edicion, body: ZSincronizarRequest, response: ZEnvelope(ZSincronizarData) }),
  envioMasivo: ruta({ method: 'POST', path: '/api/FevRips/envio-masivo', ...edicion, body: ZEnvioMasivoRequest, response: ZEnvelope(ZEnvioMasivoData) }),
  resumenEnvioMasivo: ruta({ method: 'POST', path: '/api/FevRips/envio-masivo/resultado', ...lectura, body: ZResumenEnvioMasivoRequest, response: ZEnvelope(ZResumenEnvioMasivo) }),
  serviciosFactura: ruta({ method: 'GET', path: '/api/FevRips/:id/servicios', ...lectura, params: ZIdParams, response: ZEnvelope(ZServiciosFacturaData) }),
  /** The form PROPUESTA_NOTA_FORM (notas.ts). */
  propuestaNota: ruta({ method: 'POST', path: '/api/FevRips/:id/notas/propuesta', ...edicion, params: ZIdParams, cuerpo: 'multipart', response: ZEnvelope(ZPropuestaNotaData) }),
  /** The form CREAR_NOTA_FORM (notas.ts). */
  crearNota: ruta({ method: 'POST', path: '/api/FevRips/:id/notas', ...edicion, params: ZIdParams, cuerpo: 'multipart', response: ZEnvelope(ZNotaData) }),
  /** Seed 000 §7's public path, with its trailing slash; the path without it is the same call. */
  consultarCuv: ruta({ method: 'POST', path: '/api/FevRips/consultar-cuv/', roles: 'publico', body: ZConsultarCuvRequest, response: ZEnvelope(ZConsultarCuvData) }),
  consultarCuvSinBarra: ruta({ method: 'POST', path: '/api/FevRips/consultar-cuv', roles: 'publico', body: ZConsultarCuvRequest, response: ZEnvelope(ZConsultarCuvData) }),
};
