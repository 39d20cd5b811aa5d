import { describe, expect, it } from 'vitest';
import { agruparHallazgos, sinRepetir } from './hallazgos.ts';

const h = (codigo: string, clase: string, pathFuente: string, observaciones = '') => ({
  codigo,
  clase,
  descripcion: `${codigo}…`,
  observaciones,
  pathFuente,
  fuente: 'Rips',
});

describe('agruparHallazgos', () => {
  it('one group per class and code, rejections first, each in first-appearance order; exact repeats once', () => {
    const grupos = agruparHallazgos([
      h('FED129', 'NOTIFICACION', ''),
      h('FED129', 'NOTIFICACION', ''),
      h('RVC086', 'NOTIFICACION', 'usuarios[0].a'),
      h('RVC001', 'RECHAZADO', 'numDocumentoIdObligado'),
      h('RVC086', 'NOTIFICACION', 'usuarios[1].a'),
      h('RVG01', 'RECHAZADO', 'usuarios[2].b'),
    ]);
    expect(grupos.map((g) => [g.clase, g.codigo, g.items.length])).toEqual([
      ['RECHAZADO', 'RVC001', 1],
      ['RECHAZADO', 'RVG01', 1],
      ['NOTIFICACION', 'FED129', 1],
      ['NOTIFICACION', 'RVC086', 2],
    ]);
  });
});

describe('sinRepetir', () => {
  it('drops the local findings the ministry already gave (its paths may start with "rips.") and counts them', () => {
    const locales = [h('RVG01', 'RECHAZADO', 'usuarios[0].x', 'Dato [1]'), h('RVC086', 'NOTIFICACION', 'usuarios[0].y')];
    const ministerio = [h('RVG01', 'RECHAZADO', 'rips.usuarios[0].x', 'Dato [1]')];
    expect(sinRepetir(locales, ministerio)).toEqual({ propios: [locales[1]], repetidos: 1 });
    expect(sinRepetir(locales, [])).toEqual({ propios: locales, repetidos: 0 });
  });
});
