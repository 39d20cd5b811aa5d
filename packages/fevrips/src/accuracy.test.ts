import { describe, expect, it } from 'vitest';
import { muvEndpointFor, muvEndpointsFor } from './endpoints.ts';
import type { THallazgoLocal } from './findings.ts';
import { checkDocuments, checkFiles } from './engine.ts';
import { parseRipsObject } from './rips.ts';
import { parseFevXml, type TFevXml } from './xml.ts';
import { SAMPLE, readSample, readSampleJson } from '../test/samples.ts';

/** What the engine says about every sample and about synthetic variants of par1. */
const NOW = new Date('2026-11-21T12:00:00Z');
const rechazos = (h: THallazgoLocal[]) => h.filter((x) => x.clase === 'RECHAZADO');
const codes = (h: THallazgoLocal[]) => h.map((x) => x.codigo);

function pair(xmlName: string, jsonName: string) {
  return checkFiles({ xml: readSample(xmlName), rips: readSample(jsonName) }, { now: NOW });
}

type TRips = Record<string, unknown> & { usuarios: Record<string, unknown>[] };

function par1Variant(
  edit: (rips: TRips, proc: (u: number) => Record<string, unknown>) => void,
): THallazgoLocal[] {
  const rips = readSampleJson(SAMPLE.par1Json) as TRips;
  const proc = (u: number) =>
    ((rips.usuarios[u]?.['servicios'] as Record<string, Record<string, unknown>[]>)['procedimientos'] ??
      [])[0] ?? {};
  edit(rips, proc);
  return checkDocuments(parseFevXml(readSample(SAMPLE.par1Xml)), parseRipsObject(rips), { now: NOW });
}

describe('real pairs', () => {
  it('par1: no RECHAZADO; exactly FED131 (empty NUMERO_POLIZA)', () => {
    const r = pair(SAMPLE.par1Xml, SAMPLE.par1Json);
    expect(r.error).toBeNull();
    expect(r.hallazgos.map((h) => [h.clase, h.codigo])).toEqual([['NOTIFICACION', 'FED131']]);
    expect(r.endpoint).toBe('CargarFevRips');
  });

  it('par2 (BOM + mojibake XML, tipoNota ""): no rechazo, only the notices real MUV answers give', () => {
    const r = pair(SAMPLE.par2Xml, SAMPLE.par2Json);
    expect(r.error).toBeNull();
    expect(rechazos(r.hallazgos)).toEqual([]);
    // an urgencias consultation (RVC019, RVC059), CUM expedientes without consecutivo (RVC063), and medicines with
    // tipoMedicamento 01 that report name, concentration and unit (RVC065)
    expect([...new Set(codes(r.hallazgos))].sort()).toEqual(['RVC019', 'RVC059', 'RVC063', 'RVC065']);
    expect(r.xml?.salud?.modalidadPago).toBe('04');
    expect(r.xml?.salud?.coberturaPlan).toBe('01');
  });

  it('capitation XML AWAS1283785 + capitation RIPS AWAS1282418: invoice-number and totals mismatch', () => {
    const r = pair(SAMPLE.capitaXml, SAMPLE.capitaJson);
    const byCode = new Map(r.hallazgos.map((h) => [h.codigo, h]));
    expect(byCode.get('RVC004')).toMatchObject({ clase: 'RECHAZADO', pathFuente: 'numFactura' });
    expect(byCode.get('RVG02')?.observaciones).toContain(
      'LineExtensionAmount de la factura electrónica [36477272]',
    );
    expect(r.endpoint).toBe('CargarCapitaPeriodo');
  });
});

