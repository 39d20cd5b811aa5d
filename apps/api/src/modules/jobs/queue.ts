import PgBoss from 'pg-boss';
import type { TDeps } from '../../deps.ts';
import type { TDb } from '../../db/client.ts';
import { createTenantSlots } from './tenant-slots.ts';

/**
 * Durable jobs (DESIGN.md "Jobs"; docs/decisions/005-bulk-send-jobs.md): pg-boss 10 on the application's own
 * database. PostgreSQL → pg-boss's own pool on DATABASE_URL; PGlite → pg-boss's `db.executeSql` adapter over the
 * one in-process client (shared/notes/dependencies.md §2d).
 *
 * Bulk sends (issue 4) use one queue per tenant, `envio-fevrips-t{tenantId}`, so one tenant's backlog never
 * blocks another's and the per-tenant concurrency toward the ministry is the number of work loops per queue.
 */
export type TJobQueue = {
  /**
   * Enqueue one send job per document; returns how many were enqueued. `startAfterS` delays them, `verificacion`
   * marks a verification of a send whose answer never came (documents/send.ts).
   */
  enqueueSends: (tenantId: number, userId: number, fevRipsIds: number[], opts?: { startAfterS?: number; verificacion?: number }) => Promise<number>;
  /**
   * Ids (of `fevRipsIds`) that have a bulk-send job queued, waiting for a retry or running. By default from the
   * tenant's pending set read at most PENDING_TTL_MS ago (the list's 'enviandose' marks: one query per tenant and
   * second however many list calls run); `fresh` reads the jobs now (deciding what to enqueue).
   */
  pendingSends: (tenantId: number, fevRipsIds: number[], opts?: { fresh?: boolean }) => Promise<Set<number>>;
  /**
   * A named queue besides the bulk sends (issue 15: webhook deliveries, alerts): its retry policy and what a job does.
   * Register before `startWorker`; a handler that throws is retried by pg-boss with exponential backoff
   * (`retryDelayS` × 2^n) until `retryLimit`; `attempt` counts from 0 and `last` is true on the final try.
   */
  defineQueue: <T extends object>(
    name: string,
    policy: { retryLimit: number; retryDelayS: number },
    run: (data: T, meta: { attempt: number; last: boolean }) => Promise<void>,
  ) => void;
  /** Enqueue jobs (their data) on a queue made with `defineQueue`. */
  enqueue: <T extends object>(name: string, jobs: T[]) => Promise<void>;
  /** Start the worker loops in this process (idempotent). */
  startWorker: () => Promise<void>;
  stop: (o?: { graceful?: boolean }) => Promise<void>;
  boss: PgBoss;
};

export type TSendJob = { tenantId: number; userId: number; fevRipsId: number; verificacion?: number };

/** Name of a tenant's bulk-send queue. */
export const sendQueueName = (tenantId: number) => `envio-fevrips-t${tenantId}`;
const QUEUE_PREFIX = 'envio-fevrips-t';

/** How old the list's view of a tenant's pending bulk sends may be (ms). */
const PENDING_TTL_MS = 1_000;

/** Seconds an active job may run before pg-boss considers its process dead and retries it (a backstop: see heartbeats). */
const DEFAULT_EXPIRE_S = 15 * 60;

type TPgliteLike = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<Array<{ rows: unknown[] }>>;
};

/**
 * Create and start pg-boss for the app's database (creates its schema on first use). The worker is not started
 * here: call `startWorker` (buildApp does unless JOBS_WORKER=false; `npm run worker` runs only it).
 * `runSend` is what a job does (the documents service's sendDocument, wrapped by the caller).
 * With PGlite this process owns the database, so jobs left active by a dead process are put back to retry at once;
 * on PostgreSQL pg-boss's expiry (`expireInSeconds`) does it.
 */
