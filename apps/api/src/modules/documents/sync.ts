import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TSincronizarData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { ministryCredentials } from '../providers/service.ts';
import { addFindings, findDocumentByFormato, listFindings, updateDocument } from './repository.ts';
import { MuvError } from '../../integrations/muv/errors.ts';
import { auditRecorder, registrarAccion, type TActor } from './audit.ts';

const key = (r: { clase: string; codigo: string; descripcion: string; pathFuente: string }) =>
  [r.clase.toUpperCase(), r.codigo.toUpperCase(), r.descripcion, r.pathFuente].join('\u0000');

/**
 * POST /api/FevRips/sincronizar-formato { formato } (seed 001 §3 "Sync result", §7): re-reads the ministry's record
 * of an approved document through ConsultarCUV and stores what is new: findings not stored yet (origen MUV), and
 * fechaRadicacion / procesoId when missing. Throws AppError 400 'Formato es requerido', 404 (no such formato of the
 * tenant, or unknown to the ministry), 409 (not approved / no CUV), 412 (no provider configuration), 502.
 */
export async function syncFormato(deps: Pick<TDeps, 'db' | 'cipher' | 'muv'>, ctx: TActor, formatoIn: string | null | undefined): Promise<TSincronizarData> {
  const formato = String(formatoIn ?? '').trim();
  if (!formato) throw new AppError('FORMATO_REQUERIDO', MSG_MINISTERIO.formatoRequerido);
  const doc = await findDocumentByFormato(deps.db, ctx.tenantId, formato);
  if (!doc) throw new AppError('NOT_FOUND', MSG_MINISTERIO.formatoNoEncontrado);
  if (doc.estado !== 'APROBADO' || !doc.cuv) throw new AppError('SYNC_NO_APROBADO', MSG_MINISTERIO.sincronizarSoloAprobados);
  const credentials = await ministryCredentials(deps, ctx);
  let answer;
  try {
    answer = await deps.muv.consultarCuv({
      tenantId: ctx.tenantId,
      credentials,
      cuv: doc.cuv,
      audit: auditRecorder(deps, ctx.tenantId, doc.id),
    });
  } catch (err) {
    if (err instanceof MuvError && err.kind === 'LOGIN_REJECTED') throw new AppError('MUV_LOGIN_REJECTED', MSG.muvLoginFailed);
    throw new AppError('MUV_UNAVAILABLE', MSG.muvQueryUnavailable);
  }
  if (!answer) throw new AppError('CUV_DESCONOCIDO', MSG_MINISTERIO.formatoNoEncontrado);

  return deps.db.transaction(async (tx) => {
    const stored = await listFindings(tx, ctx.tenantId, doc.id, 'MUV');
    const known = new Set(stored.map(key));
    const fresh = answer.resultados.filter((r) => r.codigo.toUpperCase() !== 'RVG18' && !known.has(key(r)));
    await addFindings(tx, ctx.tenantId, doc.id, 'MUV', fresh);
    const patch: { fechaRadicacion?: Date; procesoId?: number } = {};
    const fecha = typeof answer.data.fechavalidacion === 'string' ? new Date(answer.data.fechavalidacion) : null;
    if (!doc.fechaRadicacion && fecha && !Number.isNaN(fecha.getTime())) patch.fechaRadicacion = fecha;
    const procesoId = Number(answer.data.procesoid);
    if (!doc.procesoId && Number.isFinite(procesoId) && procesoId > 0) patch.procesoId = procesoId;
    const saved = fresh.length + Object.keys(patch).length;
    if (Object.keys(patch).length) await updateDocument(tx, ctx.tenantId, doc.id, { ...patch, fechaModificacion: new Date() });
    await registrarAccion(tx, ctx, doc.id, 'sincronizacion', { detalle: saved > 0 ? `${saved} datos nuevos` : '' });
    return {
      informacionSincronizada: saved > 0,
      cantidadRegistrosGuardados: saved,
      mensaje: saved > 0 ? MSG_MINISTERIO.sincronizacionCompletada(saved) : MSG_MINISTERIO.sincronizacionSinDatos,
    };
  });
}
