import { CRON_TZ, JOB_PAYLOADS, type TJobName } from './catalog.ts';
import { openBoss, openSignals, type TQueueBase, type TQueueCore, type TQueueDef } from './boss.ts';
import { queueCreator } from './queues.ts';
import { jobSender, jobWaiter, sendEnqueuer } from './sends.ts';
import { createWorker } from './worker.ts';
import { queuedDocuments } from './repository.ts';
import type { TJobDef, TJobQueue } from './types.ts';

export { CRON_TZ, SEND_QUEUE } from './catalog.ts';
export type { TJobDef, TJobItem, TJobMeta, TJobQueue, TJobRegistry, TSendJob } from './types.ts';

/**
 * Durable jobs (DESIGN.md "Processes for many providers"; docs/decisions/005 and 027): pg-boss 10 on the
 * application's database, used as it is meant to be: a fixed set of named queues (sends, webhook deliveries, alerts,
 * SFTP files, e-mails, the daily jobs…) with the tenant in each job's data, pg-boss's cron (America/Bogota) for the
 * daily jobs, delayed jobs (startAfter) for time-outs, and only pg-boss's API to write its tables.
 *
 * Every process enqueues (`send`, `enqueueSends`); a worker process (`startWorker`) runs each queue with a bounded
 * number of jobs at once: it fetches as many jobs as it has free places, and when idle asks each queue again every
 * JOBS_POLL_S or as soon as a NOTIFY says a job was enqueued. The queries a worker makes while idle depend on the
 * number of queues, never on the number of tenants (bench/worker-queries.ts). The pieces: boss.ts (pg-boss, LISTEN/NOTIFY),
 * queues.ts (creating queues), sends.ts (enqueueing, fair turns, waiting for a job), worker.ts (lanes, maintenance);
 * the queues themselves are catalog.ts (names, payloads) and registry.ts (handlers, policies, schedules).
 *
 * Sends are fair between tenants: each job's pg-boss priority is −turno, where a tenant's new sends take consecutive
 * turns from max(its last queued turn + 1, the turn at the head of the queue) (envio_cola). A tenant with a thousand
 * queued sends therefore does not delay another tenant's first send by more than one turn. The per-tenant bound
 * toward the ministry is the tenant's slots (tenant-slots.ts), held inside sendDocument whatever the channel.
 *
 * A process that dies is found through its liveness lock (liveness.ts): the jobs it was running are failed by any live
 * worker's maintenance (every 10 s, once the lock has been missing at two beats), and pg-boss retries them. Work a
 * dropped connection orphaned is found too (docs/decisions/048): a job's end is written through retries, and a job
 * active for ORPHAN_GRACE_S that no process records as running (its fetch's answer or its end was lost) is failed for
 * a retry. pg-boss's own expiry (JOBS_EXPIRE_S) stays a backstop. PostgreSQL → pg-boss's own pool on DATABASE_URL;
 * PGlite → pg-boss's `db.executeSql` adapter over the one in-process client (shared/notes/dependencies.md §2d), where
 * this process owns the database and fails any job left active at start.
 */

/**
 * Create and start pg-boss for the app's database. No queue is defined yet: `register` gives the registry
 * (registry.ts) once the services exist; the worker starts with `startWorker` (the worker role; docs/decisions/026).
 */
export async function startJobQueue(o: {
  deps: TQueueBase;
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
}): Promise<TJobQueue> {
  const base = o.deps;
  const opened = await openBoss(base);
  const signals = await openSignals(base, opened.pg, opened.runSql);
  const defs = new Map<TJobName, TQueueDef>();
  const expireDefault = o.expireInSeconds ?? base.config.jobsExpireS;
  const ensureQueue = queueCreator({ boss: opened.boss, pg: opened.pg, defs, expireDefault });
  const core: TQueueCore = { base, ...opened, signals: signals.signals, announce: signals.announce, defs, ensureQueue, expireDefault };
  let maintain: () => Promise<unknown> = async () => undefined;
  const worker = createWorker(core, { pollingIntervalSeconds: o.pollingIntervalSeconds, maintain: () => maintain() });
  const send = jobSender(core);
  return {
    boss: opened.boss,
    register(registry, appMaintain) {
      for (const name of Object.keys(registry) as TJobName[]) {
        const def = parsedDef(name, registry[name] as TJobDef<TJobName>);
        defs.set(name, def);
        worker.addLane(name, def);
      }
      if (appMaintain) maintain = appMaintain;
    },
    async enqueue(name, jobs) {
      await send(
        name,
        jobs.map((data) => ({ data })),
      );
    },
    send,
    async schedule(name, cron, data) {
      await ensureQueue(name);
      await opened.boss.schedule(name, cron, data ?? {}, { tz: CRON_TZ });
    },
    enqueueSends: sendEnqueuer(base.db, core, send),
    async pendingSends(tenantId, fevRipsIds, opts = {}) {
      return queuedDocuments(base.db, tenantId, fevRipsIds, { disponibles: Boolean(opts.disponibles) });
    },
    waitForJob: jobWaiter(core),
    startWorker: () => worker.start(),
    async stop({ graceful = true } = {}) {
      await worker.stop(graceful);
      await signals.close();
      await opened.boss.stop({ graceful: false, close: Boolean(opened.pg), wait: true, timeout: 1_000 });
      await worker.liveness()?.close();
    },
  };
}

/** A registry entry as the worker runs it: the job's data parsed with the catalog's schema first (a cron job's is `{}`). */
function parsedDef(name: TJobName, def: TJobDef<TJobName>): TQueueDef {
  const schema = JOB_PAYLOADS[name];
  return {
    ...def,
    run: (data, meta) => def.run(schema.parse(data ?? {}) as never, meta),
    ended: def.ended && ((jobId, data) => def.ended!(jobId, data as never)),
  };
}
