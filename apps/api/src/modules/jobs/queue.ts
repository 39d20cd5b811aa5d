import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TDeps } from '../../deps.ts';
import type { TDb } from '../../db/client.ts';
import { withDbRetries } from '../../lib/db-retries.ts';
import { holdLiveness, LIVENESS_LOCK_KEY, type TLiveness } from './liveness.ts';
import {
  deleteEnvioCola,
  deleteOrphanEnvioCola,
  deleteTrabajoActivo,
  deleteTrabajosActivos,
  findJobsOfDeadProcesses,
  findUnownedActiveJobs,
  firstTurn,
  insertEnvioCola,
  insertTrabajosActivos,
  queuedDocuments,
} from './repository.ts';

/**
 * Durable jobs (DESIGN.md "Processes for many providers"; docs/decisions/005 and 027): pg-boss 10 on the
 * application's database, used as it is meant to be: a fixed set of named queues (sends, webhook deliveries, alerts,
 * SFTP files, e-mails, the daily jobs…) with the tenant in each job's data, pg-boss's cron (America/Bogota) for the
 * daily jobs, delayed jobs (startAfter) for time-outs, and only pg-boss's API to write its tables.
 *
 * Every process enqueues (`send`, `enqueueSends`); a worker process (`startWorker`) runs each queue with a bounded
 * number of jobs at once: it fetches as many jobs as it has free places, and when idle asks each queue again every
 * JOBS_POLL_S or as soon as a NOTIFY says a job was enqueued. The queries a worker makes while idle depend on the
 * number of queues, never on the number of tenants (bench/worker-queries.ts).
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

/** The bulk/verification/interactive send queue: one job per document send, any tenant. */
export const SEND_QUEUE = 'envio-fevrips';
/** pg-boss's cron time zone for every schedule (Colombia, no daylight saving). */
export const CRON_TZ = 'America/Bogota';
/** NOTIFY channels: a job was enqueued (payload: queue name), a watched job ended (payload: job id). */
const CH_ENQUEUED = 'radica_trabajos';
const CH_ENDED = 'radica_trabajo_fin';
/** Session advisory lock under which queues are created ("RDQU"). */
const QUEUES_LOCK_KEY = 0x52445155;
/**
 * Seconds a job may be active without any process recording it as running before the maintenance fails it for a retry
 * (a fetch whose answer a dropped connection lost; recording a fetched job takes milliseconds, ≈ 8 s with retries).
 */
const ORPHAN_GRACE_S = 30;
/** Largest magnitude of a pg-boss priority (int4). */
const MAX_PRIORITY = 2 ** 31 - 1;

export type TSendJob = {
  tenantId: number;
  userId: number;
  fevRipsId: number;
  /**
   * An automatic retry of a send the ministry answered with no verdict (documents/espera.ts): it sends only while the
   * document still waits for this retry. Absent for a user's or a bulk send.
   */
  reintento?: { desde: string; numero: number };
  /** A user waits for the answer (the web's single send, the API channel): its end is announced (waitForJob). */
  notificar?: boolean;
};

/** What a job's handler receives besides its data: the attempt (0 first), whether it is the last, and its id. */
export type TJobMeta = { attempt: number; last: boolean; jobId: string };

/**
 * A named queue: retry policy, places per worker process, and what a job does. A handler that throws is retried by
 * pg-boss (`retryDelayS` × 2^n with backoff) until `retryLimit`; what it returns is stored as the job's output.
 */
export type TQueueDef<T> = {
  retryLimit: number;
  retryDelayS: number;
  retryBackoff?: boolean;
  /** Seconds before pg-boss takes a running job for dead (a backstop: liveness finds dead processes sooner). */
  expireInS?: number;
  /** Jobs of this queue one worker process runs at once (default 1). */
  concurrency?: number;
  run: (data: T, meta: TJobMeta) => Promise<object | void>;
  /** After a job ended for good (completed, or failed on its last attempt). */
  ended?: (jobId: string, data: T) => Promise<void>;
};

/** One job to enqueue: its data, and optionally its id (the same id twice is enqueued once), delay and priority. */
export type TJobItem<T> = { data: T; id?: string; startAfterS?: number; priority?: number };

