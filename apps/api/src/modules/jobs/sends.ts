import { randomUUID } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { TDb } from '../../db/client.ts';
import { SEND_QUEUE } from './catalog.ts';
import { CH_ENQUEUED, type TQueueCore } from './boss.ts';
import type { TJobQueue } from './types.ts';
import { deleteEnvioCola, firstTurn, insertEnvioCola } from './repository.ts';

/** Largest magnitude of a pg-boss priority (int4). */
const MAX_PRIORITY = 2 ** 31 - 1;

/** `send`: insert jobs on a queue (created first when missing) and announce them to the workers. */
export function jobSender(core: Pick<TQueueCore, 'boss' | 'ensureQueue' | 'announce'>): TJobQueue['send'] {
  return async (name, items) => {
    await core.ensureQueue(name);
    if (items.length === 0) return;
    await core.boss.insert(
      items.map((it) => ({
        name,
        data: it.data,
        ...(it.id ? { id: it.id } : {}),
        ...(it.priority !== undefined ? { priority: it.priority } : {}),
        ...(it.startAfterS ? { startAfter: new Date(Date.now() + it.startAfterS * 1000).toISOString() } : {}),
      })) as PgBoss.JobInsert[],
    );
    await core.announce(CH_ENQUEUED, name);
  };
}

/**
 * `enqueueSends`: sends are fair between tenants. Each job's pg-boss priority is −turno, where a tenant's new sends
 * take consecutive turns from max(its last queued turn + 1, the turn at the head of the queue) (envio_cola); a tenant
 * with a thousand queued sends therefore does not delay another tenant's first send by more than one turn.
 */
export function sendEnqueuer(db: TDb, core: Pick<TQueueCore, 'ensureQueue'>, send: TJobQueue['send']): TJobQueue['enqueueSends'] {
  return async (tenantId, userId, fevRipsIds, opts = {}) => {
    if (fevRipsIds.length === 0) {
      await core.ensureQueue(SEND_QUEUE);
      return [];
    }
    const first = await firstTurn(db, tenantId, Boolean(opts.adelante));
    const disponibleDesde = new Date(Date.now() + (opts.startAfterS ?? 0) * 1000);
    const items = fevRipsIds.map((fevRipsId, i) => ({ id: opts.ids?.[i] ?? randomUUID(), fevRipsId, turno: first + i }));
    await insertEnvioCola(
      db,
      items.map((it) => ({ jobId: it.id, tenantId, fevRipsId: it.fevRipsId, turno: it.turno, disponibleDesde })),
    );
    try {
      await send(
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
        db,
        items.map((it) => it.id),
      ).catch(() => undefined);
      throw err;
    }
    return items.map((it) => it.id);
  };
}

/** A send job ended for good: its fair-turn row goes (the registry's `ended` of the send queue). */
export const sendEnded = (db: TDb, jobId: string): Promise<void> => deleteEnvioCola(db, [jobId]);

/**
 * `waitForJob`: resolves when the job's end is announced (in process or by NOTIFY), checked again every second (a
 * missed notification costs at most that), or null at `timeoutMs`.
 */
export function jobWaiter(core: Pick<TQueueCore, 'boss' | 'signals' | 'base'>): TJobQueue['waitForJob'] {
  return (name, id, timeoutMs) => {
    type TEnd = { state: 'completed' | 'failed'; output: unknown } | null;
    return new Promise<TEnd>((resolve) => {
      let done = false;
      let checking = false;
      const finish = (v: TEnd) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearInterval(poll);
        core.signals.off(`ended:${id}`, check);
        resolve(v);
      };
      async function check() {
        if (done || checking) return;
        checking = true;
        try {
          const job = (await core.boss.getJobById(name, id)) as { state: string; output: unknown } | null;
          if (job && (job.state === 'completed' || job.state === 'failed')) finish({ state: job.state, output: job.output });
        } catch (err) {
          core.base.log.warn({ err: String((err as Error).message ?? err) }, 'jobs: reading a job failed');
        } finally {
          checking = false;
        }
      }
      const timer = setTimeout(() => finish(null), Math.max(0, timeoutMs));
      const poll = setInterval(() => void check(), 1_000);
      core.signals.on(`ended:${id}`, check);
      void check();
    });
  };
}
