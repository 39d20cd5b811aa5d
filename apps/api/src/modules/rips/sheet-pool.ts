import { MSG } from '@radica/contracts/messages';
import { AppError } from '../../lib/errors.ts';
import { createResilientPool, type TPoolName } from '../../lib/worker-pool.ts';
import type { TSheetTask, TSheetTaskResult } from './sheet-task.ts';

/** Heap limit of the spreadsheet worker (MB): a 20,000-service workbook fits well within it. */
const WORKER_HEAP_MB = 768;

const MAX_QUEUE = 16;

/**
 * The worker module: from the TypeScript sources sheet-worker.mjs (tsx), in the compiled build its own bundle
 * `sheet-worker.js` next to this module's chunk (scripts/build.mjs, decision 032), as the analysis pool's.
 */
const WORKER_FILE = import.meta.url.endsWith('.ts') ? new URL('./sheet-worker.mjs', import.meta.url) : new URL('./sheet-worker.js', import.meta.url);

export type TSheetPool = { run: (task: TSheetTask) => Promise<TSheetTaskResult>; close: () => Promise<void> };

/**
 * One worker thread for the RIPS spreadsheets (imports and exports of 20,000 rows take seconds of CPU; the
 * event loop never waits on them). Started on first use; idle for 30 s, it exits. At most {@link MAX_QUEUE} tasks
 * wait; one more answers 429 UPLOADS_BUSY (never a 500).
 */
export function createSheetPool(o: { onWorkerFailure?: (name: TPoolName, err: Error) => void; workerFile?: string } = {}): TSheetPool {
  // A worker that cannot start answers 503 TRABAJADOR_NO_DISPONIBLE and is tried again on the next task (decision 042).
  const pool = createResilientPool({
    name: 'hojas',
    tarea: 'lee y escribe las hojas de cálculo',
    onFailure: o.onWorkerFailure ?? (() => undefined),
    options: {
      filename: o.workerFile ?? WORKER_FILE.href,
      minThreads: 0,
      maxThreads: 1,
      maxQueue: MAX_QUEUE,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    },
  });
  return {
    run: (task) => {
      if (pool.queueSize() >= MAX_QUEUE) return Promise.reject(new AppError('UPLOADS_BUSY', MSG.uploadsBusy));
      return pool.run<TSheetTaskResult>(task);
    },
    close: () => pool.close(),
  };
}
