import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ACCESO } from '@radica/contracts/usuarios';
import { ZEnvelope, ZMessageEnvelope } from '@radica/contracts/common';
import { ZIdParams } from '@radica/contracts/documents';
import {
  CREAR_BORRADOR_FORM,
  ZBorradorDetalle,
  ZBorradoresData,
  ZBorradoresRequest,
  ZCrearBorradorData,
  ZEstructuraData,
  ZEstructuraRips,
  ZGuardarBorradorData,
  ZGuardarBorradorRequest,
  ZImportarPacientesData,
  ZAccesoPaciente,
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
} from '@radica/contracts/rips';
import { MAX_SHEET_BYTES, templateCsv, templateXlsx } from '@radica/fevrips/sheet-io';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { authOf } from '../../plugins/auth.ts';
import { readParts } from '../../plugins/multipart.ts';
import { requireModule } from '../products/require-module.ts';
import {
  buscarPacientes,
  crearMedicamento,
  crearPaciente,
  editarMedicamento,
  editarPaciente,
  eliminarMedicamento,
  eliminarPaciente,
  exportarPacientes,
  importarPacientes,
  listarAccesos,
  listarMedicamentos,
  listarPacientes,
  sincronizarDesdeDocumentos,
} from './pacientes.ts';
import { buscarReferencias, estructuraRips } from './referencias.ts';
import {
  adjuntarXml,
  crearBorrador,
  eliminarBorrador,
  exportarHoja,
  exportarJson,
  guardarBorrador,
  listarBorradores,
  obtenerBorrador,
  listarVersiones,
  radicarBorrador,
  restaurarVersion,
  type TArchivo,
} from './service.ts';
import { createSheetPool } from './sheet-pool.ts';

/** A whole RIPS in an autosave ('reemplazar'): 20,000 services are about 12 MB of JSON. */
const GUARDAR_BODY_LIMIT = 40 * 1_048_576;
/** A file answer (download): the body is the file, not an envelope. */
const ZArchivo = z.unknown().describe('Archivo (descarga)');
const ZHojaQuery = z.object({ formato: z.enum(['xlsx', 'csv']).default('xlsx') });
const ZVersionField = z.object({ version: z.coerce.number().int().min(1) });
const ZTextoQuery = z.object({ texto: z.string().trim().min(1).max(40) });

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
} as const;

function download(reply: FastifyReply, filename: string, type: keyof typeof CONTENT_TYPES, body: Uint8Array | string) {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', CONTENT_TYPES[type])
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body.buffer, body.byteOffset, body.byteLength));
}

/** One file part `archivo` of at most `maxBytes` and the text fields of a multipart body. */
async function readArchivo(req: FastifyRequest, maxBytes: number): Promise<{ archivo: TArchivo | null; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw new AppError('FILE_MISSING', MSG.fileMissing);
  const { files, fields } = await readParts(req, {
    keep: (name) => name === CREAR_BORRADOR_FORM.file,
    limits: { files: 1, fileSize: maxBytes, fields: 10, fieldSize: 1024 },
    fileTooLarge: () => new AppError('HOJA_MUY_GRANDE', MSG_RIPS.hojaMuyGrande(maxBytes / 1_048_576)),
  });
  const file = files[0];
  return { archivo: file ? { filename: file.filename, bytes: file.bytes } : null, fields };
}

/**
 * The RIPS module (issue 27), under /api/rips: drafts and their editor, exports, spreadsheets, filing ('Radicar'),
 * reference searches, patients and medications. Part of the Ministerio product: every route needs a session and the
 * ministerio module (an API key cannot reach patient data).
 */
