import { describe, expect, it } from 'vitest';
import { reglaDe } from '@radica/contracts/reglas';
import { checkFiles, prestadoresDeMapa, type TCheckOptions } from './engine.ts';
import type { THallazgoLocal } from './findings.ts';

/**
 * Issue 22: every fact of the real, public MUV answers (2025; reference §3.2) that Radica can decide, reproduced from a
 * minimal made-up RIPS (no patient data): the code, the ministry's class, its Descripcion word for word, the shape of
 * its Observaciones and the PathFuente; and, for each, a neighbouring input the ministry did not flag.
 */

const NOW: TCheckOptions = { now: new Date('2026-11-23T12:00:00-05:00'), version: 'res2275-2023' };
const NIT = '900330752';

type TServicio = Record<string, unknown>;

function usuario(servicios: Record<string, TServicio[]>): Record<string, unknown> {
  return {
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '10203040',
    tipoUsuario: '01',
    fechaNacimiento: '1985-03-15',
    codSexo: 'F',
    codPaisResidencia: '170',
    codMunicipioResidencia: '11001',
    codZonaTerritorialResidencia: '01',
    incapacidad: 'NO',
    consecutivo: 1,
    codPaisOrigen: '170',
    servicios,
  };
}

function consulta(codConsulta: string, finalidad = '15', extra: TServicio = {}): TServicio {
  return {
    codPrestador: '682760166601',
    fechaInicioAtencion: '2025-07-04 08:00',
    numAutorizacion: null,
    codConsulta,
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '01',
    codServicio: 334,
    finalidadTecnologiaSalud: finalidad,
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'J459',
    codDiagnosticoRelacionado1: null,
    codDiagnosticoRelacionado2: null,
    codDiagnosticoRelacionado3: null,
    tipoDiagnosticoPrincipal: '01',
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrServicio: 50000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
    ...extra,
  };
}

function medicamento(extra: TServicio): TServicio {
  return {
    codPrestador: '682760166601',
    numAutorizacion: null,
    idMIPRES: null,
    fechaDispensAdmon: '2025-07-04 09:00',
    codDiagnosticoPrincipal: 'J459',
    codDiagnosticoRelacionado: null,
    tipoMedicamento: '01',
    codTecnologiaSalud: '19943544-1',
    nomTecnologiaSalud: null,
    concentracionMedicamento: null,
    unidadMedida: null,
    formaFarmaceutica: null,
    unidadMinDispensa: 1,
    cantidadMedicamento: 1,
    diasTratamiento: 1,
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrUnitMedicamento: 1000,
    vrServicio: 1000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
    ...extra,
  };
}

function procedimiento(codProcedimiento: string, finalidad: string): TServicio {
  return {
    codPrestador: '682760166601',
    fechaInicioAtencion: '2025-07-04 10:00',
    idMIPRES: null,
    numAutorizacion: null,
    codProcedimiento,
    viaIngresoServicioSalud: '02',
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '04',
    codServicio: 203,
    finalidadTecnologiaSalud: finalidad,
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    codDiagnosticoPrincipal: 'H162',
    codDiagnosticoRelacionado: null,
    codComplicacion: null,
    vrServicio: 900000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
  };
}

/** A RIPS of invoice FE1 with one user and `servicios`; `cabecera` overrides the header (RS: tipoNota, numNota). */
function rips(servicios: Record<string, TServicio[]>, cabecera: Record<string, unknown> = {}): string {
  return JSON.stringify({
    numDocumentoIdObligado: NIT,
    numFactura: 'FE1',
    tipoNota: null,
    numNota: null,
    ...cabecera,
    usuarios: [usuario(servicios)],
  });
}

