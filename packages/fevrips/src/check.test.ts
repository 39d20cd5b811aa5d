import { describe, expect, it } from 'vitest';
import { checkPair, checkRipsStructure } from './check.ts';
import { muvEndpointFor } from './endpoints.ts';
import { MAX_STRUCTURE_FINDINGS, hasRechazo, type THallazgoLocal } from './findings.ts';
import { FED129_DESCRIPCION, FED131_DESCRIPCION } from './rules-xml.ts';
import { RVG01_DESCRIPCION } from './structure.ts';
import { parseRipsJson, parseRipsObject, type TRipsParsed } from './rips.ts';
import { parseFevXml, type TFevXml } from './xml.ts';
import { SAMPLE, readSample, readSampleJson } from '../test/samples.ts';

const rechazos = (h: THallazgoLocal[]) => h.filter((x) => x.clase === 'RECHAZADO');
const codes = (h: THallazgoLocal[]) => h.map((x) => x.codigo);

function par1Xml(): TFevXml {
  return parseFevXml(readSample(SAMPLE.par1Xml));
}

/** par1's RIPS, edited by `edit` before it is read (the synthetic variants of the brief). */
function par1RipsWith(
  edit: (rips: Record<string, unknown>, procedimiento: (u: number) => Record<string, unknown>) => void,
): TRipsParsed {
  const rips = readSampleJson(SAMPLE.par1Json);
  const procedimiento = (u: number) => {
    const usuarios = rips['usuarios'] as { servicios: { procedimientos: Record<string, unknown>[] } }[];
    const entry = usuarios[u]?.servicios.procedimientos[0];
    if (!entry) throw new Error('par1 shape changed');
    return entry;
  };
  edit(rips, procedimiento);
  return parseRipsObject(rips);
}

function withXml(xml: TFevXml, patch: Partial<TFevXml>): TFevXml {
  return { ...xml, ...patch };
}

