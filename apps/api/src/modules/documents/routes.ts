import type { FastifyInstance } from 'fastify';
import { routes } from '@radica/contracts/routes';
import { SUBIR_ARCHIVO_FORM } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TDeps } from '../../deps.ts';
import { route } from '../../lib/route.ts';
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
 * a session or one of the tenant's API keys.
 */
export async function documentRoutes(app: FastifyInstance, deps: TDeps) {
  // Who may call each (reading every role, changing a document Administrador and Facturador) is the table's.
  const t = routes.documentos;
  const modulo = { preHandler: [requireModule(deps, 'ministerio')] };

  // Uploads: a per-user rate limit and a per-tenant bound on those read and checked at once.
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
  // The body is received before the upload takes a place: a slow client holds only its own admission
  // (the HTTP request time-out ends it with 408), and one that disconnects gives it back at once.
  route(app, t.subirArchivo, { preHandler: [...modulo.preHandler, perUser] }, async (req, reply) => {
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

  route(app, t.verificarFormato, modulo, async (req) => ({
    success: true,
    data: await describeFormato(deps, authOf(req), req.body.formato),
  }));

  route(app, t.buscar, modulo, async (req) => ({
    success: true,
    data: await searchDocuments(deps, authOf(req), req.body),
  }));

  route(app, t.detalle, modulo, async (req) => ({
    success: true,
    data: await getDetail(deps, authOf(req), req.params.id),
  }));

  // The send goes through the queue like every other; 202 when its answer did not come in SEND_WAIT_S.
  route(app, t.enviar, modulo, async (req, reply) => {
    const data = await sendDocumentQueued(deps, authOf(req), req.params.id);
    if (data.enCola) reply.code(202);
    return { success: true, data, message: data.mensaje };
  });

  route(app, t.anular, modulo, async (req) => ({
    success: true,
    data: await cancelDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.anulado,
  }));

  route(app, t.reactivar, modulo, async (req) => ({
    success: true,
    data: await reactivateDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.reactivado,
  }));

  route(app, t.eliminarArchivo, modulo, async (req) => {
    const data = await deleteFile(deps, authOf(req), req.params.id, req.body.tipoArchivo);
    return {
      success: true,
      data,
      message: data.documentoAnulado
        ? MSG_MINISTERIO.documentoAnuladoSinArchivos
        : MSG_MINISTERIO.archivoEliminado(req.body.tipoArchivo === 'xml' ? 'XML' : 'JSON'),
    };
  });

  route(app, t.informe, modulo, async (req) => ({
    success: true,
    data: await buildInforme(deps, authOf(req), req.body.formatos),
  }));

  route(app, t.respuestas, modulo, async (req) => ({
    success: true,
    data: await buildRespuestas(deps, authOf(req), req.body.formatos),
  }));

  route(app, t.formatosPagina, modulo, async (req) => ({
    success: true,
    data: await listFormatosPagina(deps, authOf(req), req.body),
  }));

  route(app, t.sincronizarFormato, modulo, async (req) => {
    const data = await syncFormato(deps, authOf(req), req.body.formato);
    return { success: true, data, message: data.mensaje };
  });

  route(app, t.envioMasivo, modulo, async (req) => {
    const data = await enqueueBulkSend(deps, authOf(req), req.body);
    return { success: true, data, message: MSG_MINISTERIO.envioMasivoEncolado(data.encolados) };
  });
  route(app, t.resumenEnvioMasivo, modulo, async (req) => ({
    success: true,
    data: await resumenEnvioMasivo(deps, authOf(req), req.body),
  }));
}
