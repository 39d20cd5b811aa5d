import { z } from 'zod';
import { ZEnvelope, ZMessageEnvelope } from '../common.ts';
import { ZIdParams } from '../documents.ts';
import {
  ZAccesoPaciente,
  ZBorradorDetalle,
  ZBorradoresData,
  ZBorradoresRequest,
  ZCrearBorradorData,
  ZEstructuraData,
  ZEstructuraRips,
  ZGuardarBorradorData,
  ZGuardarBorradorRequest,
  ZImportarPacientesData,
  ZMedicamento,
  ZMedicamentoCampos,
  ZMedicamentosData,
  ZPaciente,
  ZPacienteCampos,
  ZPacientesData,
  ZPacientesRequest,
  ZRadicarData,
  ZReferenciaTipo,
  ZReferenciasData,
  ZReferenciasRequest,
  ZRestaurarVersionRequest,
  ZVersionParams,
  ZVersionesData,
} from '../rips.ts';
import { ACCESO } from '../usuarios.ts';
import { ruta } from '../route.ts';

/** A download: the body is the file, not an envelope. */
export const ZArchivo = z.unknown().describe('Archivo (descarga)');
/** A spreadsheet's format. */
export const ZHojaQuery = z.object({ formato: z.enum(['xlsx', 'csv']).default('xlsx') });

/** Reading for every role; drafts, patients and medications for those who change documents (ACCESO). */
const lectura = { roles: ACCESO.lectura } as const;
const edicion = { roles: ACCESO.edicion } as const;

/**
 * The RIPS module under /api/rips: drafts and their editor, exports, spreadsheets, filing, reference searches,
 * patients and medications. Every route needs a session and the ministerio module (an API key cannot reach patient data).
 */
export const rips = {
  borradores: ruta({ method: 'GET', path: '/api/rips/borradores', ...lectura, query: ZBorradoresRequest, response: ZEnvelope(ZBorradoresData) }),
  /** The form CREAR_BORRADOR_FORM (rips.ts): `origen` and an optional file. */
  crearBorrador: ruta({ method: 'POST', path: '/api/rips/borradores', ...edicion, cuerpo: 'multipart', response: ZEnvelope(ZCrearBorradorData) }),
  borrador: ruta({ method: 'GET', path: '/api/rips/borradores/:id', ...lectura, params: ZIdParams, response: ZEnvelope(ZBorradorDetalle) }),
  guardarBorrador: ruta({ method: 'PATCH', path: '/api/rips/borradores/:id', ...edicion, params: ZIdParams, body: ZGuardarBorradorRequest, response: ZEnvelope(ZGuardarBorradorData) }),
  versiones: ruta({ method: 'GET', path: '/api/rips/borradores/:id/versiones', ...lectura, params: ZIdParams, response: ZEnvelope(ZVersionesData) }),
  restaurarVersion: ruta({
    method: 'POST',
    path: '/api/rips/borradores/:id/versiones/:versionId/restaurar',
    ...edicion,
    params: ZVersionParams,
    body: ZRestaurarVersionRequest,
    response: ZEnvelope(ZGuardarBorradorData),
  }),
  eliminarBorrador: ruta({ method: 'DELETE', path: '/api/rips/borradores/:id', ...edicion, params: ZIdParams, response: ZMessageEnvelope }),
  /** A multipart form: the part `archivo` (the invoice's XML) and the field `version`. */
  adjuntarXml: ruta({ method: 'PUT', path: '/api/rips/borradores/:id/xml', ...edicion, params: ZIdParams, cuerpo: 'multipart', response: ZEnvelope(ZBorradorDetalle) }),
  json: ruta({ method: 'GET', path: '/api/rips/borradores/:id/json', ...lectura, params: ZIdParams, response: ZArchivo, respuesta: 'archivo' }),
  hoja: ruta({ method: 'GET', path: '/api/rips/borradores/:id/hoja', ...lectura, params: ZIdParams, query: ZHojaQuery, response: ZArchivo, respuesta: 'archivo' }),
  radicar: ruta({ method: 'POST', path: '/api/rips/borradores/:id/radicar', ...edicion, params: ZIdParams, response: ZEnvelope(ZRadicarData) }),
  plantilla: ruta({ method: 'GET', path: '/api/rips/plantilla', ...lectura, query: ZHojaQuery, response: ZArchivo, respuesta: 'archivo' }),
  estructura: ruta({
    method: 'GET',
    path: '/api/rips/estructura',
    ...lectura,
    query: z.object({ version: ZEstructuraRips.default('res2275-2023') }),
    response: ZEnvelope(ZEstructuraData),
  }),
  referencias: ruta({
    method: 'GET',
    path: '/api/rips/referencias/:tipo',
    ...lectura,
    params: z.object({ tipo: ZReferenciaTipo }),
    query: ZReferenciasRequest,
    response: ZEnvelope(ZReferenciasData),
  }),
  pacientes: ruta({ method: 'GET', path: '/api/rips/pacientes', ...lectura, query: ZPacientesRequest, response: ZEnvelope(ZPacientesData) }),
  buscarPacientes: ruta({
    method: 'GET',
    path: '/api/rips/pacientes/buscar',
    ...lectura,
    query: z.object({ texto: z.string().trim().min(1).max(40) }),
    response: ZEnvelope(z.object({ items: z.array(ZPaciente) })),
  }),
  crearPaciente: ruta({ method: 'POST', path: '/api/rips/pacientes', ...edicion, body: ZPacienteCampos, response: ZEnvelope(ZPaciente) }),
  editarPaciente: ruta({ method: 'PUT', path: '/api/rips/pacientes/:id', ...edicion, params: ZIdParams, body: ZPacienteCampos, response: ZEnvelope(ZPaciente) }),
  eliminarPaciente: ruta({ method: 'DELETE', path: '/api/rips/pacientes/:id', ...edicion, params: ZIdParams, response: ZMessageEnvelope }),
  /** A multipart form with the spreadsheet in the part `archivo`. */
  importarPacientes: ruta({ method: 'POST', path: '/api/rips/pacientes/importar', ...edicion, cuerpo: 'multipart', response: ZEnvelope(ZImportarPacientesData) }),
  sincronizarPacientes: ruta({ method: 'POST', path: '/api/rips/pacientes/sincronizar', ...edicion, response: ZEnvelope(z.object({ archivos: z.number() })) }),
  accesosPacientes: ruta({ method: 'GET', path: '/api/rips/pacientes/accesos', roles: ACCESO.administracion, response: ZEnvelope(z.object({ items: z.array(ZAccesoPaciente) })) }),
  exportarPacientes: ruta({ method: 'GET', path: '/api/rips/pacientes/exportar', roles: ACCESO.administracion, response: ZArchivo, respuesta: 'archivo' }),
  medicamentos: ruta({ method: 'GET', path: '/api/rips/medicamentos', ...lectura, query: ZPacientesRequest, response: ZEnvelope(ZMedicamentosData) }),
  crearMedicamento: ruta({ method: 'POST', path: '/api/rips/medicamentos', ...edicion, body: ZMedicamentoCampos, response: ZEnvelope(ZMedicamento) }),
  editarMedicamento: ruta({ method: 'PUT', path: '/api/rips/medicamentos/:id', ...edicion, params: ZIdParams, body: ZMedicamentoCampos, response: ZEnvelope(ZMedicamento) }),
  eliminarMedicamento: ruta({ method: 'DELETE', path: '/api/rips/medicamentos/:id', ...edicion, params: ZIdParams, response: ZMessageEnvelope }),
};