describe('real single files: no RECHAZADO where the MUV is known or believed to accept them', () => {
  it.each([SAMPLE.par1Json, SAMPLE.par2Json, SAMPLE.capitaJson, SAMPLE.urgenciasJson])('%s', (name) => {
    const r = checkFiles({ rips: readSample(name) }, { now: NOW });
    expect(r.error).toBeNull();
    expect(rechazos(r.hallazgos)).toEqual([]);
  });

  it('a RIPS with a UTF-8 BOM reads like the same file without it (reference §2.12)', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(readSample(SAMPLE.par1Json))]);
    const r = checkFiles({ xml: readSample(SAMPLE.par1Xml), rips: bytes }, { now: NOW });
    expect(r.error).toBeNull();
    expect(codes(r.hallazgos)).toEqual(['FED131']);
  });

  it('the 377-service file: the only rechazo is one exact duplicate dispensation (RVG13)', () => {
    const r = checkFiles({ rips: readSample(SAMPLE.grande377Json) }, { now: NOW });
    expect(codes(rechazos(r.hallazgos))).toEqual(['RVG13']);
  });

  it('capitation XML alone → CargarCapitaInicial, FED131 only', () => {
    const r = checkFiles({ xml: readSample(SAMPLE.capitaXml) }, { now: NOW });
    expect(r.endpoint).toBe('CargarCapitaInicial');
    expect(codes(r.hallazgos)).toEqual(['FED131']);
  });
});

describe('invalid files: structural errors with their JSON paths', () => {
  it('synthetic "Servicios" file: its services are read (keys case-insensitive, as the ministry) and checked', () => {
    const r = checkFiles({ rips: readSample(SAMPLE.invalidoSinteticoJson) }, { now: NOW });
    const paths = rechazos(r.hallazgos)
      .filter((h) => h.codigo === 'RVG01')
      .map((h) => h.pathFuente);
    expect(paths).toEqual(
      expect.arrayContaining([
        'usuarios[0].servicios.procedimientos[0].fechaInicioAtencion',
        'usuarios[0].servicios.consultas[0].codPrestador',
      ]),
    );
    expect(paths).not.toContain('usuarios[0].Servicios');
    expect(r.rips?.resumen.cantidadAtenciones).toBe(3);
  });

  it("OCR annex: RVG01 paths, RVG14 for a CUPS with a trailing space, and the annex's newborn rules", () => {
    const r = checkFiles({ rips: readSample(SAMPLE.invalidoAnexoJson) }, { now: NOW });
    const byCode = (c: string) => r.hallazgos.filter((h) => h.codigo === c).map((h) => h.pathFuente);
    expect(byCode('RVG01')).toContain('usuarios[0].servicios.recienNacidos[0].fechaNacimiento');
    expect(byCode('RVG14')).toEqual(['usuarios[0].servicios.consultas[1].codConsulta']);
    expect(byCode('RVC042')).toHaveLength(1);
  });
});

