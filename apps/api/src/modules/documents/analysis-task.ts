import { analyzeUpload, type TAnalysis, type TAnalysisInput } from './analysis.ts';

/** What the pool hands a worker thread: the upload and when it was queued (ms, `performance.timeOrigin + now()`). */
export type TAnalysisTask = { input: TAnalysisInput; queuedAt: number };

/** A worker thread's answer: the analysis, how long the task waited for this thread and how long it ran (ms). */
export type TAnalysisDone = { analysis: TAnalysis; waitMs: number; runMs: number };

/**
 * The tasks of an analysis worker thread (analysis-worker.mjs, or its compiled bundle): the default one analyses an
 * upload and times its wait and run (metrics); `leerZip` and `revisar` are the channels' ZIP read and the chat
 * attachments' check; `leerFactura`, `leerNota` and `construirNota` the note builder's reads
 * (notas/tareas.ts, docs/decisions/051).
 */
export default function runAnalysisTask(task: TAnalysisTask): TAnalysisDone {
  const started = performance.timeOrigin + performance.now();
  const analysis = analyzeUpload(task.input);
  return { analysis, waitMs: Math.max(0, started - task.queuedAt), runMs: performance.timeOrigin + performance.now() - started };
}

export { leerZipTarea as leerZip } from './zip.ts';
export { revisarArchivos as revisar } from './analysis.ts';
export { leerFacturaTarea as leerFactura, leerNotaTarea as leerNota, construirNotaTarea as construirNota } from '../notas/tareas.ts';
