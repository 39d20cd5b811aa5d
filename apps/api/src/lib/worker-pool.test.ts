import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { AppError } from './errors.ts';
import { createMetrics } from './metrics.ts';
import { createAnalysisPool } from '../modules/documents/analysis-pool.ts';
import { createSheetPool } from '../modules/rips/sheet-pool.ts';

/** A worker module that is not there: what a build that forgot a worker file gives (docs/decisions/042). */
const MISSING = pathToFileURL(join(tmpdir(), 'radica-no-existe', 'worker.js')).href;

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('a worker pool whose worker cannot start', () => {
  it('the spreadsheet pool answers that task with a Spanish 503, counts it, and tries again on the next task', async () => {
    const metrics = createMetrics();
    const failures: string[] = [];
    const sheets = createSheetPool({
      workerFile: MISSING,
      onWorkerFailure: (pool, err) => {
        failures.push(`${pool}: ${(err as Error & { code?: string }).code}`);
        metrics.workerStartFailure(pool);
      },
    });
    try {
      const first = await refusal(sheets.run({ kind: 'exportar' } as never));
      expect(first.code).toBe('TRABAJADOR_NO_DISPONIBLE');
      expect(first.status).toBe(503);
      expect(first.message).toBe(MSG.trabajadorNoDisponible('lee y escribe las hojas de cálculo'));
      // the next request starts a new pool (and fails again the same way): never a pending promise, never a crash
      expect((await refusal(sheets.run({ kind: 'exportar' } as never))).code).toBe('TRABAJADOR_NO_DISPONIBLE');
      expect(failures).toEqual(['hojas: ERR_MODULE_NOT_FOUND', 'hojas: ERR_MODULE_NOT_FOUND']);
      expect((await metrics.render()).text).toContain('radica_worker_start_failures_total{pool="hojas"} 2');
    } finally {
      await sheets.close();
    }
  });

  it('the analysis pool (warm: started before any task) does the same; its other tasks are refused alike', async () => {
    const failures: string[] = [];
    const pool = createAnalysisPool({ threads: 1, warm: true, workerFile: MISSING, onWorkerFailure: (name) => failures.push(name) });
    try {
      const err = await refusal(pool.leerZip({ nombre: 'a.zip', bytes: new Uint8Array(4) } as never));
      expect(err.code).toBe('TRABAJADOR_NO_DISPONIBLE');
      expect(err.message).toBe(MSG.trabajadorNoDisponible('revisa los archivos'));
      expect((await refusal(pool.revisar({} as never))).status).toBe(503);
      expect(failures.length).toBeGreaterThanOrEqual(2);
      expect(new Set(failures)).toEqual(new Set(['analisis']));
    } finally {
      await pool.close();
    }
  });
});
