import { describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { FevRipsError } from './errors.ts';
import { findNumDocumentoIdObligado, listServices, parseRipsJson, parseRipsObject } from './rips.ts';
import { SAMPLE, readSample, readSampleJson, readSampleText } from '../test/samples.ts';

function expectFevRipsError(fn: () => unknown, code: FevRipsError['code']): FevRipsError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FevRipsError);
    expect((e as FevRipsError).code).toBe(code);
    return e as FevRipsError;
  }
  throw new Error(`expected FevRipsError ${code}`);
}

const NO_ATENCIONES = {
  consultas: 0,
  procedimientos: 0,
  urgencias: 0,
  hospitalizacion: 0,
  recienNacidos: 0,
  medicamentos: 0,
  otrosServicios: 0,
};

describe('parseRipsJson on the real samples', () => {
  it('par1: 4 usuarios with one procedimiento each, copago 64,400 (concepto 01)', () => {
    const rips = parseRipsJson(readSample(SAMPLE.par1Json));
    expect(rips.formato).toBe('A01E5687');
    expect(rips.numFactura).toBe('A01E5687');
    expect(rips.numDocumentoIdObligado).toBe('901019681');
    expect(rips.tipoNota).toBeNull();
    expect(rips.numNota).toBeNull();
    expect(rips.resumen).toEqual({
      cantidadUsuarios: 4,
      cantidadAtenciones: 4,
      totalValorServicios: 1120000,
      totalPagoModerador: 64400,
      pagoModeradorPorConcepto: { '01': 64400, '05': 0 },
      atencionesPorTipo: { ...NO_ATENCIONES, procedimientos: 4 },
      fechas: { min: '2025-07-04', max: '2025-07-04' },
    });
    expect(rips.rips['usuarios']).toHaveLength(4);
  });

  it('par2: tipoNota "" and numNota "0", 17 atenciones for 228,630', () => {
    const rips = parseRipsJson(readSample(SAMPLE.par2Json));
    expect(rips.formato).toBe('FECE214626');
    expect(rips.numDocumentoIdObligado).toBe('891856372');
    expect(rips.rips['tipoNota']).toBe('');
    expect(rips.tipoNota).toBeNull();
    expect(rips.numNota).toBe('0');
    expect(rips.resumen.cantidadUsuarios).toBe(1);
    expect(rips.resumen.cantidadAtenciones).toBe(17);
    expect(rips.resumen.atencionesPorTipo).toEqual({
      ...NO_ATENCIONES,
      consultas: 1,
      procedimientos: 6,
      medicamentos: 7,
      otrosServicios: 3,
    });
    expect(rips.resumen.totalValorServicios).toBe(228630);
    expect(rips.resumen.totalPagoModerador).toBe(0);
    expect(rips.resumen.fechas).toEqual({ min: '2025-01-20', max: '2025-01-20' });
  });

  it('par2 request body: its rips object reads like the par2 JSON file', () => {
    const body = readSampleJson(SAMPLE.par2Body);
    expect(body['codigoUnicoValidacion']).toBe('0');
    const fromBody = parseRipsObject(body['rips']);
    const fromFile = parseRipsJson(readSample(SAMPLE.par2Json));
    expect(fromBody.formato).toBe('FECE214626');
    expect(fromBody.resumen).toEqual(fromFile.resumen);
    // the whole body is not a RIPS, but the biller is still found inside it
    expect(findNumDocumentoIdObligado(body)).toBe('891856372');
  });

  it('capita (AWAS1282418): 20 usuarios, 37 consultas, every vrServicio 0', () => {
    const rips = parseRipsJson(readSample(SAMPLE.capitaJson));
    expect(rips.formato).toBe('AWAS1282418');
    expect(rips.numDocumentoIdObligado).toBe('840000269');
    expect(rips.resumen).toMatchObject({
      cantidadUsuarios: 20,
      cantidadAtenciones: 37,
      totalValorServicios: 0,
      totalPagoModerador: 0,
      atencionesPorTipo: { ...NO_ATENCIONES, consultas: 37 },
      fechas: { min: '2025-05-12', max: '2025-05-22' },
    });
  });

  it('377 services (00003061721): Σ 58,884,073', () => {
    const rips = parseRipsJson(readSample(SAMPLE.grande377Json));
    expect(rips.formato).toBe('00003061721');
    expect(rips.numDocumentoIdObligado).toBe('891200528');
    expect(rips.resumen).toMatchObject({
      cantidadUsuarios: 1,
      cantidadAtenciones: 377,
      totalValorServicios: 58884073,
      totalPagoModerador: 0,
      atencionesPorTipo: {
        ...NO_ATENCIONES,
        consultas: 5,
        procedimientos: 86,
        hospitalizacion: 1,
        medicamentos: 173,
        otrosServicios: 112,
      },
      fechas: { min: '2025-01-30', max: '2025-02-13' },
    });
  });

  it('urgencias + hospitalización, migrant patient (00003074044): Σ 9,957,551', () => {
    const rips = parseRipsJson(readSample(SAMPLE.urgenciasJson));
    expect(rips.formato).toBe('00003074044');
    expect(rips.resumen).toMatchObject({
      cantidadUsuarios: 1,
      cantidadAtenciones: 87,
      totalValorServicios: 9957551,
      atencionesPorTipo: {
        ...NO_ATENCIONES,
        consultas: 6,
        procedimientos: 15,
        urgencias: 1,
        hospitalizacion: 1,
        medicamentos: 42,
        otrosServicios: 22,
      },
      fechas: { min: '2025-03-07', max: '2025-03-12' },
    });
    const usuario = (rips.rips['usuarios'] as Record<string, unknown>[])[0];
    expect(usuario?.['tipoDocumentoIdentificacion']).toBe('DE');
    expect(usuario?.['codPaisResidencia']).toBe('862');
  });
});