describe('checkRipsStructure on the samples and the invalid files', () => {
  it.each([SAMPLE.par1Json, SAMPLE.par2Json, SAMPLE.capitaJson, SAMPLE.grande377Json, SAMPLE.urgenciasJson])(
    'finds nothing in the well-formed real file %s',
    (name) => {
      expect(checkRipsStructure(parseRipsJson(readSample(name)))).toEqual([]);
    },
  );

  it('finds nothing in FEVC (well formed; only its numFactura lacks a digit)', () => {
    expect(checkRipsStructure(parseRipsObject(readSampleJson(SAMPLE.fevcJson)))).toEqual([]);
  });

  it('synthetic invalid file: "Servicios" read as servicios (as the ministry reads keys), 2024-05-32, codPrestador "52000"', () => {
    const all = checkRipsStructure(parseRipsJson(readSample(SAMPLE.invalidoSinteticoJson)));
    const findings = rechazos(all);
    expect(
      findings.every((h) => h.codigo === 'RVG01' && h.clase === 'RECHAZADO' && h.fuente === 'Rips'),
    ).toBe(true);
    expect(findings.every((h) => h.descripcion === RVG01_DESCRIPCION)).toBe(true);
    // the key in another case is a notice at the norm's path, first; nothing is reported at the file's spelling
    expect(all[0]).toMatchObject({ codigo: 'PROPIEDAD_MAYUSCULAS', clase: 'NOTIFICACION', pathFuente: 'usuarios[0].servicios' });
    expect(all[0]!.observaciones).toContain('Se envió [Servicios] y se leyó como [servicios]');
    expect(all.some((h) => h.pathFuente.includes('Servicios.') || h.pathFuente.endsWith('Servicios'))).toBe(false);
    // misspelt keys are pointed out (the MUV ignores unknown keys)
    expect(all.filter((h) => h.codigo === 'PROPIEDAD_NO_DEFINIDA').map((h) => h.pathFuente)).toContain(
      'usuarios[0].servicios.otrosServicios[0].icIMIPRES',
    );
    const byPath = new Map(findings.map((h) => [h.pathFuente, h.observaciones]));
    expect(byPath.get('usuarios[0].servicios.procedimientos[0].fechaInicioAtencion')).toBe(
      'La propiedad [fechaInicioAtencion] no cumple con el formato o tipo de dato requerido, Dato enviado [2024-05-32]',
    );
    expect(byPath.get('usuarios[0].servicios.consultas[0].codPrestador')).toBe(
      'La propiedad [codPrestador] no cumple con el formato o tipo de dato requerido, Dato enviado [52000]',
    );
    expect(byPath.get('usuarios[0].servicios.procedimientos[0].codPrestador')).toContain(
      'Dato enviado [52000]',
    );
    expect(byPath.get('usuarios[0].servicios.otrosServicios[0].codPrestador')).toContain(
      'Dato enviado [520000]',
    );
    // "2024-05-31" has no time
    expect(byPath.get('usuarios[0].servicios.consultas[0].fechaInicioAtencion')).toContain(
      'Dato enviado [2024-05-31]',
    );
    // tipoPagoModerador instead of conceptoRecaudo; valorPagoModerador ""
    expect(byPath.has('usuarios[0].servicios.consultas[0].conceptoRecaudo')).toBe(true);
    expect(byPath.has('usuarios[0].servicios.otrosServicios[0].valorPagoModerador')).toBe(true);
    // "2222" and "15" as strings are accepted as numbers
    expect(byPath.has('usuarios[0].servicios.otrosServicios[0].vrServicio')).toBe(false);
    expect(findings).toHaveLength(10);
  });

  it('annex transcription: OCR-broken dates, misspelt keys and old names', () => {
    const all = checkRipsStructure(parseRipsJson(readSample(SAMPLE.invalidoAnexoJson)));
    const findings = rechazos(all);
    expect(codes(findings).filter((c) => c !== 'RVG01')).toEqual([]);
    // the CUPS with a trailing space is a catalogue notice (decision 025), not a rechazo
    expect(codes(all).filter((c) => c === 'RVG14')).toEqual(['RVG14']);
    const byPath = new Map(all.map((h) => [h.pathFuente, h.observaciones]));
    // incapacidad "02": the annex's own coding of LstSiNo (and DT1 v003's, as reported), accepted beside SI/NO
    expect(byPath.has('usuarios[0].incapacidad')).toBe(false);
    expect(byPath.get('usuarios[0].servicios.hospitalizacion[0].fechaInicioAtencion')).toContain(
      'Dato enviado [2021-08-18 08: 1 O]',
    );
    expect(byPath.get('usuarios[0].servicios.recienNacidos[0].fechaNacimiento')).toContain(
      'Dato enviado [2019-05-10 1 OAO]',
    );
    expect(byPath.get('usuarios[0].servicios.recienNacidos[0].fechaEgreso')).toContain(
      'Dato enviado [2019-05-2509:30]',
    );
    // fechalnicioAtencion (l for I), vrProcedimiento instead of vrServicio, "fecha Egreso"
    expect(byPath.get('usuarios[1].servicios.procedimientos[0].fechaInicioAtencion')).toMatch(/obligatoria/);
    expect(byPath.get('usuarios[0].servicios.procedimientos[0].vrServicio')).toMatch(/obligatoria/);
    expect(byPath.get('usuarios[1].servicios.hospitalizacion[0].fechaEgreso')).toMatch(/obligatoria/);
    expect(byPath.has('usuarios[0].servicios.consultas[0].conceptoRecaudo')).toBe(true);
    // values with stray spaces are not in their reference table
    expect(byPath.get('usuarios[0].servicios.consultas[0].tipoDiagnosticoPrincipal')).toContain(
      'Verificar tabla de referencia RIPSTipoDiagnosticoPrincipalVersion2 Dato (01 )',
    );
    expect(byPath.get('usuarios[1].servicios.otrosServicios[2].tipoOS')).toContain('Dato enviado [0311]');
    // "890201 " (trailing space) is not a CUPS code
    expect(byPath.get('usuarios[0].servicios.consultas[1].codConsulta')).toBe(
      'Verificar tabla de referencia CUPSRips Dato (890201 )',
    );
    // OCR'd CIE-10 "8427" is not a diagnosis code
    expect(byPath.get('usuarios[0].servicios.urgencias[0].codDiagnosticoPrincipal')).toContain('CIE10');
    // old / misspelt names are shown as undefined properties
    expect(all.filter((h) => h.codigo === 'PROPIEDAD_NO_DEFINIDA').map((h) => h.pathFuente)).toEqual(
      expect.arrayContaining([
        'usuarios[0].servicios.consultas[0].numAutoriacion',
        'usuarios[0].servicios.procedimientos[0].vrProcedimiento',
        'usuarios[0].servicios.recienNacidos[0].tipoDocumentoldentificacion',
      ]),
    );
    // 51 rechazos: the CUPS with a trailing space is a notice (RVG14), incapacidad "02" of both users is accepted
    expect(findings).toHaveLength(51);
  });
});

