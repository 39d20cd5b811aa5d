import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { divipolaStats } from './service.ts';
import { client, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/** GET /api/Geografia/autocomplete over the DIVIPOLA seed data (seed 000 §7; SOURCES.md §7.1). */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TU = { ciudad: { codigo: string; descripcion: string; codDepartamento: string; codPais: string }; departamento: { codigo: string; descripcion: string }; pais: { codigo: string; descripcion: string } };
const search = async (texto: string, limite?: number) => {
  const q = new URLSearchParams({ texto, ...(limite ? { limite: String(limite) } : {}) });
  return client(t.url).get(`/api/Geografia/autocomplete?${q}`);
};
const codes = (u: TU[]) => u.map((x) => `${x.departamento.codigo}${x.ciudad.codigo}`);

describe('DIVIPOLA data', () => {
  it('holds 1,122 territorial units in 33 departments and records its source', () => {
    const s = divipolaStats();
    expect(s.municipios).toBe(1122);
    expect(s.departamentos).toBe(33);
    expect(s.source).toMatchObject({ blob: '8fee158b8aa91fca422b3ccc160ff968c150e8db', derivedBy: 'scripts/derive-divipola.ts' });
  });
});

describe('GET /api/Geografia/autocomplete', () => {
  it('finds Medellín 05001 with the seed shape, ignoring accents and case', async () => {
    const res = await search('medellin');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.data.ubicaciones[0]).toEqual({
      ciudad: { codigo: '001', descripcion: 'MEDELLÍN', codDepartamento: '05', codPais: 'CO' },
      departamento: { codigo: '05', descripcion: 'ANTIOQUIA' },
      pais: { codigo: 'CO', descripcion: 'Colombia' },
    });
  });

  it('finds Bogotá 11001 with the corrected name, Bucaramanga 68001 and San Andrés 88001', async () => {
    const bogota = (await search('  BOGOTA ')).body.data.ubicaciones as TU[];
    expect(codes(bogota)).toContain('11001');
    expect(bogota.find((u) => u.ciudad.codDepartamento === '11')!.ciudad.descripcion).toBe('BOGOTÁ, D.C.');
    expect(codes((await search('Bucaramanga')).body.data.ubicaciones)).toEqual(['68001']);
    const sa = (await search('san andrés')).body.data.ubicaciones as TU[];
    const isla = sa.find((u) => u.ciudad.codDepartamento === '88')!;
    expect(isla.ciudad).toMatchObject({ codigo: '001', descripcion: 'SAN ANDRÉS' });
    expect(isla.departamento.descripcion).toBe('ARCHIPIÉLAGO DE SAN ANDRÉS, PROVIDENCIA Y SANTA CATALINA');
  });

  it('matches department names too and honours limite (default 15, max 50)', async () => {
    const santander = (await search('santander', 50)).body.data.ubicaciones as TU[];
    expect(santander).toHaveLength(50);
    expect(santander.every((u) => /SANTANDER/.test(u.ciudad.descripcion) || /SANTANDER/.test(u.departamento.descripcion))).toBe(true);
    expect((await search('san')).body.data.ubicaciones).toHaveLength(15);
    expect((await search('san', 51)).status).toBe(400);
  });

  it('answers 400 for texto shorter than 2 characters after trimming', async () => {
    for (const texto of ['a', '  b  ', '']) {
      const res = await search(texto);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(MSG_CUENTAS.geoTextTooShort);
    }
  });

  it('returns an empty list when nothing matches', async () => {
    const res = await search('zzzzqqq');
    expect(res.body.data.ubicaciones).toEqual([]);
  });
});
