import { withDbRetries } from '../../lib/db-retries.ts';
import { SEND_QUEUE, type TJobName } from './catalog.ts';
import { CH_ENDED, type TQueueCore, type TQueueDef } from './boss.ts';
import { holdLiveness, LIVENESS_LOCK_KEY, type TLiveness } from './liveness.ts';
import type { TJobMeta } from './types.ts';
import {
  deleteOrphanEnvioCola,
  deleteTrabajoActivo,
  deleteTrabajosActivos,
  findJobsOfDeadProcesses,
  findUnownedActiveJobs,
  insertTrabajosActivos,
} from './repository.ts';

/**
 * Seconds a job may be active without any process recording it as running before the maintenance fails it for a retry
 * (a fetch whose answer a dropped connection lost; recording a fetched job takes milliseconds, ≈ 8 s with retries).
 */
const ORPHAN_GRACE_S = 30;

type TJob = { id: string; data: object; retryCount: number; retryLimit: number };

/** The worker of one process (queue.ts startWorker/stop): its queues' lanes and its maintenance beat. */
export type TWorker = {
  start: () => Promise<void>;
  /** Run a queue registered after the worker started. */
  addLane: (name: TJobName, def: TQueueDef) => void;
  stop: (graceful: boolean) => Promise<void>;
  liveness: () => TLiveness | null;
};

/** Mutable state the worker's pieces share. */
type TWorkerState = {
  on: boolean;
  liveness: TLiveness | null;
  running: Set<Promise<void>>;
  /** Ids of the jobs this process runs now: its own maintenance never takes them for a dead process's. */
  runningIds: Set<string>;
  pollMs: number;
};

/**
 * A worker process runs each queue with a bounded number of jobs at once: it fetches as many jobs as it has free
 * places, and when idle asks each queue again every JOBS_POLL_S or as soon as a NOTIFY says a job was enqueued. The
 * queries a worker makes while idle depend on the number of queues, never on the number of tenants
 * (bench/worker-queries.ts). `maintain` runs on the maintenance beat (every 10 s).
 */
export function createWorker(core: TQueueCore, o: { pollingIntervalSeconds?: number; maintain: () => Promise<unknown> }): TWorker {
  const state: TWorkerState = {
    on: false,
    liveness: null,
    running: new Set(),
    runningIds: new Set(),
    pollMs: (o.pollingIntervalSeconds ?? core.base.config.jobsPollS) * 1000,
  };
  const lanes: Array<Promise<void>> = [];
  let maintenance: NodeJS.Timeout | null = null;
  const beat = maintenanceBeat(core, state, o.maintain);
  return {
    liveness: () => state.liveness,
    addLane(name, def) {
      if (state.on) lanes.push(lane(core, state, name, def));
    },
    async start() {
      if (state.on) return;
      state.on = true;
      if (core.pg) state.liveness = await holdLiveness(core.pg, (err) => core.base.log.warn({ err: err.message }, 'jobs: liveness connection lost'));
      else await failActiveLeftByDeadProcess(core);
      await core.ensureQueue(...core.defs.keys());
      for (const [name, def] of core.defs) lanes.push(lane(core, state, name, def));
      maintenance = setInterval(() => void beat(), 10_000);
      maintenance.unref();
      void beat();
    },
    async stop(graceful) {
      state.on = false;
      if (maintenance) clearInterval(maintenance);
      core.signals.emit('stop');
      await Promise.allSettled(lanes);
      if (graceful) await Promise.race([Promise.allSettled([...state.running]), new Promise((r) => setTimeout(r, 10_000))]);
    },
  };
}

/** PGlite: this process owns the embedded database, so anything still active was left by a process that died. */
async function failActiveLeftByDeadProcess(core: TQueueCore) {
  await core.ensureQueue(...core.defs.keys());
  for (const name of core.defs.keys()) {
    const active = await core.runSql<{ id: string }>(`select id from pgboss.job where name = $1 and state = 'active'`, [name]);
    if (active.length)
      await core.boss.fail(
        name,
        active.map((a) => a.id),
      );
  }
}

