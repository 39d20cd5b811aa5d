import { strToU8, zipSync } from 'fflate';
import type { TMinistryAnswer } from '../api/types';
import { fileDate } from './report-excel';

/** seed 001 §7: one answer file is ResultadoMSPS_{formato}_CUV.json. */
export function answerFileName(formato: string): string {
  const safe = formato.replace(/[^A-Za-z0-9_-]/g, '_');
  return `ResultadoMSPS_${safe}_CUV.json`;
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
 * The ZIP of ministry answers (seed 001 §7): one ResultadoMSPS_{formato}_CUV.json per answer that has one;
 * a formato repeated keeps its first answer. Returns null when no answer has content.
 */
export function buildAnswersZip(answers: TMinistryAnswer[]): Uint8Array | null {
  const files: Record<string, Uint8Array> = {};
  for (const answer of answers) {
    if (answer.respuesta === null || answer.respuesta === undefined) continue;
    const name = answerFileName(answer.formato);
    if (!(name in files)) files[name] = strToU8(answerJson(answer));
  }
  if (Object.keys(files).length === 0) return null;
  return zipSync(files, { level: 6 });
}
