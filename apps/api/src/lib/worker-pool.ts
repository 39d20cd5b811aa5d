import { Piscina } from 'piscina';
import { MSG } from '@radica/contracts/messages';
import { AppError } from './errors.ts';

type TPiscinaOptions = NonNullable<ConstructorParameters<typeof Piscina>[0]>;

/** Which pool a failure was in: the label of radica_worker_start_failures_total. */
export type TPoolName = 'analisis' | 'hojas';

export type TResilientPool = {
  /** piscina's run; rejects with AppError TRABAJADOR_NO_DISPONIBLE (503) when the pool's workers cannot start. */
  run: <T>(task: unknown, options?: { name?: string }) => Promise<T>;
  /** Tasks finished by the current pool (0 after a restart). */
  completed: () => number;
  /** Tasks waiting for a thread in the current pool. */
  queueSize: () => number;
  close: () => Promise<void>;
};

/** Errors of a worker module that cannot be loaded (not of a task): missing file, bad path, worker start. */
const START_FAILURES = new Set(['ERR_MODULE_NOT_FOUND', 'ERR_WORKER_PATH', 'ERR_WORKER_INIT_FAILED', 'ERR_UNKNOWN_FILE_EXTENSION', 'ERR_UNSUPPORTED_ESM_URL_SCHEME']);
const isStartFailure = (err: unknown): err is Error => err instanceof Error && START_FAILURES.has((err as Error & { code?: string }).code ?? '');

/**
 * A piscina pool that survives a worker which cannot start (its file missing from the build, an error while its module
 * loads: docs/decisions/042). piscina then emits 'error' on the pool, which unhandled ends the process, and leaves
 * the waiting tasks pending for ever; here the error is logged and counted (`onFailure`), the pool is destroyed, every
 * task it held is rejected with a Spanish 503 naming `tarea` («No se pudo iniciar el proceso que {tarea}…»), and the
 * next task starts a new pool. A worker that dies during a task (heap limit) still rejects only that task (piscina).
 * `eager`: start the pool now (its minThreads warm), not on the first task.
 */
export function createResilientPool(o: {
  name: TPoolName;
  tarea: string;
  options: TPiscinaOptions;
  eager?: boolean;
  onFailure: (name: TPoolName, err: Error) => void;
}): TResilientPool {
  type TEntry = { pool: Piscina; pending: Set<(err: Error) => void>; failed: boolean };
  let current: TEntry | null = null;
  const refusal = () => new AppError('TRABAJADOR_NO_DISPONIBLE', MSG.trabajadorNoDisponible(o.tarea));
  const fail = (entry: TEntry, err: Error) => {
    if (current === entry) current = null;
    if (entry.failed) return;
    entry.failed = true;
    o.onFailure(o.name, err);
    for (const reject of entry.pending) reject(refusal());
    entry.pending.clear();
    // Stops piscina from starting the failing worker again to keep its minimum of threads.
    void entry.pool.destroy().catch(() => undefined);
  };
  const start = () => {
    const entry: TEntry = { pool: new Piscina(o.options), pending: new Set(), failed: false };
    entry.pool.on('error', (err: Error) => fail(entry, err));
    current = entry;
    return entry;
  };
  if (o.eager) start();
  return {
    run: <T>(task: unknown, options?: { name?: string }) => {
      const entry = current ?? start();
      return new Promise<T>((resolve, reject) => {
        entry.pending.add(reject);
        (entry.pool.run(task, options) as Promise<T>)
          .then(resolve, (err: unknown) => {
            // A task handed to a worker that then fails to load is rejected with the load error itself.
            if (isStartFailure(err)) {
              fail(entry, err);
              reject(refusal());
            } else reject(err);
          })
          .finally(() => entry.pending.delete(reject));
      });
    },
    completed: () => current?.pool.completed ?? 0,
    queueSize: () => current?.pool.queueSize ?? 0,
    close: async () => {
      const entry = current;
      current = null;
      await entry?.pool.destroy();
    },
  };
}