describe('synthetic variants of par1 → the expected code each', () => {
  it('wrong NIT → RVC001', () => {
    const h = par1Variant((r) => (r['numDocumentoIdObligado'] = '900000001'));
    expect(codes(rechazos(h))).toEqual(['RVC001']);
  });

  // / decision 025: the checks whose level no source gives are notices, never a rechazo.
  const notices = (h: THallazgoLocal[]) => h.filter((x) => x.codigo !== 'FED131');

  it('date outside the invoice period → RVC014 (notification)', () => {
    const h = par1Variant((_r, p) => (p(2)['fechaInicioAtencion'] = '2025-07-10 08:00'));
    expect(rechazos(h)).toEqual([]);
    expect(notices(h).map((x) => [x.clase, x.codigo, x.pathFuente])).toEqual([
      ['NOTIFICACION', 'RVC014', 'usuarios[2].servicios.procedimientos[0].fechaInicioAtencion'],
    ]);
  });

  it('wrong copago sum → RVC036 (notification)', () => {
    const h = par1Variant((_r, p) => (p(0)['valorPagoModerador'] = 64_000));
    expect(rechazos(h)).toEqual([]);
    expect(codes(notices(h))).toEqual(['RVC036']);
  });

  it('unknown CUPS → RVG14 (notification: Radica\'s CUPSRips copy may lag the ministry\'s)', () => {
    const h = par1Variant((_r, p) => (p(1)['codProcedimiento'] = '999999'));
    expect(rechazos(h)).toEqual([]);
    expect(notices(h).map((x) => [x.codigo, x.pathFuente, x.observaciones])).toEqual([
      [
        'RVG14',
        'usuarios[1].servicios.procedimientos[0].codProcedimiento',
        'Verificar tabla de referencia CUPSRips Dato (999999)',
      ],
    ]);
  });

  it('codPrestador of another provider → PRESTADOR_FACTURA (notification); RVC012 needs the REPS table', () => {
    const h = par1Variant((_r, p) => (p(3)['codPrestador'] = '520790005501'));
    expect(rechazos(h)).toEqual([]);
    expect(codes(notices(h))).toEqual(['PRESTADOR_FACTURA']);
  });

  it('a municipality / CIE-10 code missing from Radica\'s tables → TABLA_REFERENCIA; a malformed one → RVG01', () => {
    const h = par1Variant((r, p) => {
      (r.usuarios[0] as Record<string, unknown>)['codMunicipioResidencia'] = '99999';
      p(0)['codDiagnosticoPrincipal'] = 'A999';
    });
    expect(rechazos(h)).toEqual([]);
    expect(notices(h).map((x) => [x.codigo, x.observaciones])).toEqual([
      ['TABLA_REFERENCIA', expect.stringContaining('Verificar tabla de referencia Municipio Dato (99999)')],
      ['TABLA_REFERENCIA', expect.stringContaining('Verificar tabla de referencia CIE10 Dato (A999)')],
    ]);
    const malformed = par1Variant((_r, p) => (p(0)['codDiagnosticoPrincipal'] = 'J4X9'));
    expect(codes(rechazos(malformed))).toEqual(['RVG01']);
  });

  it('field too long → RVG05', () => {
    const h = par1Variant((_r, p) => (p(0)['numAutorizacion'] = '1'.repeat(31)));
    expect(codes(rechazos(h))).toEqual(['RVG05']);
  });
});

