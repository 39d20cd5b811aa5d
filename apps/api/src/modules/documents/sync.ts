import { and, eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TSincronizarData } from '@radica/contracts/documents';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { fevRips, fevRipsResults } from '../../db/schema.ts';
import { getTercero, getValidatorCredentials } from '../providers/service.ts';
import { MuvError } from '../../integrations/muv/client.ts';
import { auditRecorder } from './service.ts';

const key = (r: { clase: string; codigo: string; descripcion: string; pathFuente: string }) =>
  [r.clase.toUpperCase(), r.codigo.toUpperCase(), r.descripcion, r.pathFuente].join('\u0000');

/**
 * POST /api/FevRips/sincronizar-formato { formato } (seed 001 §3 "Sync result", §7): re-reads the ministry's record
 * of an approved document through ConsultarCUV and stores what is new: findings not stored yet (origen MUV), and
 * fechaRadicacion / procesoId when missing. Throws AppError 400 'Formato es requerido', 404 (no such formato of the
 * tenant, or unknown to the ministry), 409 (not approved / no CUV), 412 (no provider configuration), 502.
 */
export async function syncFormato(deps: TDeps, ctx: { tenantId: number; userId: number }, formatoIn: string | null | undefined): Promise<TSincronizarData> {
  const formato = String(formatoIn ?? '').trim();
  if (!formato) throw new AppError('FORMATO_REQUERIDO', 400, MSG_MINISTERIO.formatoRequerido);
  const [doc] = await deps.db
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, ctx.tenantId), eq(fevRips.formato, formato)))
    .limit(1);
  if (!doc) throw new AppError('NOT_FOUND', 404, MSG_MINISTERIO.formatoNoEncontrado);
  if (doc.estado !== 'APROBADO' || !doc.cuv) throw new AppError('SYNC_NO_APROBADO', 409, MSG_MINISTERIO.sincronizarSoloAprobados);
  const creds = await getValidatorCredentials(deps, ctx.tenantId);
  if (!creds) throw new AppError('CONFIG_REQUIRED', 412, MSG.configNotFound);
  const tercero = await getTercero(deps, ctx);
  let answer;
  try {
    answer = await deps.muv.consultarCuv({
      tenantId: ctx.tenantId,
      credentials: { userValidator: creds.userValidator, passwordValidator: creds.passwordValidator, nit: tercero.numeroIdentificacion },
      cuv: doc.cuv,
      audit: auditRecorder(deps, ctx.tenantId, doc.id),
    });
  } catch (err) {
    if (err instanceof MuvError && err.kind === 'LOGIN_REJECTED') throw new AppError('MUV_LOGIN_REJECTED', 422, MSG.muvLoginFailed);
    throw new AppError('MUV_UNAVAILABLE', 502, MSG.muvUnavailable);
  }
  if (!answer) throw new AppError('CUV_DESCONOCIDO', 404, MSG_MINISTERIO.formatoNoEncontrado);

  return deps.db.transaction(async (tx) => {
    const stored = await tx
      .select()
      .from(fevRipsResults)
      .where(and(eq(fevRipsResults.fevRipsId, doc.id), eq(fevRipsResults.origen, 'MUV')));
    const known = new Set(stored.map(key));
    const fresh = answer.resultados.filter((r) => r.codigo.toUpperCase() !== 'RVG18' && !known.has(key(r)));
    if (fresh.length)
      await tx.insert(fevRipsResults).values(fresh.map((r) => ({ tenantId: ctx.tenantId, fevRipsId: doc.id, origen: 'MUV' as const, ...r })));
    const patch: Partial<typeof fevRips.$inferInsert> = {};
    const fecha = typeof answer.data.fechavalidacion === 'string' ? new Date(answer.data.fechavalidacion) : null;
    if (!doc.fechaRadicacion && fecha && !Number.isNaN(fecha.getTime())) patch.fechaRadicacion = fecha;
    const procesoId = Number(answer.data.procesoid);
    if (!doc.procesoId && Number.isFinite(procesoId) && procesoId > 0) patch.procesoId = procesoId;
    const saved = fresh.length + Object.keys(patch).length;
    if (Object.keys(patch).length) await tx.update(fevRips).set({ ...patch, fechaModificacion: new Date() }).where(eq(fevRips.id, doc.id));
    return {
      informacionSincronizada: saved > 0,
      cantidadRegistrosGuardados: saved,
      mensaje: saved > 0 ? MSG_MINISTERIO.sincronizacionCompletada(saved) : MSG_MINISTERIO.sincronizacionSinDatos,
    };
  });
}
