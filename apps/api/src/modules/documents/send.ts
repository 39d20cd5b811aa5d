import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TEstado } from '@radica/contracts/enums';
import type { TSendResult } from '@radica/contracts/documents';
import { parseFevXml } from '@radica/fevrips/xml';
import { parseRipsJson } from '@radica/fevrips/rips';
import { muvEndpointFor } from '@radica/fevrips/endpoints';
import { cargaEndpoint, paqueteCompleto } from '@radica/contracts/muv';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import type { TAuditRecorder } from '../../integrations/muv/client.ts';
import { MuvError } from '../../integrations/muv/errors.ts';
import type { TMuvResult } from '../../integrations/muv/results.ts';
import { ministryCredentials } from '../providers/service.ts';
import { auditRecorder, registrarAccion } from './audit.ts';
import { applyMuvResult, keepLease, leaseUntil, releaseClaim, verdictOf } from './claims.ts';
import { listCounts } from './count-cache.ts';
import { loadDoc } from './detail.ts';
import { claimForSend, listFileRefs, readFiles, type TClaim } from './repository.ts';
import { SEND_QUEUE } from '../jobs/queue.ts';
import type { TErrorCode } from '@radica/contracts/errors';
import { SENDABLE, assertSendable, estadoTrasEnvio } from './status.ts';
import type { TCtx } from './upload.ts';

/** Automatic verifications of a send whose outcome was uncertain (a timeout), before the document is left to the user. */
export const MAX_VERIFICACIONES = 6;

/**
 * POST /api/FevRips/{id}/enviar (seed 001 §4, §7; DESIGN.md "The ministry flow" step 3), also what a bulk-send or
 * verification job does. Claims the document atomically (never two sends in flight) with a lease the sending process
 * renews while it works (claims.ts), posts `{ rips, xmlFevFile }` to the MUV endpoint for its type (at most twice,
 * MAX_CARGAS_POR_ENVIO), stores the answer, its findings and an audit row per HTTP attempt. RVG18 recovers the
 * existing CUV (APROBADO). Outcomes without a verdict (issue 9 "A slow ministry is not a wrong status"):
 * - the ministry did not take the package (5xx, refused): ERROR, 502 muvUnavailable (may be resent);
 * - a request went unanswered (timeout): the ministry may hold the package, so the document goes back to its status
 *   (never ERROR) and a verification job resends it later (RVG18 → APROBADO with its CUV); 504 muvTimeout.
 * `verificacion` is the number of this verification (0 for a user's send). Throws AppError 409 (approved / cancelled
 * / in progress), 422 (files missing, validator login rejected), 412 (no provider configuration), 502, 504.
 */
export async function sendDocument(deps: TDeps, ctx: TCtx, id: number, opts: { verificacion?: number } = {}): Promise<TSendResult> {
  // Every send, whatever its channel, holds one of the tenant's slots toward the ministry (issue 23 §4).
  return deps.sendSlots.run(ctx.tenantId, () => sendHoldingSlot(deps, ctx, id, opts));
}

/**
 * The web's single send (POST /api/FevRips/{id}/enviar) and the API channel's (POST /api/v1/paquetes with enviar):
 * the immediate refusals first (not found, approved, cancelled, in progress, files missing, no configuration), then a
 * send job at the head of the fair order (docs/decisions/027), whose result is awaited up to `waitS` seconds
 * (SEND_WAIT_S). A verdict or a refusal that comes in time is returned or thrown as sendDocument would; otherwise
 * the document stays queued and the answer says so (`enCola`, MSG.sendQueued): never an ERROR for a slow queue.
 * @throws the AppErrors of sendDocument.
 */
