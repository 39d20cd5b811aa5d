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
import type { TAuditRecorder, TMuvCredentials } from '../../integrations/muv/client.ts';
import type { TMuvAnswer } from '../../integrations/muv/classify.ts';
import { MuvError } from '../../integrations/muv/errors.ts';
import { ministryCredentials } from '../providers/service.ts';
import { auditRecorder, registrarAccion } from './audit.ts';
import { applyVeredicto, auditedAcceptance, keepLease, leaseUntil, releaseClaim, veredictoDe, type TVeredicto } from './claims.ts';
import { listCounts } from './count-cache.ts';
import { loadDoc } from './detail.ts';
import { esperarMinisterio, mensajeEspera, type TReintento } from './espera.ts';
import { claimForSend, endWait, listFileRefs, readFiles, type TClaim } from './repository.ts';
import { SEND_QUEUE } from '../jobs/queue.ts';
import type { TErrorCode } from '@radica/contracts/errors';
import { SENDABLE, assertSendable } from './status.ts';
import type { TCtx } from './upload.ts';

/**
 * POST /api/FevRips/{id}/enviar (seed 001 §4, §7; DESIGN.md "The ministry flow" step 3), also what a bulk-send or
 * retry job does. Claims the document atomically (never two sends in flight) with a lease the sending process renews
 * while it works (claims.ts), and first reads what the ministry already said of the package (claims.ts
 * auditedAcceptance): an acceptance received but never stored is stored, and nothing is uploaded again
 * (docs/decisions/048). Otherwise posts `{ rips, xmlFevFile }` to the MUV endpoint for its type (at most
 * MAX_CARGAS_POR_ENVIO requests) and acts on the classified answer (integrations/muv/classify.ts, docs/decisions/047):
 * - a verdict: APROBADO with its CUV, or NO_APROBADO with the ministry's findings;
 * - a duplicate (RVG18, RVG02 + RVG18): APROBADO with the ministry's existing CUV read from the answer's texts
 *   (ConsultarCUV adds its filing date), and the document says it was validated before; without a CUV it is the
 *   ministry's rejection as written;
 * - no verdict (TOT003, a 5xx, the local API's text, a time-out…): never a verdict. The document goes back to its
 *   status and waits; Radica retries by itself (espera.ts) and the user gets 503 MUV_SIN_RESPUESTA with the ministry's
 *   words and the next retry's time.
 * `reintento` is the automatic retry this is (espera.ts): it sends only while the document still waits for it. Throws
 * AppError 409 (approved / cancelled / in progress / retry superseded), 422 (files missing, validator login rejected),
 * 412 (no provider configuration), 503 (no verdict).
 */
