import { ripsFromSheet, type TSheetError } from '@radica/fevrips/sheet';
import { SheetFileError, readSheetFile, ripsToCsv, ripsToXlsx, type TSheetKind } from '@radica/fevrips/sheet-io';
import { parseFevXml } from '@radica/fevrips/xml';
import type { TRipsSchemaVersion } from '@radica/fevrips/engine';
import { storedJsonText } from '../../lib/json-text.ts';
import { analizarRips, datosDeRips, leerPacientesCsv, pacientesEnLotes, type TAnalisisRips, type TMedicamentoDeRips, type TPacientesCsv } from './lectura.ts';

/** A task of the spreadsheet worker (sheet-pool.ts): import a sheet as a draft, read a patients CSV, export a RIPS. */
export type TSheetTask =
  | { op: 'importar'; bytes: Uint8Array; kind: TSheetKind; xml: Uint8Array | null }
  | { op: 'pacientes'; bytes: Uint8Array }
  | { op: 'exportar'; rips: Record<string, unknown>; kind: TSheetKind; version: TRipsSchemaVersion };

/**
 * The engine's analysis of an imported draft, with its findings counted instead of listed (a sheet of 60,000 services
 * may have as many findings: they are read again when the draft is opened).
 */
export type TAnalisisContado =
  | { invalido: true }
  | (Omit<Extract<TAnalisisRips, { invalido: false }>, 'hallazgos'> & { rechazos: number; notificaciones: number });

/**
 * A spreadsheet read as a draft, ready to store: the RIPS as the text rips_borradores.contenido keeps (serialised and,
 * when big, compressed here: lib/json-text.ts), its analysis, the patients it names in batches of JSON rows
 * (lectura.ts pacientesEnLotes) and its medications. Nothing of it is an object the event loop would have to walk.
 */
export type TBorradorLeido = { contenido: string; analisis: TAnalisisContado; pacientesLotes: string[]; medicamentos: TMedicamentoDeRips[] };

export type TSheetTaskResult =
  | { op: 'importar'; ok: true; borrador: TBorradorLeido }
  | { op: 'importar'; ok: false; errores: TSheetError[]; totalErrores: number }
  | { op: 'importar'; ilegible: string }
  | { op: 'pacientes'; leido: TPacientesCsv }
  | { op: 'exportar'; bytes: Uint8Array };

/**
 * Runs one spreadsheet task (packages/fevrips sheet.ts / sheet-io.ts, lectura.ts): CPU-bound (a 60,000-service sheet
 * or a 100,000-patient CSV take seconds), so it runs in a worker thread, never on the event loop. What comes back is
 * small or one string: handing back a big object would cost the event loop its structured clone. A file that cannot
 * be read at all answers `ilegible` with the Spanish reason.
 */
export async function runSheetTask(task: TSheetTask): Promise<TSheetTaskResult> {
  if (task.op === 'exportar') {
    const bytes = task.kind === 'csv' ? new TextEncoder().encode(ripsToCsv(task.rips, { version: task.version }).csv) : ripsToXlsx(task.rips, { version: task.version }).bytes;
    return { op: 'exportar', bytes };
  }
  if (task.op === 'pacientes') return { op: 'pacientes', leido: leerPacientesCsv(task.bytes) };
  try {
    const table = await readSheetFile(task.bytes, task.kind);
    const xml = task.xml ? parseFevXml(task.xml) : null;
    const result = ripsFromSheet(table, { xml });
    if (!result.ok) return { op: 'importar', ok: false, errores: result.errores, totalErrores: result.totalErrores };
    const a = analizarRips(result.rips, xml);
    const analisis: TAnalisisContado = a.invalido
      ? a
      : (() => {
          const { hallazgos, ...resto } = a;
          const rechazos = hallazgos.filter((h) => h.clase === 'RECHAZADO').length;
          return { ...resto, rechazos, notificaciones: hallazgos.length - rechazos };
        })();
    const datos = datosDeRips(result.rips);
    return {
      op: 'importar',
      ok: true,
      borrador: { contenido: storedJsonText(JSON.stringify(result.rips)), analisis, pacientesLotes: pacientesEnLotes(datos.pacientes), medicamentos: datos.medicamentos },
    };
  } catch (e) {
    if (e instanceof SheetFileError) return { op: 'importar', ilegible: e.message };
    throw e;
  }
}