/** A minimal invoice FE1 of 2025-07 (pago por evento) with the cobertura `cobertura`, dated `fecha`. */
function factura(cobertura: string, fecha = '2025-07-09'): string {
  const ns =
    'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" ' +
    'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
    'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';
  const info = (name: string, value: string, attrs = '') =>
    `<AdditionalInformation><Name>${name}</Name><Value${attrs}>${value}</Value></AdditionalInformation>`;
  const invoice =
    `<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ${ns}>` +
    '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><CustomTagGeneral><Interoperabilidad>' +
    '<Group schemeName="Sector Salud"><Collection schemeName="Usuario">' +
    info('CODIGO_PRESTADOR', '6827601666') +
    info('MODALIDAD_PAGO', 'Pago por evento', ' schemeID="04"') +
    info('COBERTURA_PLAN_BENEFICIOS', 'Cobertura', ` schemeID="${cobertura}"`) +
    info('NUMERO_CONTRATO', 'CT-1') +
    info('NUMERO_POLIZA', 'POL-1') +
    '</Collection></Group></Interoperabilidad></CustomTagGeneral></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>' +
    '<cbc:CustomizationID>SS-CUFE</cbc:CustomizationID><cbc:ID>FE1</cbc:ID>' +
    `<cbc:UUID schemeName="CUFE-SHA384">${'ab'.repeat(48)}</cbc:UUID><cbc:IssueDate>${fecha}</cbc:IssueDate>` +
    `<cac:InvoicePeriod><cbc:StartDate>2025-07-01</cbc:StartDate><cbc:EndDate>${fecha}</cbc:EndDate></cac:InvoicePeriod>` +
    '<cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme>' +
    `<cbc:CompanyID schemeID="4" schemeName="31">${NIT}</cbc:CompanyID>` +
    '</cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>' +
    '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="COP">50000.00</cbc:LineExtensionAmount></cac:LegalMonetaryTotal>' +
    '<cac:InvoiceLine><cbc:ID>1</cbc:ID></cac:InvoiceLine></Invoice>';
  return (
    `<AttachedDocument ${ns}><cbc:ParentDocumentID>FE1</cbc:ParentDocumentID><cac:Attachment><cac:ExternalReference>` +
    `<cbc:Description><![CDATA[${invoice}]]></cbc:Description></cac:ExternalReference></cac:Attachment></AttachedDocument>`
  );
}

function check(files: { xml?: string; rips: string }, options: TCheckOptions = NOW): THallazgoLocal[] {
  const r = checkFiles(files, options);
  expect(r.error).toBeNull();
  return r.hallazgos;
}

const of = (h: THallazgoLocal[], codigo: string) => h.filter((x) => x.codigo === codigo);
const rechazos = (h: THallazgoLocal[]) => h.filter((x) => x.clase === 'RECHAZADO');

/** The finding must carry the ministry's class and Descripcion, as the catalogue (one source) also says. */
function expectMinistry(h: THallazgoLocal | undefined, codigo: string, clase: THallazgoLocal['clase'], descripcion: string) {
  expect(h, codigo).toBeDefined();
  expect(h).toMatchObject({ codigo, clase, descripcion, fuente: 'Rips' });
  expect(reglaDe(codigo)).toMatchObject({ clase: clase === 'RECHAZADO' ? 'R' : 'N', descripcion });
}

