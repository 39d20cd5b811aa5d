import { and, eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TEstado } from '@radica/contracts/enums';
import type { TEliminarArchivoData } from '@radica/contracts/documents';
import { parseFevXml } from '@radica/fevrips/xml';
import { parseRipsJson } from '@radica/fevrips/rips';
import { computeInfoFevRips } from '@radica/fevrips/info';
import { checkRipsStructure, checkXml, type THallazgoLocal } from '@radica/fevrips/check';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { fevRips, fevRipsFiles, fevRipsResults } from '../../db/schema.ts';
import { loadDoc, type TDoc, type TTipoArchivo } from './service.ts';
import { listCounts } from './count-cache.ts';

type TTenant = { tenantId: number };
type TTx = Parameters<Parameters<TDeps['db']['transaction']>[0]>[0];

/** Run `fn` in a transaction; after it commits, the tenant's cached list totals are dropped. */
async function inTenantTx<T>(deps: TDeps, ctx: TTenant, fn: (tx: TTx) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(fn);
  } finally {
    listCounts.invalidate(ctx.tenantId);
  }
}

/** Lock the tenant's document row for the rest of the transaction; 404 when it is not the tenant's. */
async function lockDoc(tx: TTx, ctx: TTenant, id: number): Promise<TDoc> {
  const [doc] = await tx
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, ctx.tenantId)))
    .for('update')
    .limit(1);
  if (!doc) throw new AppError('NOT_FOUND', 404, MSG.documentNotFound);
  return doc;
}

/**
 * POST /api/FevRips/{id}/anular (seed 001 §4 "Cancel"): allowed when the document is neither cancelled nor
 * approved, nor being sent. Sets ANULADO. Throws AppError 404, 409 ANULAR_NO_PERMITIDO / SEND_IN_PROGRESS.
 */
export async function cancelDocument(deps: TDeps, ctx: TTenant, id: number): Promise<{ estadoActual: TEstado }> {
  await loadDoc(deps, ctx, id);
  return inTenantTx(deps, ctx, async (tx) => {
    const doc = await lockDoc(tx, ctx, id);
    if (doc.estado === 'ANULADO' || doc.estado === 'APROBADO')
      throw new AppError('ANULAR_NO_PERMITIDO', 409, doc.estado === 'APROBADO' ? MSG_MINISTERIO.aprobadoNoEditable : MSG_MINISTERIO.anularNoPermitido);
    if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', 409, MSG.sendInProgress);
    await tx.update(fevRips).set({ estado: 'ANULADO', fechaModificacion: new Date() }).where(eq(fevRips.id, doc.id));
    return { estadoActual: 'ANULADO' as const };
  });
}

