import { MSG } from '@radica/contracts/messages';
import { AppError } from '../../lib/errors.ts';

/**
 * Bounds on the uploads one process works on at once (issue 9 "a per-tenant bound on concurrent uploads"): per
 * tenant, and for the whole process.
 */
export type TUploadGate = {
  /**
   * Run `fn` when one of the tenant's places and one of the process's are free; 429 uploadsBusy when the tenant
   * already has `queue` uploads waiting.
   */
  run: <T>(tenantId: number, fn: () => Promise<T>) => Promise<T>;
  /** Uploads of the tenant holding a tenant place (running or waiting for a process place) and waiting for one. */
  load: (tenantId: number) => { running: number; waiting: number };
};

/** A counting semaphore whose waiters are served in arrival order. */
function semaphore(places: number) {
  let used = 0;
  const waiting: Array<() => void> = [];
  return {
    get used() {
      return used;
    },
    get waiting() {
      return waiting.length;
    },
    /** Take a place, waiting for one when all are used. */
    async take(): Promise<void> {
      if (used < places) {
        used++;
        return;
      }
      // The place is handed over by give(): `used` stays counted for the next holder.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else used--;
    },
  };
}

/**
 * One tenant cannot take every worker thread and every buffer of the process, and the process never holds more than
 * `total` uploads in memory at once: at most `concurrency` uploads of a tenant are admitted, up to `queue` more wait
 * their turn in arrival order (their request bodies stay unread meanwhile, so memory stays bounded), and any beyond
 * that answer 429 with MSG.uploadsBusy. Admitted uploads then wait for one of the process's `total` places.
 */
export function createUploadGate(o: { concurrency: number; queue: number; total: number }): TUploadGate {
  const tenants = new Map<number, ReturnType<typeof semaphore>>();
  const all = semaphore(o.total);
  return {
    async run(tenantId, fn) {
      let tenant = tenants.get(tenantId);
      if (!tenant) tenants.set(tenantId, (tenant = semaphore(o.concurrency)));
      if (tenant.used >= o.concurrency && tenant.waiting >= o.queue) throw new AppError('UPLOADS_BUSY', MSG.uploadsBusy);
      await tenant.take();
      try {
        await all.take();
        try {
          return await fn();
        } finally {
          all.give();
        }
      } finally {
        tenant.give();
        if (tenant.used === 0) tenants.delete(tenantId);
      }
    },
    load(tenantId) {
      const tenant = tenants.get(tenantId);
      return { running: tenant?.used ?? 0, waiting: tenant?.waiting ?? 0 };
    },
  };
}
