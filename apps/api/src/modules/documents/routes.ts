import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import {
  ZDocumentDetailData,
  ZEliminarArchivoData,
  ZEnvioMasivoData,
  ZResumenEnvioMasivo,
  ZResumenEnvioMasivoRequest,
  ZEstadoActualData,
  ZFormatosPaginaData,
  ZInformeData,
  ZRespuestaData,
  ZSearchData,
  ZSendResult,
  ZSincronizarData,
  ZUploadData,
  ZVerificarFormatoData,
  ZEliminarArchivoRequest,
  ZEnvioMasivoRequest,
  ZFormatosPaginaRequest,
  ZFormatosRequest,
  ZIdParams,
  ZSearchRequest,
  ZSincronizarRequest,
  ZVerificarFormatoRequest,
  SUBIR_ARCHIVO_FORM,
} from '@radica/contracts/documents';
import { ZEnvelope } from '@radica/contracts/common';
import { ACCESO } from '@radica/contracts/usuarios';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { readUpload } from '../../plugins/multipart.ts';
import { keyedLimit } from '../../plugins/rate-limits.ts';
import { requireModule } from '../products/require-module.ts';
import { describeFormato, getDetail } from './detail.ts';
import { searchDocuments } from './search.ts';
import { uploadFile } from './upload.ts';
import { cancelDocument, deleteFile, reactivateDocument } from './lifecycle.ts';
import { buildInforme, buildRespuestas, listFormatosPagina } from './reports.ts';
import { syncFormato } from './sync.ts';
import { enqueueBulkSend, resumenEnvioMasivo } from './bulk-send.ts';
import { sendDocumentQueued } from './send.ts';
import { clientGone, createUploadGate, untilAborted } from './upload-gate.ts';

/**
 * Ministry document calls (seed 001 §7). Paths keep the seed's letter case. All need the ministerio product, and take
 * a session or one of the tenant's API keys (issue 15 "The API channel").
 */
