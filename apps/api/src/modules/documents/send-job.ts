import type { TDeps } from '../../deps.ts';
import type { TJobMeta, TSendJob } from '../jobs/queue.ts';
import { AppError } from '../../lib/errors.ts';
import { findDocument } from './repository.ts';
import { sendDocument, type TSendJobOutput } from './send.ts';

/**
 * What one send job does (bulk, a retry of a wait for the ministry, or a user's single send): sendDocument, whose atomic
 * claim keeps a document in one send at a time and which holds the tenant's slot. Its output (pg-boss) is the verdict,
 * or the refusal as the user would see it (TSendJobOutput): business refusals (already approved, cancelled, missing
 * files or configuration, no verdict from the ministry → a retry job of its own, a retry another send superseded) end
 * the job; the document tells the user. A document held by a live send (its lease renewed) ends a first attempt too: that send brings the
 * verdict. One held by a claim whose lease has lapsed, or any held document on a retry (the job's previous process
 * died: its claim lapses within SEND_LEASE_S), throws, so pg-boss retries the job (2, 4, 8… s) while the maintenance
 * releases the claim (recoverInterruptedSends), and the retry sends it. Anything else (database gone) throws too.
 */
export async function runSendJob(deps: TDeps, job: TSendJob, meta: Pick<TJobMeta, 'attempt'> = { attempt: 0 }): Promise<TSendJobOutput> {
  const ctx = { tenantId: job.tenantId, userId: job.userId };
  try {
    return { resultado: await sendDocument(deps, ctx, job.fevRipsId, job.reintento ? { reintento: job.reintento } : {}) };
  } catch (err) {
    if (err instanceof AppError && err.code === 'SEND_IN_PROGRESS' && (meta.attempt > 0 || !(await heldByLiveSend(deps, job))))
      throw new Error(`document ${job.fevRipsId} is held by a send whose process died`, { cause: err });
    if (err instanceof AppError) {
      deps.log.info({ fevRipsId: job.fevRipsId, code: err.code }, 'send job ended without approval');
      return { error: { code: err.code, message: err.message } };
    }
    throw err;
  }
}

/** The job's document is ENPROCESO under a lease that has not lapsed (a send whose process is alive). */
async function heldByLiveSend(deps: TDeps, job: TSendJob): Promise<boolean> {
  const doc = await findDocument(deps.db, job.tenantId, job.fevRipsId);
  return doc?.estado === 'ENPROCESO' && doc.envioLeaseHasta !== null && doc.envioLeaseHasta.getTime() > Date.now();
}
