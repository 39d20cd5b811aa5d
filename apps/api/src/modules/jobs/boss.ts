import { EventEmitter } from 'node:events';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { TBaseDeps } from '../../deps-base.ts';
import type { TJobName } from './catalog.ts';
import type { TJobMeta } from './types.ts';

/** What the job queue is built from: the configuration, the database and the log (never TDeps: no import cycle). */
export type TQueueBase = Pick<TBaseDeps, 'config' | 'dbKind' | 'db' | 'log'>;

/** A queue as the worker runs it: its registry entry with the data parsed by the catalog's schema (queue.ts register). */
export type TQueueDef = {
  retryLimit: number;
  retryDelayS: number;
  retryBackoff?: boolean;
  expireInS?: number;
  concurrency?: number;
  run: (data: object, meta: TJobMeta) => Promise<object | void>;
  ended?: (jobId: string, data: object) => Promise<void>;
};

/** NOTIFY channels: a job was enqueued (payload: queue name), a watched job ended (payload: job id). */
export const CH_ENQUEUED = 'radica_trabajos';
export const CH_ENDED = 'radica_trabajo_fin';

type TPgliteLike = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;
  exec: (text: string) => Promise<Array<{ rows: unknown[] }>>;
};

/**
 * The parts of a started queue its pieces share (queue.ts builds it): pg-boss, the PostgreSQL URL (null on PGlite),
 * raw SQL on the queue's connection, the in-process signals (`enqueued:<queue>`, `ended:<jobId>`, `stop`), the queues'
 * definitions, and `ensureQueue` (creates missing queues).
 */
export type TQueueCore = {
  base: TQueueBase;
  boss: PgBoss;
  pg: string | null;
  runSql: <T>(text: string, values: unknown[]) => Promise<T[]>;
  signals: EventEmitter;
  /** Emit in this process and, on PostgreSQL, NOTIFY the others. */
  announce: (channel: typeof CH_ENQUEUED | typeof CH_ENDED, payload: string) => Promise<void>;
  defs: Map<TJobName, TQueueDef>;
  ensureQueue: (...names: TJobName[]) => Promise<void>;
  /** Seconds a job may run before pg-boss expires it, unless its queue says otherwise. */
  expireDefault: number;
};

/**
 * pg-boss for the app's database, started (it installs its schema under its own lock on first use): PostgreSQL →
 * pg-boss's own pool on DATABASE_URL; PGlite → pg-boss's `db.executeSql` adapter over the one in-process client
 * (shared/notes/dependencies.md §2d). Its maintenance (expiry, archive) and cron run in worker processes only.
 */
export async function openBoss(base: TQueueBase): Promise<Pick<TQueueCore, 'boss' | 'pg' | 'runSql'>> {
  const pgUrl = base.dbKind === 'postgresql' && base.config.databaseUrl ? base.config.databaseUrl : null;
  const client = () => (base.db as unknown as { $client: TPgliteLike }).$client;
  const worker = base.config.roles.includes('worker');
  const options: PgBoss.ConstructorOptions = {
    supervise: worker,
    schedule: worker,
    maintenanceIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 5,
  } as PgBoss.ConstructorOptions;
  const boss = pgUrl
    ? new PgBoss({ ...options, connectionString: pgUrl, max: 4, application_name: 'radica-jobs' })
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
  boss.on('error', (err) => base.log.warn({ err: String((err as Error).message ?? err) }, 'pg-boss error'));
  await boss.start();
  const runSql = async <T>(text: string, values: unknown[]): Promise<T[]> =>
    pgUrl ? ((await (boss.getDb() as PgBoss.Db).executeSql(text, values)).rows as T[]) : ((await client().query(text, values)).rows as T[]);
  return { boss, pg: pgUrl, runSql };
}

/**
 * In-process signals (PGlite, or an all-in-one process) and, on PostgreSQL, a LISTEN connection for the other
 * processes' NOTIFYs, reconnected 2 s after it drops. `close` ends it.
 */
export async function openSignals(
  base: TQueueBase,
  pgUrl: string | null,
  runSql: TQueueCore['runSql'],
): Promise<{ signals: EventEmitter; announce: TQueueCore['announce']; close: () => Promise<void> }> {
  const signals = new EventEmitter();
  signals.setMaxListeners(0);
  let listener: pg.Client | null = null;
  let listenRetry: NodeJS.Timeout | null = null;
  let stopped = false;
  async function listen() {
    if (!pgUrl || stopped) return;
    const c = new pg.Client({ connectionString: pgUrl, application_name: 'radica-jobs-listen' });
    const again = () => {
      if (listener === c) listener = null;
      if (!stopped && !listenRetry) {
        listenRetry = setTimeout(() => {
          listenRetry = null;
          listen().catch((err: Error) => base.log.warn({ err: err.message }, 'jobs: LISTEN failed'));
        }, 2_000);
        listenRetry.unref();
      }
    };
    c.on('error', (err) => {
      base.log.warn({ err: err.message }, 'jobs: LISTEN connection lost');
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
  await listen().catch((err: Error) => base.log.warn({ err: err.message }, 'jobs: LISTEN failed; polling only'));

  const announce: TQueueCore['announce'] = async (channel, payload) => {
    signals.emit(`${channel === CH_ENQUEUED ? 'enqueued' : 'ended'}:${payload}`);
    if (pgUrl) await runSql('select pg_notify($1, $2)', [channel, payload]).catch((err: Error) => base.log.warn({ err: err.message }, 'jobs: NOTIFY failed'));
  };
  return {
    signals,
    announce,
    async close() {
      stopped = true;
      if (listenRetry) clearTimeout(listenRetry);
      await listener?.end().catch(() => undefined);
    },
  };
}
