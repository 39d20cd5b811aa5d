/**
 * Made-up FEV-RIPS fixtures for the rule tests (): a clean invoice FE100 of 2025-07 (pago por evento,
 * copago 5 000) as the DIAN delivers it (an AttachedDocument), its credit note, and a RIPS of one contributivo user with
 * one consulta, plus one clean service of every other list. Every value is synthetic: no sample data, no patient.
 * A test changes one field of a fresh copy.
 */
export type TServicio = Record<string, unknown>;
export type TUsuario = Record<string, unknown> & { servicios: Record<string, TServicio[]> };
export type TRips = Record<string, unknown> & { usuarios: TUsuario[] };

// ---------------------------------------------------------------------------------------------------------------
// The clean base: an invoice FE100 of 2025-07 (pago por evento, copago 5 000) and its RIPS (one user, one consulta)
// ---------------------------------------------------------------------------------------------------------------

export const NIT = '900123456';
export const FACTURA = 'FE100';
/** CODIGO_PRESTADOR of the XML (REPS, 10 digits) and codPrestador of the RIPS (REPS + sede, 12 digits). */
export const CODIGO_PRESTADOR = '1100100001';
export const COD_PRESTADOR = `${CODIGO_PRESTADOR}01`;
export const CUFE = 'ab'.repeat(48);

/** The fields of the made-up invoice (or credit note) that the cases change; `null` leaves the element (or attribute) out. */
export type TFactura = {
  raiz: 'Invoice' | 'CreditNote';
  parentId: string;
  id: string;
  customizationId: string;
  issueDate: string;
  uuid: string;
  nit: string;
  /** CompanyID/@schemeID (check digit) and @schemeName (31 = NIT). */
  dv: string | null;
  tipoId: string;
  inicio: string | null;
  fin: string | null;
  valorBruto: string;
  /** BillingReference/InvoiceDocumentReference/cbc:ID: the invoice a note corrects. */
  referencia: string | null;
  pagos: { concepto: string | null; valor: string | null }[];
  /** XML inside the document's one line (its taxes, for DND114 / DND116); '' for an untaxed line. */
  impuestosLinea: string;
  salud: null | {
    codigoPrestador: string;
    modalidadPago: string;
    cobertura: string;
    contrato: string;
    poliza: string;
  };
};

export function facturaBase(): TFactura {
  return {
    raiz: 'Invoice',
    parentId: FACTURA,
    id: FACTURA,
    customizationId: 'SS-CUFE',
    issueDate: '2025-07-09',
    uuid: CUFE,
    nit: NIT,
    dv: '7',
    tipoId: '31',
    inicio: '2025-07-01',
    fin: '2025-07-09',
    valorBruto: '100000.00',
    referencia: null,
    pagos: [{ concepto: '01', valor: '5000.00' }],
    impuestosLinea: '',
    salud: {
      codigoPrestador: CODIGO_PRESTADOR,
      modalidadPago: '04',
      cobertura: '01',
      contrato: 'CT-2025-001',
      poliza: 'POL-2025-001',
    },
  };
}

/** A credit note NC100 that corrects FE100 in full: no period rules, no moderator payments. */
export function notaBase(): TFactura {
  return {
    ...facturaBase(),
    raiz: 'CreditNote',
    parentId: 'NC100',
    id: 'NC100',
    customizationId: '20',
    issueDate: '2025-07-15',
    uuid: 'cd'.repeat(48),
    referencia: FACTURA,
    pagos: [],
  };
}

const NS =
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" ' +
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';