export async function sendDocumentQueued(deps: TDeps, ctx: TCtx, id: number, opts: { waitS?: number } = {}): Promise<TSendResult> {
  if (!deps.jobs) return sendDocument(deps, ctx, id);
  const doc = await loadDoc(deps, ctx, id);
  assertSendable(doc);
  const refs = await listFileRefs(deps.db, ctx.tenantId, doc.id);
  if (!paqueteCompleto(doc.muvEndpoint, { xml: refs.some((f) => f.tipo === 'xml'), json: refs.some((f) => f.tipo === 'json') }))
    throw new AppError('SEND_NEEDS_FILES', MSG.sendNeedsBothFiles);
  await ministryCredentials(deps, ctx);
  const [jobId] = await deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, [doc.id], { adelante: true });
  const end = await deps.jobs.waitForJob(SEND_QUEUE, jobId!, (opts.waitS ?? deps.config.sendWaitS) * 1000);
  const output = end?.state === 'completed' ? (end.output as TSendJobOutput | null) : null;
  if (output && 'resultado' in output) return output.resultado;
  if (output && 'error' in output) throw new AppError(output.error.code as TErrorCode, output.error.message);
  return { ...queuedResult, mensaje: MSG.sendQueued };
}

/** What a send job stores as its output (pg-boss): the verdict, or the refusal the user would have seen. */
export type TSendJobOutput = { resultado: TSendResult } | { error: { code: string; message: string } };

const queuedResult: TSendResult = {
  exitoso: false,
  mensaje: '',
  cuv: null,
  tieneNotificaciones: false,
  totalNotificaciones: 0,
  tieneErrores: false,
  totalErrores: 0,
  fechaRadicacion: null,
  procesoId: null,
  enCola: true,
};

async function sendHoldingSlot(deps: TDeps, ctx: TCtx, id: number, opts: { verificacion?: number }): Promise<TSendResult> {
  const doc = await loadDoc(deps, ctx, id);
  assertSendable(doc);
  const files = await readFiles(deps.db, ctx.tenantId, doc.id);
  const xmlBytes = files.find((f) => f.tipo === 'xml')?.content;
  const jsonBytes = files.find((f) => f.tipo === 'json')?.content;
  // Both files, or the one its package type needs (a total credit note, a RIPS without invoice…: issue 12).
  if (!paqueteCompleto(doc.muvEndpoint, { xml: Boolean(xmlBytes), json: Boolean(jsonBytes) }))
    throw new AppError('SEND_NEEDS_FILES', MSG.sendNeedsBothFiles);
  const credentials = await ministryCredentials(deps, ctx);

  const claim: TClaim = { tenantId: ctx.tenantId, fevRipsId: doc.id, at: new Date() };
  if (!(await claimForSend(deps.db, claim, SENDABLE, doc.estado, leaseUntil(deps)))) throw new AppError('SEND_IN_PROGRESS', MSG.sendInProgress);
  // The history's 'Envió al Ministerio' and the document's fechaEnvio are one instant: when the package left (claim.at).
  await registrarAccion(deps.db, ctx, doc.id, 'envio', { detalle: opts.verificacion ? `verificación automática ${opts.verificacion}` : '', en: claim.at });
  listCounts.invalidate(ctx.tenantId);
  const lease = keepLease(deps, claim);
  const estadoPrevio = doc.estado as TEstado;

  try {
    const rips = jsonBytes ? parseRipsJson(jsonBytes) : null;
    const endpoint = doc.muvEndpoint ?? muvEndpointFor(xmlBytes ? parseFevXml(xmlBytes) : null, rips);
    // A side the endpoint does not read travels as null, as the ministry's clients send CargarNCTotal (reference §1.2).
    const sides = cargaEndpoint(endpoint);
    const audit = auditRecorder(deps, ctx.tenantId, doc.id);
    const attemptIds: number[] = [];
    const recording: TAuditRecorder = {
      start: async (op, s) => {
        const aid = await audit.start(op, s);
        attemptIds.push(aid);
        return aid;
      },
      finish: audit.finish,
    };
    const result = await deps.muv.upload({
      tenantId: ctx.tenantId,
      credentials,
      endpoint,
      body: {
        rips: rips && sides?.rips !== 'ignored' ? rips.rips : null,
        xmlFevFile: xmlBytes && sides?.xml !== 'ignored' ? xmlBytes.toString('base64') : null,
      },
      audit: recording,
      summary: { formato: doc.formato, endpoint, xmlBytes: xmlBytes?.length ?? 0, jsonBytes: jsonBytes?.length ?? 0 },
    });
    if (!(await applyMuvResult(deps, claim, result, attemptIds.at(-1) ?? null)))
      deps.log.warn({ fevRipsId: doc.id }, 'ministry answer arrived after the send lost its claim');
    return toSendResult(result);
  } catch (err) {
    if (!(err instanceof MuvError)) {
      await releaseClaim(deps, claim, estadoPrevio);
      throw err;
    }
    if (err.kind === 'LOGIN_REJECTED') {
      // A rejected login is not the document's fault: it goes back to where it was.
      await releaseClaim(deps, claim, estadoTrasEnvio('LOGIN_RECHAZADO', estadoPrevio));
      throw new AppError('MUV_LOGIN_REJECTED', MSG.muvLoginFailed);
    }
    if (err.kind === 'UNCERTAIN') {
      await releaseClaim(deps, claim, estadoTrasEnvio('INCIERTO', estadoPrevio));
      const verificacion = (opts.verificacion ?? 0) + 1;
      const scheduled = verificacion <= MAX_VERIFICACIONES && (await scheduleVerification(deps, ctx, doc.id, verificacion));
      deps.log.warn({ fevRipsId: doc.id, verificacion, scheduled }, 'ministry did not answer in time: outcome uncertain');
      throw new AppError('MUV_TIMEOUT', MSG.muvTimeout);
    }
    await releaseClaim(deps, claim, estadoTrasEnvio('NO_RECIBIDO', estadoPrevio));
    deps.log.warn({ err: err.message, kind: err.kind, fevRipsId: doc.id }, 'ministry send failed');
    // ERROR is a final status: webhooks and alerts hear of it (issue 15).
    await deps.avisos?.publicarResultado(ctx.tenantId, doc.id);
    throw new AppError('MUV_UNAVAILABLE', MSG.muvUnavailable);
  } finally {
    lease.stop();
    listCounts.invalidate(ctx.tenantId);
  }
}

