import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { answerFileName, answersZipName, buildAnswersZip } from './answers-zip';

describe('ZIP of ministry answers (seed 001 §7)', () => {
  it('holds one ResultadoMSPS_{formato}_CUV.json per answer with the ministry object', () => {
    const zip = buildAnswersZip([
      {
        formato: 'A01E5687',
        cuv: 'c1',
        respuesta: { esValido: true, codigoUnicoValidacion: 'c1', resultadosValidacion: [] },
      },
      { formato: 'FE2', cuv: 'c2', respuesta: { esValido: true, codigoUnicoValidacion: 'c2' } },
      { formato: 'FE3', cuv: null, respuesta: null },
    ]);
    expect(zip).not.toBeNull();
    const entries = unzipSync(zip!);
    expect(Object.keys(entries).sort()).toEqual([
      'ResultadoMSPS_A01E5687_CUV.json',
      'ResultadoMSPS_FE2_CUV.json',
    ]);
    expect(JSON.parse(strFromU8(entries['ResultadoMSPS_A01E5687_CUV.json']!))).toEqual({
      esValido: true,
      codigoUnicoValidacion: 'c1',
      resultadosValidacion: [],
    });
  });
  it('returns null when no answer has content', () => {
    expect(buildAnswersZip([])).toBeNull();
    expect(buildAnswersZip([{ formato: 'X1', cuv: null, respuesta: undefined }])).toBeNull();
  });
  it('names files as the seed says', () => {
    expect(answerFileName('FE/1')).toBe('ResultadoMSPS_FE_1_CUV.json');
    expect(answersZipName(new Date('2025-07-04T12:00:00Z'))).toBe('respuestas_ministerio_2025-07-04.zip');
  });
});