describe('checkRipsStructure on the fields, dates and the cap', () => {
  it('top-level problems: numDocumentoIdObligado, tipoNota, usuarios', () => {
    const paths = (obj: Record<string, unknown>) =>
      checkRipsStructure(parseRipsObject(obj)).map((h) => h.pathFuente);
    expect(paths({ numFactura: 'FE1' })).toEqual(['numDocumentoIdObligado', 'usuarios']);
    expect(paths({ numDocumentoIdObligado: 901019681, tipoNota: 'XX', usuarios: [] })).toEqual([
      'numDocumentoIdObligado',
      'tipoNota',
      'usuarios',
    ]);
    expect(paths({ numDocumentoIdObligado: '901019681', tipoNota: 'RS', usuarios: {} })).toEqual([
      'usuarios',
    ]);
  });

  it('usuario fields and calendar dates', () => {
    const findings = checkRipsStructure(
      parseRipsObject({
        numDocumentoIdObligado: '901019681',
        usuarios: [
          {
            tipoDocumentoIdentificacion: 'C',
            numDocumentoIdentificacion: '12',
            fechaNacimiento: '2023-02-29',
            codSexo: 'H',
            incapacidad: 'No',
            consecutivo: 1.5,
            servicios: {
              consultas: { bad: true },
              procedimientos: [
                7,
                {
                  codPrestador: 110013120501,
                  fechaInicioAtencion: '2024-02-29 24:00',
                  consecutivo: '1',
                  codServicio: '70a',
                  vrServicio: '1,000',
                  valorPagoModerador: 0,
                  conceptoRecaudo: '05',
                },
              ],
            },
          },
          'x',
          {
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '1234',
            fechaNacimiento: '2024-02-29',
            codSexo: 'F',
            incapacidad: 'SI',
            consecutivo: 3,
          },
        ],
      }),
    );
    expect(findings.map((h) => [h.codigo, h.pathFuente])).toEqual([
      ['RVG01', 'usuarios[0].tipoDocumentoIdentificacion'],
      ['RVG05', 'usuarios[0].numDocumentoIdentificacion'],
      ['RVG01', 'usuarios[0].fechaNacimiento'],
      ['RVG01', 'usuarios[0].codSexo'],
      ['RVG01', 'usuarios[0].incapacidad'],
      ['RVG01', 'usuarios[0].consecutivo'],
      ['RVG01', 'usuarios[0].servicios.consultas'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[0]'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].codPrestador'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].fechaInicioAtencion'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].viaIngresoServicioSalud'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].modalidadGrupoServicioTecSal'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].grupoServicios'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].codServicio'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].finalidadTecnologiaSalud'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].tipoDocumentoIdentificacion'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].numDocumentoIdentificacion'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].codDiagnosticoPrincipal'],
      ['RVG01', 'usuarios[0].servicios.procedimientos[1].vrServicio'],
      ['RVG01', 'usuarios[1]'],
      ['RVG01', 'usuarios[2].servicios'],
    ]);
    expect(findings[8]?.observaciones).toContain('Dato enviado [110013120501]');
    expect(findings[1]?.observaciones).toBe(
      'La propiedad [numDocumentoIdentificacion] debe tener entre 4 y 20 caracteres, Dato enviado [12] (2)',
    );
  });

  it(`caps at ${MAX_STRUCTURE_FINDINGS} findings and summarises the rest in one NOTIFICACION`, () => {
    const consultas = Array.from({ length: 150 }, () => ({
      codPrestador: '52000',
      fechaInicioAtencion: '2024-05-32 10:00',
    }));
    const findings = checkRipsStructure(
      parseRipsObject({
        numDocumentoIdObligado: '901019681',
        usuarios: [
          {
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '1234',
            fechaNacimiento: '2000-01-01',
            codSexo: 'M',
            incapacidad: 'NO',
            consecutivo: 1,
            servicios: { consultas },
          },
        ],
      }),
    );
    // each consulta: codPrestador, fecha + 13 other required fields missing = 15
    expect(findings).toHaveLength(MAX_STRUCTURE_FINDINGS + 1);
    expect(findings.slice(0, MAX_STRUCTURE_FINDINGS).every((h) => h.codigo === 'RVG01')).toBe(true);
    expect(findings.at(-1)).toMatchObject({ clase: 'NOTIFICACION', codigo: 'LIMITE_HALLAZGOS' });
    expect(findings.at(-1)?.descripcion).toContain(String(150 * 15 - MAX_STRUCTURE_FINDINGS));
  });
});

