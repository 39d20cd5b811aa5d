import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import {
  ZEliminarArchivoRequest,
  ZEnvioMasivoRequest,
  ZFormatosPaginaRequest,
  ZFormatosRequest,
  ZSearchRequest,
  ZSincronizarRequest,
  ZVerificarFormatoRequest,
} from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { authOf } from '../../plugins/auth.ts';
import { AppError } from '../../lib/errors.ts';
import { requireModule } from '../products/require-module.ts';
import * as documents from './service.ts';
import { cancelDocument, deleteFile, reactivateDocument } from './lifecycle.ts';
import { buildInforme, buildRespuestas, listFormatosPagina } from './reports.ts';
import { syncFormato } from './sync.ts';
import { enqueueBulkSend } from './bulk-send.ts';

const ZIdParams = z.object({ id: z.coerce.number().int() });

/** Ministry document calls (seed 001 §7). Paths keep the seed's letter case. All need the ministerio product. */
export async function documentRoutes(app: FastifyInstance, deps: TDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: [app.requireAuth, requireModule(deps, 'ministerio')] };

  r.post('/api/FevRips/subir-archivo', auth, async (req) => {
    if (!req.isMultipart()) throw new AppError('FILE_MISSING', 400, MSG.fileMissing);
    let file: { filename: string; bytes: Buffer } | null = null;
    const fields: Record<string, string> = {};
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'archivo' && !file) file = { filename: part.filename, bytes };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
    if (!file) throw new AppError('FILE_MISSING', 400, MSG.fileMissing);
    const fevRipsId = fields.fevRipsId ? Number(fields.fevRipsId) : null;
    if (fevRipsId !== null && (!Number.isInteger(fevRipsId) || fevRipsId <= 0))
      throw new AppError('INVALID_ID', 400, MSG.invalidDocumentId);
    const tipoArchivo = fields.tipoArchivo === 'xml' || fields.tipoArchivo === 'json' ? fields.tipoArchivo : null;
    const data = await documents.uploadFile(deps, authOf(req), { ...file, fevRipsId, tipoArchivo });
    return { success: true, data, message: MSG.fileUploaded(data.tipoArchivo === 'xml' ? 'XML' : 'JSON') };
  });

  r.post('/api/fevrips/verificar-formato', { ...auth, schema: { body: ZVerificarFormatoRequest } }, async (req) => ({
    success: true,
    data: await documents.describeFormato(deps, authOf(req), req.body.formato),
  }));

  r.post('/api/FevRips/search', { ...auth, schema: { body: ZSearchRequest } }, async (req) => ({
    success: true,
    data: await documents.searchDocuments(deps, authOf(req), req.body),
  }));

  r.get('/api/FevRips/:id/detail', { ...auth, schema: { params: ZIdParams } }, async (req) => ({
    success: true,
    data: await documents.getDetail(deps, authOf(req), req.params.id),
  }));

  r.post('/api/FevRips/:id/enviar', { ...auth, schema: { params: ZIdParams } }, async (req) => {
    const data = await documents.sendDocument(deps, authOf(req), req.params.id);
    return { success: true, data, message: data.mensaje };
  });

  r.post('/api/FevRips/:id/anular', { ...auth, schema: { params: ZIdParams } }, async (req) => ({
    success: true,
    data: await cancelDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.anulado,
  }));

  r.post('/api/FevRips/:id/reactivar', { ...auth, schema: { params: ZIdParams } }, async (req) => ({
    success: true,
    data: await reactivateDocument(deps, authOf(req), req.params.id),
    message: MSG_MINISTERIO.reactivado,
  }));

  r.post('/api/FevRips/:id/eliminar-archivo', { ...auth, schema: { params: ZIdParams, body: ZEliminarArchivoRequest } }, async (req) => {
    const data = await deleteFile(deps, authOf(req), req.params.id, req.body.tipoArchivo);
    return {
      success: true,
      data,
      message: data.documentoAnulado
        ? MSG_MINISTERIO.documentoAnuladoSinArchivos
        : MSG_MINISTERIO.archivoEliminado(req.body.tipoArchivo === 'xml' ? 'XML' : 'JSON'),
    };
  });

  r.post('/api/fevrips/informe-listado', { ...auth, schema: { body: ZFormatosRequest } }, async (req) => ({
    success: true,
    data: await buildInforme(deps, authOf(req), req.body.formatos),
  }));

  r.post('/api/FevRips/respuesta-listado', { ...auth, schema: { body: ZFormatosRequest } }, async (req) => ({
    success: true,
    data: await buildRespuestas(deps, authOf(req), req.body.formatos),
  }));

  r.post('/api/FevRips/formatos-pagina', { ...auth, schema: { body: ZFormatosPaginaRequest } }, async (req) => ({
    success: true,
    data: await listFormatosPagina(deps, authOf(req), req.body),
  }));

  r.post('/api/FevRips/sincronizar-formato', { ...auth, schema: { body: ZSincronizarRequest } }, async (req) => {
    const data = await syncFormato(deps, authOf(req), req.body.formato);
    return { success: true, data, message: data.mensaje };
  });

  r.post('/api/FevRips/envio-masivo', { ...auth, schema: { body: ZEnvioMasivoRequest } }, async (req) => {
    const data = await enqueueBulkSend(deps, authOf(req), req.body);
    return { success: true, data, message: MSG_MINISTERIO.envioMasivoEncolado(data.encolados) };
  });
}
