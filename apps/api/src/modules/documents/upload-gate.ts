import { MSG } from '@radica/contracts/messages';
import { AppError } from '../../lib/errors.ts';

/**
 * Bounds on the uploads one process works on at once (
 * §6): per tenant, and for the whole process.
 */
export type TUploadGate = {
  /**
   * Admit an upload of the tenant (429 uploadsBusy when it already has `concurrency + queue` admitted), run `receive`
   * (reading the body: it holds no place, so a slow client never blocks anyone), then run `fn` with what it received
   * once one of the tenant's places and one of the process's are free. `signal` (the client went away) ends a wait
   * for a place at once; every place and the admission are given back however it ends.
   */
  run: <T, R = void>(tenantId: number, fn: (received: R) => Promise<T>, opts?: { receive?: () => Promise<R>; signal?: AbortSignal }) => Promise<T>;
  /** Uploads of the tenant: receiving their body, holding a place, and waiting for one. */
  load: (tenantId: number) => { receiving: number; running: number; waiting: number };
};

type TWaiter = { resolve: () => void; reject: (err: unknown) => void; settled: boolean };

/** A counting semaphore whose waiters are served in arrival order; a waiter whose signal aborts leaves the line. */
function semaphore(places: number) {
  let used = 0;
  const waiting: TWaiter[] = [];
  return {
    get used() {
      return used;
    },
    get waiting() {
      return waiting.length;
    },
    /** Take a place, waiting for one when all are used; rejects with the signal's reason when it aborts first. */
    async take(signal?: AbortSignal): Promise<void> {
      signal?.throwIfAborted();
      if (used < places && waiting.length === 0) {
        used++;
        return;
      }
      // The place is handed over by give(): `used` stays counted for the next holder.
      await new Promise<void>((resolve, reject) => {
        const w: TWaiter = { resolve, reject, settled: false };
        const onAbort = () => {
          if (w.settled) return;
          w.settled = true;
          waiting.splice(waiting.indexOf(w), 1);
          reject(signal!.reason);
        };
        w.resolve = () => {
          w.settled = true;
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiting.push(w);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
    give(): void {
      const next = waiting.shift();
      if (next) next.resolve();
      else used--;
    },
  };
}

/**
 * One tenant cannot take every worker thread and every buffer of the process, and a slow or vanished client never
 * holds a place another upload needs: at most `concurrency + queue` uploads of a tenant are admitted (then 429 with
 * MSG.uploadsBusy); an admitted upload receives its body first (bounded by the HTTP server's request time-out, 408),
 * then waits in arrival order for one of the tenant's `concurrency` places and one of the process's `total`. A client
 * that disconnects while receiving or waiting gives its admission back at once.
 */
export function createUploadGate(o: { concurrency: number; queue: number; total: number }): TUploadGate {
  type TTenant = { admitted: number; receiving: number; places: ReturnType<typeof semaphore> };
  const tenants = new Map<number, TTenant>();
  const all = semaphore(o.total);
  return {
    async run(tenantId, fn, opts = {}) {
      let tenant = tenants.get(tenantId);
      if (!tenant) tenants.set(tenantId, (tenant = { admitted: 0, receiving: 0, places: semaphore(o.concurrency) }));
      if (tenant.admitted >= o.concurrency + o.queue) throw new AppError('UPLOADS_BUSY', MSG.uploadsBusy);
      tenant.admitted++;
      try {
        let received: Awaited<ReturnType<NonNullable<typeof opts.receive>>>;
        tenant.receiving++;
        try {
          received = (opts.receive ? await opts.receive() : undefined) as typeof received;
        } finally {
          tenant.receiving--;
        }
        await tenant.places.take(opts.signal);
        try {
          await all.take(opts.signal);
          try {
            return await fn(received);
          } finally {
            all.give();
          }
        } finally {
          tenant.places.give();
        }
      } finally {
        tenant.admitted--;
        if (tenant.admitted === 0) tenants.delete(tenantId);
      }
    },
    load(tenantId) {
      const tenant = tenants.get(tenantId);
      return { receiving: tenant?.receiving ?? 0, running: tenant?.places.used ?? 0, waiting: tenant?.places.waiting ?? 0 };
    },
  };
}

/**
 * An AbortSignal that aborts when the request's client goes away before its answer was sent (the socket closes), with
 * AppError UPLOAD_MALFORMED as its reason; `done()` detaches it (call it when the request ends).
 */
export function clientGone(req: { raw: { socket: NodeJS.EventEmitter & { destroyed?: boolean } } }, reply: { sent: boolean }): { signal: AbortSignal; done: () => void } {
  const ac = new AbortController();
  const socket = req.raw.socket;
  const onClose = () => {
    if (!reply.sent) ac.abort(new AppError('UPLOAD_MALFORMED', MSG.uploadMalformed));
  };
  if (socket.destroyed) onClose();
  else socket.once('close', onClose);
  return { signal: ac.signal, done: () => socket.off('close', onClose) };
}

/** `p`, or the signal's reason as soon as it aborts (the promise itself is left to settle on its own). */
export function untilAborted<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (err: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(err);
      },
    );
  });
}