export async function sendDocument(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'cipher' | 'muv' | 'sendSlots' | 'jobs' | 'avisos'>, ctx: TCtx, id: number, opts: { reintento?: TReintento } = {}): Promise<TSendResult> {
  // Every send, whatever its channel, holds one of the tenant's slots toward the ministry.
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
export async function sendDocumentQueued(deps: Pick<TDeps, 'config' | 'db' | 'cipher' | 'jobs'>, ctx: TCtx, id: number, opts: { waitS?: number } = {}): Promise<TSendResult> {
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

async function sendHoldingSlot(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'cipher' | 'muv' | 'jobs' | 'avisos'>, ctx: TCtx, id: number, opts: { reintento?: TReintento }): Promise<TSendResult> {
  const doc = await loadDoc(deps, ctx, id);
  const reintento = opts.reintento ? { desde: new Date(opts.reintento.desde), numero: opts.reintento.numero } : undefined;
  if (reintento && (doc.reintentoDesde?.getTime() !== reintento.desde.getTime() || doc.reintentoNumero !== reintento.numero))
    throw new AppError('REINTENTO_SUPERADO', MSG_MINISTERIO.reintentoSuperado);
  let files: Awaited<ReturnType<typeof readFiles>>;
  let credentials: Awaited<ReturnType<typeof ministryCredentials>>;
  try {
    assertSendable(doc);
    files = await readFiles(deps.db, ctx.tenantId, doc.id);
    // Both files, or the one its package type needs (a total credit note, a RIPS without invoice…: ).
    if (!paqueteCompleto(doc.muvEndpoint, { xml: files.some((f) => f.tipo === 'xml'), json: files.some((f) => f.tipo === 'json') }))
      throw new AppError('SEND_NEEDS_FILES', MSG.sendNeedsBothFiles);
    credentials = await ministryCredentials(deps, ctx);
  } catch (err) {
    // A retry that cannot send (the document was cancelled, lost a file, the configuration is gone) ends its wait:
    // the user sees the document as it is, and nothing retries it again.
    if (reintento && err instanceof AppError) await endWait(deps.db, ctx.tenantId, doc.id, reintento).catch(() => undefined);
    throw err;
  }
  const xmlBytes = files.find((f) => f.tipo === 'xml')?.content;
  const jsonBytes = files.find((f) => f.tipo === 'json')?.content;

  const claim: TClaim = { tenantId: ctx.tenantId, fevRipsId: doc.id, at: new Date() };
  if (!(await claimForSend(deps.db, claim, SENDABLE, doc.estado, leaseUntil(deps), reintento))) {
    if (reintento) throw new AppError('REINTENTO_SUPERADO', MSG_MINISTERIO.reintentoSuperado);
    throw new AppError('SEND_IN_PROGRESS', MSG.sendInProgress);
  }
  // The history's 'Envió al Ministerio' and the document's fechaEnvio are one instant: when the package left (claim.at).
  await registrarAccion(deps.db, ctx, doc.id, 'envio', { detalle: reintento ? MSG_MINISTERIO.reintentoAutomatico(reintento.numero) : '', en: claim.at }).catch((err: Error) =>
    deps.log.warn({ err: err.message, fevRipsId: doc.id }, 'send not recorded in the history'),
  );
  listCounts(deps.db).invalidate(ctx.tenantId);
  const lease = keepLease(deps, claim);
  const estadoPrevio = doc.estado as TEstado;
  let released = false;

  try {
    const xml = xmlBytes ? parseFevXml(xmlBytes) : null;
    const rips = jsonBytes ? parseRipsJson(jsonBytes) : null;
    const cufe = xml?.cufe ?? null;
    // Never upload again what the ministry already accepted (an answer received but not stored: docs/decisions/048).
    const known = await auditedAcceptance(deps, ctx.tenantId, doc.id, cufe);
    if (known) {
      deps.log.warn({ fevRipsId: doc.id }, 'the ministry had already accepted this package (audit): its answer is stored, nothing uploaded');
      return await storeVeredicto(deps, claim, known.veredicto, known.attemptId);
    }
    const endpoint = doc.muvEndpoint ?? muvEndpointFor(xml, rips);
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
    const answer = await deps.muv.upload({
      tenantId: ctx.tenantId,
      credentials,
      endpoint,
      body: {
        rips: rips && sides?.rips !== 'ignored' ? rips.rips : null,
        xmlFevFile: xmlBytes && sides?.xml !== 'ignored' ? xmlBytes.toString('base64') : null,
      },
      audit: recording,
      summary: { formato: doc.formato, endpoint, xmlBytes: xmlBytes?.length ?? 0, jsonBytes: jsonBytes?.length ?? 0 },
      cufe,
    });
    // The findings belong to the upload's answer (a duplicate's ConsultarCUV that follows is audited too).
    const answerAttempt = attemptIds.at(-1) ?? null;
    const v = answer.kind === 'duplicate' ? await recoverDuplicate(deps, ctx, credentials, doc.id, answer, recording) : veredictoDe(answer);
    if (v) return await storeVeredicto(deps, claim, v, answerAttempt);
    const texto = answer.kind === 'transient' ? answer.texto : '';
    const { proximo } = await esperarMinisterio(deps, ctx, claim, doc, estadoPrevio, texto);
    released = true;
    throw new AppError('MUV_SIN_RESPUESTA', mensajeEspera(deps, texto, proximo));
  } catch (err) {
    if (released) throw err;
    // A rejected login is not the document's fault: it goes back to where it was, as does any other failure.
    await releaseClaim(deps, claim, estadoPrevio).catch((e: Error) => deps.log.warn({ err: e.message, fevRipsId: doc.id }, 'claim not released: its lease will lapse'));
    const refused = err instanceof MuvError && err.kind === 'LOGIN_REJECTED';
    // A retry refused for good (the validator credentials, a business refusal) ends its wait: retrying it every minute
    // would knock at the ministry with credentials it refuses. A failure of Radica's own (the database) keeps it.
    if (reintento && (refused || err instanceof AppError)) await endWait(deps.db, ctx.tenantId, doc.id, reintento).catch(() => undefined);
    if (refused) throw new AppError('MUV_LOGIN_REJECTED', MSG.muvLoginFailed);
    throw err;
  } finally {
    lease.stop();
    listCounts(deps.db).invalidate(ctx.tenantId);
  }
}

/** Store a verdict (claims.ts applyVeredicto) and answer the send with it. */
async function storeVeredicto(deps: Pick<TDeps, 'db' | 'log' | 'avisos'>, claim: TClaim, v: TVeredicto, attemptId: number | null): Promise<TSendResult> {
  if (!(await applyVeredicto(deps, claim, v, attemptId))) deps.log.warn({ fevRipsId: claim.fevRipsId }, 'ministry answer arrived after the send lost its claim');
  return toSendResult(v);
}

/**
 * A re-send the ministry answered RVG18 (already validated; reference §1.5, §9). The CUV its texts carry is the
 * ministry's own: the document is APROBADO with it, and ConsultarCUV (when it answers) gives the filing date and the
 * ProcesoId. An RVG18 that carries no CUV leaves nothing to ask the ministry about (ConsultarCUV and RecuperarCUV both
 * take the CUV; an acceptance this document received earlier was already found in its audit before the upload): the
 * answer stands as the ministry wrote it, a rejection with its RVG18 finding for the user to follow.
 */
async function recoverDuplicate(
  deps: Pick<TDeps, 'log' | 'muv'>,
  ctx: TCtx,
  credentials: TMuvCredentials,
  fevRipsId: number,
  answer: Extract<TMuvAnswer, { kind: 'duplicate' }>,
  audit: TAuditRecorder,
): Promise<TVeredicto> {
  const v = veredictoDe(answer);
  if (!v?.cuv) {
    deps.log.warn({ fevRipsId }, 'RVG18 without a CUV: stored as the ministry wrote it');
    return { approved: false, cuv: null, procesoId: null, fechaRadicacion: null, resultados: answer.result.resultados, recuperado: false };
  }
  const record = await deps.muv.consultarCuv({ tenantId: ctx.tenantId, credentials, cuv: v.cuv, audit }).catch((err: Error) => {
    deps.log.warn({ err: err.message, fevRipsId }, 'ConsultarCUV of a recovered CUV failed: approved with what RVG18 said');
    return null;
  });
  const fecha = typeof record?.data.fechavalidacion === 'string' ? new Date(record.data.fechavalidacion) : null;
  const procesoId = Number(record?.data.procesoid);
  return {
    ...v,
    procesoId: v.procesoId ?? (Number.isFinite(procesoId) && procesoId > 0 ? procesoId : null),
    fechaRadicacion: fecha && !Number.isNaN(fecha.getTime()) ? fecha : null,
  };
}

/** The answer of POST /api/FevRips/{id}/enviar (seed 001 §3 "Send result") for a ministry verdict. */
function toSendResult(v: TVeredicto): TSendResult {
  const notificaciones = v.resultados.filter((r) => r.clase.toUpperCase() !== 'RECHAZADO').length;
  const errores = v.approved ? 0 : v.resultados.filter((r) => r.clase.toUpperCase() === 'RECHAZADO').length;
  return {
    exitoso: v.approved,
    mensaje: v.approved ? (v.recuperado ? MSG_MINISTERIO.cuvRecuperado : MSG.sendSucceeded) : MSG_MINISTERIO.rechazoMinisterio(errores),
    cuv: v.approved ? v.cuv : null,
    tieneNotificaciones: notificaciones > 0,
    totalNotificaciones: notificaciones,
    tieneErrores: errores > 0,
    totalErrores: errores,
    fechaRadicacion: v.approved ? (v.fechaRadicacion ?? new Date()).toISOString() : null,
    procesoId: v.approved ? v.procesoId : null,
  };
}