export async function ripsRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const sheets = createSheetPool({
    onWorkerFailure: (pool, err) => {
      deps.log.error({ err, pool }, 'worker thread could not start');
      deps.metrics.workerStartFailure(pool);
    },
  });
  app.addHook('onClose', () => sheets.close());
  const d = { ...deps, sheets };
  const auth = { preHandler: [app.requireAuth, requireModule(deps, 'ministerio')] };
  // Who may call each (issue 28): reading for every role, drafts, patients and medications for those who change
  // documents, the patients' export and access log for administrators.
  const lectura = { ...auth, config: { roles: ACCESO.lectura } };
  const edicion = { ...auth, config: { roles: ACCESO.edicion } };
  const administracion = { ...auth, config: { roles: ACCESO.administracion } };

  r.get('/api/rips/borradores', { ...lectura, schema: { querystring: ZBorradoresRequest, response: { 200: ZEnvelope(ZBorradoresData) } } }, async (req) => ({
    success: true,
    data: await listarBorradores(deps, authOf(req), req.query),
  }));

  r.post('/api/rips/borradores', { ...edicion, schema: { response: { 200: ZEnvelope(ZCrearBorradorData) } } }, async (req) => {
    const { archivo, fields } = await readArchivo(req, MAX_SHEET_BYTES);
    const parsed = CREAR_BORRADOR_FORM.fields.safeParse(fields);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
    return { success: true, data: await crearBorrador(d, authOf(req), { origen: parsed.data.origen, archivo }), message: MSG_RIPS.borradorCreado };
  });

  r.get('/api/rips/borradores/:id', { ...lectura, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZBorradorDetalle) } } }, async (req) => ({
    success: true,
    data: await obtenerBorrador(deps, authOf(req), req.params.id),
  }));

  r.patch(
    '/api/rips/borradores/:id',
    { ...edicion, bodyLimit: GUARDAR_BODY_LIMIT, schema: { params: ZIdParams, body: ZGuardarBorradorRequest, response: { 200: ZEnvelope(ZGuardarBorradorData) } } },
    async (req) => ({ success: true, data: await guardarBorrador(deps, authOf(req), req.params.id, req.body) }),
  );

  r.get('/api/rips/borradores/:id/versiones', { ...lectura, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZVersionesData) } } }, async (req) => ({
    success: true,
    data: await listarVersiones(deps, authOf(req), req.params.id),
  }));

  r.post(
    '/api/rips/borradores/:id/versiones/:versionId/restaurar',
    { ...edicion, schema: { params: ZVersionParams, body: ZRestaurarVersionRequest, response: { 200: ZEnvelope(ZGuardarBorradorData) } } },
    async (req) => ({ success: true, data: await restaurarVersion(deps, authOf(req), req.params.id, req.params.versionId, req.body.version) }),
  );

  r.delete('/api/rips/borradores/:id', { ...edicion, schema: { params: ZIdParams, response: { 200: ZMessageEnvelope } } }, async (req) => {
    await eliminarBorrador(deps, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.borradorEliminado };
  });

  r.put('/api/rips/borradores/:id/xml', { ...edicion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZBorradorDetalle) } } }, async (req) => {
    const { archivo, fields } = await readArchivo(req, 10 * 1_048_576);
    if (!archivo) throw new AppError('FILE_MISSING', MSG.fileMissing);
    const version = ZVersionField.safeParse(fields);
    if (!version.success) throw new AppError('VALIDATION', MSG.requestInvalid);
    return { success: true, data: await adjuntarXml(deps, authOf(req), req.params.id, archivo, version.data.version) };
  });

  r.get('/api/rips/borradores/:id/json', { ...lectura, schema: { params: ZIdParams, response: { 200: ZArchivo } } }, async (req, reply) => {
    const { filename, text } = await exportarJson(deps, authOf(req), req.params.id);
    return download(reply, filename, 'json', text);
  });

  r.get('/api/rips/borradores/:id/hoja', { ...lectura, schema: { params: ZIdParams, querystring: ZHojaQuery, response: { 200: ZArchivo } } }, async (req, reply) => {
    const { filename, bytes } = await exportarHoja(d, authOf(req), req.params.id, req.query.formato);
    return download(reply, filename, req.query.formato, bytes);
  });

  r.post('/api/rips/borradores/:id/radicar', { ...edicion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZRadicarData) } } }, async (req) => ({
    success: true,
    data: await radicarBorrador(deps, authOf(req), req.params.id),
    message: MSG_RIPS.borradorRadicadoOk,
  }));

  r.get('/api/rips/plantilla', { ...lectura, schema: { querystring: ZHojaQuery, response: { 200: ZArchivo } } }, async (req, reply) =>
    req.query.formato === 'csv' ? download(reply, 'plantilla-rips.csv', 'csv', templateCsv()) : download(reply, 'plantilla-rips.xlsx', 'xlsx', templateXlsx()),
  );

  r.get(
    '/api/rips/estructura',
    { ...lectura, schema: { querystring: z.object({ version: ZEstructuraRips.default('res2275-2023') }), response: { 200: ZEnvelope(ZEstructuraData) } } },
    async (req) => ({ success: true, data: estructuraRips(req.query.version) }),
  );

  r.get(
    '/api/rips/referencias/:tipo',
    { ...lectura, schema: { params: z.object({ tipo: ZReferenciaTipo }), querystring: ZReferenciasRequest, response: { 200: ZEnvelope(ZReferenciasData) } } },
    async (req) => ({ success: true, data: { items: buscarReferencias(req.params.tipo, req.query.texto, req.query.limite) } }),
  );

  // ---- patients
  r.get('/api/rips/pacientes', { ...lectura, schema: { querystring: ZPacientesRequest, response: { 200: ZEnvelope(ZPacientesData) } } }, async (req) => ({
    success: true,
    data: await listarPacientes(deps, authOf(req), req.query),
  }));
  r.get('/api/rips/pacientes/buscar', { ...lectura, schema: { querystring: ZTextoQuery, response: { 200: ZEnvelope(z.object({ items: z.array(ZPaciente) })) } } }, async (req) => ({
    success: true,
    data: { items: await buscarPacientes(deps, authOf(req), req.query.texto) },
  }));
  r.post('/api/rips/pacientes', { ...edicion, schema: { body: ZPacienteCampos, response: { 200: ZEnvelope(ZPaciente) } } }, async (req) => ({
    success: true,
    data: await crearPaciente(deps, authOf(req), req.body),
    message: MSG_RIPS.pacienteGuardado,
  }));
  r.put('/api/rips/pacientes/:id', { ...edicion, schema: { params: ZIdParams, body: ZPacienteCampos, response: { 200: ZEnvelope(ZPaciente) } } }, async (req) => ({
    success: true,
    data: await editarPaciente(deps, authOf(req), req.params.id, req.body),
    message: MSG_RIPS.pacienteGuardado,
  }));
  r.delete('/api/rips/pacientes/:id', { ...edicion, schema: { params: ZIdParams, response: { 200: ZMessageEnvelope } } }, async (req) => {
    await eliminarPaciente(deps, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.pacienteEliminado };
  });
  r.post('/api/rips/pacientes/importar', { ...edicion, schema: { response: { 200: ZEnvelope(ZImportarPacientesData) } } }, async (req) => {
    const { archivo } = await readArchivo(req, MAX_SHEET_BYTES);
    if (!archivo) throw new AppError('FILE_MISSING', MSG.fileMissing);
    const data = await importarPacientes(d, authOf(req), archivo.bytes);
    return { success: true, data, message: MSG_RIPS.pacientesImportados(data.creados, data.actualizados) };
  });
  r.post('/api/rips/pacientes/sincronizar', { ...edicion, schema: { response: { 200: ZEnvelope(z.object({ archivos: z.number() })) } } }, async (req) => ({
    success: true,
    data: await sincronizarDesdeDocumentos(deps, authOf(req)),
  }));
  r.get('/api/rips/pacientes/accesos', { ...administracion, schema: { response: { 200: ZEnvelope(z.object({ items: z.array(ZAccesoPaciente) })) } } }, async (req) => ({
    success: true,
    data: { items: await listarAccesos(deps, authOf(req)) },
  }));
  r.get('/api/rips/pacientes/exportar', { ...administracion, schema: { response: { 200: ZArchivo } } }, async (req, reply) =>
    download(reply, 'pacientes.csv', 'csv', await exportarPacientes(deps, authOf(req))),
  );

  // ---- medications
  r.get('/api/rips/medicamentos', { ...lectura, schema: { querystring: ZPacientesRequest, response: { 200: ZEnvelope(ZMedicamentosData) } } }, async (req) => ({
    success: true,
    data: await listarMedicamentos(deps, authOf(req), req.query),
  }));
  r.post('/api/rips/medicamentos', { ...edicion, schema: { body: ZMedicamentoCampos, response: { 200: ZEnvelope(ZMedicamento) } } }, async (req) => ({
    success: true,
    data: await crearMedicamento(deps, authOf(req), req.body),
    message: MSG_RIPS.medicamentoGuardado,
  }));
  r.put('/api/rips/medicamentos/:id', { ...edicion, schema: { params: ZIdParams, body: ZMedicamentoCampos, response: { 200: ZEnvelope(ZMedicamento) } } }, async (req) => ({
    success: true,
    data: await editarMedicamento(deps, authOf(req), req.params.id, req.body),
    message: MSG_RIPS.medicamentoGuardado,
  }));
  r.delete('/api/rips/medicamentos/:id', { ...edicion, schema: { params: ZIdParams, response: { 200: ZMessageEnvelope } } }, async (req) => {
    await eliminarMedicamento(deps, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.medicamentoEliminado };
  });
}