describe('parseRipsJson on FEVC, the invalid files and names in any case', () => {
  it('FEVC: numFactura "FEVC" has no digit, so parseRipsJson refuses it with JSON_NO_FORMATO', () => {
    const error = expectFevRipsError(() => parseRipsJson(readSample(SAMPLE.fevcJson)), 'JSON_NO_FORMATO');
    expect(error.message).toBe(MSG.jsonNoFormato);
  });

  it('FEVC via parseRipsObject: formato null, 123 usuarios, 397 medicamentos + 1 otro servicio, all at 0', () => {
    const rips = parseRipsObject(readSampleJson(SAMPLE.fevcJson));
    expect(rips.formato).toBeNull();
    expect(rips.numFactura).toBe('FEVC');
    expect(rips.numDocumentoIdObligado).toBe('900397985');
    expect(rips.resumen).toMatchObject({
      cantidadUsuarios: 123,
      cantidadAtenciones: 398,
      totalValorServicios: 0,
      atencionesPorTipo: { ...NO_ATENCIONES, medicamentos: 397, otrosServicios: 1 },
      fechas: { min: '2025-06-03', max: '2025-06-27' },
    });
  });

  it('invalid annex transcription: still readable; old value names are not counted', () => {
    const rips = parseRipsJson(readSample(SAMPLE.invalidoAnexoJson));
    expect(rips.formato).toBe('CTFE226713');
    expect(rips.numDocumentoIdObligado).toBe('814006170');
    expect(rips.resumen.cantidadUsuarios).toBe(2);
    expect(rips.resumen.cantidadAtenciones).toBe(19);
    expect(rips.resumen.atencionesPorTipo).toEqual({
      consultas: 3,
      procedimientos: 2,
      urgencias: 2,
      hospitalizacion: 2,
      recienNacidos: 2,
      medicamentos: 2,
      otrosServicios: 6,
    });
    // vrProcedimiento / vrConsulta (old names) are ignored; tipoPagoModerador is not conceptoRecaudo
    expect(rips.resumen.totalValorServicios).toBe(14966338);
    expect(rips.resumen.pagoModeradorPorConcepto).toEqual({ '': 58000 });
  });

  it('invalid synthetic file: "Servicios" (capital S) is read as servicios, as the ministry reads it (decision 050)', () => {
    const bytes = readSample(SAMPLE.invalidoSinteticoJson);
    const rips = parseRipsJson(bytes);
    expect(rips.formato).toBe('12222');
    expect(rips.numDocumentoIdObligado).toBe('520001');
    expect(rips.resumen.cantidadUsuarios).toBe(1);
    expect(rips.resumen.cantidadAtenciones).toBe(3);
    expect(rips.resumen.atencionesPorTipo).toMatchObject({ consultas: 1, procedimientos: 1, otrosServicios: 1 });
    // what is sent to the MUV carries the norm's spelling; the file's own object is left as it was
    const usuario = (rips.rips['usuarios'] as Record<string, unknown>[])[0]!;
    expect(Object.keys(usuario)).toContain('servicios');
    expect(Object.keys(usuario)).not.toContain('Servicios');
    expect(rips.clavesLeidas).toEqual({ leidas: [{ path: 'usuarios[0].servicios', enviada: 'Servicios', leida: 'servicios' }], total: 1 });
    // the key keeps its place among the user's keys
    const original = (JSON.parse(new TextDecoder().decode(bytes)) as { usuarios: Record<string, unknown>[] }).usuarios[0]!;
    expect(Object.keys(usuario)).toEqual(Object.keys(original).map((k) => (k === 'Servicios' ? 'servicios' : k)));
  });

  it('reads every level case-insensitively, keeps unknown and misspelt keys, and never touches the given object', () => {
    const input = {
      NumFactura: 'FE9',
      numDocumentoIdObligado: '901019681',
      Usuarios: [
        { tipodocumentoidentificacion: 'CC', SERVICIOS: { Consultas: [{ CODPRESTADOR: '520010110201', numAutoriacion: 'x' }] } },
        { servicios: { consultas: [{ codPrestador: '520010110201' }] } },
      ],
    };
    const before = JSON.stringify(input);
    const r = parseRipsObject(input);
    expect(JSON.stringify(input)).toBe(before);
    expect(r.formato).toBe('FE9');
    expect(r.resumen.cantidadAtenciones).toBe(2);
    const usuarios = r.rips['usuarios'] as Record<string, Record<string, unknown>>[];
    expect(usuarios[0]).toEqual({ tipoDocumentoIdentificacion: 'CC', servicios: { consultas: [{ codPrestador: '520010110201', numAutoriacion: 'x' }] } });
    // a user without variants is the same object (copy on write)
    expect(usuarios[1]).toBe(input.Usuarios[1]);
    expect(r.clavesLeidas?.total).toBe(6);
    expect(r.clavesLeidas?.leidas.map((c) => c.path)).toEqual([
      'numFactura',
      'usuarios',
      'usuarios[0].tipoDocumentoIdentificacion',
      'usuarios[0].servicios',
      'usuarios[0].servicios.consultas',
      'usuarios[0].servicios.consultas[0].codPrestador',
    ]);
  });

  it('a name given twice in different case: the last one wins, as System.Text.Json keeps the last value', () => {
    const r = parseRipsJson('{"numFactura":"FE1","usuarios":[{"servicios":{"consultas":[{"vrServicio":1}]},"Servicios":{"consultas":[{"vrServicio":7},{"vrServicio":1}]}}]}');
    expect(r.resumen.cantidadAtenciones).toBe(2);
    expect(r.resumen.totalValorServicios).toBe(8);
  });

  it('a file that spells every name as the norm is returned as it is, with no clavesLeidas', () => {
    const value = readSampleJson(SAMPLE.par1Json);
    const r = parseRipsObject(value);
    expect(r.rips).toBe(value);
    expect(r.clavesLeidas).toBeUndefined();
  });

  it('a "__proto__" key next to a case variant stays a plain own key', () => {
    const r = parseRipsJson('{"numFactura":"FE1","__proto__":{"x":1},"Usuarios":[]}');
    expect(Object.hasOwn(r.rips, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(r.rips)).toBe(Object.prototype);
    expect(r.rips['usuarios']).toEqual([]);
  });

  it('listServices gives file order and paths', () => {
    const rips = parseRipsJson(readSample(SAMPLE.par2Json));
    const paths = listServices(rips.rips).map((s) => s.path);
    expect(paths).toHaveLength(17);
    expect(paths[0]).toBe('usuarios[0].servicios.consultas[0]');
    expect(paths[16]).toBe('usuarios[0].servicios.otrosServicios[2]');
  });
});

describe('parseRipsJson errors and the formato', () => {
  it('"{" → JSON_INVALID with the catalogue message', () => {
    const error = expectFevRipsError(() => parseRipsJson('{'), 'JSON_INVALID');
    expect(error.message).toBe(MSG.jsonInvalid);
  });

  it('top level not an object → JSON_INVALID', () => {
    for (const text of ['[]', '"A01"', '12', 'null', ''])
      expectFevRipsError(() => parseRipsJson(text), 'JSON_INVALID');
    expectFevRipsError(() => parseRipsObject([{ numFactura: 'FE1' }]), 'JSON_INVALID');
  });

  it('strips a BOM and reads bytes and text alike', () => {
    const text = readSampleText(SAMPLE.par1Json);
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(parseRipsJson(withBom).resumen).toEqual(parseRipsJson(text).resumen);
  });

  it('formato from numeroFactura / numero when numFactura has none', () => {
    expect(parseRipsJson('{"numFactura":null,"numeroFactura":"FE12","usuarios":[]}').formato).toBe('FE12');
    expectFevRipsError(() => parseRipsJson('{"numFactura":"FE 12"}'), 'JSON_NO_FORMATO');
    expect(parseRipsJson('{"numFactura":"FEVC","numero":"SETP99","usuarios":[]}').formato).toBe('SETP99');
    expect(parseRipsJson('{"numFactura":"  FE55  "}').formato).toBe('FE55');
  });

  it('RIPS sin factura: formato from numNota, else JSON_NO_FORMATO', () => {
    const rs = parseRipsJson(
      '{"numDocumentoIdObligado":"900123456","numFactura":null,"tipoNota":"RS","numNota":"1","usuarios":[]}',
    );
    expect(rs.formato).toBe('1');
    expect(rs.tipoNota).toBe('RS');
    expect(rs.numNota).toBe('1');
    expectFevRipsError(
      () => parseRipsJson('{"numFactura":null,"tipoNota":"RS","numNota":"ABC"}'),
      'JSON_NO_FORMATO',
    );
    expectFevRipsError(
      () => parseRipsJson('{"numFactura":null,"tipoNota":"NC","numNota":"7"}'),
      'JSON_NO_FORMATO',
    );
  });

  it('notes keep the note number apart', () => {
    const nc = parseRipsJson('{"numFactura":"FE10","tipoNota":"nc","numNota":" NC77 "}');
    expect(nc.formato).toBe('FE10');
    expect(nc.formatoNota).toBe('NC77');
    expect(nc.tipoNota).toBe('NC');
    expect(nc.numNota).toBe('NC77');
  });
});

describe('parseRipsJson tolerance: totals, own keys and the obligado', () => {
  it('numbers as strings, nulls and junk values are tolerated in the totals', () => {
    const rips = parseRipsObject({
      numFactura: 'FE1',
      usuarios: [
        {
          servicios: {
            consultas: [
              {
                vrServicio: '1000.50',
                valorPagoModerador: '200',
                conceptoRecaudo: '02',
                fechaInicioAtencion: '2025-01-02 08:00',
              },
              { vrServicio: 'mil', valorPagoModerador: null, conceptoRecaudo: '05' },
              'not an object',
            ],
            procedimientos: null,
            urgencias: { not: 'a list' },
            medicamentos: [
              {
                vrServicio: 99.25,
                valorPagoModerador: 0,
                conceptoRecaudo: '05',
                fechaDispensAdmon: '2024-12-31 23:59',
              },
            ],
          },
        },
        null,
        { 'Servicios ': { consultas: [{ vrServicio: 5 }] } },
      ],
    });
    expect(rips.resumen).toEqual({
      cantidadUsuarios: 3,
      cantidadAtenciones: 4,
      totalValorServicios: 1099.75,
      totalPagoModerador: 200,
      pagoModeradorPorConcepto: { '02': 200, '05': 0 },
      atencionesPorTipo: { ...NO_ATENCIONES, consultas: 3, medicamentos: 1 },
      fechas: { min: '2024-12-31', max: '2025-01-02' },
    });
  });

  it('a conceptoRecaudo named "__proto__" stays an own key', () => {
    const rips = parseRipsJson(
      '{"numFactura":"FE1","usuarios":[{"servicios":{"consultas":[{"vrServicio":1,"valorPagoModerador":3,"conceptoRecaudo":"__proto__"}]}}]}',
    );
    expect(Object.hasOwn(rips.resumen.pagoModeradorPorConcepto, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(rips.resumen.pagoModeradorPorConcepto)).toBe(Object.prototype);
  });

  it('findNumDocumentoIdObligado: top level first, else the first nested occurrence; numbers accepted', () => {
    expect(
      findNumDocumentoIdObligado({
        numDocumentoIdObligado: ' 901019681 ',
        x: { numDocumentoIdObligado: '1' },
      }),
    ).toBe('901019681');
    expect(
      findNumDocumentoIdObligado({
        a: [{ b: { numDocumentoIdObligado: '' } }, { numDocumentoIdObligado: 800 }],
      }),
    ).toBe('800');
    expect(findNumDocumentoIdObligado({ a: 1 })).toBeNull();
    expect(findNumDocumentoIdObligado('901019681')).toBeNull();
    expect(
      parseRipsObject({ numFactura: 'FE1', rips: { numDocumentoIdObligado: '123456' } })
        .numDocumentoIdObligado,
    ).toBe('123456');
  });
});
