import type { THallazgoLocal } from './findings.ts';
import { checkNotaXml } from './rules-paquete.ts';
import type { TFevXml } from './xml.ts';

/** Verbatim from a real MUV response (reference §3.2). */
export const FED129_DESCRIPCION =
  '[Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_CONTRATO.Value] El apartado no existe o no tiene valor en el XML del documento electrónico. Por favor verifique que la etiqueta Xml use mayúsculas y minúsculas según resolución';
/** Verbatim from a real MUV response (reference §3.2, sample respuesta-muv_ResultadosMSPS_RFFV303). */
export const FED131_DESCRIPCION =
  '[Interoperabilidad.Group.Collection.AdditionalInformation.NUMERO_POLIZA.Value] El apartado no existe o no tiene valor en el XML del documento electrónico. Por favor verifique que la etiqueta Xml use mayúsculas y minúsculas según resolución';

/** Health operation types accepted on an invoice (DT2 v001 §11 via reference §3.5, 🔸 third-party). */
const SS_CUSTOMIZATION_IDS = new Set([
  'SS-CUFE',
  'SS-CUDE',
  'SS-POS',
  'SS-SNum',
  'SS-Recaudo',
  'SS-Reporte',
  'SS-SinAporte',
]);
const PRIMER_PERIODO = '2024-10-01';

/**
 * The rules decidable from the FEV XML alone (health extension, FED129/FED131, operation type, billing period):
 * what is checked when a package carries no RIPS (CargarNCTotal, CargarCapitaInicial…) and the XML half of a pair's
 * check. Source: reference §3.5–§3.6.
 */
export function checkXml(xml: TFevXml): THallazgoLocal[] {
  return [
    ...ruleExtensionSalud(xml),
    ...ruleNumeroContrato(xml),
    ...ruleNumeroPoliza(xml),
    ...ruleTipoOperacion(xml),
    ...rulePeriodoFacturacion(xml),
    ...rulePeriodoInicial(xml),
    ...ruleIdentificacionDocumento(xml),
    ...ruleNitFacturador(xml),
    ...rulePagosModeradores(xml),
    ...ruleImpuestosLinea(xml),
    ...checkNotaXml(xml),
  ];
}

/**
 * DND114 / DND116 (RECHAZADO, FacturaElectronica; DT2 v001 §11 via reference §3.5, 🔸 third-party; texts ours): a taxed
 * line (one with `cac:TaxTotal`) needs `cbc:TaxAmount` (DND114) and its `cac:TaxSubtotal` the base,
 * `cbc:TaxableAmount` (DND116). One finding per line and code.
 */
export function ruleImpuestosLinea(xml: TFevXml): THallazgoLocal[] {
  const out: THallazgoLocal[] = [];
  for (const l of xml.taxedLines) {
    if (!l.taxAmount)
      out.push({
        ...rechazoXml(
          'DND114',
          'Una línea de la factura con impuesto debe traer el valor del impuesto (cac:TaxTotal/cbc:TaxAmount).',
        ),
        observaciones: `Línea [${l.line}]`,
      });
    if (!l.taxableAmount)
      out.push({
        ...rechazoXml(
          'DND116',
          'Una línea de la factura con impuesto debe traer la base gravable (cac:TaxSubtotal/cbc:TaxableAmount).',
        ),
        observaciones: `Línea [${l.line}]`,
      });
  }
  return out;
}

/** CUFE / CUDE: hex SHA-384 (DIAN Anexo técnico FE 1.9 §11: 96 hexadecimal characters). */
const CUFE_PATTERN = /^[0-9a-f]{96}$/i;

/**
 * VFE005 / VFE006 / VFE007 (RECHAZADO, FacturaElectronica; DT2 v001 §11 via reference §3.5, 🔸 third-party; texts
 * ours): the document's number (`cbc:ID`) and its CUFE/CUDE (`cbc:UUID`) must be present, and the CUFE/CUDE must be a
 * hex SHA-384 (96 characters) on invoices and notes.
 */
