import { analyzeUpload, type TAnalysis, type TAnalysisInput } from './analysis.ts';

/** What the pool hands a worker thread: the upload and when it was queued (ms, `performance.timeOrigin + now()`). */
export type TAnalysisTask = { input: TAnalysisInput; queuedAt: number };

/** A worker thread's answer: the analysis, how long the task waited for this thread and how long it ran (ms). */
export type TAnalysisDone = { analysis: TAnalysis; waitMs: number; runMs: number };

/** The function each analysis worker thread runs (analysis-worker.mjs, or its compiled bundle). */
export default function runAnalysisTask(task: TAnalysisTask): TAnalysisDone {
  const started = performance.timeOrigin + performance.now();
  const analysis = analyzeUpload(task.input);
  return { analysis, waitMs: Math.max(0, started - task.queuedAt), runMs: performance.timeOrigin + performance.now() - started };
}
