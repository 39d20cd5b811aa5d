import { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TRepsImportData } from '@radica/contracts/reps';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { decodeRepsBytes, detectDelimiter, readHeader, toRepsRow, type TRepsRow } from './reps-file.ts';
import { finishImportRun, refreshSearchIndexes, retireAbsent, startImportRun, upsertPrestadores, type TImportCounts } from './repository.ts';

/** Rows per upsert (one transaction each). */
export const REPS_BATCH_ROWS = 1_000;
/** A running import whose heartbeat is older than this is a dead process's (its lock is taken over). */
export const REPS_IMPORT_STALE_S = 600;

/** Progress of a running import (reported about once a second). */
export type TRepsProgress = { filas: number; malformadas: number; bytes: number; elapsedMs: number };

export type TRepsImportOptions = {
  /** File name (or 'semilla'), stored with the run. */
  fuente: string;
  /** Who ran it: 'npm run reps:import', 'POST /api/admin/reps/import', 'semilla'. */
  origen: string;
  /** Refuse the file past this many bytes (413 BODY_TOO_LARGE); rows already written stay, nobody is retired. */
  maxBytes?: number;
  onProgress?: (p: TRepsProgress) => void;
  /** One line per warning (the ignored columns), before any row is written. */
  onWarning?: (message: string) => void;
  /** Called after the run committed (the search drops what it cached). */
  onImported?: () => void;
};

/**
 * Import a REPS "Prestadores" file (the Ministry of Health's column layout, reps-file.ts), streamed: the
 * bytes are decoded (UTF-8 or Windows-1252), parsed by csv-parse (delimiter from the header) and upserted in batches
 * of {@link REPS_BATCH_ROWS}, each in its own transaction, so a 100 MB national file is never held whole.
 * - A header without a required column → AppError REPS_COLUMNAS_FALTANTES naming every missing one; nothing written.
 * - Unknown extra columns → one warning naming them; the import goes on.
 * - A row without a 10-digit codigo_habilitacion → counted in `malformadas`, skipped.
 * - At the end, providers the file did not list are retired (habilitado false, row kept); a file with no valid row
 *   retires nobody.
 * - Another import in progress → AppError REPS_IMPORT_EN_CURSO (409). A file the parser cannot read → REPS_CSV_INVALIDO
 *   with the line; past `maxBytes` → BODY_TOO_LARGE. In both cases the rows already upserted stay and nobody is retired.
 * Returns the counters (ZRepsImportData). Used by `npm run reps:import` (directly or through POST
 * /api/admin/reps/import) and by the bundled seed at first start.
 */
export async function importRepsFile(db: TDb, input: AsyncIterable<Buffer | Uint8Array | string>, opts: TRepsImportOptions): Promise<TRepsImportData> {
  const started = performance.now();
  let bytes = 0;
  const maxBytes = opts.maxBytes ?? Infinity;
  const decoded = decodeRepsBytes(input, (n) => {
    bytes += n;
    if (bytes > maxBytes) throw new AppError('BODY_TOO_LARGE', MSG_CUENTAS.repsArchivoGrande(Math.round(maxBytes / 1_048_576)));
  });

  // The header line decides the delimiter; the parser then reads it as its first record.
  let head = '';
  let firstChunks: string[] = [];
  for (;;) {
    const next = await decoded.next();
    if (next.done) break;
    firstChunks.push(next.value);
    head += next.value;
    if (/\r?\n/.test(head) || head.length > 1_000_000) break;
  }
  const headerLine = head.split(/\r?\n/)[0] ?? '';
  if (!headerLine.trim()) throw new AppError('REPS_CSV_INVALIDO', MSG_CUENTAS.repsArchivoVacio);
  const parser = parse({ delimiter: detectDelimiter(headerLine), bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  async function* replay() {
    for (const c of firstChunks) yield c;
    firstChunks = [];
    for await (const c of { [Symbol.asyncIterator]: () => decoded }) yield c;
  }
  const source = Readable.from(replay());
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);

  const counts: TImportCounts = { filas: 0, insertados: 0, actualizados: 0, retirados: 0, malformadas: 0 };
  let runId: number | null = null;
  let layout: ReturnType<typeof readHeader> | null = null;
  let columnasIgnoradas: string[] = [];
  let batch = new Map<string, TRepsRow>();
  let lastReport = performance.now();
  const report = (force = false) => {
    const now = performance.now();
    if (!opts.onProgress || (!force && now - lastReport < 1_000)) return;
    lastReport = now;
    opts.onProgress({ filas: counts.filas, malformadas: counts.malformadas, bytes, elapsedMs: now - started });
  };
  const flush = async () => {
    if (!batch.size || runId === null || !layout) return;
    const rows = [...batch.values()];
    batch = new Map();
    const done = await upsertPrestadores(db, runId, rows, layout.contact, { filas: counts.filas, malformadas: counts.malformadas });
    counts.insertados += done.insertados;
    counts.actualizados += done.actualizados;
    report();
  };

  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (!layout) {
        layout = readHeader(record);
        if (layout.missing.length) throw new AppError('REPS_COLUMNAS_FALTANTES', MSG_CUENTAS.repsColumnasFaltantes(layout.missing));
        columnasIgnoradas = layout.unknown;
        if (columnasIgnoradas.length) opts.onWarning?.(MSG_CUENTAS.repsColumnasIgnoradas(columnasIgnoradas));
        runId = await startImportRun(db, { fuente: opts.fuente, origen: opts.origen, staleAfterS: REPS_IMPORT_STALE_S });
        if (runId === null) throw new AppError('REPS_IMPORT_EN_CURSO', MSG_CUENTAS.repsImportEnCurso);
        continue;
      }
      const row = toRepsRow(record, layout);
      if (!row) {
        counts.malformadas++;
        continue;
      }
      counts.filas++;
      // The same code twice in one statement cannot be upserted; the later row wins, as it would across batches.
      batch.set(row.codigoHabilitacion, row);
      if (batch.size >= REPS_BATCH_ROWS) await flush();
    }
    if (!layout) throw new AppError('REPS_CSV_INVALIDO', MSG_CUENTAS.repsArchivoVacio);
    await flush();
    if (runId !== null && counts.filas > 0) counts.retirados = await retireAbsent(db, runId);
    await refreshSearchIndexes(db);
    if (runId !== null) await finishImportRun(db, runId, 'completa', counts);
  } catch (err) {
    source.destroy();
    if (runId !== null) await finishImportRun(db, runId, 'fallida', counts).catch(() => {});
    if (err instanceof CsvError) throw new AppError('REPS_CSV_INVALIDO', MSG_CUENTAS.repsCsvInvalido(typeof err.lines === 'number' ? err.lines : null));
    throw err;
  }
  report(true);
  opts.onImported?.();
  return { ...counts, duracionMs: Math.round(performance.now() - started), columnasIgnoradas };
}
