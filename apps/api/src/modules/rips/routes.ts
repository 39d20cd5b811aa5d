import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { CREAR_BORRADOR_FORM } from '@radica/contracts/rips';
import { routes } from '@radica/contracts/routes';
import { MAX_SHEET_BYTES, templateCsv, templateXlsx } from '@radica/fevrips/sheet-io';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { route, type TOpcionesRuta } from '../../lib/route.ts';
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
const ZVersionField = z.object({ version: z.coerce.number().int().min(1) });

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

/** The shared deps of the RIPS routes: the app's, plus the spreadsheet worker pool. */
type TRipsDeps = TDeps & { sheets: ReturnType<typeof createSheetPool> };

/**
 * The RIPS module, under /api/rips (table: routes.rips): drafts and their editor, exports, spreadsheets, filing
 * ('Radicar'), reference searches, patients and medications. Part of the Ministerio product: every route needs a
 * session and the ministerio module (an API key cannot reach patient data); who may call each is the table's.
 */
export async function ripsRoutes(app: FastifyInstance, deps: TDeps) {
  const sheets = createSheetPool({
    onWorkerFailure: (pool, err) => {
      deps.log.error({ err, pool }, 'worker thread could not start');
      deps.metrics.workerStartFailure(pool);
    },
  });
  app.addHook('onClose', () => sheets.close());
  const d: TRipsDeps = { ...deps, sheets };
  const modulo: TOpcionesRuta = { preHandler: [requireModule(deps, 'ministerio')] };
  borradorRoutes(app, d, modulo);
  exportRoutes(app, d, modulo);
  pacienteRoutes(app, d, modulo);
  medicamentoRoutes(app, d, modulo);
}

/** Drafts: list, create (a file or empty), read, autosave, versions, delete, attach the invoice's XML, file. */
function borradorRoutes(app: FastifyInstance, d: TRipsDeps, modulo: TOpcionesRuta) {
  const t = routes.rips;
  route(app, t.borradores, modulo, async (req) => ({ success: true, data: await listarBorradores(d, authOf(req), req.query) }));
  route(app, t.crearBorrador, modulo, async (req) => {
    const { archivo, fields } = await readArchivo(req, MAX_SHEET_BYTES);
    const parsed = CREAR_BORRADOR_FORM.fields.safeParse(fields);
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.issues[0]?.message || MSG.requestInvalid);
    return { success: true, data: await crearBorrador(d, authOf(req), { origen: parsed.data.origen, archivo }), message: MSG_RIPS.borradorCreado };
  });
  route(app, t.borrador, modulo, async (req) => ({ success: true, data: await obtenerBorrador(d, authOf(req), req.params.id) }));
  route(app, t.guardarBorrador, { ...modulo, bodyLimit: GUARDAR_BODY_LIMIT }, async (req) => ({
    success: true,
    data: await guardarBorrador(d, authOf(req), req.params.id, req.body),
  }));
  route(app, t.versiones, modulo, async (req) => ({ success: true, data: await listarVersiones(d, authOf(req), req.params.id) }));
  route(app, t.restaurarVersion, modulo, async (req) => ({
    success: true,
    data: await restaurarVersion(d, authOf(req), req.params.id, req.params.versionId, req.body.version),
  }));
  route(app, t.eliminarBorrador, modulo, async (req) => {
    await eliminarBorrador(d, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.borradorEliminado };
  });
  route(app, t.adjuntarXml, modulo, async (req) => {
    const { archivo, fields } = await readArchivo(req, 10 * 1_048_576);
    if (!archivo) throw new AppError('FILE_MISSING', MSG.fileMissing);
    const version = ZVersionField.safeParse(fields);
    if (!version.success) throw new AppError('VALIDATION', MSG.requestInvalid);
    return { success: true, data: await adjuntarXml(d, authOf(req), req.params.id, archivo, version.data.version) };
  });
  route(app, t.radicar, modulo, async (req) => ({
    success: true,
    data: await radicarBorrador(d, authOf(req), req.params.id),
    message: MSG_RIPS.borradorRadicadoOk,
  }));
}

