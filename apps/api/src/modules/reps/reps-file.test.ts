import { describe, expect, it } from 'vitest';
import { caracterCode, clasePersonaCode, codigoHabilitacion, decodeRepsBytes, detectDelimiter, repsDate, sedeCode, tipoEntidadCode, tipoPrestador } from './reps-file.ts';
import { escapeLike, foldSearchText, parseSearchQuery, providerSearchText, wordPattern } from './search-text.ts';

const decodeAll = async (chunks: Buffer[]) => {
  let text = '';
  for await (const part of decodeRepsBytes((async function* () { yield* chunks; })())) text += part;
  return text;
};

describe('REPS search text', () => {
  it('folds accents, case and punctuation the same way for the stored column and the query', () => {
    expect(foldSearchText('BOGOTÁ, D.C.')).toBe('bogota d c');
    expect(foldSearchText('Nariño  — Pasto')).toBe('narino pasto');
    expect(foldSearchText('100%_salud\\')).toBe('100 salud');
    expect(foldSearchText('%_\\')).toBe('');
    expect(providerSearchText('Clínica Ñ', 'CLINICA Ñ')).toBe(' clinica n');
    expect(providerSearchText('Clínica Ñ', 'Sociedad Ñ S.A.S.')).toBe(' clinica n sociedad n s a s');
  });

  it('escapes LIKE wildcards and builds word patterns', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
    expect(wordPattern('clinica')).toBe('%clinica%');
    expect(wordPattern('la')).toBe('% la%');
  });

  it('reads codes, NITs with DV and words', () => {
    expect(parseSearchQuery('1905009019')).toEqual({ kind: 'codigo', digits: '1905009019', nit: '1905009019' });
    expect(parseSearchQuery('900.123.456-7')).toEqual({ kind: 'codigo', digits: '9001234567', nit: '900123456' });
    expect(parseSearchQuery('1')).toEqual({ kind: 'vacio' });
    expect(parseSearchQuery('Clínica de  la Mujer')).toEqual({ kind: 'nombre', folded: 'clinica de la mujer', words: ['clinica', 'mujer', 'de', 'la'] });
    expect(parseSearchQuery('a b c d e f g h i j').kind === 'nombre' && parseSearchQuery('a b c d e f g h i j')).toMatchObject({ words: { length: 8 } });
  });
});

describe('REPS row values', () => {
  it('maps the REPS codes to the provider form codes', () => {
    expect(['1', '2', '3', '4', '1.0'].map((c) => tipoPrestador(c, ''))).toEqual(['02', '01', '04', '03', '02']);
    expect(tipoPrestador('', 'Transporte Especial de Pacientes')).toBe('04');
    expect(['DEPARTAMENTAL', 'NACIONAL', 'MUNICIPAL', 'DISTRITAL', 'INDIGENA', 'INDÍGENA', 'N/A', '', 'OTRO'].map((c) => caracterCode(c))).toEqual(['D', 'E', 'F', 'G', 'H', 'H', 'N/A', null, null]);
    expect(['NATURAL', 'JURIDICO', 'Jurídica', 'x'].map((c) => clasePersonaCode(c))).toEqual(['N', 'J', 'J', null]);
    expect(['1', '3', '4', '2'].map((c) => tipoEntidadCode(c, ''))).toEqual(['01', '03', '04', null]);
    expect(tipoEntidadCode('', 'Pública')).toBe('04');
    expect(['1.0', '2', '11.0', 'N/A', '', '0', '100'].map((s) => sedeCode(s))).toEqual(['01', '02', '11', '01', '01', '01', '01']);
    expect(['1905009019', '1905009019.0', '500100001', '76111 1330', '12345', 'N/A'].map((c) => codigoHabilitacion(c))).toEqual(['1905009019', '1905009019', '0500100001', null, null, null]);
    expect(['20230619', '2023-06-19', '20230231', '2023', 'N/A'].map((d) => repsDate(d))).toEqual(['2023-06-19', '2023-06-19', null, null, null]);
  });

  it('decodes UTF-8 (a sequence cut between chunks) and the portal\'s Windows-1252, and finds the delimiter', async () => {
    const utf8 = Buffer.from('\uFEFFa;b\nBOGOTÁ;Ñ\n', 'utf8');
    const cut = utf8.indexOf(0xc3) + 1;
    expect(await decodeAll([utf8.subarray(0, cut), utf8.subarray(cut)])).toBe('a;b\nBOGOTÁ;Ñ\n');
    expect(await decodeAll([Buffer.from('a;b\n', 'latin1'), Buffer.from('BOGOTÁ;NARIÑO\0\n', 'latin1')])).toBe('a;b\nBOGOTÁ;NARIÑO\n');
    expect(detectDelimiter('depa_nombre;muni_nombre;codigo_habilitacion')).toBe(';');
    expect(detectDelimiter('depa_nombre,muni_nombre')).toBe(',');
  });
});
