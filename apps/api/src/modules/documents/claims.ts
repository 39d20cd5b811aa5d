import { MSG } from '@radica/contracts/messages';
import type { TEstado } from '@radica/contracts/enums';
import type { TDeps } from '../../deps.ts';
import { cuvFromRvg18, hasTokenError, parseResultado, type TMuvResult } from '../../integrations/muv/results.ts';
import { listCounts } from './count-cache.ts';
import {
  findLapsedClaimsAllTenants,
  interruptOpenAttempts,
  lastAnsweredUpload,
  lockClaimed,
  releaseUnclaimed,
  replaceFindings,
  updateClaimed,
  type TClaim,
} from './repository.ts';

/**
 * A send's hold on its document (decisions 002 and 011): the lease the sending process renews, the writes that end
 * the claim (a ministry verdict, or a release without one), and the recovery of claims whose process died.
 */

const leaseMs = (deps: TDeps) => deps.config.sendLeaseS * 1000;

/** When a claim made now lapses without a heartbeat. */
export const leaseUntil = (deps: TDeps) => new Date(Date.now() + leaseMs(deps));

/** Renew the claim's lease every third of its length while the send runs; a failed renewal is only logged. */
export function keepLease(deps: TDeps, claim: TClaim): { stop: () => void } {
  const timer = setInterval(() => {
    updateClaimed(deps.db, claim, { envioLeaseHasta: leaseUntil(deps) }).then(
      () => {},
      (err: unknown) => deps.log.warn({ err: String((err as Error).message ?? err), fevRipsId: claim.fevRipsId }, 'send lease not renewed'),
    );
  }, Math.max(1_000, leaseMs(deps) / 3));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** End a claim without a verdict: the document gets `estado` (its previous status, or ERROR; status.ts). */
export async function releaseClaim(deps: TDeps, claim: TClaim, estado: TEstado): Promise<void> {
  await updateClaimed(deps.db, claim, { estado, estadoPrevio: null, envioIniciadoAt: null, envioLeaseHasta: null, fechaModificacion: new Date() });
}

/** An approved answer: accepted with a CUV and no rejection, or RVG18 carrying the existing CUV. */
export function verdictOf(result: TMuvResult) {
  const rechazos = result.resultados.filter((r) => r.clase.toUpperCase() === 'RECHAZADO');
  const recovered = !result.cuv ? cuvFromRvg18(result) : null;
  const approved = (result.resultState && rechazos.length === 0 && Boolean(result.cuv)) || Boolean(recovered);
  return { approved, cuv: approved ? (result.cuv ?? recovered) : null, recovered, rechazos };
}

/**
 * Store a ministry answer for the document held by `claim` in one transaction: its findings (an RVG18 item is not an
 * error of this document), APROBADO with CUV, proceso and filing date, or NO_APROBADO. Returns false (nothing
 * written) when the claim no longer holds the document. Once stored, webhooks and alerts hear of it (issue 15).
 * The two dates of a send: `fechaEnvio` is when Radica sent the package (the claim's instant, the same the history's
 * 'Envió al Ministerio' records), not when the answer came back; `fechaRadicacion` is the ministry's own stamp
 * (`FechaRadicacion` of its answer; the answer's arrival only when an approval carries none).
 */
export async function applyMuvResult(deps: TDeps, claim: TClaim, result: TMuvResult, attemptId: number | null): Promise<boolean> {
  const stored = await storeMuvResult(deps, claim, result, attemptId);
  if (stored) await deps.avisos?.publicarResultado(claim.tenantId, claim.fevRipsId);
  return stored;
}

async function storeMuvResult(deps: TDeps, claim: TClaim, result: TMuvResult, attemptId: number | null): Promise<boolean> {
  const { approved, cuv, recovered } = verdictOf(result);
  const now = new Date();
  const fechaRadicacion = result.fechaRadicacion ? new Date(result.fechaRadicacion) : approved ? now : null;
  return deps.db.transaction(async (tx) => {
    if (!(await lockClaimed(tx, claim))) return false;
    const kept = recovered ? result.resultados.filter((r) => r.codigo.toUpperCase() !== 'RVG18') : result.resultados;
    await replaceFindings(tx, claim.tenantId, claim.fevRipsId, 'MUV', kept, attemptId);
    await updateClaimed(tx, claim, {
      estado: approved ? 'APROBADO' : 'NO_APROBADO',
      estadoPrevio: null,
      envioIniciadoAt: null,
      envioLeaseHasta: null,
      cuv,
      procesoId: approved ? result.procesoId : null,
      fechaEnvio: claim.at,
      fechaRadicacion: approved && fechaRadicacion && !Number.isNaN(fechaRadicacion.getTime()) ? fechaRadicacion : null,
      fechaModificacion: now,
    });
    return true;
  });
}

/**
 * Documents left ENPROCESO by a send whose process died (issue 9 "Interrupted sends recover within a minute"): those
 * whose lease has lapsed (or every one, `all`, when this process owns the database: PGlite at start). Before anything
 * is sent again the audit is read: when the interrupted send had already received the ministry's acceptance, that
 * answer is stored (APROBADO with its CUV) and nothing is resent. Otherwise the document goes back to the status it
 * had, its unfinished attempts are marked interrupted, and the job that was sending it (if any) is retried by the
 * queue; a package the ministry took meanwhile answers RVG18 and recovers its CUV. Returns how many were recovered.
 */
export async function recoverInterruptedSends(deps: TDeps, opts: { all?: boolean } = {}): Promise<number> {
  const stuck = await findLapsedClaimsAllTenants(deps.db, deps.config.sendLeaseS, Boolean(opts.all));
  for (const d of stuck) {
    const claim: TClaim | null = d.envioIniciadoAt ? { tenantId: d.tenantId, fevRipsId: d.id, at: d.envioIniciadoAt } : null;
    if (claim && (await applyAuditedAcceptance(deps, claim))) {
      listCounts.invalidate(d.tenantId);
      continue;
    }
    const release = { estado: (d.estadoPrevio as TEstado | null) ?? 'EN_ESPERA', estadoPrevio: null, envioIniciadoAt: null, envioLeaseHasta: null, fechaModificacion: new Date() };
    if (claim) await updateClaimed(deps.db, claim, release);
    else await releaseUnclaimed(deps.db, d.tenantId, d.id, release);
    await interruptOpenAttempts(deps.db, d.tenantId, d.id, MSG.sendInterrupted);
    listCounts.invalidate(d.tenantId);
  }
  return stuck.length;
}

/** Store the acceptance an interrupted send had already received (its audit row), if any. True when stored. */
async function applyAuditedAcceptance(deps: TDeps, claim: TClaim): Promise<boolean> {
  const last = await lastAnsweredUpload(deps.db, claim.tenantId, claim.fevRipsId, claim.at);
  if (!last?.rawResponse || last.httpStatus === null || last.httpStatus === 401) return false;
  let result: TMuvResult;
  try {
    result = parseResultado(last.httpStatus, last.rawResponse);
  } catch {
    return false;
  }
  if (hasTokenError(result) || !verdictOf(result).approved) return false;
  const stored = await applyMuvResult(deps, claim, result, last.id);
  if (stored) deps.log.warn({ fevRipsId: claim.fevRipsId }, 'interrupted send: the ministry had accepted it; its answer was stored, nothing resent');
  return stored;
}
