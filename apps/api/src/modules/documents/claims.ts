import { MSG } from '@radica/contracts/messages';
import type { TEstado } from '@radica/contracts/enums';
import type { TDeps } from '../../deps.ts';
import { classifyAnswer, type TMuvAnswer } from '../../integrations/muv/classify.ts';
import type { TMuvFinding } from '../../integrations/muv/results.ts';
import { withDbRetries } from '../../lib/db-retries.ts';
import { listCounts } from './count-cache.ts';
import {
  answeredUploads,
  findDocument,
  findLapsedClaimsAllTenants,
  interruptOpenAttempts,
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

const leaseMs = (deps: Pick<TDeps, 'config'>) => deps.config.sendLeaseS * 1000;

/** When a claim made now lapses without a heartbeat. */
export const leaseUntil = (deps: Pick<TDeps, 'config'>) => new Date(Date.now() + leaseMs(deps));

/** Renew the claim's lease every third of its length while the send runs; a failed renewal is only logged. */
export function keepLease(deps: Pick<TDeps, 'config' | 'db' | 'log'>, claim: TClaim): { stop: () => void } {
  const timer = setInterval(() => {
    updateClaimed(deps.db, claim, { envioLeaseHasta: leaseUntil(deps) }).then(
      () => {},
      (err: unknown) => deps.log.warn({ err: String((err as Error).message ?? err), fevRipsId: claim.fevRipsId }, 'send lease not renewed'),
    );
  }, Math.max(1_000, leaseMs(deps) / 3));
  timer.unref();
  return { stop: () => clearInterval(timer) };
}

/** The columns of a wait for the ministry (docs/decisions/047), cleared: a verdict or a release ends the wait. */
export const SIN_ESPERA = { reintentoDesde: null, reintentoTexto: null, reintentoProximo: null, reintentoNumero: 0 } as const;

/** End a claim without a verdict: the document gets `estado` (its previous status; status.ts). */
export async function releaseClaim(deps: Pick<TDeps, 'db'>, claim: TClaim, estado: TEstado): Promise<void> {
  await withDbRetries(() => updateClaimed(deps.db, claim, { estado, estadoPrevio: null, envioIniciadoAt: null, envioLeaseHasta: null, fechaModificacion: new Date() }));
}

/**
 * The ministry's verdict on a package as Radica stores it: approved with its CUV (issued now, or `recuperado` from an
 * RVG18 re-send), or rejected with its findings. `resultados` are the findings to store (origen MUV).
 */
export type TVeredicto = {
  approved: boolean;
  cuv: string | null;
  procesoId: number | null;
  fechaRadicacion: Date | null;
  resultados: TMuvFinding[];
  recuperado: boolean;
};

/**
 * The verdict of a classified answer (classify.ts): a `verdict`, or a `duplicate` whose CUV is known (its RVG18 /
 * RVG02 items are the re-send's, not findings of the document: they are not stored). Null for anything else.
 */
export function veredictoDe(answer: TMuvAnswer): TVeredicto | null {
  const fecha = (s: string | null) => (s && !Number.isNaN(new Date(s).getTime()) ? new Date(s) : null);
  if (answer.kind === 'verdict') {
    const r = answer.result;
    return { approved: answer.approved, cuv: answer.approved ? r.cuv : null, procesoId: answer.approved ? r.procesoId : null, fechaRadicacion: answer.approved ? fecha(r.fechaRadicacion) : null, resultados: r.resultados, recuperado: false };
  }
  if (answer.kind === 'duplicate' && answer.cuv) {
    return {
      approved: true,
      cuv: answer.cuv,
      procesoId: answer.procesoId,
      fechaRadicacion: null,
      resultados: answer.result.resultados.filter((r) => !/^RVG(18|02)$/i.test(r.codigo.trim())),
      recuperado: true,
    };
  }
  return null;
}

/**
 * Store a verdict for the document held by `claim` in one transaction: its findings, APROBADO with CUV, proceso and
 * filing date (now when the ministry gave none), or NO_APROBADO; any wait for the ministry ends. A dropped database
 * connection is retried (withDbRetries) rather than losing an answer the ministry gave: a lost answer would mean
 * uploading the package again (docs/decisions/048). Returns false (nothing written) when the claim no longer holds the
 * document. Once stored, webhooks and alerts hear of it.
 * The two dates of a send: `fechaEnvio` is when Radica sent the package (the claim's instant, the same the history's
 * 'Envió al Ministerio' records), not when the answer came back; `fechaRadicacion` is the ministry's own stamp
 * (`FechaRadicacion` of its answer; the answer's arrival only when an approval carries none).
 */
export async function applyVeredicto(deps: Pick<TDeps, 'db' | 'avisos'>, claim: TClaim, v: TVeredicto, attemptId: number | null): Promise<boolean> {
  const now = new Date();
  const stored = await withDbRetries(() =>
    deps.db.transaction(async (tx) => {
      if (!(await lockClaimed(tx, claim))) return false;
      await replaceFindings(tx, claim.tenantId, claim.fevRipsId, 'MUV', v.resultados, attemptId);
      await updateClaimed(tx, claim, {
        estado: v.approved ? 'APROBADO' : 'NO_APROBADO',
        estadoPrevio: null,
        envioIniciadoAt: null,
        envioLeaseHasta: null,
        cuv: v.approved ? v.cuv : null,
        procesoId: v.approved ? v.procesoId : null,
        fechaEnvio: claim.at,
        fechaRadicacion: v.approved ? (v.fechaRadicacion ?? now) : null,
        fechaModificacion: now,
        cuvRecuperado: v.approved && v.recuperado,
        ...SIN_ESPERA,
      });
      return true;
    }),
  );
  // A commit whose acknowledgement a dropped connection lost looks like a lost claim on the retry: the document then
  // already holds this very verdict.
  const written =
    stored ||
    (await findDocument(deps.db, claim.tenantId, claim.fevRipsId).then(
      (d) => Boolean(d && !d.envioIniciadoAt && d.estado === (v.approved ? 'APROBADO' : 'NO_APROBADO') && d.cuv === (v.approved ? v.cuv : null) && d.fechaEnvio && d.fechaEnvio >= claim.at),
      () => false,
    ));
  if (written) await deps.avisos.publicarResultado(claim.tenantId, claim.fevRipsId);
  return written;
}

/**
 * What the ministry already accepted of this package, from the document's own audit (muv_attempts): the newest answered
 * Cargar* attempt that was an acceptance, or a duplicate carrying the CUV, with the attempt's id. An answer received but
 * never stored (a write cut by a dropped connection, a claim lost meanwhile) is found here, so the package is not
 * uploaded again (docs/decisions/048). An approved document never sends, so any such answer of a sendable document is
 * one that was not stored. `cufe` as classify.ts takes it.
 */
export async function auditedAcceptance(deps: Pick<TDeps, 'db'>, tenantId: number, fevRipsId: number, cufe: string | null = null): Promise<{ veredicto: TVeredicto; attemptId: number } | null> {
  const rows = await answeredUploads(deps.db, tenantId, fevRipsId, 20);
  for (const row of rows) {
    if (row.httpStatus === null || row.rawResponse === null) continue;
    const v = veredictoDe(classifyAnswer({ httpStatus: row.httpStatus, text: row.rawResponse }, { cufe }));
    if (v?.approved) return { veredicto: v, attemptId: row.id };
  }
  return null;
}

/**
 * Documents left ENPROCESO by a send whose process died: those
 * whose lease has lapsed (or every one, `all`, when this process owns the database: PGlite at start). Before anything
 * is sent again the audit is read: when the ministry had already accepted the package (auditedAcceptance), that answer
 * is stored (APROBADO with its CUV) and nothing is resent. Otherwise the document goes back to the status it had, its
 * unfinished attempts are marked interrupted, and the job that was sending it (if any) is retried by the queue; a
 * package the ministry took meanwhile answers RVG18 and recovers its CUV. Returns how many were recovered.
 */
export async function recoverInterruptedSends(deps: Pick<TDeps, 'config' | 'db' | 'log' | 'avisos'>, opts: { all?: boolean } = {}): Promise<number> {
  const stuck = await findLapsedClaimsAllTenants(deps.db, deps.config.sendLeaseS, Boolean(opts.all));
  for (const d of stuck) {
    const claim: TClaim | null = d.envioIniciadoAt ? { tenantId: d.tenantId, fevRipsId: d.id, at: d.envioIniciadoAt } : null;
    const known = claim ? await auditedAcceptance(deps, d.tenantId, d.id) : null;
    if (claim && known && (await applyVeredicto(deps, claim, known.veredicto, known.attemptId))) {
      deps.log.warn({ fevRipsId: d.id }, 'interrupted send: the ministry had accepted it; its answer was stored, nothing resent');
      listCounts(deps.db).invalidate(d.tenantId);
      continue;
    }
    const release = { estado: (d.estadoPrevio as TEstado | null) ?? 'EN_ESPERA', estadoPrevio: null, envioIniciadoAt: null, envioLeaseHasta: null, fechaModificacion: new Date() };
    if (claim) await updateClaimed(deps.db, claim, release);
    else await releaseUnclaimed(deps.db, d.tenantId, d.id, release);
    await interruptOpenAttempts(deps.db, d.tenantId, d.id, MSG.sendInterrupted);
    listCounts(deps.db).invalidate(d.tenantId);
  }
  return stuck.length;
}
