import pg from 'pg';
import type { TJobName } from './catalog.ts';
import type { TQueueCore } from './boss.ts';

/** Session advisory lock under which queues are created ("RDQU"). */
const QUEUES_LOCK_KEY = 0x52445155;

/**
 * `ensureQueue`: create the queues that do not exist yet, with their registry policy. pg-boss's create_queue alters
 * its partitioned job table, and two at once deadlock on PostgreSQL: creations are serialised in this process (a
 * promise chain) and across processes (a session advisory lock, QUEUES_LOCK_KEY, on a connection of its own).
 */
export function queueCreator(core: Pick<TQueueCore, 'boss' | 'pg' | 'defs' | 'expireDefault'>): TQueueCore['ensureQueue'] {
  const { boss, defs } = core;
  const created = new Set<string>();
  let creating: Promise<unknown> = Promise.resolve();

  async function createQueues(names: TJobName[]) {
    const todo: TJobName[] = [];
    for (const name of names) {
      if (created.has(name)) continue;
      if (await boss.getQueue(name)) created.add(name);
      else todo.push(name);
    }
    if (todo.length === 0) return;
    const lock = core.pg ? new pg.Client({ connectionString: core.pg, application_name: 'radica-jobs-queues' }) : null;
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
            expireInSeconds: def.expireInS ?? core.expireDefault,
          });
        created.add(name);
      }
    } finally {
      await lock?.end().catch(() => undefined);
    }
  }

  return (...names) => {
    const missing = names.filter((n) => !created.has(n));
    if (missing.length === 0) return Promise.resolve();
    const p = creating.then(() => createQueues(missing));
    creating = p.catch(() => undefined);
    return p;
  };
}