/** An AttachedDocument (as the DIAN delivers it) whose CDATA holds the invoice or credit note `f`. */
export function facturaXml(f: TFactura): string {
  const info = (name: string, value: string, attrs = '') =>
    `<AdditionalInformation><Name>${name}</Name><Value${attrs}>${value}</Value></AdditionalInformation>`;
  const salud =
    f.salud === null
      ? ''
      : '<ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><CustomTagGeneral><Interoperabilidad>' +
        '<Group schemeName="Sector Salud"><Collection schemeName="Usuario">' +
        info('CODIGO_PRESTADOR', f.salud.codigoPrestador) +
        info('MODALIDAD_PAGO', 'Pago por evento', ` schemeID="${f.salud.modalidadPago}"`) +
        info('COBERTURA_PLAN_BENEFICIOS', 'Plan de beneficios en salud', ` schemeID="${f.salud.cobertura}"`) +
        info('NUMERO_CONTRATO', f.salud.contrato) +
        info('NUMERO_POLIZA', f.salud.poliza) +
        '</Collection></Group></Interoperabilidad></CustomTagGeneral></ext:ExtensionContent></ext:UBLExtension>' +
        '</ext:UBLExtensions>';
  const periodo =
    (f.inicio === null ? '' : `<cbc:StartDate>${f.inicio}</cbc:StartDate>`) +
    (f.fin === null ? '' : `<cbc:EndDate>${f.fin}</cbc:EndDate>`);
  const pagos = f.pagos
    .map(
      (p, i) =>
        '<cac:PrepaidPayment>' +
        `<cbc:ID${p.concepto === null ? '' : ` schemeID="${p.concepto}"`}>${i + 1}</cbc:ID>` +
        (p.valor === null ? '' : `<cbc:PaidAmount currencyID="COP">${p.valor}</cbc:PaidAmount>`) +
        '</cac:PrepaidPayment>',
    )
    .join('');
  const nota = f.raiz === 'CreditNote';
  const referencia =
    f.referencia === null
      ? ''
      : '<cac:BillingReference><cac:InvoiceDocumentReference>' +
        `<cbc:ID>${f.referencia}</cbc:ID><cbc:UUID schemeName="CUFE-SHA384">${CUFE}</cbc:UUID><cbc:IssueDate>2025-07-09</cbc:IssueDate>` +
        '</cac:InvoiceDocumentReference></cac:BillingReference>';
  const invoice =
    `<${f.raiz} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${f.raiz}-2" ${NS}>${salud}` +
    '<cbc:UBLVersionID>UBL 2.1</cbc:UBLVersionID>' +
    `<cbc:CustomizationID>${f.customizationId}</cbc:CustomizationID>` +
    `<cbc:ProfileID>DIAN 2.1: ${nota ? 'Nota Crédito de Factura Electrónica de Venta' : 'Factura Electrónica de Venta'}</cbc:ProfileID>` +
    `<cbc:ID>${f.id}</cbc:ID>` +
    `<cbc:UUID schemeID="1" schemeName="${nota ? 'CUDE' : 'CUFE'}-SHA384">${f.uuid}</cbc:UUID>` +
    `<cbc:IssueDate>${f.issueDate}</cbc:IssueDate>` +
    `<cac:InvoicePeriod>${periodo}</cac:InvoicePeriod>` +
    referencia +
    '<cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme>' +
    `<cbc:CompanyID schemeAgencyID="195"${f.dv === null ? '' : ` schemeID="${f.dv}"`} schemeName="${f.tipoId}">${f.nit}</cbc:CompanyID>` +
    '</cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty>' +
    pagos +
    '<cac:LegalMonetaryTotal>' +
    `<cbc:LineExtensionAmount currencyID="COP">${f.valorBruto}</cbc:LineExtensionAmount>` +
    '</cac:LegalMonetaryTotal>' +
    `<cac:${f.raiz}Line><cbc:ID>1</cbc:ID>${f.impuestosLinea}</cac:${f.raiz}Line>` +
    `</${f.raiz}>`;
  return (
    `<AttachedDocument ${NS}>` +
    `<cbc:ParentDocumentID>${f.parentId}</cbc:ParentDocumentID>` +
    `<cac:Attachment><cac:ExternalReference><cbc:Description><![CDATA[${invoice}]]></cbc:Description></cac:ExternalReference></cac:Attachment>` +
    '</AttachedDocument>'
  );
}

export function consulta(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    fechaInicioAtencion: '2025-07-04 08:00',
    numAutorizacion: null,
    codConsulta: '890201',
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '01',
    codServicio: 334,
    finalidadTecnologiaSalud: '15',
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'J459',
    codDiagnosticoRelacionado1: null,
    codDiagnosticoRelacionado2: null,
    codDiagnosticoRelacionado3: null,
    tipoDiagnosticoPrincipal: '01',
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrServicio: 100000,
    conceptoRecaudo: '01',
    valorPagoModerador: 5000,
    numFEVPagoModerador: null,
    consecutivo: 1,
  };
}

/** The RIPS of the invoice: one contributivo user (woman, 40) with one consulta of 100 000 and a copago of 5 000. */
export function ripsBase(): TRips {
  return {
    numDocumentoIdObligado: NIT,
    numFactura: FACTURA,
    tipoNota: null,
    numNota: null,
    usuarios: [
      {
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
        servicios: { consultas: [consulta()] },
      },
    ],
  };
}

/**
 * {@link ripsBase} in Res. 948/2026's structure: the CIE-11 pair of every CIE-10 key of the consulta, null, and
 * incapacidad in DT1 v003's coding (02 = no).
 */
