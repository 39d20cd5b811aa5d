import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TEstado } from '@radica/contracts/enums';
import type { TEliminarArchivoData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { registrarAccion, type TActor } from './audit.ts';
import { AppError } from '../../lib/errors.ts';
import { SIN_ESPERA } from './claims.ts';
import { listCounts } from './count-cache.ts';
import type { TTipoArchivo } from './analysis.ts';
import { loadDoc } from './detail.ts';
import { deleteFileOfKind, listFileRefs, lockDocument, readOtherFile, replaceFindings, updateDocument, type TDoc, type TTx } from './repository.ts';
import { assertCancellable, assertEditable, assertReactivable, estadoPorArchivos, estadoPorContenido } from './status.ts';
import { analyzeFiles, storedAmount } from './upload.ts';

type TTenant = TActor;

/** Run `fn` on the tenant's document `id` locked in a transaction; after it commits, the tenant's list totals are dropped. */
async function withLockedDoc<T>(deps: Pick<TDeps, 'db'>, ctx: TTenant, id: number, fn: (tx: TTx, doc: TDoc) => Promise<T>): Promise<T> {
  await loadDoc(deps, ctx, id);
  try {
    return await deps.db.transaction(async (tx) => {
      const doc = await lockDocument(tx, ctx.tenantId, id);
      if (!doc) throw new AppError('NOT_FOUND', MSG.documentNotFound);
      return fn(tx, doc);
    });
  } finally {
    listCounts(deps.db).invalidate(ctx.tenantId);
  }
}

/**
 * POST /api/FevRips/{id}/anular (seed 001 §4 "Cancel"): allowed when the document is neither cancelled nor
 * approved, nor being sent. Sets ANULADO. Throws AppError 404, 409 ANULAR_NO_PERMITIDO / SEND_IN_PROGRESS.
 */
export async function cancelDocument(deps: Pick<TDeps, 'db'>, ctx: TTenant, id: number): Promise<{ estadoActual: TEstado }> {
  return withLockedDoc(deps, ctx, id, async (tx, doc) => {
    assertCancellable(doc);
    // A cancelled document waits for nothing: its wait for the ministry (docs/decisions/047) ends with it.
    await updateDocument(tx, ctx.tenantId, doc.id, { estado: 'ANULADO', fechaModificacion: new Date(), ...SIN_ESPERA });
    await registrarAccion(tx, ctx, doc.id, 'anulacion');
    return { estadoActual: 'ANULADO' as const };
  });
}

/**
 * POST /api/FevRips/{id}/reactivar (seed 001 §4, §5): only a cancelled document; it needs at least one file. Status
 * afterwards PROCESADO / PENDIENTE_RIPS / PENDIENTE_XML by the files present. Throws AppError 404, 409
 * REACTIVAR_NO_PERMITIDO, 422 SIN_ARCHIVOS ('No se puede reactivar: el documento debe tener al menos un archivo…').
 */
export async function reactivateDocument(deps: Pick<TDeps, 'db'>, ctx: TTenant, id: number): Promise<{ estadoActual: TEstado }> {
  return withLockedDoc(deps, ctx, id, async (tx, doc) => {
    const files = await listFileRefs(tx, ctx.tenantId, doc.id);
    const present = { xml: files.some((f) => f.tipo === 'xml'), json: files.some((f) => f.tipo === 'json') };
    assertReactivable(doc, present);
    const estadoActual = estadoPorArchivos(present.xml, present.json, doc.muvEndpoint);
    await updateDocument(tx, ctx.tenantId, doc.id, { estado: estadoActual, fechaModificacion: new Date() });
    await registrarAccion(tx, ctx, doc.id, 'reactivacion');
    return { estadoActual };
  });
}

/**
 * POST /api/FevRips/{id}/eliminar-archivo { tipoArchivo } (seed 001 §3 "Delete-file response", §4): not on an
 * approved document or during a send. Deletes that file; with no file left the document becomes ANULADO
 * (`documentoAnulado` true); otherwise status, infoFevRips, endpoint and the prevalidation are recomputed from the
 * remaining file by the same analysis as an upload of that file alone (analysis.ts, in the worker pool: a RIPS left
 * alone shows the same findings as a RIPS uploaded alone). A cancelled document stays ANULADO. Throws AppError 400
 * (tipoArchivo), 404 (document, or no such file), 409 DOCUMENT_LOCKED / SEND_IN_PROGRESS / DOCUMENT_CHANGED.
 */
export async function deleteFile(deps: Pick<TDeps, 'db' | 'analysis'>, ctx: TTenant, id: number, tipoArchivo: string): Promise<TEliminarArchivoData> {
  if (tipoArchivo !== 'xml' && tipoArchivo !== 'json') throw new AppError('TIPO_ARCHIVO', MSG_MINISTERIO.tipoArchivoInvalido);
  const tipo: TTipoArchivo = tipoArchivo;
  await loadDoc(deps, ctx, id);
  // The file that stays is analysed before the transaction (off the event loop, without holding the row lock).
  const remaining = await readOtherFile(deps.db, ctx.tenantId, id, tipo);
  const analysis = remaining ? await analyzeFiles(deps, { tipo: remaining.tipo as TTipoArchivo, bytes: remaining.content, other: null }) : null;
  return withLockedDoc(deps, ctx, id, async (tx, doc) => {
    assertEditable(doc);
    if (!(await deleteFileOfKind(tx, ctx.tenantId, doc.id, tipo)))
      throw new AppError('ARCHIVO_NO_EXISTE', MSG_MINISTERIO.archivoNoExiste(tipo === 'xml' ? 'XML' : 'JSON'));
    await registrarAccion(tx, ctx, doc.id, 'eliminacion_archivo', { detalle: tipo === 'xml' ? 'XML' : 'JSON' });
    const [left] = await listFileRefs(tx, ctx.tenantId, doc.id);
    if ((left?.id ?? null) !== (remaining?.id ?? null)) throw new AppError('DOCUMENT_CHANGED', MSG.documentChanged);
    const read = analysis?.ok ? analysis : null;
    await replaceFindings(tx, ctx.tenantId, doc.id, 'LOCAL', read?.findings ?? []);
    if (!remaining) {
      await updateDocument(tx, ctx.tenantId, doc.id, { estado: 'ANULADO', infoFevRips: null, totalFactura: '0', fechaModificacion: new Date() });
      return { documentoAnulado: true, estadoActual: 'ANULADO' };
    }
    const estadoActual = estadoPorContenido(doc, { xml: remaining.tipo === 'xml', json: remaining.tipo === 'json' }, read?.endpoint ?? null);
    await updateDocument(tx, ctx.tenantId, doc.id, {
      estado: estadoActual,
      infoFevRips: read?.info ?? null,
      totalFactura: storedAmount(read?.totalFactura),
      ...(read ? { muvEndpoint: read.endpoint, tipoDocumento: read.tipoDocumento ?? doc.tipoDocumento } : {}),
      fechaModificacion: new Date(),
    });
    return { documentoAnulado: false, estadoActual };
  });
}