describe('real MUV answers (2025), reproduced from minimal RIPS', () => {
  it('RVC086 is a NOTIFICACION, also on medicamentos, and the package has no rechazo', () => {
    const h = check({
      rips: rips({ medicamentos: [medicamento({ codDiagnosticoRelacionado: 'J459' })] }),
    });
    const [f] = of(h, 'RVC086');
    expectMinistry(
      f,
      'RVC086',
      'NOTIFICACION',
      'Se puede validar que el código de diagnóstico relacionado no sea igual al código de diagnóstico principal.',
    );
    expect(f).toMatchObject({
      observaciones: 'Codigo de diagnóstico repetido',
      pathFuente: 'usuarios[0].servicios.medicamentos[0].codDiagnosticoRelacionado',
    });
    expect(rechazos(h)).toEqual([]);
    // a different related diagnosis is not flagged
    expect(of(check({ rips: rips({ medicamentos: [medicamento({ codDiagnosticoRelacionado: 'I10X' })] }) }), 'RVC086')).toEqual([]);
    // the consulta of the "done means": same notice, no rechazo
    const c = check({ rips: rips({ consultas: [consulta('890201', '15', { codDiagnosticoRelacionado1: 'J459' })] }) });
    expect(of(c, 'RVC086').map((x) => x.clase)).toEqual(['NOTIFICACION']);
    expect(rechazos(c)).toEqual([]);
  });

  it('RVC087–RVC089, the same family, are notifications too', () => {
    for (const codigo of ['RVC087', 'RVC088', 'RVC089']) expect(reglaDe(codigo)?.clase, codigo).toBe('N');
    const h = check({
      rips: rips({ consultas: [consulta('890201', '15', { codDiagnosticoRelacionado1: 'I10X', codDiagnosticoRelacionado2: 'I10X' })] }),
    });
    expect(of(h, 'RVC087')).toMatchObject([{ clase: 'NOTIFICACION', observaciones: 'Codigo de diagnóstico repetido' }]);
  });

  it('RVC063: the ministry text and class; a code that is neither CUM nor IUM is noted, a well-formed one is left to the ministry', () => {
    const h = check({ rips: rips({ medicamentos: [medicamento({ codTecnologiaSalud: '000' })] }) });
    expectMinistry(
      of(h, 'RVC063')[0],
      'RVC063',
      'NOTIFICACION',
      'Se podrá validar la existencia del IUM o del CUM en el catálogo respectivo de SISPRO.',
    );
    expect(of(h, 'RVC063')[0]?.observaciones).toBe(
      'El código de la tecnología  [000] no es válido, por favor verificar tabla de referencia.',
    );
    // 19992190-03 (the real answer's code) has a CUM's shape: only SISPRO's catalogue knows it is missing
    for (const cod of ['19992190-03', '1S1016191004104'])
      expect(of(check({ rips: rips({ medicamentos: [medicamento({ codTecnologiaSalud: cod })] }) }), 'RVC063'), cod).toEqual([]);
    expect(rechazos(h)).toEqual([]);
  });

  it('RVC065: tipoMedicamento 01/02/04 with a name, concentration or unit (0 counts); a null formaFarmaceutica or tipo 03 is not noted', () => {
    const h = check({
      rips: rips({
        medicamentos: [medicamento({ tipoMedicamento: '02', concentracionMedicamento: 0, unidadMedida: 168, nomTecnologiaSalud: null })],
      }),
    });
    const found = of(h, 'RVC065');
    expectMinistry(
      found[0],
      'RVC065',
      'NOTIFICACION',
      'Para 01: Medicamento con uso según registro sanitario, 02: Medicamento con uso como vital no disponible definido por INVIMA o 04: Medicamento con uso no incluido en el registro sanitario(Listado UNIRS) puede informar null.',
    );
    expect(found.map((x) => x.pathFuente)).toEqual([
      'usuarios[0].servicios.medicamentos[0].concentracionMedicamento',
      'usuarios[0].servicios.medicamentos[0].unidadMedida',
    ]);
    expect(of(check({ rips: rips({ medicamentos: [medicamento({})] }) }), 'RVC065')).toEqual([]);
    expect(
      of(check({ rips: rips({ medicamentos: [medicamento({ tipoMedicamento: '03', concentracionMedicamento: 5 })] }) }), 'RVC065'),
    ).toEqual([]);
  });

  it('RVC017: 890701 with an invoice of another cobertura, 890201 in a RIPS sin factura; not with the same cobertura', () => {
    const conFactura = check({ xml: factura('04'), rips: rips({ consultas: [consulta('890701')] }) });
    const [f] = of(conFactura, 'RVC017');
    expectMinistry(
      f,
      'RVC017',
      'NOTIFICACION',
      'El código de CUPS puede ser validado que corresponda a la cobertura o plan de beneficios informada en la factura electrónica de venta.',
    );
    expect(f).toMatchObject({
      observaciones: 'Verificar tabla de referencia Dato (890701)',
      pathFuente: 'usuarios[0].servicios.consultas[0].codConsulta',
    });
    const rs = check({ rips: rips({ consultas: [consulta('890201')] }, { numFactura: null, tipoNota: 'RS', numNota: '1' }) });
    expect(of(rs, 'RVC017')).toMatchObject([{ observaciones: 'Verificar tabla de referencia Dato (890201)' }]);
    expect(of(check({ xml: factura('01'), rips: rips({ consultas: [consulta('890201')] }) }), 'RVC017')).toEqual([]);
    // a RIPS waiting for its invoice (no tipoNota) is not an RS: nothing yet
    expect(of(check({ rips: rips({ consultas: [consulta('890201')] }) }), 'RVC017')).toEqual([]);
  });

  it('RVC019 on the urgencias consultations 890701 and 890702 (DxRequerido N); not on 890201', () => {
    for (const cups of ['890701', '890702']) {
      const [f] = of(check({ rips: rips({ consultas: [consulta(cups)] }) }), 'RVC019');
      expectMinistry(f, 'RVC019', 'NOTIFICACION', 'El código de CUPS se puede validar con el diagnóstico principal.');
      expect(f?.observaciones).toBe(`Verificar tabla de referencia Dato (${cups})`);
    }
    expect(of(check({ rips: rips({ consultas: [consulta('890201')] }) }), 'RVC019')).toEqual([]);
  });

  it('RVC059: 890701 with finalidad 15 and 115308 with 16, in the ministry shape; not 890201 with finalidad 15', () => {
    const [f] = of(check({ rips: rips({ consultas: [consulta('890701', '15')] }) }), 'RVC059');
    expectMinistry(
      f,
      'RVC059',
      'NOTIFICACION',
      'El código de CUPS puede ser validado con el grupo de servicio, servicio, finalidad o causa.',
    );
    expect(f?.observaciones).toBe('Verificar tabla de referencia CodConsulta (890701) - Finalidad (15)');
    const [p] = of(check({ rips: rips({ procedimientos: [procedimiento('115308', '16')] }) }), 'RVC059');
    expect(p).toMatchObject({
      observaciones: 'Verificar tabla de referencia codProcedimiento (115308) - Finalidad (16)',
      pathFuente: 'usuarios[0].servicios.procedimientos[0].codProcedimiento',
    });
    expect(of(check({ rips: rips({ consultas: [consulta('890201', '15')] }) }), 'RVC059')).toEqual([]);
  });

  it('RVC012: a provider code that REPS gives to another NIT is RECHAZADO; a code REPS does not have says nothing', () => {
    const reps = prestadoresDeMapa(new Map([['6827601666', '800123456']]));
    const h = check({ rips: rips({ consultas: [consulta('890201')] }) }, { ...NOW, prestadores: reps });
    const [f] = of(h, 'RVC012');
    expectMinistry(
      f,
      'RVC012',
      'RECHAZADO',
      'El código del prestador de servicios de salud o del obligado a reportar debe estar relacionado con el numDocumentoIdObligado.',
    );
    expect(f).toMatchObject({
      observaciones: 'Verificar tablas de referencia, datos (Código Prestador:682760166601 - Nit: 900330752)',
      pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador',
    });
    const propio = prestadoresDeMapa(new Map([['6827601666', '0900330752']]));
    expect(of(check({ rips: rips({ consultas: [consulta('890201')] }) }, { ...NOW, prestadores: propio }), 'RVC012')).toEqual([]);
    const vacio = prestadoresDeMapa(new Map());
    expect(of(check({ rips: rips({ consultas: [consulta('890201')] }) }, { ...NOW, prestadores: vacio }), 'RVC012')).toEqual([]);
    // without a table the engine only gathers the codes for the caller (the API's REPS lookup)
    const r = checkFiles({ rips: rips({ consultas: [consulta('890201'), consulta('890201', '15', { codPrestador: '682760166602' })] }) }, NOW);
    expect(r.codigosPrestador).toEqual([
      { codPrestador: '682760166601', pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador' },
      { codPrestador: '682760166602', pathFuente: 'usuarios[0].servicios.consultas[1].codPrestador' },
    ]);
  });

  it('RVG01 keeps the ministry words and class; FED129 and FED131 stay notifications', () => {
    const h = check({ rips: rips({ consultas: [consulta('890201', '15', { codPrestador: '76001126940' })] }) });
    expect(of(h, 'RVG01')[0]).toMatchObject({
      clase: 'RECHAZADO',
      descripcion: 'Solo se podrá validar los RIPS si cumplen con la estructura establecida.',
      pathFuente: 'usuarios[0].servicios.consultas[0].codPrestador',
    });
    expect(reglaDe('RVG01')?.clase).toBe('R');
    expect(reglaDe('FED131')?.clase).toBe('N');
    expect(reglaDe('FED129')?.clase).toBe('N');
  });

  it('notices never hide a rechazo: past the cap of a group, a RECHAZADO takes the place of a notice', () => {
    const meds = Array.from({ length: 250 }, (_, i) =>
      medicamento({ concentracionMedicamento: 0, fechaDispensAdmon: `2025-07-04 ${String(8 + (i % 10)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}`, consecutivo: i + 1 }),
    );
    const parsed = JSON.parse(rips({ medicamentos: meds })) as { usuarios: Record<string, unknown>[] };
    // a second user with the first one's document, after the 250 notices: RVG12 (RECHAZADO)
    parsed.usuarios.push({ ...parsed.usuarios[0], consecutivo: 2, servicios: {} });
    const h = check({ rips: JSON.stringify(parsed) });
    expect(of(h, 'RVG12').map((x) => x.clase)).toEqual(['RECHAZADO']);
    expect(of(h, 'LIMITE_HALLAZGOS')).toHaveLength(1);
    expect(of(h, 'RVC065').length).toBeLessThan(250);
  });

  it('a Res. 2275 RIPS with an invoice after the Res. 948 cut-over is a NOTIFICACION checked as 2275, not a rejection', () => {
    const h = check({ xml: factura('01', '2026-09-04'), rips: rips({ consultas: [consulta('890201')] }) }, { now: NOW.now! });
    expect(of(h, 'ESTRUCTURA_RES948')).toMatchObject([{ clase: 'NOTIFICACION' }]);
    expect(of(h, 'ESTRUCTURA_RES948')[0]?.observaciones).toContain('CIE-11');
    expect(of(h, 'RVG01')).toEqual([]);
  });
});