describe('checkPair on the real pairs', () => {
  it('par1: no rechazo, exactly one FED131 notification', () => {
    const findings = checkPair(par1Xml(), parseRipsJson(readSample(SAMPLE.par1Json)));
    expect(findings).toEqual([
      {
        clase: 'NOTIFICACION',
        codigo: 'FED131',
        descripcion: FED131_DESCRIPCION,
        observaciones: '',
        pathFuente: '',
        fuente: 'FacturaElectronica',
      },
    ]);
    expect(hasRechazo(findings)).toBe(false);
  });

  it('par2: no rechazo (NUMERO_POLIZA "0" counts as present), no FED notice', () => {
    const findings = checkPair(
      parseFevXml(readSample(SAMPLE.par2Xml)),
      parseRipsJson(readSample(SAMPLE.par2Json)),
    );
    expect(hasRechazo(findings)).toBe(false);
    expect(findings.filter((h) => h.fuente === 'FacturaElectronica')).toEqual([]);
  });

  it('par2 request body: the decoded XML and its rips pass too', () => {
    const body = readSampleJson(SAMPLE.par2Body);
    const xml = parseFevXml(new Uint8Array(Buffer.from(body['xmlFevFile'] as string, 'base64')));
    expect(hasRechazo(checkPair(xml, parseRipsObject(body['rips'])))).toBe(false);
  });

  it('capita XML AWAS1283785 + capita RIPS AWAS1282418: RVC004, nothing about values or dates', () => {
    const findings = checkPair(
      parseFevXml(readSample(SAMPLE.capitaXml)),
      parseRipsJson(readSample(SAMPLE.capitaJson)),
    );
    expect(codes(rechazos(findings))).toEqual(['RVC004']);
    expect(rechazos(findings)[0]).toMatchObject({
      pathFuente: 'numFactura',
      fuente: 'Rips',
      observaciones: 'Dato enviado [AWAS1282418], número de la factura electrónica [AWAS1283785]',
    });
    // RVC018 (same CUPS, same patient, same day) is a notification the real capita file does trigger
    expect(codes(findings.filter((h) => h.codigo !== 'RVC018'))).toEqual(['RVC004', 'RVG02', 'FED131']);
  });

  it('an invalid RIPS paired with par1 XML carries its structure findings', () => {
    const findings = checkPair(par1Xml(), parseRipsJson(readSample(SAMPLE.invalidoSinteticoJson)));
    expect(codes(rechazos(findings))).toContain('RVG01');
    expect(codes(rechazos(findings))).toContain('RVC001');
    expect(codes(rechazos(findings))).toContain('RVC004');
  });
});

