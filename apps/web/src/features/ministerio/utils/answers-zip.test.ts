import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { nombreResultadoMsps } from '@radica/contracts/muv';
import { answerFileName, answersZipName, buildAnswersZip } from './answers-zip';

describe('ZIP of ministry answers (seed 001 §7)', () => {
  it('holds one ResultadosMSPS_{formato}_ID{procesoId}_A_CUV.json per answer (the ministry naming)', () => {
    const zip = buildAnswersZip([
      {
        formato: 'A01E5687',
        cuv: 'c1',
        procesoId: 779996,
        respuesta: { esValido: true, codigoUnicoValidacion: 'c1', resultadosValidacion: [] },
      },
      { formato: 'FE2', cuv: 'c2', respuesta: { ProcesoId: 12, CodigoUnicoValidacion: 'c2' } },
      { formato: 'FE3', cuv: null, respuesta: null },
    ]);
    expect(zip).not.toBeNull();
    const entries = unzipSync(zip!);
    expect(Object.keys(entries).sort()).toEqual([
      'ResultadosMSPS_A01E5687_ID779996_A_CUV.json',
      'ResultadosMSPS_FE2_ID12_A_CUV.json',
    ]);
    expect(JSON.parse(strFromU8(entries['ResultadosMSPS_A01E5687_ID779996_A_CUV.json']!))).toEqual({
      esValido: true,
      codigoUnicoValidacion: 'c1',
      resultadosValidacion: [],
    });
  });
  it('returns null when no answer has content', () => {
    expect(buildAnswersZip([])).toBeNull();
    expect(buildAnswersZip([{ formato: 'X1', cuv: null, respuesta: undefined }])).toBeNull();
  });
  it('names files as the ministry and the SFTP channel do (one function, contracts nombreResultadoMsps)', () => {
    expect(answerFileName({ formato: 'FE/1', procesoId: 5, respuesta: null })).toBe('ResultadosMSPS_FE_1_ID5_A_CUV.json');
    expect(answerFileName({ formato: 'RFFV303', procesoId: null, respuesta: null })).toBe('ResultadosMSPS_RFFV303_NA_A_CUV.json');
    expect(answerFileName({ formato: 'RFFV303', procesoId: 779996, respuesta: null })).toBe(nombreResultadoMsps('RFFV303', 779996, 'A_CUV'));
    expect(answersZipName(new Date('2025-07-04T12:00:00Z'))).toBe('respuestas_ministerio_2025-07-04.zip');
  });
});