describe('RIPS-internal DT1 rules (reference §3.4)', () => {
  const userRules = (edit: (u: Record<string, unknown>, p: Record<string, unknown>) => void) =>
    par1Variant((r, p) => edit(r.usuarios[0] as Record<string, unknown>, p(0))).filter(
      (h) => h.fuente === 'Rips',
    );

  it('RVC006 birth in the future; RVC079 service before birth', () => {
    expect(codes(userRules((u) => (u['fechaNacimiento'] = '2027-01-01')))).toEqual(
      expect.arrayContaining(['RVC006', 'RVC079']),
    );
  });

  it('RVC013 service in the future (also outside the period: RVC014)', () => {
    expect(codes(userRules((_u, p) => (p['fechaInicioAtencion'] = '2027-01-01 10:00')))).toEqual([
      'RVC013',
      'RVC014',
    ]);
  });

  it('RVC007 age vs document type', () => {
    expect(codes(userRules((u) => (u['fechaNacimiento'] = '2015-01-01')))).toEqual(['RVC007']);
  });

  it('RVC060 copago concept with 0; RVC061 "no aplica" with a value', () => {
    expect(codes(userRules((_u, p) => (p['valorPagoModerador'] = 0)))).toEqual(['RVC060', 'RVC036']);
    expect(codes(userRules((_u, p) => (p['conceptoRecaudo'] = '05')))).toEqual([
      'RVC061',
      'RVC036',
      'RVC036',
    ]);
  });

  it('RVC086 related dx equal to the principal; RVG12 duplicate user', () => {
    expect(
      codes(userRules((_u, p) => (p['codDiagnosticoRelacionado'] = p['codDiagnosticoPrincipal']))),
    ).toEqual(['RVC086']);
    const h = par1Variant((r) => {
      const [a, b] = r.usuarios as Record<string, unknown>[];
      if (a && b) b['numDocumentoIdentificacion'] = a['numDocumentoIdentificacion'];
    });
    expect(codes(rechazos(h))).toEqual(['RVG12']);
  });

  it('RVC016 (notification): CUPS restricted to the other sex', () => {
    // 487301 carries Sexo F in CUPSRips (Extra_VI)
    const h = par1Variant((r, p) => {
      (r.usuarios[0] as Record<string, unknown>)['codSexo'] = 'M';
      p(0)['codProcedimiento'] = '487301';
    });
    expect(h.find((x) => x.codigo === 'RVC016')).toMatchObject({
      clase: 'NOTIFICACION',
      pathFuente: 'usuarios[0].servicios.procedimientos[0].codProcedimiento',
    });
  });

  it('hospitalización and recién nacidos rules on a hand-made user', () => {
    const rips = readSampleJson(SAMPLE.par1Json) as TRips;
    const u = rips.usuarios[0] as Record<string, unknown>;
    u['codSexo'] = 'F';
    u['fechaNacimiento'] = '1990-01-01';
    const base = {
      codPrestador: '110013120501',
      consecutivo: 1,
      viaIngresoServicioSalud: '01',
      causaMotivoAtencion: '38',
      codDiagnosticoPrincipal: 'J450',
      codDiagnosticoPrincipalE: 'J450',
    };
    u['servicios'] = {
      hospitalizacion: [
        {
          ...base,
          fechaInicioAtencion: '2025-07-05 10:00',
          fechaEgreso: '2025-07-04 09:00',
          condicionDestinoUsuarioEgreso: '02',
        },
      ],
      recienNacidos: [
        {
          codPrestador: '110013120501',
          tipoDocumentoIdentificacion: 'CN',
          numDocumentoIdentificacion: '12345678',
          fechaNacimiento: '2025-07-05 10:00',
          edadGestacional: 50,
          codSexoBiologico: '01',
          peso: 200,
          codDiagnosticoPrincipal: 'Z380',
          condicionDestinoUsuarioEgreso: '01',
          fechaEgreso: '2025-07-04 10:00',
          consecutivo: 1,
        },
      ],
    };
    const h = checkDocuments(null, parseRipsObject(rips), { now: NOW });
    expect(codes(h)).toEqual(expect.arrayContaining(['RVC039', 'RVC042', 'RVC046', 'RVC057', 'RVC058']));
  });
});

describe('MUV endpoint from the files (reference §1.2)', () => {
  const xml = parseFevXml(readSample(SAMPLE.par1Xml));
  const rips = parseRipsObject(readSampleJson(SAMPLE.par1Json));
  const capita: TFevXml = { ...xml, salud: xml.salud && { ...xml.salud, modalidadPago: '03' } };
  const nc: TFevXml = { ...xml, tipoDocumento: 'NC' };
  const ripsWith = (tipoNota: string) => parseRipsObject({ ...readSampleJson(SAMPLE.par1Json), tipoNota });

  it('every package type', () => {
    expect(muvEndpointFor(xml, rips)).toBe('CargarFevRips');
    expect(muvEndpointFor(capita, rips)).toBe('CargarCapitaPeriodo');
    expect(muvEndpointsFor(capita, rips)).toEqual(['CargarCapitaPeriodo', 'CargarCapitaFinal']);
    expect(muvEndpointFor(capita, null)).toBe('CargarCapitaInicial');
    expect(muvEndpointFor(nc, ripsWith('NC'))).toBe('CargarNC');
    expect(muvEndpointFor(nc, null)).toBe('CargarNCTotal');
    expect(muvEndpointFor({ ...capita, tipoDocumento: 'NC' }, null)).toBe('CargarNcCapita');
    expect(muvEndpointFor({ ...xml, tipoDocumento: 'ND' }, ripsWith('ND'))).toBe('CargarND');
    expect(muvEndpointFor(xml, ripsWith('NA'))).toBe('CargarNotaAjuste');
    expect(muvEndpointFor(null, ripsWith('NA'))).toBe('CargarNotaAjuste');
    expect(muvEndpointFor(null, ripsWith('RS'))).toBe('CargarRipsSinFactura');
  });
});