/** Enqueue a verification send of the document, later each time (MUV_VERIFY_DELAY_S × 2^(n−1)); false without a job queue. */
async function scheduleVerification(deps: TDeps, ctx: TCtx, fevRipsId: number, verificacion: number): Promise<boolean> {
  if (!deps.jobs) return false;
  const startAfterS = deps.config.muvVerifyDelayS * 2 ** (verificacion - 1);
  await deps.jobs.enqueueSends(ctx.tenantId, ctx.userId, [fevRipsId], { startAfterS, verificacion });
  return true;
}

/** The answer of POST /api/FevRips/{id}/enviar (seed 001 §3 "Send result") for a ministry verdict. */
function toSendResult(result: TMuvResult): TSendResult {
  const { approved, cuv, recovered, rechazos } = verdictOf(result);
  const notificaciones = result.resultados.filter((r) => r.clase.toUpperCase() !== 'RECHAZADO').length;
  const errores = recovered ? 0 : rechazos.length;
  const fechaRadicacion = result.fechaRadicacion ? new Date(result.fechaRadicacion) : approved ? new Date() : null;
  return {
    exitoso: approved,
    mensaje: approved ? MSG.sendSucceeded : MSG_MINISTERIO.rechazoMinisterio(errores),
    cuv,
    tieneNotificaciones: notificaciones > 0,
    totalNotificaciones: notificaciones,
    tieneErrores: errores > 0,
    totalErrores: errores,
    fechaRadicacion: approved && fechaRadicacion && !Number.isNaN(fechaRadicacion.getTime()) ? fechaRadicacion.toISOString() : null,
    procesoId: approved ? result.procesoId : null,
  };
}