export async function documentRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: [app.requireAuthOrKey, requireModule(deps, 'ministerio')] };
  // Who may call each (issue 28): reading is for every role, changing a document for Administrador and Facturador.
  const lectura = { ...auth, config: { roles: ACCESO.lectura } };
  const edicion = { ...auth, config: { roles: ACCESO.edicion } };

  // Uploads: a per-user rate limit and a per-tenant bound on those read and checked at once (issue 9).
  const uploadGate = createUploadGate({
    concurrency: deps.config.uploadTenantConcurrency,
    queue: deps.config.uploadTenantQueue,
    total: deps.config.uploadConcurrency || 2 * deps.analysis.threads,
  });
  const perUser = keyedLimit(app, {
    name: 'upload:user',
    max: deps.config.uploadUserPerMinute * (deps.config.rateLimitScale ?? 1),
    timeWindowMs: 60_000,
    key: (req) => (req.auth ? String(req.auth.userId) : null),
  });
  // The body is received before the upload takes a place (issue 23 §6): a slow client holds only its own admission
  // (the HTTP request time-out ends it with 408), and one that disconnects gives it back at once.
  r.post('/api/FevRips/subir-archivo', { preHandler: [...auth.preHandler, perUser], config: { roles: ACCESO.edicion }, schema: { response: { 200: ZEnvelope(ZUploadData) } } }, async (req, reply) => {
    const ctx = authOf(req);
    const gone = clientGone(req, reply);
    try {
      const data = await uploadGate.run(ctx.tenantId, ({ fields, ...file }) => uploadFile(deps, ctx, { ...file, ...fields }), {
        receive: () => untilAborted(readUpload(req, SUBIR_ARCHIVO_FORM), gone.signal),
        signal: gone.signal,
      });
      const message = data.archivos ? MSG_MINISTERIO.cuerpoCargado(data.archivos) : MSG.fileUploaded(data.tipoArchivo === 'xml' ? 'XML' : 'JSON');
      return { success: true, data, message };
    } finally {
      gone.done();
    }
  });

  r.post('/api/fevrips/verificar-formato', { ...lectura, schema: { body: ZVerificarFormatoRequest, response: { 200: ZEnvelope(ZVerificarFormatoData) } } }, async (req) => ({
    success: true,
    data: await describeFormato(deps, authOf(req), req.body.formato),
  }));

  r.post('/api/FevRips/search', { ...lectura, schema: { body: ZSearchRequest, response: { 200: ZEnvelope(ZSearchData) } } }, async (req) => ({
    success: true,
    data: await searchDocuments(deps, authOf(req), req.body),
  }));

  r.get('/api/FevRips/:id/detail', { ...lectura, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZDocumentDetailData) } } }, async (req) => ({
    success: true,
    data: await getDetail(deps, authOf(req), req.params.id),
  }));

  // The send goes through the queue like every other (issue 23 §4); 202 when its answer did not come in SEND_WAIT_S.
  r.post(
    '/api/FevRips/:id/enviar',
    { ...edicion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZSendResult), 202: ZEnvelope(ZSendResult) } } },
    async (req, reply) => {
      const data = await sendDocumentQueued(deps, authOf(req), req.params.id);
      if (data.enCola) reply.code(202);
      return { success: true, data, message: data.mensaje };
    },
  );

  r.post('/api/FevRips/:id/anular', { ...edicion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZEstadoActualData) } } }, async (req) => ({
    success: true,
    data: await cancelDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.anulado,
  }));

  r.post('/api/FevRips/:id/reactivar', { ...edicion, schema: { params: ZIdParams, response: { 200: ZEnvelope(ZEstadoActualData) } } }, async (req) => ({
    success: true,
    data: await reactivateDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.reactivado,
  }));

  r.post('/api/FevRips/:id/eliminar-archivo', { ...edicion, schema: { params: ZIdParams, body: ZEliminarArchivoRequest, response: { 200: ZEnvelope(ZEliminarArchivoData) } } }, async (req) => {
    const data = await deleteFile(deps, authOf(req), req.params.id, req.body.tipoArchivo);
    return {
      success: true,
      data,
      message: data.documentoAnulado
        ? MSG_MINISTERIO.documentoAnuladoSinArchivos
        : MSG_MINISTERIO.archivoEliminado(req.body.tipoArchivo === 'xml' ? 'XML' : 'JSON'),
    };
  });

  r.post('/api/fevrips/informe-listado', { ...lectura, schema: { body: ZFormatosRequest, response: { 200: ZEnvelope(ZInformeData) } } }, async (req) => ({
    success: true,
    data: await buildInforme(deps, authOf(req), req.body.formatos),
  }));

  r.post('/api/FevRips/respuesta-listado', { ...lectura, schema: { body: ZFormatosRequest, response: { 200: ZEnvelope(ZRespuestaData) } } }, async (req) => ({
    success: true,
    data: await buildRespuestas(deps, authOf(req), req.body.formatos),
  }));

  r.post('/api/FevRips/formatos-pagina', { ...lectura, schema: { body: ZFormatosPaginaRequest, response: { 200: ZEnvelope(ZFormatosPaginaData) } } }, async (req) => ({
    success: true,
    data: await listFormatosPagina(deps, authOf(req), req.body),
  }));

  r.post('/api/FevRips/sincronizar-formato', { ...edicion, schema: { body: ZSincronizarRequest, response: { 200: ZEnvelope(ZSincronizarData) } } }, async (req) => {
    const data = await syncFormato(deps, authOf(req), req.body.formato);
    return { success: true, data, message: data.mensaje };
  });

  r.post('/api/FevRips/envio-masivo', { ...edicion, schema: { body: ZEnvioMasivoRequest, response: { 200: ZEnvelope(ZEnvioMasivoData) } } }, async (req) => {
    const data = await enqueueBulkSend(deps, authOf(req), req.body);
    return { success: true, data, message: MSG_MINISTERIO.envioMasivoEncolado(data.encolados) };
  });
  r.post('/api/FevRips/envio-masivo/resultado', { ...lectura, schema: { body: ZResumenEnvioMasivoRequest, response: { 200: ZEnvelope(ZResumenEnvioMasivo) } } }, async (req) => ({
    success: true,
    data: await resumenEnvioMasivo(deps, authOf(req), req.body),
  }));
}