describe('checkPair on synthetic variants of par1: the provider, the period and the copago', () => {
  it('wrong NIT → RVC001', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((r) => (r['numDocumentoIdObligado'] = '900000001')),
    );
    expect(rechazos(findings)).toEqual([
      {
        clase: 'RECHAZADO',
        codigo: 'RVC001',
        descripcion: 'El número de NIT del facturador debe coincidir con el NIT registrado en la FEV',
        observaciones: 'Dato enviado [900000001], NIT del facturador en la factura electrónica [901019681]',
        pathFuente: 'numDocumentoIdObligado',
        fuente: 'Rips',
      },
    ]);
  });

  it('service date outside InvoicePeriod → RVC014 (notification) at the first offending field', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => {
        p(2)['fechaInicioAtencion'] = '2025-07-10 08:00';
        p(3)['fechaInicioAtencion'] = '2025-06-30 08:00';
      }),
    );
    expect(hasRechazo(findings)).toBe(false);
    const rvc014 = findings.filter((h) => h.codigo === 'RVC014');
    expect(rvc014.map((h) => h.clase)).toEqual(['NOTIFICACION']);
    expect(rvc014[0]?.pathFuente).toBe(
      'usuarios[2].servicios.procedimientos[0].fechaInicioAtencion',
    );
    expect(rvc014[0]?.observaciones).toBe(
      'Dato enviado [2025-07-10 08:00], periodo de facturación [2025-07-01 a 2025-07-09]',
    );
  });

  it('no period in the XML → no RVC014 (but VFE020/VFE021 for an invoice)', () => {
    const rips = par1RipsWith((_r, p) => (p(0)['fechaInicioAtencion'] = '2020-01-01 08:00'));
    const findings = checkPair(withXml(par1Xml(), { invoicePeriod: null }), rips);
    expect(codes(rechazos(findings))).toEqual(['VFE020', 'VFE021']);
  });

  it('copago sum changed → RVC036 (notification)', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => (p(0)['valorPagoModerador'] = 60000)),
    );
    expect(hasRechazo(findings)).toBe(false);
    expect(findings.filter((h) => h.codigo === 'RVC036')[0]).toMatchObject({
      clase: 'NOTIFICACION',
      pathFuente: 'usuarios[0].servicios.procedimientos[0].valorPagoModerador',
      observaciones:
        'Concepto de recaudo [01]: suma en el RIPS [60000], valor en la factura electrónica [64400]',
    });
  });

  it('copago reported under another concept → RVC036 for both concepts', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => (p(0)['conceptoRecaudo'] = '02')),
    );
    const rvc036 = findings.filter((h) => h.codigo === 'RVC036');
    expect(rvc036.map((h) => h.clase)).toEqual(['NOTIFICACION', 'NOTIFICACION']);
    expect(rvc036.map((h) => h.pathFuente)).toEqual([
      '',
      'usuarios[0].servicios.procedimientos[0].valorPagoModerador',
    ]);
  });

  it('codPrestador of another provider → PRESTADOR_FACTURA (notification; RVC012 is decided against REPS)', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => (p(1)['codPrestador'] = '520790005501')),
    );
    expect(hasRechazo(findings)).toBe(false);
    expect(findings.filter((h) => h.codigo !== 'FED131')).toEqual([
      expect.objectContaining({
        clase: 'NOTIFICACION',
        codigo: 'PRESTADOR_FACTURA',
        pathFuente: 'usuarios[1].servicios.procedimientos[0].codPrestador',
        observaciones: 'Dato enviado [520790005501], CODIGO_PRESTADOR en la factura electrónica [1100131205]',
      }),
    ]);
  });

  it('another sede of the same provider is fine', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => (p(1)['codPrestador'] = '110013120502')),
    );
    expect(hasRechazo(findings)).toBe(false);
  });

  it('a zero value under pago por evento → RVC034 and the total no longer matches (RVG02), both notices', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((_r, p) => (p(3)['vrServicio'] = 0)),
    );
    expect(hasRechazo(findings)).toBe(false);
    const valores = findings.filter((h) => h.codigo === 'RVG02' || h.codigo === 'RVC034');
    expect(codes(valores)).toEqual(['RVG02', 'RVC034']);
    expect(valores[0]?.observaciones).toBe(
      'Suma de vrServicio en el RIPS [840000], LineExtensionAmount de la factura electrónica [1120000]',
    );
    expect(valores[1]?.pathFuente).toBe('usuarios[3].servicios.procedimientos[0].vrServicio');
  });
});

