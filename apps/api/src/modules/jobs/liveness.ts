import { randomInt } from 'node:crypto';
import pg from 'pg';

/** First int4 key of the worker processes' liveness locks ("RDWP"); the second is the process number. */
export const LIVENESS_LOCK_KEY = 0x52445750;

/** A worker process's number while it lives: the session advisory lock (LIVENESS_LOCK_KEY, number) it holds. */
export type TLiveness = { numero: () => number | null; close: () => Promise<void> };

/** Pause before the liveness lock is taken again after its connection dropped (ms). */
const RETAKE_MS = 200;

/**
 * Holds, on a connection of its own, a session advisory lock `(LIVENESS_LOCK_KEY, n)` with a random free `n` for the
 * life of the process (docs/decisions/027). Other processes read pg_locks: a running job whose process number has no
 * lock belongs to a dead process (its connection closed with it) and is failed so pg-boss retries it. When the
 * connection drops (a terminated backend), the same number is taken again within ~RETAKE_MS on a new connection, so
 * the jobs recorded under it stay this process's; the maintenance fails a job only when its process's lock is missing
 * at two beats in a row (queue.ts), which a live process's re-take never is (docs/decisions/048). `numero()` is the
 * number, kept while it is being taken again.
 */
export function holdLiveness(connectionString: string, onError: (err: Error) => void): Promise<TLiveness> {
  let client: pg.Client | null = null;
  let numero: number | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  async function take(): Promise<void> {
    const c = new pg.Client({ connectionString, application_name: 'radica-worker-live' });
    c.on('error', (err) => {
      onError(err);
      if (client === c) {
        client = null;
        schedule();
      }
    });
    try {
      await c.connect();
      // Our own number first: it is free unless another process took it meanwhile (one chance in 2^31).
      for (let n = numero ?? randomInt(1, 2 ** 31 - 1); ; n = randomInt(1, 2 ** 31 - 1)) {
        const { rows } = await c.query<{ ok: boolean }>('select pg_try_advisory_lock($1::int, $2::int) as ok', [LIVENESS_LOCK_KEY, n]);
        if (rows[0]?.ok) {
          if (closed) {
            await c.end().catch(() => undefined);
            return;
          }
          client = c;
          numero = n;
          return;
        }
      }
    } catch (err) {
      await c.end().catch(() => undefined);
      throw err;
    }
  }
  function schedule() {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      take().catch((err: Error) => {
        onError(err);
        schedule();
      });
    }, RETAKE_MS);
    retry.unref();
  }
  return take().then(() => ({
    numero: () => numero,
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = null;
      numero = null;
      await c?.end().catch(() => undefined);
    },
  }));
}