export function ripsBase948(): TRips {
  const rips = ripsBase();
  usuario1(rips)['incapacidad'] = '02';
  const c = consulta1(rips);
  const con948: TServicio = {};
  for (const [key, value] of Object.entries(c)) {
    con948[key] = value;
    if (key.startsWith('codDiagnostico')) {
      con948[`${key}CIE11`] = null;
      con948[`nom${key[0]!.toUpperCase()}${key.slice(1)}CIE11`] = null;
    }
  }
  usuario1(rips).servicios['consultas'] = [con948];
  return rips;
}

// Services a case adds to the user (one each, clean; consecutivo 1 of its list).

export function urgencia(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    fechaInicioAtencion: '2025-07-02 08:00',
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'I219',
    codDiagnosticoPrincipalE: 'I219',
    codDiagnosticoRelacionadoE1: null,
    codDiagnosticoRelacionadoE2: null,
    codDiagnosticoRelacionadoE3: null,
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2025-07-03 08:00',
    consecutivo: 1,
  };
}

export function hospitalizacion(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    viaIngresoServicioSalud: '02',
    fechaInicioAtencion: '2025-07-02 08:00',
    numAutorizacion: null,
    causaMotivoAtencion: '38',
    codDiagnosticoPrincipal: 'I219',
    codDiagnosticoPrincipalE: 'I219',
    codDiagnosticoRelacionadoE1: null,
    codDiagnosticoRelacionadoE2: null,
    codDiagnosticoRelacionadoE3: null,
    codComplicacion: null,
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2025-07-05 08:00',
    consecutivo: 1,
  };
}

export function recienNacido(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    tipoDocumentoIdentificacion: 'CN',
    numDocumentoIdentificacion: '2025070400001',
    fechaNacimiento: '2025-07-04 03:00',
    edadGestacional: 38,
    numConsultasCPrenatal: 6,
    codSexoBiologico: '01',
    peso: 3200,
    codDiagnosticoPrincipal: 'Z380',
    condicionDestinoUsuarioEgreso: '01',
    codDiagnosticoCausaMuerte: null,
    fechaEgreso: '2025-07-05 10:00',
    consecutivo: 1,
  };
}

export function procedimiento(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    fechaInicioAtencion: '2025-07-04 10:00',
    idMIPRES: null,
    numAutorizacion: null,
    codProcedimiento: '871121',
    viaIngresoServicioSalud: '02',
    modalidadGrupoServicioTecSal: '01',
    grupoServicios: '02',
    codServicio: 706,
    finalidadTecnologiaSalud: '15',
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    codDiagnosticoPrincipal: 'J459',
    codDiagnosticoRelacionado: null,
    codComplicacion: null,
    vrServicio: 50000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
  };
}

export function medicamento(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    numAutorizacion: null,
    idMIPRES: null,
    fechaDispensAdmon: '2025-07-04 09:00',
    codDiagnosticoPrincipal: 'J459',
    codDiagnosticoRelacionado: null,
    tipoMedicamento: '01',
    codTecnologiaSalud: '19943544-1',
    // null for tipoMedicamento 01: the CUM names the medicine (RVC065 notes a value here)
    nomTecnologiaSalud: null,
    concentracionMedicamento: null,
    unidadMedida: null,
    formaFarmaceutica: 'C42998',
    unidadMinDispensa: 1,
    cantidadMedicamento: 2,
    diasTratamiento: 30,
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrUnitMedicamento: 1000,
    vrServicio: 2000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
  };
}

export function otroServicio(): TServicio {
  return {
    codPrestador: COD_PRESTADOR,
    numAutorizacion: null,
    idMIPRES: null,
    fechaSuministroTecnologia: '2025-07-04 09:00',
    tipoOS: '01',
    codTecnologiaSalud: 'JER-5ML',
    nomTecnologiaSalud: 'Jeringa desechable 5 ml',
    cantidadOS: 1,
    tipoDocumentoIdentificacion: 'CC',
    numDocumentoIdentificacion: '79000001',
    vrUnitOS: 5000,
    vrServicio: 5000,
    conceptoRecaudo: '05',
    valorPagoModerador: 0,
    numFEVPagoModerador: null,
    consecutivo: 1,
  };
}

export const usuario1 = (r: TRips): TUsuario => r.usuarios[0]!;
export const consulta1 = (r: TRips): TServicio => usuario1(r).servicios['consultas']![0]!;
/** Adds `s` to the user's list `list` and returns it (to change it). */
export function agrega(r: TRips, list: string, s: TServicio): TServicio {
  (usuario1(r).servicios[list] ??= []).push(s);
  return s;
}
