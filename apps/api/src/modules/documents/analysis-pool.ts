import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { TAnalysis, TAnalysisInput, TRevision, TRevisionInput } from './analysis.ts';
import type { TZipTarea } from '../integraciones/zip.ts';

/**
 * Worker threads parsing and checking uploads, off the event loop (issue 9 "Uploads never block the server"), and the
 * channels' other CPU-bound reads (issue 24 item 2): a ZIP's inflation, a chat attachment's check.
 */
export type TAnalysisPool = {
  /** Worker threads the pool runs at most. */
  threads: number;
  analyze: (input: TAnalysisInput) => Promise<TAnalysis>;
  /** integraciones/zip.ts leerZipTarea: the value is a TZipLeido (use leerZipAislado). */
  leerZip: (tarea: TZipTarea) => Promise<unknown>;
  /** analysis.ts revisarArchivos: the chat's check of attached files. */
  revisar: (input: TRevisionInput) => Promise<TRevision>;
  /** Tasks finished so far (tests and benches read it). */
  completed: () => number;
  /** Tasks finished so far, per kind. */
  porTarea: () => { analyze: number; leerZip: number; revisar: number };
  close: () => Promise<void>;
};

/** Heap limit of one worker (MB): a pathological file fails its own analysis, not the API process. */
const WORKER_HEAP_MB = 256;

/**
 * A piscina pool running analysis.ts in `threads` workers (0 → one CPU fewer than the machine has, at least 1 and at
 * most 4: a core stays with the event loop and the embedded database). Idle workers exit after 60 s (a parsed 10 MB
 * XML leaves a large heap). A worker that dies (heap limit) rejects only its task.
 */
export function createAnalysisPool(o: { threads: number }): TAnalysisPool {
  const threads = o.threads > 0 ? o.threads : Math.max(1, Math.min(4, availableParallelism() - 1));
  const pool = new Piscina({
    filename: new URL('./analysis-worker.mjs', import.meta.url).href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  const hechas = { analyze: 0, leerZip: 0, revisar: 0 };
  const run = <T>(name: keyof typeof hechas, input: unknown) =>
    (pool.run(input, name === 'analyze' ? {} : { name }) as Promise<T>).finally(() => hechas[name]++);
  return {
    threads,
    analyze: (input) => run<TAnalysis>('analyze', input),
    leerZip: (tarea) => run<unknown>('leerZip', tarea),
    revisar: (input) => run<TRevision>('revisar', input),
    porTarea: () => ({ ...hechas }),
    completed: () => pool.completed,
    close: () => pool.destroy(),
  };
}
