import { ripsFromSheet, type TSheetResult } from '@radica/fevrips/sheet';
import { SheetFileError, readSheetFile, ripsToCsv, ripsToXlsx, type TSheetKind } from '@radica/fevrips/sheet-io';
import { parseFevXml } from '@radica/fevrips/xml';
import type { TRipsSchemaVersion } from '@radica/fevrips/engine';

/** A task of the spreadsheet worker (sheet-pool.ts): import a file, or export a RIPS. */
export type TSheetTask =
  | { op: 'importar'; bytes: Uint8Array; kind: TSheetKind; xml: Uint8Array | null }
  | { op: 'exportar'; rips: Record<string, unknown>; kind: TSheetKind; version: TRipsSchemaVersion };

export type TSheetTaskResult =
  | { op: 'importar'; result: TSheetResult }
  | { op: 'importar'; ilegible: string }
  | { op: 'exportar'; bytes: Uint8Array };

/**
 * Runs one spreadsheet task (packages/fevrips sheet.ts / sheet-io.ts): CPU-bound (a 20,000-service sheet takes seconds),
 * so it runs in a worker thread, never on the event loop. A file that cannot be read at all answers `ilegible` with
 * the Spanish reason.
 */
export async function runSheetTask(task: TSheetTask): Promise<TSheetTaskResult> {
  if (task.op === 'exportar') {
    const bytes = task.kind === 'csv' ? new TextEncoder().encode(ripsToCsv(task.rips, { version: task.version }).csv) : ripsToXlsx(task.rips, { version: task.version }).bytes;
    return { op: 'exportar', bytes };
  }
  try {
    const table = await readSheetFile(task.bytes, task.kind);
    return { op: 'importar', result: ripsFromSheet(table, { xml: task.xml ? parseFevXml(task.xml) : null }) };
  } catch (e) {
    if (e instanceof SheetFileError) return { op: 'importar', ilegible: e.message };
    throw e;
  }
}