export function ruleIdentificacionDocumento(xml: TFevXml): THallazgoLocal[] {
  const out: THallazgoLocal[] = [];
  if (!xml.numeroDocumento)
    out.push(rechazoXml('VFE005', 'El número del documento electrónico (cbc:ID) no existe o está vacío.'));
  if (!xml.cufe)
    out.push(
      rechazoXml('VFE006', 'El CUFE o CUDE del documento electrónico (cbc:UUID) no existe o está vacío.'),
    );
  else if (xml.tipoDocumento !== 'OTRO' && !CUFE_PATTERN.test(xml.cufe))
    out.push({
      ...rechazoXml(
        'VFE007',
        'El CUFE o CUDE del documento electrónico (cbc:UUID) no es válido: debe tener 96 caracteres hexadecimales.',
      ),
      observaciones: `Dato enviado [${xml.cufe.length > 100 ? `${xml.cufe.slice(0, 97)}...` : xml.cufe}]`,
    });
  return out;
}

/**
 * VFE011 / VFE012 (RECHAZADO, FacturaElectronica; DT2 v001 §11 via reference §3.5, 🔸; texts ours): the supplier's
 * `PartyTaxScheme/CompanyID` must say it is a NIT (`@schemeName="31"`) and carry its check digit (`@schemeID`).
 * Skipped when the XML has no supplier identification at all (RVC001 reports the pair's NIT).
 */
export function ruleNitFacturador(xml: TFevXml): THallazgoLocal[] {
  if (!xml.nitObligado) return [];
  const out: THallazgoLocal[] = [];
  if (xml.tipoIdObligado !== '31')
    out.push({
      ...rechazoXml(
        'VFE011',
        'El NIT del facturador debe indicar el tipo de documento NIT (CompanyID/@schemeName="31").',
      ),
      observaciones: `Dato enviado [${xml.tipoIdObligado ?? ''}]`,
    });
  if (!xml.dvObligado)
    out.push(
      rechazoXml(
        'VFE012',
        'El NIT del facturador debe traer el dígito de verificación (CompanyID/@schemeID).',
      ),
    );
  return out;
}

/**
 * DND104 / DND105 (RECHAZADO, FacturaElectronica; DT2 v001 §11 via reference §3.5, 🔸; texts ours): each patient
 * payment (`cac:PrepaidPayment`) must say its concept (`cbc:ID/@schemeID`, the RIPS conceptoRecaudo) and its amount
 * (`cbc:PaidAmount`). Reported once per code.
 */
export function rulePagosModeradores(xml: TFevXml): THallazgoLocal[] {
  const out: THallazgoLocal[] = [];
  if (xml.prepaidPayments.some((p) => !p.conceptoRecaudo))
    out.push(
      rechazoXml(
        'DND104',
        'Un pago del paciente (PrepaidPayment) no indica su concepto en cbc:ID/@schemeID.',
      ),
    );
  if (xml.prepaidPayments.some((p) => p.paidAmount === null))
    out.push(
      rechazoXml('DND105', 'Un pago del paciente (PrepaidPayment) no trae el valor pagado (cbc:PaidAmount).'),
    );
  return out;
}

/**
 * DND060 (RECHAZADO, FacturaElectronica): the health extension `CustomTagGeneral` must exist, except on
 * SS-Recaudo documents, which carry none (DT2 v001 §11 via reference §3.5, §4.3, 🔸). Paraphrased.
 */
export function ruleExtensionSalud(xml: TFevXml): THallazgoLocal[] {
  if (xml.salud !== null || xml.customizationId === 'SS-Recaudo') return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: 'DND060',
      descripcion:
        '[CustomTagGeneral] El apartado del sector salud no existe en el XML del documento electrónico.',
      observaciones: '',
      pathFuente: '',
      fuente: 'FacturaElectronica',
    },
  ];
}

/**
 * FED129 (NOTIFICACION, FacturaElectronica; descripcion verbatim, reference §3.2): NUMERO_CONTRATO missing or
 * empty in some health collection. Reported once (the MUV may repeat it). Skipped when there is no health
 * extension at all (DND060 covers that).
 */
export function ruleNumeroContrato(xml: TFevXml): THallazgoLocal[] {
  return missingInCollection(xml, 'numeroContrato') ? [notificacionXml('FED129', FED129_DESCRIPCION)] : [];
}

