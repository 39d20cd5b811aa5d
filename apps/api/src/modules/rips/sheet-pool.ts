import { Piscina } from 'piscina';
import type { TSheetTask, TSheetTaskResult } from './sheet-task.ts';

/** Heap limit of the spreadsheet worker (MB): a 20,000-service workbook fits well within it. */
const WORKER_HEAP_MB = 768;

export type TSheetPool = { run: (task: TSheetTask) => Promise<TSheetTaskResult>; close: () => Promise<void> };

/**
 * One worker thread for the RIPS spreadsheets (issue 27: imports and exports of 20,000 rows take seconds of CPU; the
 * event loop never waits on them). Started on first use; idle for 30 s, it exits. At most 16 tasks wait.
 */
export function createSheetPool(): TSheetPool {
  let pool: Piscina | null = null;
  return {
    run: (task) => {
      pool ??= new Piscina({
        filename: new URL('./sheet-worker.mjs', import.meta.url).href,
        minThreads: 0,
        maxThreads: 1,
        maxQueue: 16,
        idleTimeout: 30_000,
        resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
      });
      return pool.run(task) as Promise<TSheetTaskResult>;
    },
    close: async () => {
      await pool?.destroy();
      pool = null;
    },
  };
}
