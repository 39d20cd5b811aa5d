import type { TAnalysis, TAnalysisInput, TRevision, TRevisionInput } from './analysis.ts';
import type { TConstruirNotaTarea, TFacturaLeida, TLeerFacturaTarea, TNotaXmlLeida } from '../notas/tareas.ts';

/**
 * A ZIP to inflate in a worker thread (documents/zip.ts leerZipTarea reads this shape): its file name, bytes and
 * the most bytes its entries may inflate to. Declared here, not imported from zip.ts: zip.ts imports the channels'
 * filing code, which imports deps.ts, which imports this file (no-circular counts type-only imports; decision 054).
 */
export type TZipTarea = { nombre: string; bytes: Uint8Array; maxTotal: number };

/**
 * Worker threads parsing and checking uploads, off the event loop, and the
 * channels' other CPU-bound reads: a ZIP's inflation, a chat attachment's check; and the note
 * builder's reads of an invoice and a note (decision 051).
 */
export type TAnalysisPool = {
  /** Worker threads the pool runs at most. */
  threads: number;
  analyze: (input: TAnalysisInput) => Promise<TAnalysis>;
  /** documents/zip.ts leerZipTarea: the value is a TZipLeido (use leerZipAislado). */
  leerZip: (tarea: TZipTarea) => Promise<unknown>;
  /** analysis.ts revisarArchivos: the chat's check of attached files. */
  revisar: (input: TRevisionInput) => Promise<TRevision>;
  /** notas/tareas.ts (decision 051): an invoice read for the note builder, a note's XML, a note's RIPS. */
  leerFactura: (tarea: TLeerFacturaTarea) => Promise<TFacturaLeida>;
  leerNota: (tarea: { bytes: Uint8Array }) => Promise<TNotaXmlLeida>;
  construirNota: (tarea: TConstruirNotaTarea) => Promise<{ rips: Record<string, unknown>; texto: string }>;
  /** Tasks finished so far (tests and benches read it). */
  completed: () => number;
  /** Tasks finished so far, per kind. */
  porTarea: () => { analyze: number; leerZip: number; revisar: number; leerFactura: number; leerNota: number; construirNota: number };
  close: () => Promise<void>;
};