describe('checkPair on synthetic variants of par1: totals under capitación and the invoice number', () => {
  it('for capitación (modalidad 03) a total difference is only a notification', () => {
    const xml = par1Xml();
    const capita = withXml(xml, { salud: xml.salud && { ...xml.salud, modalidadPago: '03' } });
    const findings = checkPair(
      capita,
      par1RipsWith((_r, p) => (p(3)['vrServicio'] = 0)),
    );
    expect(hasRechazo(findings)).toBe(false);
    expect(findings.find((h) => h.codigo === 'RVG02')?.clase).toBe('NOTIFICACION');
  });

  it('wrong numFactura → RVC004', () => {
    const findings = checkPair(
      par1Xml(),
      par1RipsWith((r) => (r['numFactura'] = 'A01E5688')),
    );
    expect(codes(rechazos(findings))).toEqual(['RVC004']);
  });
});

describe('checkPair XML-side rules', () => {
  const rips = () => parseRipsJson(readSample(SAMPLE.par1Json));

  it('empty NUMERO_CONTRATO → FED129 (verbatim), notification only', () => {
    const xml = par1Xml();
    const salud = xml.salud && {
      ...xml.salud,
      numeroContrato: null,
      collections: xml.salud.collections.map((c) => ({ ...c, numeroContrato: null })),
    };
    const findings = checkPair(withXml(xml, { salud }), rips());
    expect(findings.map((h) => [h.clase, h.codigo])).toEqual([
      ['NOTIFICACION', 'FED129'],
      ['NOTIFICACION', 'FED131'],
    ]);
    expect(findings[0]?.descripcion).toBe(FED129_DESCRIPCION);
  });

  it('no CustomTagGeneral → DND060; no health checks that need it', () => {
    const findings = checkPair(withXml(par1Xml(), { salud: null }), rips());
    expect(codes(findings)).toEqual(['DND060']);
  });

  it('CustomizationID outside the SS-* set → VFE003; notes need 20 / 30', () => {
    expect(codes(checkPair(withXml(par1Xml(), { customizationId: '10' }), rips()))).toContain('VFE003');
    expect(codes(checkPair(withXml(par1Xml(), { customizationId: 'SS-SinAporte' }), rips()))).not.toContain(
      'VFE003',
    );
    const nc = withXml(par1Xml(), { tipoDocumento: 'NC', customizationId: '22' });
    expect(codes(checkPair(nc, rips()))).toContain('VFE003');
    const nd = withXml(par1Xml(), { tipoDocumento: 'ND', customizationId: '30' });
    expect(codes(checkPair(nd, rips()))).not.toContain('VFE003');
  });

  it('InvoicePeriod starting before 2024-10-01 → RVG018', () => {
    const xml = withXml(par1Xml(), { invoicePeriod: { startDate: '2024-09-30', endDate: '2025-07-09' } });
    const findings = checkPair(xml, rips());
    expect(codes(rechazos(findings))).toEqual(['RVG018']);
    expect(rechazos(findings)[0]).toMatchObject({
      fuente: 'FacturaElectronica',
      observaciones: 'Dato enviado [2024-09-30]',
    });
  });

  it('credit note: numNota against the note number and numFactura against BillingReference', () => {
    const nc = withXml(par1Xml(), {
      tipoDocumento: 'NC',
      customizationId: '20',
      numeroDocumento: 'NC9',
      billingReference: { id: 'A01E5687', uuid: null, issueDate: null },
      prepaidPayments: [],
    });
    // Notes carry no moderator payments (NOTA_PAGO_MODERADOR): par1's are zeroed on both sides, concept 05 "no aplica".
    const sinModeradores = (r: Record<string, unknown>) => {
      for (const u of r['usuarios'] as { servicios: Record<string, Record<string, unknown>[]> }[])
        for (const list of Object.values(u.servicios))
          for (const s of list)
            if ('valorPagoModerador' in s) Object.assign(s, { valorPagoModerador: 0, conceptoRecaudo: '05' });
    };
    const ok = par1RipsWith((r) => {
      r['tipoNota'] = 'NC';
      r['numNota'] = 'NC9';
      sinModeradores(r);
    });
    expect(codes(rechazos(checkPair(nc, ok)))).toEqual([]);
    const wrong = par1RipsWith((r) => {
      r['tipoNota'] = 'NC';
      r['numNota'] = 'NC8';
      r['numFactura'] = 'A01E0001';
      sinModeradores(r);
    });
    expect(rechazos(checkPair(nc, wrong)).map((h) => [h.codigo, h.pathFuente])).toEqual([
      ['RVC004', 'numNota'],
      ['RVC004', 'numFactura'],
    ]);
  });
});