/**
 * FED131 (NOTIFICACION, FacturaElectronica; descripcion verbatim, reference §3.2 and the real response
 * sample): NUMERO_POLIZA missing or empty in some health collection. Reported once.
 */
export function ruleNumeroPoliza(xml: TFevXml): THallazgoLocal[] {
  return missingInCollection(xml, 'numeroPoliza') ? [notificacionXml('FED131', FED131_DESCRIPCION)] : [];
}

/**
 * VFE003 (RECHAZADO, FacturaElectronica): `CustomizationID` must be a health operation type: SS-CUFE,
 * SS-CUDE, SS-POS, SS-SNum, SS-Recaudo, SS-Reporte, SS-SinAporte on an invoice; 20 on a credit note and 30 on
 * a debit note (DT2 v001 §11 via reference §3.5, §4.4, 🔸). Paraphrased.
 */
export function ruleTipoOperacion(xml: TFevXml): THallazgoLocal[] {
  const id = xml.customizationId ?? '';
  if (isHealthOperation(xml.tipoDocumento, id)) return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: 'VFE003',
      descripcion:
        'El tipo de operación (CustomizationID) del documento electrónico no es válido para el sector salud.',
      observaciones: `Dato enviado [${id}]`,
      pathFuente: '',
      fuente: 'FacturaElectronica',
    },
  ];
}

/**
 * VFE020 / VFE021 (RECHAZADO, FacturaElectronica): an invoice must carry `InvoicePeriod/StartDate` and
 * `EndDate` (DT2 v001 §11 via reference §3.5, 🔸). Only for invoices (FV). Paraphrased.
 */
export function rulePeriodoFacturacion(xml: TFevXml): THallazgoLocal[] {
  if (xml.tipoDocumento !== 'FV') return [];
  const out: THallazgoLocal[] = [];
  if (!xml.invoicePeriod?.startDate) {
    out.push(
      rechazoXml(
        'VFE020',
        '[InvoicePeriod.StartDate] La fecha de inicio del periodo de facturación es obligatoria.',
      ),
    );
  }
  if (!xml.invoicePeriod?.endDate) {
    out.push(
      rechazoXml(
        'VFE021',
        '[InvoicePeriod.EndDate] La fecha final del periodo de facturación es obligatoria.',
      ),
    );
  }
  return out;
}

/**
 * RVG018 (RECHAZADO, FacturaElectronica): the billing period may not start before 2024-10-01, when the
 * FEV-RIPS scheme began (reference §3.5, §3.6 item 10; 🔸). Paraphrased.
 */
export function rulePeriodoInicial(xml: TFevXml): THallazgoLocal[] {
  const start = xml.invoicePeriod?.startDate?.slice(0, 10);
  if (!start || start >= PRIMER_PERIODO) return [];
  return [
    {
      ...rechazoXml('RVG018', 'El periodo de facturación no puede ser anterior al 1 de octubre de 2024.'),
      observaciones: `Dato enviado [${start}]`,
    },
  ];
}

function isHealthOperation(tipo: TFevXml['tipoDocumento'], customizationId: string): boolean {
  switch (tipo) {
    case 'FV':
      return SS_CUSTOMIZATION_IDS.has(customizationId);
    case 'NC':
      return customizationId === '20';
    case 'ND':
      return customizationId === '30';
    default:
      return true;
  }
}

function missingInCollection(xml: TFevXml, key: 'numeroContrato' | 'numeroPoliza'): boolean {
  if (!xml.salud) return false;
  return xml.salud.collections.length === 0 || xml.salud.collections.some((c) => c[key] === null);
}

function notificacionXml(codigo: string, descripcion: string): THallazgoLocal {
  return {
    clase: 'NOTIFICACION',
    codigo,
    descripcion,
    observaciones: '',
    pathFuente: '',
    fuente: 'FacturaElectronica',
  };
}

function rechazoXml(codigo: string, descripcion: string): THallazgoLocal {
  return {
    clase: 'RECHAZADO',
    codigo,
    descripcion,
    observaciones: '',
    pathFuente: '',
    fuente: 'FacturaElectronica',
  };
}
