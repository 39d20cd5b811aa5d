import { strToU8, zipSync } from 'fflate';
import { nombreResultadoMsps } from '@radica/contracts/muv';
import type { TMinistryAnswer } from '../api/types';
import { fileDate } from './report-excel';

/**
 * One answer file, named as the ministry names it: ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json (the
 * one naming the SFTP channel's result files use too; contracts' nombreResultadoMsps). The process id comes from the
 * row, else from the ministry's answer itself (its ProcesoId).
 */
export function answerFileName(answer: Pick<TMinistryAnswer, 'formato' | 'procesoId' | 'respuesta'>): string {
  const fromAnswer = (answer.respuesta as { ProcesoId?: unknown } | null | undefined)?.ProcesoId;
  const procesoId = answer.procesoId ?? (typeof fromAnswer === 'number' ? fromAnswer : null);
  return nombreResultadoMsps(answer.formato, procesoId, 'A_CUV');
}

/** seed 001 §7: the ZIP is respuestas_ministerio_{date}.zip (date yyyy-mm-dd, Bogotá). */
export function answersZipName(now: Date = new Date()): string {
  return `respuestas_ministerio_${fileDate(now)}.zip`;
}

/** The JSON text of one answer, as the ministry gave it, indented. */
export function answerJson(answer: TMinistryAnswer): string {
  return JSON.stringify(answer.respuesta ?? null, null, 2);
}

/**
 * The ZIP of ministry answers (seed 001 §7): one answer file (answerFileName) per answer that has one;
 * a formato repeated keeps its first answer. Returns null when no answer has content.
 */
export function buildAnswersZip(answers: TMinistryAnswer[]): Uint8Array | null {
  const files: Record<string, Uint8Array> = {};
  for (const answer of answers) {
    if (answer.respuesta === null || answer.respuesta === undefined) continue;
    const name = answerFileName(answer);
    if (!(name in files)) files[name] = strToU8(answerJson(answer));
  }
  if (Object.keys(files).length === 0) return null;
  return zipSync(files, { level: 6 });
}