export type TJobQueue = {
  /** Register a queue and what its jobs do (every role registers every queue; only workers run them). */
  define: <T extends object>(name: string, def: TQueueDef<T>) => void;
  /** `define` with the default places (issue 15's signature). */
  defineQueue: <T extends object>(name: string, policy: { retryLimit: number; retryDelayS: number }, run: (data: T, meta: TJobMeta) => Promise<void>) => void;
  /** Enqueue jobs (their data) on a defined queue. */
  enqueue: <T extends object>(name: string, jobs: T[]) => Promise<void>;
  /** Enqueue jobs with ids, delays or priorities (an id already known to pg-boss is skipped: enqueued once). */
  send: <T extends object>(name: string, items: TJobItem<T>[]) => Promise<void>;
  /** pg-boss cron in Bogotá time for a defined queue (`cron` as cron-parser reads it). Worker processes only. */
  schedule: (name: string, cron: string, data?: object) => Promise<void>;
  /**
   * Enqueue one send job per document, in the tenant's fair turns; returns the job ids. `startAfterS` delays them,
   * `reintento` marks the automatic retry of a wait for the ministry, `adelante` puts them at the head (a user waits)
   * and announces their end (waitForJob). `ids` (one per document) makes the enqueue idempotent: a known id is skipped.
   */
  enqueueSends: (
    tenantId: number,
    userId: number,
    fevRipsIds: number[],
    opts?: { startAfterS?: number; reintento?: TSendJob['reintento']; adelante?: boolean; ids?: string[] },
  ) => Promise<string[]>;
  /**
   * Ids (of `fevRipsIds`) with a send queued, waiting for a retry or running (the list's 'enviandose'; one indexed
   * query). `disponibles`: only sends that may start now, not a retry scheduled for later (a wait for the ministry).
   */
  pendingSends: (tenantId: number, fevRipsIds: number[], opts?: { fresh?: boolean; disponibles?: boolean }) => Promise<Set<number>>;
  /**
   * Wait up to `timeoutMs` for job `id` of `name` to end: its state ('completed' | 'failed') and output, or null when
   * it has not ended by then (or does not exist).
   */
  waitForJob: (name: string, id: string, timeoutMs: number) => Promise<{ state: 'completed' | 'failed'; output: unknown } | null>;
  /** Start the worker in this process (idempotent): run every defined queue, the cron schedules, the maintenance. */
  startWorker: () => Promise<void>;
  stop: (o?: { graceful?: boolean }) => Promise<void>;
  boss: PgBoss;
};

type TPgliteLike = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<Array<{ rows: unknown[] }>>;
};

type TJob = { id: string; data: object; retryCount: number; retryLimit: number };

/**
 * Create and start pg-boss for the app's database (pg-boss installs its schema under its own lock on first use). The
 * worker is not started here: call `startWorker` (the worker role; docs/decisions/026). `runSend` is what a send job
 * does (documents/bulk-send.ts runSendJob); `maintain` runs on the worker's maintenance beat (lapsed send claims).
 */