export async function startJobQueue(o: {
  deps: Pick<TDeps, 'config' | 'dbKind' | 'log'> & { db: TDb };
  runSend: (job: TSendJob) => Promise<void>;
  tenantConcurrency: number;
  batchSize?: number;
  expireInSeconds?: number;
  pollingIntervalSeconds?: number;
  /**
   * Seconds without a heartbeat after which an active send job is taken for one whose process died, and failed so
   * pg-boss retries it (issue 9 "Interrupted sends recover within a minute"). Its process renews every running job a
   * third of this often.
   */
  staleAfterS?: number;
  /** Run on the same beat in every process (documents/send.ts recoverInterruptedSends: lapsed claims). */
  maintain?: () => Promise<unknown>;
}): Promise<TJobQueue> {
  const { deps } = o;
  const options: PgBoss.ConstructorOptions = {
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: 30,
  };
  let boss: PgBoss;
  if (deps.dbKind === 'postgresql' && deps.config.databaseUrl) {
    boss = new PgBoss({ ...options, connectionString: deps.config.databaseUrl, max: 4, application_name: 'radica-jobs' });
  } else {
    const client = (deps.db as unknown as { $client: TPgliteLike }).$client;
    boss = new PgBoss({
      ...options,
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          if (values && values.length) return client.query(text, values);
          const results = await client.exec(text);
          return results.at(-1) ?? { rows: [] };
        },
      },
    });
  }
  boss.on('error', (err) => deps.log.warn({ err: String((err as Error).message ?? err) }, 'pg-boss error'));
  await boss.start();

  const expireInSeconds = o.expireInSeconds ?? DEFAULT_EXPIRE_S;
  const known = new Set<string>();
  /** Queues found missing recently (a list call must not query pg-boss's catalogue every time). */
  const absentUntil = new Map<string, number>();
  async function ensureQueue(name: string) {
    if (known.has(name)) return;
    if (!(await boss.getQueue(name))) {
      try {
        await boss.createQueue(name, { name, policy: 'standard', retryLimit: 5, retryDelay: 2, retryBackoff: true, expireInSeconds });
      } catch (err) {
        if (!(await boss.getQueue(name))) throw err;
      }
    }
    known.add(name);
  }

  if (deps.dbKind === 'pglite') {
    // This process owns the embedded database: anything still active was left by a process that died.
    const queues = await boss.getQueues();
    for (const q of queues.filter((q) => q.name.startsWith(QUEUE_PREFIX))) {
      const active = (await client().query(`select id from pgboss.job where name = $1 and state = 'active'`, [q.name])).rows as Array<{ id: string }>;
      if (active.length) await boss.fail(q.name, active.map((a) => a.id));
    }
  }
  function client(): TPgliteLike {
    return (deps.db as unknown as { $client: TPgliteLike }).$client;
  }

  /** Pending document ids of a queue, all of them (`only` null) or among `only`. */
  async function readPending(name: string, only: number[] | null): Promise<Set<number>> {
    const sqlText = `select distinct (data->>'fevRipsId')::int as id from pgboss.job
      where name = $1 and state in ('created', 'retry', 'active')${only ? ` and (data->>'fevRipsId')::int = any($2::int[])` : ''}`;
    const rows = await runSql<{ id: number }>(sqlText, only ? [name, only] : [name]);
    return new Set(rows.map((r) => Number(r.id)));
  }
  const pendingByQueue = new Map<string, { at: number; ids: Promise<Set<number>> }>();

  // The per-tenant bound holds across worker processes (advisory locks on PostgreSQL).
  const slots = createTenantSlots({
    connectionString: deps.dbKind === 'postgresql' ? deps.config.databaseUrl : null,
    slots: o.tenantConcurrency,
    onError: (err) => deps.log.warn({ err: err.message }, 'send slot connection closed'),
  });

  const working = new Set<string>();
  let workerOn = false;
  let discovery: NodeJS.Timeout | null = null;
  const batchSize = o.batchSize ?? 5;
  const pollingIntervalSeconds = o.pollingIntervalSeconds ?? 1;

  async function workQueue(name: string) {
    if (working.has(name) || !workerOn) return;
    working.add(name);
    for (let i = 0; i < Math.max(1, o.tenantConcurrency); i++) {
      let workerId = '';
      workerId = await boss.work<TSendJob>(name, { batchSize, pollingIntervalSeconds }, async (jobs) => {
        // Every fetched job is active from now on: keep them all alive until each is done.
        const alive = new Set(jobs.map((j) => j.id));
        const beat = setInterval(() => void touchJobs([...alive]), heartbeatMs);
        beat.unref();
        try {
          // Jobs of one loop run one after another: the loop count is the tenant's concurrency toward the MUV.
          for (const job of jobs) {
            try {
              await slots.run(job.data.tenantId, () => o.runSend(job.data));
            } finally {
              alive.delete(job.id);
            }
          }
        } finally {
          clearInterval(beat);
        }
        // Fetch the next batch at once instead of waiting for the polling interval.
        if (jobs.length && workerId) boss.notifyWorker(workerId);
      });
    }
  }

  const staleAfterS = o.staleAfterS ?? 30;
  const heartbeatMs = Math.max(1_000, (staleAfterS * 1000) / 3);
  /** Run SQL on the queue's database (the one PGlite client, or pg-boss's pool). */
  const runSql = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    deps.dbKind === 'pglite'
      ? ((await client().query(text, values)).rows as T[])
      : ((await (boss.getDb() as PgBoss.Db).executeSql(text, values)).rows as T[]);

  /**
   * Heartbeat of running jobs: pg-boss 10 has none, and decides a job's process is dead by `started_on + expire_in`.
   * Renewing `started_on` of the jobs this process runs lets a short staleness bound tell dead from slow (pg-boss
   * 10.4's own job table; its expiry stays a backstop). docs/decisions/011.
   */
  async function touchJobs(ids: string[]) {
    if (ids.length === 0) return;
    await runSql(`update pgboss.job set started_on = now() where id = any($1::uuid[]) and state = 'active'`, [ids]).catch((err: unknown) =>
      deps.log.warn({ err: String((err as Error).message ?? err) }, 'job heartbeat failed'),
    );
  }

  /** Fail active send jobs without a heartbeat for staleAfterS: pg-boss retries them (a dead process's batch). */
  async function failStaleJobs(): Promise<number> {
    const stale = await runSql<{ id: string; name: string }>(
      `select id, name from pgboss.job where name like '${QUEUE_PREFIX}%' and state = 'active' and started_on < now() - make_interval(secs => $1)`,
      [staleAfterS],
    );
    const byQueue = new Map<string, string[]>();
    for (const j of stale) byQueue.set(j.name, [...(byQueue.get(j.name) ?? []), j.id]);
    for (const [name, ids] of byQueue) await boss.fail(name, ids);
    if (stale.length) deps.log.warn({ jobs: stale.length }, 'send jobs of a dead process put back to retry');
    return stale.length;
  }

  let maintaining = false;
  const maintenance = setInterval(() => {
    if (maintaining) return;
    maintaining = true;
    (async () => {
      await o.maintain?.();
      await failStaleJobs();
    })()
      .catch((err: unknown) => deps.log.warn({ err: String((err as Error).message ?? err) }, 'send maintenance failed'))
      .finally(() => {
        maintaining = false;
      });
  }, heartbeatMs);
  maintenance.unref();

  type TNamedQueue = { policy: { retryLimit: number; retryDelayS: number }; run: (data: object, meta: { attempt: number; last: boolean }) => Promise<void> };
  const named = new Map<string, TNamedQueue>();
  const namedStarted = new Set<string>();
  async function ensureNamedQueue(name: string) {
    const q = named.get(name);
    if (!q) throw new Error(`queue ${name} is not defined`);
    if (known.has(name)) return;
    if (!(await boss.getQueue(name))) {
      const options = { name, policy: 'standard' as const, retryLimit: q.policy.retryLimit, retryDelay: q.policy.retryDelayS, retryBackoff: true, expireInSeconds: 300 };
      try {
        await boss.createQueue(name, options);
      } catch (err) {
        if (!(await boss.getQueue(name))) throw err;
      }
    }
    known.add(name);
  }
  async function workNamed(name: string) {
    const q = named.get(name);
    if (!q || namedStarted.has(name) || !workerOn) return;
    namedStarted.add(name);
    await ensureNamedQueue(name);
    await boss.work<object>(name, { batchSize: 1, pollingIntervalSeconds, includeMetadata: true }, async ([job]) => {
      if (!job) return;
      await q.run(job.data, { attempt: job.retryCount, last: job.retryCount >= job.retryLimit });
    });
  }

  async function discover() {
    const queues = await boss.getQueues();
    for (const q of queues) if (q.name.startsWith(QUEUE_PREFIX)) await workQueue(q.name);
  }

  return {
    boss,
    defineQueue(name, policy, run) {
      named.set(name, { policy, run: run as TNamedQueue['run'] });
      if (workerOn) void workNamed(name);
    },
    async enqueue(name, jobs) {
      await ensureNamedQueue(name);
      if (jobs.length) await boss.insert(jobs.map((data) => ({ name, data })));
    },
    async enqueueSends(tenantId, userId, fevRipsIds, opts) {
      const name = sendQueueName(tenantId);
      absentUntil.delete(name);
      await ensureQueue(name);
      if (fevRipsIds.length === 0) return 0;
      const startAfter = opts?.startAfterS ? new Date(Date.now() + opts.startAfterS * 1000) : undefined;
      const verificacion = opts?.verificacion;
      await boss.insert(
        fevRipsIds.map((fevRipsId) => ({ name, data: { tenantId, userId, fevRipsId, ...(verificacion ? { verificacion } : {}) }, ...(startAfter ? { startAfter } : {}) })),
      );
      // The next list call reads the pending set again and shows the new jobs at once.
      pendingByQueue.delete(name);
      if (workerOn) await workQueue(name);
      return fevRipsIds.length;
    },
    async pendingSends(tenantId, fevRipsIds, opts) {
      if (fevRipsIds.length === 0) return new Set();
      const name = sendQueueName(tenantId);
      if (!known.has(name)) {
        if ((absentUntil.get(name) ?? 0) > Date.now()) return new Set();
        if (!(await boss.getQueue(name))) {
          absentUntil.set(name, Date.now() + 5_000);
          return new Set();
        }
        known.add(name);
      }
      if (opts?.fresh) return readPending(name, fevRipsIds);
      let hit = pendingByQueue.get(name);
      if (!hit || Date.now() - hit.at >= PENDING_TTL_MS) {
        hit = { at: Date.now(), ids: readPending(name, null) };
        pendingByQueue.set(name, hit);
        hit.ids.catch(() => pendingByQueue.delete(name));
      }
      const pending = await hit.ids;
      return new Set(fevRipsIds.filter((id) => pending.has(id)));
    },
    async startWorker() {
      if (workerOn) return;
      workerOn = true;
      for (const name of named.keys()) await workNamed(name);
      await discover();
      discovery = setInterval(() => {
        discover().catch((err) => deps.log.warn({ err: String(err) }, 'job queue discovery failed'));
      }, 5_000);
      discovery.unref();
    },
    async stop({ graceful = true } = {}) {
      if (discovery) clearInterval(discovery);
      clearInterval(maintenance);
      workerOn = false;
      await boss.stop({ graceful, close: deps.dbKind === 'postgresql', timeout: 10_000, wait: true });
      await slots.close();
    },
  };
}
