import { availableParallelism } from 'node:os';
import { createResilientPool, type TPoolName } from '../../lib/worker-pool.ts';
import type { TRevision } from './analysis.ts';
import type { TAnalysisDone, TAnalysisTask } from './analysis-task.ts';
import type { TFacturaLeida, TNotaXmlLeida } from '../notas/tareas.ts';
import type { TAnalysisPool, TZipTarea } from './analysis-pool-type.ts';

export type { TAnalysisPool, TZipTarea };

/** Heap limit of one worker (MB): a pathological file fails its own analysis, not the API process. */
const WORKER_HEAP_MB = 256;

/**
 * The worker module: in the compiled build (scripts/build.mjs, decision 032) this module runs from a bundle in
 * apps/api/dist, next to the worker's own bundle `analysis-worker.js`; from the TypeScript sources it is
 * analysis-worker.mjs, which loads analysis-task.ts through tsx.
 */
const WORKER_FILE = import.meta.url.endsWith('.ts')
  ? new URL('./analysis-worker.mjs', import.meta.url)
  : new URL('./analysis-worker.js', import.meta.url);

/**
 * A piscina pool running analysis.ts (through analysis-task.ts, which also times the wait for a thread and the run) in `threads` workers (0 → one CPU fewer than the machine has, at least 1 and at
 * most 4: a core stays with the event loop and the embedded database). Idle workers exit after 60 s (a parsed 10 MB
 * XML leaves a large heap). A worker that dies (heap limit) rejects only its task.
 */
export function createAnalysisPool(o: {
  threads: number;
  warm?: boolean;
  observe?: (waitS: number, runS: number) => void;
  /** A worker that cannot start (logged, counted): its tasks answer 503 TRABAJADOR_NO_DISPONIBLE (decision 042). */
  onWorkerFailure?: (name: TPoolName, err: Error) => void;
  /** Tests: another worker module (a missing one, to see the pool survive it). */
  workerFile?: string;
}): TAnalysisPool {
  const threads = o.threads > 0 ? o.threads : Math.max(1, Math.min(4, availableParallelism() - 1));
  const pool = createResilientPool({
    name: 'analisis',
    tarea: 'revisa los archivos',
    onFailure: o.onWorkerFailure ?? (() => undefined),
    // An api process keeps one worker warm for the first upload; the other roles start one when a job needs it.
    eager: o.warm !== false,
    options: {
      filename: o.workerFile ?? WORKER_FILE.href,
      minThreads: o.warm === false ? 0 : 1,
      maxThreads: threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    },
  });
  const hechas = { analyze: 0, leerZip: 0, revisar: 0, leerFactura: 0, leerNota: 0, construirNota: 0 };
  const run = <T>(name: keyof typeof hechas, input: unknown) =>
    pool.run<T>(input, name === 'analyze' ? {} : { name }).finally(() => hechas[name]++);
  return {
    threads,
    analyze: async (input) => {
      const task: TAnalysisTask = { input, queuedAt: performance.timeOrigin + performance.now() };
      const done = await run<TAnalysisDone>('analyze', task);
      o.observe?.(done.waitMs / 1000, done.runMs / 1000);
      return done.analysis;
    },
    leerZip: (tarea) => run<unknown>('leerZip', tarea),
    revisar: (input) => run<TRevision>('revisar', input),
    leerFactura: (tarea) => run<TFacturaLeida>('leerFactura', tarea),
    leerNota: (tarea) => run<TNotaXmlLeida>('leerNota', tarea),
    construirNota: (tarea) => run<{ rips: Record<string, unknown>; texto: string }>('construirNota', tarea),
    porTarea: () => ({ ...hechas }),
    completed: () => pool.completed(),
    close: () => pool.close(),
  };
}