/** Status of a document by the files it holds (seed 001 §4 "Reactivate"): both → PROCESADO, XML → PENDIENTE_RIPS, else PENDIENTE_XML. */
export const estadoPorArchivos = (xml: boolean, json: boolean): TEstado => (xml && json ? 'PROCESADO' : xml ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML');

/**
 * POST /api/FevRips/{id}/reactivar (seed 001 §4, §5): only a cancelled document; it needs at least one file. Status
 * afterwards PROCESADO / PENDIENTE_RIPS / PENDIENTE_XML by the files present. Throws AppError 404, 409
 * REACTIVAR_NO_PERMITIDO, 422 SIN_ARCHIVOS ('No se puede reactivar: el documento debe tener al menos un archivo…').
 */
export async function reactivateDocument(deps: TDeps, ctx: TTenant, id: number): Promise<{ estadoActual: TEstado }> {
  await loadDoc(deps, ctx, id);
  return inTenantTx(deps, ctx, async (tx) => {
    const doc = await lockDoc(tx, ctx, id);
    if (doc.estado !== 'ANULADO') throw new AppError('REACTIVAR_NO_PERMITIDO', 409, MSG_MINISTERIO.reactivarNoPermitido);
    const files = await tx.select({ tipo: fevRipsFiles.tipo }).from(fevRipsFiles).where(eq(fevRipsFiles.fevRipsId, doc.id));
    const xml = files.some((f) => f.tipo === 'xml');
    const json = files.some((f) => f.tipo === 'json');
    if (!xml && !json) throw new AppError('SIN_ARCHIVOS', 422, MSG_MINISTERIO.reactivarSinArchivos);
    const estadoActual = estadoPorArchivos(xml, json);
    await tx.update(fevRips).set({ estado: estadoActual, fechaModificacion: new Date() }).where(eq(fevRips.id, doc.id));
    return { estadoActual };
  });
}

/**
 * POST /api/FevRips/{id}/eliminar-archivo { tipoArchivo } (seed 001 §3 "Delete-file response", §4): not on an
 * approved document or during a send. Deletes that file; with no file left the document becomes ANULADO
 * (`documentoAnulado` true); otherwise status and infoFevRips are recomputed from the remaining file
 * (PENDIENTE_RIPS / PENDIENTE_XML; a cancelled document stays ANULADO). Throws AppError 400 (tipoArchivo), 404
 * (document, or no such file), 409 DOCUMENT_LOCKED / SEND_IN_PROGRESS.
 */
export async function deleteFile(deps: TDeps, ctx: TTenant, id: number, tipoArchivo: string): Promise<TEliminarArchivoData> {
  if (tipoArchivo !== 'xml' && tipoArchivo !== 'json') throw new AppError('TIPO_ARCHIVO', 400, MSG_MINISTERIO.tipoArchivoInvalido);
  const tipo: TTipoArchivo = tipoArchivo;
  const label = tipo === 'xml' ? 'XML' : 'JSON';
  await loadDoc(deps, ctx, id);
  return inTenantTx(deps, ctx, async (tx) => {
    const doc = await lockDoc(tx, ctx, id);
    if (doc.estado === 'APROBADO') throw new AppError('DOCUMENT_LOCKED', 409, MSG.documentApprovedLocked);
    if (doc.estado === 'ENPROCESO') throw new AppError('SEND_IN_PROGRESS', 409, MSG.sendInProgress);
    const deleted = await tx
      .delete(fevRipsFiles)
      .where(and(eq(fevRipsFiles.fevRipsId, doc.id), eq(fevRipsFiles.tipo, tipo)))
      .returning({ id: fevRipsFiles.id });
    if (deleted.length === 0) throw new AppError('ARCHIVO_NO_EXISTE', 404, MSG_MINISTERIO.archivoNoExiste(label));
    const [other] = await tx
      .select({ tipo: fevRipsFiles.tipo, content: fevRipsFiles.content })
      .from(fevRipsFiles)
      .where(eq(fevRipsFiles.fevRipsId, doc.id))
      .limit(1);
    await tx.delete(fevRipsResults).where(and(eq(fevRipsResults.fevRipsId, doc.id), eq(fevRipsResults.origen, 'LOCAL')));
    if (!other) {
      await tx
        .update(fevRips)
        .set({ estado: 'ANULADO', infoFevRips: null, totalFactura: '0', fechaModificacion: new Date() })
        .where(eq(fevRips.id, doc.id));
      return { documentoAnulado: true, estadoActual: 'ANULADO' };
    }
    const xml = other.tipo === 'xml' ? parseFevXml(other.content) : null;
    const rips = other.tipo === 'json' ? parseRipsJson(other.content) : null;
    const info = computeInfoFevRips(xml, rips);
    const estadoActual: TEstado = doc.estado === 'ANULADO' ? 'ANULADO' : xml ? 'PENDIENTE_RIPS' : 'PENDIENTE_XML';
    await tx
      .update(fevRips)
      .set({
        estado: estadoActual,
        infoFevRips: info,
        totalFactura: String(xml?.totals.payableAmount ?? info.totalFactura ?? 0),
        fechaModificacion: new Date(),
      })
      .where(eq(fevRips.id, doc.id));
    const findings: THallazgoLocal[] = xml ? checkXml(xml) : rips ? checkRipsStructure(rips) : [];
    if (findings.length)
      await tx.insert(fevRipsResults).values(findings.map((f) => ({ tenantId: ctx.tenantId, fevRipsId: doc.id, origen: 'LOCAL' as const, ...f })));
    return { documentoAnulado: false, estadoActual };
  });
}