/** One queue's loop: fetch as many jobs as there are free places, run them, wait for a place, a NOTIFY or the poll. */
async function lane(core: TQueueCore, state: TWorkerState, name: TJobName, def: TQueueDef) {
  const { log } = core.base;
  const places = Math.max(1, def.concurrency ?? 1);
  let inFlight = 0;
  let wake: (() => void) | null = null;
  const onSignal = () => wake?.();
  core.signals.on(`enqueued:${name}`, onSignal);
  core.signals.on('stop', onSignal);
  try {
    while (state.on) {
      try {
        await core.ensureQueue(name);
      } catch (err) {
        if (!state.on) break;
        log.warn({ err: String((err as Error).message ?? err), queue: name }, 'jobs: queue not created yet');
        await new Promise((r) => setTimeout(r, state.pollMs));
        continue;
      }
      const free = places - inFlight;
      let fetched = 0;
      if (free > 0) {
        try {
          const jobs = (await core.boss.fetch(name, { batchSize: free, includeMetadata: true })) as unknown as TJob[] | null;
          fetched = jobs?.length ?? 0;
          if (jobs && fetched) {
            await recordRunning(core, state, name, jobs);
            for (const job of jobs) {
              inFlight++;
              const p = runJob(core, name, def, job).finally(() => {
                inFlight--;
                state.running.delete(p);
                state.runningIds.delete(job.id);
                wake?.();
              });
              state.running.add(p);
            }
          }
        } catch (err) {
          log.warn({ err: String((err as Error).message ?? err), queue: name }, 'jobs: fetch failed');
        }
      }
      // Places left and jobs came: ask again at once. Otherwise wait for a place, a new job or the poll.
      if (fetched > 0 && fetched === free) continue;
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, state.pollMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    core.signals.off(`enqueued:${name}`, onSignal);
    core.signals.off('stop', onSignal);
  }
}

/**
 * Record fetched jobs as this process's. Retried through a dropped connection: a job no process records is failed by
 * the maintenance after ORPHAN_GRACE_S (findUnownedActiveJobs), which must not happen to one that runs.
 */
async function recordRunning(core: TQueueCore, state: TWorkerState, name: TJobName, jobs: TJob[]) {
  const numero = state.liveness?.numero();
  for (const job of jobs) state.runningIds.add(job.id);
  if (numero)
    await withDbRetries(() =>
      insertTrabajosActivos(
        core.base.db,
        name,
        numero,
        jobs.map((j) => j.id),
      ),
    ).catch((err: Error) => core.base.log.warn({ err: err.message }, 'jobs: running jobs not recorded'));
}

/** Run one job and write its end (completed with its output, or failed for pg-boss's retry). */
async function runJob(core: TQueueCore, name: TJobName, def: TQueueDef, job: TJob) {
  const { boss } = core;
  const { log } = core.base;
  const meta: TJobMeta = { attempt: job.retryCount, last: job.retryCount >= job.retryLimit, jobId: job.id };
  let ended = false;
  let result: { output: object | void } | { message: string };
  try {
    result = { output: await def.run(job.data, meta) };
  } catch (err) {
    result = { message: String((err as Error).message ?? err).slice(0, 1000) };
  }
  try {
    // The job's end is written through dropped connections (withDbRetries): an end left unwritten kept the job
    // active until pg-boss's expiry, 15 minutes (docs/decisions/048). If it still fails, the maintenance fails the
    // job once no process records it (findUnownedActiveJobs) and its retry finds the work done.
    if ('output' in result) {
      await withDbRetries(() => boss.complete(name, job.id, result.output ?? undefined));
      ended = true;
    } else {
      if (meta.last) log.warn({ queue: name, jobId: job.id, err: result.message }, 'job failed for good');
      await withDbRetries(() => boss.fail(name, job.id, { message: result.message }));
      ended = meta.last;
    }
  } catch (e) {
    log.warn({ err: String((e as Error).message ?? e), queue: name, jobId: job.id }, 'jobs: end not recorded; the maintenance will retry the job');
  } finally {
    if (core.pg) await withDbRetries(() => deleteTrabajoActivo(core.base.db, job.id)).catch(() => undefined);
    if (ended) await def.ended?.(job.id, job.data).catch((err: Error) => log.warn({ err: err.message, queue: name }, 'jobs: end hook failed'));
    if ((job.data as { notificar?: boolean }).notificar) await core.announce(CH_ENDED, job.id);
  }
}

/**
 * The maintenance beat: the registry's `maintain`, then (PostgreSQL) the jobs of processes that died and the jobs no
 * process runs are failed for pg-boss's retry; every minute, queued-send rows whose job ended without their process
 * removing them go. A process that dies is found through its liveness lock (liveness.ts), gone two beats in a row.
 */
function maintenanceBeat(core: TQueueCore, state: TWorkerState, maintainApp: () => Promise<unknown>) {
  const { db, log } = core.base;
  /** Jobs whose process lost its liveness lock at the previous beat (one beat without it is a dropped connection). */
  const suspects = new Set<string>();
  let beats = 0;
  let maintaining = false;

  async function failByQueue(jobs: Array<{ jobId: string; cola: string }>) {
    const byQueue = new Map<string, string[]>();
    for (const j of jobs) byQueue.set(j.cola, [...(byQueue.get(j.cola) ?? []), j.jobId]);
    for (const [name, ids] of byQueue) await core.boss.fail(name, ids);
  }

  async function failJobsOfDeadProcesses() {
    const candidates = (await findJobsOfDeadProcesses(db, LIVENESS_LOCK_KEY)).filter((j) => !state.runningIds.has(j.jobId));
    const dead = candidates.filter((j) => suspects.has(j.jobId));
    suspects.clear();
    for (const j of candidates) if (!dead.includes(j)) suspects.add(j.jobId);
    if (dead.length === 0) return;
    await deleteTrabajosActivos(
      db,
      dead.map((j) => j.jobId),
    );
    await failByQueue(dead);
    log.warn({ jobs: dead.length }, 'jobs of a dead worker process put back to retry');
  }

  async function failUnownedJobs() {
    const orphans = (await findUnownedActiveJobs(db, [...core.defs.keys()], ORPHAN_GRACE_S)).filter((j) => !state.runningIds.has(j.jobId));
    if (orphans.length === 0) return;
    await failByQueue(orphans);
    log.warn({ jobs: orphans.length }, 'active jobs no process runs (dropped connections) put back to retry');
  }

  return async function beat() {
    if (maintaining) return;
    maintaining = true;
    try {
      await maintainApp();
      if (core.pg) {
        await failJobsOfDeadProcesses();
        await failUnownedJobs();
      }
      if (beats++ % 6 === 0) await deleteOrphanEnvioCola(db, SEND_QUEUE);
    } catch (err) {
      log.warn({ err: String((err as Error).message ?? err) }, 'jobs: maintenance failed');
    } finally {
      maintaining = false;
    }
  };
}