/** Downloads (the draft's JSON and spreadsheet, the blank template) and the reference searches of the editor. */
function exportRoutes(app: FastifyInstance, d: TRipsDeps, modulo: TOpcionesRuta) {
  const t = routes.rips;
  route(app, t.json, modulo, async (req, reply) => {
    const { filename, text } = await exportarJson(d, authOf(req), req.params.id);
    return download(reply, filename, 'json', text);
  });
  route(app, t.hoja, modulo, async (req, reply) => {
    const { filename, bytes } = await exportarHoja(d, authOf(req), req.params.id, req.query.formato);
    return download(reply, filename, req.query.formato, bytes);
  });
  route(app, t.plantilla, modulo, async (req, reply) =>
    req.query.formato === 'csv' ? download(reply, 'plantilla-rips.csv', 'csv', templateCsv()) : download(reply, 'plantilla-rips.xlsx', 'xlsx', templateXlsx()),
  );
  route(app, t.estructura, modulo, async (req) => ({ success: true, data: estructuraRips(req.query.version) }));
  route(app, t.referencias, modulo, async (req) => ({
    success: true,
    data: { items: buscarReferencias(req.params.tipo, req.query.texto, req.query.limite) },
  }));
}

/** Patients: list, search, create, edit, delete, import a spreadsheet, fill from the filed documents, access log, export. */
function pacienteRoutes(app: FastifyInstance, d: TRipsDeps, modulo: TOpcionesRuta) {
  const t = routes.rips;
  route(app, t.pacientes, modulo, async (req) => ({ success: true, data: await listarPacientes(d, authOf(req), req.query) }));
  route(app, t.buscarPacientes, modulo, async (req) => ({ success: true, data: { items: await buscarPacientes(d, authOf(req), req.query.texto) } }));
  route(app, t.crearPaciente, modulo, async (req) => ({ success: true, data: await crearPaciente(d, authOf(req), req.body), message: MSG_RIPS.pacienteGuardado }));
  route(app, t.editarPaciente, modulo, async (req) => ({
    success: true,
    data: await editarPaciente(d, authOf(req), req.params.id, req.body),
    message: MSG_RIPS.pacienteGuardado,
  }));
  route(app, t.eliminarPaciente, modulo, async (req) => {
    await eliminarPaciente(d, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.pacienteEliminado };
  });
  route(app, t.importarPacientes, modulo, async (req) => {
    const { archivo } = await readArchivo(req, MAX_SHEET_BYTES);
    if (!archivo) throw new AppError('FILE_MISSING', MSG.fileMissing);
    const data = await importarPacientes(d, authOf(req), archivo.bytes);
    return { success: true, data, message: MSG_RIPS.pacientesImportados(data.creados, data.actualizados) };
  });
  route(app, t.sincronizarPacientes, modulo, async (req) => ({ success: true, data: await sincronizarDesdeDocumentos(d, authOf(req)) }));
  route(app, t.accesosPacientes, modulo, async (req) => ({ success: true, data: { items: await listarAccesos(d, authOf(req)) } }));
  route(app, t.exportarPacientes, modulo, async (req, reply) => download(reply, 'pacientes.csv', 'csv', await exportarPacientes(d, authOf(req))));
}

/** The tenant's medications catalogue: list, create, edit, delete. */
function medicamentoRoutes(app: FastifyInstance, d: TRipsDeps, modulo: TOpcionesRuta) {
  const t = routes.rips;
  route(app, t.medicamentos, modulo, async (req) => ({ success: true, data: await listarMedicamentos(d, authOf(req), req.query) }));
  route(app, t.crearMedicamento, modulo, async (req) => ({
    success: true,
    data: await crearMedicamento(d, authOf(req), req.body),
    message: MSG_RIPS.medicamentoGuardado,
  }));
  route(app, t.editarMedicamento, modulo, async (req) => ({
    success: true,
    data: await editarMedicamento(d, authOf(req), req.params.id, req.body),
    message: MSG_RIPS.medicamentoGuardado,
  }));
  route(app, t.eliminarMedicamento, modulo, async (req) => {
    await eliminarMedicamento(d, authOf(req), req.params.id);
    return { success: true, message: MSG_RIPS.medicamentoEliminado };
  });
}