export async function startJobQueue(o: {
  deps: Pick<TDeps, 'config' | 'dbKind' | 'log'> & { db: TDb };
  runSend: (job: TSendJob, meta: TJobMeta) => Promise<object | void>;
  tenantConcurrency?: number;
  batchSize?: number;
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
  staleAfterS?: number;
  maintain?: () => Promise<unknown>;
}): Promise<TJobQueue> {
  const { deps } = o;
  const pg_ = deps.dbKind === 'postgresql' && deps.config.databaseUrl ? deps.config.databaseUrl : null;
  const client = () => (deps.db as unknown as { $client: TPgliteLike }).$client;
  const worker = deps.config.roles.includes('worker');
  const options: PgBoss.ConstructorOptions = {
    // pg-boss's own maintenance (expiry, archive) and cron run in worker processes only.
    supervise: worker,
    schedule: worker,
    maintenanceIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 5,
  } as PgBoss.ConstructorOptions;
  const boss = pg_
    ? new PgBoss({ ...options, connectionString: pg_, max: 4, application_name: 'radica-jobs' })
    : new PgBoss({
        ...options,
        db: {
          executeSql: async (text: string, values: unknown[]) => {
            if (values && values.length) return client().query(text, values);
            const results = await client().exec(text);
            return results.at(-1) ?? { rows: [] };
          },
        },
      });
  boss.on('error', (err) => deps.log.warn({ err: String((err as Error).message ?? err) }, 'pg-boss error'));
  await boss.start();

  const runSql = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    pg_ ? ((await (boss.getDb() as PgBoss.Db).executeSql(text, values)).rows as T[]) : ((await client().query(text, values)).rows as T[]);

  // In-process signals (PGlite, or an all-in-one process) and, on PostgreSQL, LISTEN for the other processes'.
  const signals = new EventEmitter();
  signals.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let listenRetry: NodeJS.Timeout | null = null;
  let stopped = false;
  async function listen() {
    if (!pg_ || stopped) return;
    const c = new pg.Client({ connectionString: pg_, application_name: 'radica-jobs-listen' });
    const again = () => {
      if (listener === c) listener = null;
      if (!stopped && !listenRetry) {
        listenRetry = setTimeout(() => {
          listenRetry = null;
          listen().catch((err: Error) => deps.log.warn({ err: err.message }, 'jobs: LISTEN failed'));
        }, 2_000);
        listenRetry.unref();
      }
    };
    c.on('error', (err) => {
      deps.log.warn({ err: err.message }, 'jobs: LISTEN connection lost');
      again();
    });
    c.on('end', again);
    c.on('notification', (n) => {
      if (n.channel === CH_ENQUEUED && n.payload) signals.emit(`enqueued:${n.payload}`);
      if (n.channel === CH_ENDED && n.payload) signals.emit(`ended:${n.payload}`);
    });
    await c.connect();
    await c.query(`listen ${CH_ENQUEUED}`);
    await c.query(`listen ${CH_ENDED}`);
    if (stopped) await c.end();
    else listener = c;
  }
  await listen().catch((err: Error) => deps.log.warn({ err: err.message }, 'jobs: LISTEN failed; polling only'));

  const announce = async (channel: string, payload: string) => {
    signals.emit(`${channel === CH_ENQUEUED ? 'enqueued' : 'ended'}:${payload}`);
    if (pg_) await runSql('select pg_notify($1, $2)', [channel, payload]).catch((err: Error) => deps.log.warn({ err: err.message }, 'jobs: NOTIFY failed'));
  };

  const defs = new Map<string, TQueueDef<object>>();
  const created = new Set<string>();
  const expireDefault = o.expireInSeconds ?? deps.config.jobsExpireS;
  /**
   * Create the queues that do not exist yet. pg-boss's create_queue alters its partitioned job table, and two at once
   * deadlock on PostgreSQL: creations are serialised in this process (a promise chain) and across processes (a
   * session advisory lock, QUEUES_LOCK_KEY, on a connection of its own).
   */
  let creating: Promise<unknown> = Promise.resolve();
  function ensureQueue(...names: string[]): Promise<void> {
    const missing = names.filter((n) => !created.has(n));
    if (missing.length === 0) return Promise.resolve();
    const p = creating.then(() => createQueues(missing));
    creating = p.catch(() => undefined);
    return p;
  }
  async function createQueues(names: string[]) {
    const todo = [];
    for (const name of names) {
      if (created.has(name)) continue;
      if (await boss.getQueue(name)) created.add(name);
      else todo.push(name);
    }
    if (todo.length === 0) return;
    const lock = pg_ ? new pg.Client({ connectionString: pg_, application_name: 'radica-jobs-queues' }) : null;
    if (lock) {
      lock.on('error', () => undefined);
      await lock.connect();
      await lock.query('select pg_advisory_lock($1::int)', [QUEUES_LOCK_KEY]);
    }
    try {
      for (const name of todo) {
        const def = defs.get(name);
        if (!def) throw new Error(`queue ${name} is not defined`);
        if (!(await boss.getQueue(name)))
          await boss.createQueue(name, {
            name,
            policy: 'standard',
            retryLimit: def.retryLimit,
            retryDelay: def.retryDelayS,
            retryBackoff: def.retryBackoff ?? true,
            expireInSeconds: def.expireInS ?? expireDefault,
          });
        created.add(name);
      }
    } finally {
      await lock?.end().catch(() => undefined);
    }
  }

  async function send<T extends object>(name: string, items: TJobItem<T>[]): Promise<void> {
    await ensureQueue(name);
    if (items.length === 0) return;
    await boss.insert(
      items.map((it) => ({
        name,
        data: it.data,
        ...(it.id ? { id: it.id } : {}),
        ...(it.priority !== undefined ? { priority: it.priority } : {}),
        ...(it.startAfterS ? { startAfter: new Date(Date.now() + it.startAfterS * 1000).toISOString() } : {}),
      })) as PgBoss.JobInsert[],
    );
    await announce(CH_ENQUEUED, name);
  }

  // ---- the send queue ----
  defs.set(SEND_QUEUE, {
    retryLimit: 5,
    retryDelayS: 2,
    concurrency: deps.config.jobsConcurrency,
    expireInS: expireDefault,
    run: (data, meta) => o.runSend(data as TSendJob, meta),
    ended: async (jobId) => deleteEnvioCola(deps.db, [jobId]),
  });

  async function enqueueSends(
    tenantId: number,
    userId: number,
    fevRipsIds: number[],
    opts: { startAfterS?: number; reintento?: TSendJob['reintento']; adelante?: boolean; ids?: string[] } = {},
  ): Promise<string[]> {
    if (fevRipsIds.length === 0) {
      await ensureQueue(SEND_QUEUE);
      return [];
    }
    const first = await firstTurn(deps.db, tenantId, Boolean(opts.adelante));
    const disponibleDesde = new Date(Date.now() + (opts.startAfterS ?? 0) * 1000);
    const items = fevRipsIds.map((fevRipsId, i) => ({ id: opts.ids?.[i] ?? randomUUID(), fevRipsId, turno: first + i }));
    await insertEnvioCola(
      deps.db,
      items.map((it) => ({ jobId: it.id, tenantId, fevRipsId: it.fevRipsId, turno: it.turno, disponibleDesde })),
    );
    try {
      await send<TSendJob>(
        SEND_QUEUE,
        items.map((it) => ({
          id: it.id,
          priority: Math.max(-MAX_PRIORITY, -it.turno),
          startAfterS: opts.startAfterS,
          data: {
            tenantId,
            userId,
            fevRipsId: it.fevRipsId,
            ...(opts.reintento ? { reintento: opts.reintento } : {}),
            ...(opts.adelante ? { notificar: true } : {}),
          },
        })),
      );
    } catch (err) {
      await deleteEnvioCola(
        deps.db,
        items.map((it) => it.id),
      ).catch(() => undefined);
      throw err;
    }
    return items.map((it) => it.id);
  }

  async function waitForJob(name: string, id: string, timeoutMs: number) {
    type TEnd = { state: 'completed' | 'failed'; output: unknown } | null;
    return new Promise<TEnd>((resolve) => {
      let done = false;
      let checking = false;
      const finish = (v: TEnd) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        signals.off(`ended:${id}`, check);
        resolve(v);
      };
      async function check() {
        if (done || checking) return;
        checking = true;
        try {
          const job = (await boss.getJobById(name, id)) as { state: string; output: unknown } | null;
          if (job && (job.state === 'completed' || job.state === 'failed')) finish({ state: job.state, output: job.output });
        } catch (err) {
          deps.log.warn({ err: String((err as Error).message ?? err) }, 'jobs: reading a job failed');
        } finally {
          checking = false;
        }
      }
      const timer = setTimeout(() => finish(null), Math.max(0, timeoutMs));
      // A missed notification costs at most this poll (ms).
      const poll = setInterval(() => void check(), 1_000);
      signals.on(`ended:${id}`, check);
      void check();
    });
  }

  // ---- the worker ----
  let workerOn = false;
  let liveness: TLiveness | null = null;
  const lanes: Array<Promise<void>> = [];
  const running = new Set<Promise<void>>();
  /** Ids of the jobs this process runs now: its own maintenance never takes them for a dead process's. */
  const runningIds = new Set<string>();
  let maintenance: NodeJS.Timeout | null = null;
  const pollMs = (o.pollingIntervalSeconds ?? deps.config.jobsPollS) * 1000;

  /** One queue's loop: fetch as many jobs as there are free places, run them, wait for a place, a NOTIFY or the poll. */
  async function lane(name: string, def: TQueueDef<object>) {
    const places = Math.max(1, def.concurrency ?? 1);
    let inFlight = 0;
    let wake: (() => void) | null = null;
    const onSignal = () => wake?.();
    signals.on(`enqueued:${name}`, onSignal);
    signals.on('stop', onSignal);
    try {
      while (workerOn) {
        try {
          await ensureQueue(name);
        } catch (err) {
          if (!workerOn) break;
          deps.log.warn({ err: String((err as Error).message ?? err), queue: name }, 'jobs: queue not created yet');
          await new Promise((r) => setTimeout(r, pollMs));
          continue;
        }
        const free = places - inFlight;
        let fetched = 0;
        if (free > 0) {
          try {
            const jobs = (await boss.fetch(name, { batchSize: free, includeMetadata: true })) as unknown as TJob[] | null;
            fetched = jobs?.length ?? 0;
            if (jobs && fetched) {
              const numero = liveness?.numero();
              for (const job of jobs) runningIds.add(job.id);
              // Retried through a dropped connection: a job no process records is failed by the maintenance after
              // ORPHAN_GRACE_S (findUnownedActiveJobs), which must not happen to one that runs.
              if (numero)
                await withDbRetries(() =>
                  insertTrabajosActivos(
                    deps.db,
                    name,
                    numero,
                    jobs.map((j) => j.id),
                  ),
                ).catch((err: Error) => deps.log.warn({ err: err.message }, 'jobs: running jobs not recorded'));
              for (const job of jobs) {
                inFlight++;
                const p = runJob(name, def, job).finally(() => {
                  inFlight--;
                  running.delete(p);
                  runningIds.delete(job.id);
                  wake?.();
                });
                running.add(p);
              }
            }
          } catch (err) {
            deps.log.warn({ err: String((err as Error).message ?? err), queue: name }, 'jobs: fetch failed');
          }
        }
        // Places left and jobs came: ask again at once. Otherwise wait for a place, a new job or the poll.
        if (fetched > 0 && fetched === free) continue;
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, pollMs);
          wake = () => {
            clearTimeout(t);
            resolve();
          };
        });
        wake = null;
      }
    } finally {
      signals.off(`enqueued:${name}`, onSignal);
      signals.off('stop', onSignal);
    }
  }

  async function runJob(name: string, def: TQueueDef<object>, job: TJob) {
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
        if (meta.last) deps.log.warn({ queue: name, jobId: job.id, err: result.message }, 'job failed for good');
        await withDbRetries(() => boss.fail(name, job.id, { message: result.message }));
        ended = meta.last;
      }
    } catch (e) {
      deps.log.warn({ err: String((e as Error).message ?? e), queue: name, jobId: job.id }, 'jobs: end not recorded; the maintenance will retry the job');
    } finally {
      if (pg_) await withDbRetries(() => deleteTrabajoActivo(deps.db, job.id)).catch(() => undefined);
      if (ended) await def.ended?.(job.id, job.data).catch((err: Error) => deps.log.warn({ err: err.message, queue: name }, 'jobs: end hook failed'));
      if ((job.data as { notificar?: boolean }).notificar) await announce(CH_ENDED, job.id);
    }
  }

  /**
   * Jobs whose process lost its liveness lock, seen so at the previous beat too (a live process takes its lock again
   * within a fraction of a second: one beat without it is a dropped connection, two are a dead process).
   */
  const suspects = new Set<string>();
  /** Fail the jobs of processes that died (their liveness lock gone two beats in a row): pg-boss retries them. */
  async function failJobsOfDeadProcesses(): Promise<number> {
    const candidates = (await findJobsOfDeadProcesses(deps.db, LIVENESS_LOCK_KEY)).filter((j) => !runningIds.has(j.jobId));
    const dead = candidates.filter((j) => suspects.has(j.jobId));
    suspects.clear();
    for (const j of candidates) if (!dead.includes(j)) suspects.add(j.jobId);
    if (dead.length === 0) return 0;
    await deleteTrabajosActivos(
      deps.db,
      dead.map((j) => j.jobId),
    );
    await failByQueue(dead);
    deps.log.warn({ jobs: dead.length }, 'jobs of a dead worker process put back to retry');
    return dead.length;
  }

  /** Active jobs no process records as running for ORPHAN_GRACE_S (a fetch or an end lost with a dropped connection): failed, so pg-boss retries them. */
  async function failUnownedJobs(): Promise<number> {
    const orphans = (await findUnownedActiveJobs(deps.db, [...defs.keys()], ORPHAN_GRACE_S)).filter((j) => !runningIds.has(j.jobId));
    if (orphans.length === 0) return 0;
    await failByQueue(orphans);
    deps.log.warn({ jobs: orphans.length }, 'active jobs no process runs (dropped connections) put back to retry');
    return orphans.length;
  }

  async function failByQueue(jobs: Array<{ jobId: string; cola: string }>) {
    const byQueue = new Map<string, string[]>();
    for (const j of jobs) byQueue.set(j.cola, [...(byQueue.get(j.cola) ?? []), j.jobId]);
    for (const [name, ids] of byQueue) await boss.fail(name, ids);
  }

  let beats = 0;
  let maintaining = false;
  async function maintain() {
    if (maintaining) return;
    maintaining = true;
    try {
      await o.maintain?.();
      if (pg_) {
        await failJobsOfDeadProcesses();
        await failUnownedJobs();
      }
      // Every minute: queued-send rows whose job ended without their process removing them.
      if (beats++ % 6 === 0) await deleteOrphanEnvioCola(deps.db, SEND_QUEUE);
    } catch (err) {
      deps.log.warn({ err: String((err as Error).message ?? err) }, 'jobs: maintenance failed');
    } finally {
      maintaining = false;
    }
  }

  async function startWorker() {
    if (workerOn) return;
    workerOn = true;
    if (pg_) liveness = await holdLiveness(pg_, (err) => deps.log.warn({ err: err.message }, 'jobs: liveness connection lost'));
    else {
      // This process owns the embedded database: anything still active was left by a process that died.
      await ensureQueue(...defs.keys());
      for (const name of defs.keys()) {
        const active = await runSql<{ id: string }>(`select id from pgboss.job where name = $1 and state = 'active'`, [name]);
        if (active.length) await boss.fail(name, active.map((a) => a.id));
      }
    }
    await ensureQueue(...defs.keys());
    for (const [name, def] of defs) lanes.push(lane(name, def));
    maintenance = setInterval(() => void maintain(), 10_000);
    maintenance.unref();
    void maintain();
  }

  const define = <T extends object>(name: string, def: TQueueDef<T>) => {
    defs.set(name, def as TQueueDef<object>);
    if (workerOn) lanes.push(lane(name, def as TQueueDef<object>));
  };
  return {
    boss,
    define,
    defineQueue(name, policy, run) {
      define(name, { ...policy, run: run as TQueueDef<object>['run'] });
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
      await boss.schedule(name, cron, data ?? {}, { tz: CRON_TZ });
    },
    enqueueSends,
    async pendingSends(tenantId, fevRipsIds, opts = {}) {
      return queuedDocuments(deps.db, tenantId, fevRipsIds, { disponibles: Boolean(opts.disponibles) });
    },
    waitForJob,
    startWorker,
    async stop({ graceful = true } = {}) {
      stopped = true;
      workerOn = false;
      if (maintenance) clearInterval(maintenance);
      signals.emit('stop');
      await Promise.allSettled(lanes);
      if (graceful) await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 10_000))]);
      if (listenRetry) clearTimeout(listenRetry);
      await listener?.end().catch(() => undefined);
      await boss.stop({ graceful: false, close: Boolean(pg_), wait: true, timeout: 1_000 });
      await liveness?.close();
    },
  };
}