describe('muvEndpointFor', () => {
  const xml = () => par1Xml();
  const rips = () => parseRipsJson(readSample(SAMPLE.par1Json));
  const ripsNota = (tipoNota: string | null) => ({ ...rips(), tipoNota });

  it('invoice + RIPS → CargarFevRips; capitación → CargarCapitaPeriodo', () => {
    expect(muvEndpointFor(xml(), rips())).toBe('CargarFevRips');
    expect(
      muvEndpointFor(parseFevXml(readSample(SAMPLE.capitaXml)), parseRipsJson(readSample(SAMPLE.capitaJson))),
    ).toBe('CargarCapitaPeriodo');
  });

  it('notes', () => {
    const nc = withXml(xml(), { tipoDocumento: 'NC' });
    expect(muvEndpointFor(nc, ripsNota('NC'))).toBe('CargarNC');
    expect(muvEndpointFor(nc, null)).toBe('CargarNCTotal');
    expect(muvEndpointFor(withXml(xml(), { tipoDocumento: 'ND' }), ripsNota('ND'))).toBe('CargarND');
  });

  it('RIPS-only packages', () => {
    expect(muvEndpointFor(null, ripsNota('RS'))).toBe('CargarRipsSinFactura');
    expect(muvEndpointFor(null, ripsNota('NA'))).toBe('CargarNotaAjuste');
    expect(muvEndpointFor(xml(), ripsNota('NA'))).toBe('CargarNotaAjuste');
    expect(muvEndpointFor(null, ripsNota(null))).toBe('CargarFevRips');
    expect(muvEndpointFor(null, null)).toBe('CargarFevRips');
  });
});

describe('hasRechazo', () => {
  it('is true only with a RECHAZADO item', () => {
    const item: THallazgoLocal = {
      clase: 'NOTIFICACION',
      codigo: 'FED131',
      descripcion: '',
      observaciones: '',
      pathFuente: '',
      fuente: 'FacturaElectronica',
    };
    expect(hasRechazo([])).toBe(false);
    expect(hasRechazo([item])).toBe(false);
    expect(hasRechazo([item, { ...item, clase: 'RECHAZADO' }])).toBe(true);
  });
});
