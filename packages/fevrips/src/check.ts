import { VALUED_LISTS, datePart, listServices, type TRipsParsed, type TRipsServiceEntry } from './rips.ts';
import { collectRipsRules } from './rules-rips.ts';
import { ripsSchema, type TRipsSchemaVersion } from './schema.ts';
import { roundCents, toNumber } from './shared.ts';
import { collectStructure, newSink, type TFindingSink } from './structure.ts';
import { defaultReferenceTables, type TReferenceTables } from './tables.ts';
import type { TFevXml } from './xml.ts';

/**
 * A finding of Radica's local pre-validation, shaped like the MUV's `ResultadoValidacionDTO`
 * (reference §1.5, §3.1): RECHAZADO blocks the package, NOTIFICACION is informative.
 * `pathFuente` is a RIPS JSON path without the "rips." prefix ('' for XML findings).
 */
export type THallazgoLocal = {
  clase: 'RECHAZADO' | 'NOTIFICACION';
  codigo: string;
  descripcion: string;
  observaciones: string;
  pathFuente: string;
  fuente: 'Rips' | 'FacturaElectronica';
};

/** MUV endpoints a package can go to (reference §1.2). */
export type TMuvEndpoint =
  | 'CargarFevRips'
  | 'CargarNC'
  | 'CargarNCTotal'
  | 'CargarND'
  | 'CargarNotaAjuste'
  | 'CargarRipsSinFactura'
  | 'CargarCapitaInicial'
  | 'CargarCapitaPeriodo'
  | 'CargarCapitaFinal'
  | 'CargarNcCapita';

/** Most structure findings reported for one file; the rest are summarised in one NOTIFICACION. */
export const MAX_STRUCTURE_FINDINGS = 200;

export { RVG01_DESCRIPCION } from './structure.ts';
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

/** Options of the checks. Everything is optional; the defaults are what the product uses. */
export type TCheckOptions = {
  /** RIPS schema version (default Res. 2275/2023, see schema.ts). */
  version?: TRipsSchemaVersion;
  /** Code catalogues (default: the data shipped in packages/fevrips/data). */
  tables?: TReferenceTables;
  /** Validation moment for the "not in the future" rules (default: now). */
  now?: Date;
};

// ---------------------------------------------------------------------------------------------------------
// Structure (RVG01, RVG05, RVG14) and RIPS-internal rules
// ---------------------------------------------------------------------------------------------------------

/**
 * Structure check of a RIPS against the versioned schema (schema.ts; rules and codes in structure.ts):
 * every field of the transaction, usuarios and the seven service lists with type, length and allowed codes
 * (RVG01 / RVG05 / RVG14, JSON path of each failure in `pathFuente`).
 *
 * Returns at most {@link MAX_STRUCTURE_FINDINGS} findings plus one NOTIFICACION `LIMITE_HALLAZGOS` counting
 * the rest. Never throws.
 */
export function checkRipsStructure(rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  const sink = newSink(MAX_STRUCTURE_FINDINGS);
  try {
    collectStructure(
      rips.rips,
      ripsSchema(options.version),
      options.tables ?? defaultReferenceTables(),
      sink,
    );
  } catch (e) {
    return [engineFailure(e)];
  }
  return withLimit(sink, 'estructura');
}

/**
 * Every check decidable from the RIPS alone: {@link checkRipsStructure} plus the DT1 rules of rules-rips.ts
 * (RVC006…RVC097, RVG12, RVG13; reference §3.4). The rules part is capped like the structure part. Never throws.
 */
export function checkRips(rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  const sink = newSink(MAX_STRUCTURE_FINDINGS);
  try {
    collectRipsRules(rips.rips, options.now ?? new Date(), options.tables ?? defaultReferenceTables(), sink);
  } catch (e) {
    return [...checkRipsStructure(rips, options), engineFailure(e)];
  }
  return [...checkRipsStructure(rips, options), ...withLimit(sink, 'validación')];
}

function withLimit(sink: TFindingSink, what: string): THallazgoLocal[] {
  if (sink.total <= sink.items.length) return sink.items;
  const rest = sink.total - sink.items.length;
  return [
    ...sink.items,
    {
      clase: 'NOTIFICACION',
      codigo: 'LIMITE_HALLAZGOS',
      descripcion: `Se encontraron ${rest} hallazgos de ${what} adicionales que no se muestran.`,
      observaciones: `Se muestran los primeros ${sink.items.length}. Corrija los errores y vuelva a cargar el RIPS.`,
      pathFuente: '',
      fuente: 'Rips',
    },
  ];
}

/** A bug in a rule must not hide the other findings nor escape the engine: it becomes one finding. */
function engineFailure(e: unknown): THallazgoLocal {
  return {
    clase: 'NOTIFICACION',
    codigo: 'ERROR_VALIDADOR',
    descripcion: 'Una de las validaciones locales no pudo completarse; el resto de hallazgos sí se muestra.',
    observaciones: e instanceof Error ? e.message.slice(0, 200) : '',
    pathFuente: '',
    fuente: 'Rips',
  };
}

// ---------------------------------------------------------------------------------------------------------
// XML ↔ RIPS cross-checks (reference §3.6)
// ---------------------------------------------------------------------------------------------------------

/**
 * Local pre-validation of a FEV + RIPS pair: {@link checkRips} (structure + RIPS-internal rules) followed by
 * the cross-checks of reference §3.6 and the XML rules of §3.5 (see each rule function for its source and
 * wording). Pure; never throws. Cross-check findings are few and are not subject to the structure cap.
 */
export function checkPair(xml: TFevXml, rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  const services = listServices(rips.rips);
  return [
    ...checkRips(rips, options),
    ...ruleNitObligado(xml, rips),
    ...ruleNumeroDocumento(xml, rips),
    ...ruleCodigoPrestador(xml, services),
    ...ruleFechasEnPeriodo(xml, services),
    ...rulePagosModeradores(xml, rips, services),
    ...ruleTotalServicios(xml, rips),
    ...ruleValorEvento(xml, services),
    ...checkXml(xml),
  ];
}

/**
 * The rules decidable from the FEV XML alone (health extension, FED129/FED131, operation type, billing period):
 * what is checked when a package carries no RIPS (CargarNCTotal, CargarCapitaInicial…) and the XML half of
 * `checkPair`. Source: reference §3.5–§3.6.
 */
export function checkXml(xml: TFevXml): THallazgoLocal[] {
  return [
    ...ruleExtensionSalud(xml),
    ...ruleNumeroContrato(xml),
    ...ruleNumeroPoliza(xml),
    ...ruleTipoOperacion(xml),
    ...rulePeriodoFacturacion(xml),
    ...rulePeriodoInicial(xml),
  ];
}

/**
 * RVC001 (RECHAZADO, Rips, `numDocumentoIdObligado`): the RIPS biller must be the FEV supplier NIT
 * (reference §3.6 item 1). Descripcion: third-party short text of RVC001 (reference §3.3, 🔸 not verified
 * verbatim). Skipped when either side has no NIT (the structure check or the XML reports that).
 */
export function ruleNitObligado(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const nitRips = rips.numDocumentoIdObligado;
  const nitXml = xml.nitObligado;
  if (!nitRips || !nitXml || nitRips === nitXml) return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: 'RVC001',
      descripcion: 'El número de NIT del facturador debe coincidir con el NIT registrado en la FEV',
      observaciones: `Dato enviado [${nitRips}], NIT del facturador en la factura electrónica [${nitXml}]`,
      pathFuente: 'numDocumentoIdObligado',
      fuente: 'Rips',
    },
  ];
}

/**
 * RVC004 (RECHAZADO, Rips): the RIPS must name the electronic document (reference §3.6 item 2; PFP001 on the
 * XML side). Invoice: `numFactura` = invoice `cbc:ID`. Note (NC/ND): `numNota` = note `cbc:ID` and
 * `numFactura` = `BillingReference/InvoiceDocumentReference/cbc:ID` (🔸 third-party). Descripcion paraphrased.
 */
export function ruleNumeroDocumento(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const descripcion =
    'El número del documento informado en el RIPS debe coincidir con el de la factura electrónica.';
  const mismatch = (
    path: string,
    sent: string | null,
    expected: string | null,
    what: string,
  ): THallazgoLocal[] =>
    sent === expected
      ? []
      : [
          {
            clase: 'RECHAZADO',
            codigo: 'RVC004',
            descripcion,
            observaciones: `Dato enviado [${sent ?? ''}], ${what} [${expected ?? ''}]`,
            pathFuente: path,
            fuente: 'Rips',
          },
        ];
  if (xml.tipoDocumento === 'NC' || xml.tipoDocumento === 'ND') {
    return [
      ...mismatch('numNota', rips.numNota, xml.numeroDocumento, 'número de la nota en el XML'),
      ...mismatch(
        'numFactura',
        rips.numFactura,
        xml.billingReference?.id ?? null,
        'factura referenciada por la nota',
      ),
    ];
  }
  return mismatch('numFactura', rips.numFactura, xml.numeroDocumento, 'número de la factura electrónica');
}

/**
 * RVC012 — our mapping, not a code the MUV is known to use for this check: every `codPrestador` (12 digits =
 * REPS code + sede) must start with the XML `CODIGO_PRESTADOR` (10 digits) (reference §3.6 item 4; verified
 * on par1, par2 and capita). RECHAZADO, Rips, one finding per distinct offending code at its first path.
 * Descripcion paraphrased. Skipped when the XML has no 10-digit CODIGO_PRESTADOR; malformed codPrestador
 * values are left to the structure check.
 */
export function ruleCodigoPrestador(xml: TFevXml, services: TRipsServiceEntry[]): THallazgoLocal[] {
  const codigo = xml.salud?.codigoPrestador;
  if (!codigo || !/^\d{10}$/.test(codigo)) return [];
  const reported = new Set<string>();
  const out: THallazgoLocal[] = [];
  for (const { service, path } of services) {
    const cod = service['codPrestador'];
    if (typeof cod !== 'string' || !/^\d{12}$/.test(cod) || cod.startsWith(codigo) || reported.has(cod))
      continue;
    reported.add(cod);
    out.push({
      clase: 'RECHAZADO',
      codigo: 'RVC012',
      descripcion:
        'El código del prestador informado en el RIPS debe corresponder al CODIGO_PRESTADOR de la factura electrónica.',
      observaciones: `Dato enviado [${cod}], CODIGO_PRESTADOR en la factura electrónica [${codigo}]`,
      pathFuente: `${path}.codPrestador`,
      fuente: 'Rips',
    });
  }
  return out;
}

/**
 * RVC014 / RVC044 (RECHAZADO, Rips): service dates (`fechaInicioAtencion`, `fechaDispensAdmon`,
 * `fechaSuministroTecnologia` → RVC014) and discharge dates (`fechaEgreso` → RVC044) must fall inside the
 * FEV `InvoicePeriod` (reference §3.4, §3.6 item 3). Compared on the date part. One finding per code, at the
 * first offending field. Only when the XML has both period dates. Skipped for capitación (MODALIDAD_PAGO 03):
 * a capita-periodo invoice carries the RIPS of the previous period (reference §1.2). Descripcion paraphrased.
 */
export function ruleFechasEnPeriodo(xml: TFevXml, services: TRipsServiceEntry[]): THallazgoLocal[] {
  const start = xml.invoicePeriod?.startDate?.slice(0, 10);
  const end = xml.invoicePeriod?.endDate?.slice(0, 10);
  if (!start || !end || xml.salud?.modalidadPago === '03') return [];
  const out: THallazgoLocal[] = [];
  const firstOutside = (fields: readonly string[]): { path: string; value: string } | null => {
    for (const { service, path } of services) {
      for (const field of fields) {
        const date = datePart(service[field]);
        if (date !== null && (date < start || date > end))
          return { path: `${path}.${field}`, value: String(service[field]) };
      }
    }
    return null;
  };
  const attention = firstOutside(['fechaInicioAtencion', 'fechaDispensAdmon', 'fechaSuministroTecnologia']);
  if (attention) {
    out.push({
      clase: 'RECHAZADO',
      codigo: 'RVC014',
      descripcion:
        'La fecha de la atención debe estar dentro del periodo de facturación informado en la factura electrónica.',
      observaciones: `Dato enviado [${attention.value}], periodo de facturación [${start} a ${end}]`,
      pathFuente: attention.path,
      fuente: 'Rips',
    });
  }
  const discharge = firstOutside(['fechaEgreso']);
  if (discharge) {
    out.push({
      clase: 'RECHAZADO',
      codigo: 'RVC044',
      descripcion:
        'La fecha de egreso debe estar dentro del periodo de facturación informado en la factura electrónica.',
      observaciones: `Dato enviado [${discharge.value}], periodo de facturación [${start} a ${end}]`,
      pathFuente: discharge.path,
      fuente: 'Rips',
    });
  }
  return out;
}

/**
 * RVC036 (RECHAZADO, Rips): Σ `valorPagoModerador` by `conceptoRecaudo` must equal the FEV `PrepaidPayment`
 * amounts with that `cbc:ID/@schemeID` (reference §3.4, §3.6 item 5; verified on par1). Concepts whose sum is
 * 0 on both sides are ignored. One finding per differing concept, at the first RIPS entry of that concept
 * ('' when only the XML has it). Descripcion paraphrased.
 */
export function rulePagosModeradores(
  xml: TFevXml,
  rips: TRipsParsed,
  services: TRipsServiceEntry[],
): THallazgoLocal[] {
  const fromXml = new Map<string, number>();
  for (const payment of xml.prepaidPayments) {
    const concepto = payment.conceptoRecaudo ?? '';
    fromXml.set(concepto, (fromXml.get(concepto) ?? 0) + (payment.paidAmount ?? 0));
  }
  const fromRips = new Map(Object.entries(rips.resumen.pagoModeradorPorConcepto));
  const conceptos = [...new Set([...fromRips.keys(), ...fromXml.keys()])].sort();
  const out: THallazgoLocal[] = [];
  for (const concepto of conceptos) {
    const enRips = roundCents(fromRips.get(concepto) ?? 0);
    const enXml = roundCents(fromXml.get(concepto) ?? 0);
    if (enRips === enXml) continue;
    const entry = services.find(
      (s) =>
        String(s.service['conceptoRecaudo'] ?? '').trim() === concepto &&
        (toNumber(s.service['valorPagoModerador']) ?? 0) !== 0,
    );
    out.push({
      clase: 'RECHAZADO',
      codigo: 'RVC036',
      descripcion:
        'El valor de los pagos moderadores de la factura electrónica debe ser igual a la suma de los pagos moderadores del RIPS.',
      observaciones: `Concepto de recaudo [${concepto}]: suma en el RIPS [${enRips}], valor en la factura electrónica [${enXml}]`,
      pathFuente: entry ? `${entry.path}.valorPagoModerador` : '',
      fuente: 'Rips',
    });
  }
  return out;
}

/**
 * RVG02 — paraphrased; exact ministry code unknown (reference §3.4 lists RVG02 among the "FEV
 * reconciliations" without its text). Σ `vrServicio` (consultas, procedimientos, medicamentos,
 * otrosServicios) must equal `LegalMonetaryTotal/LineExtensionAmount` (reference §3.6 item 6; verified on par1
 * and par2): RECHAZADO, Rips. For capitación (MODALIDAD_PAGO 03) the RIPS may carry 0 values while the FEV
 * carries the capita amount (reference §3.6 item 6), so there the same difference is only a NOTIFICACION.
 * Skipped when the XML has no LineExtensionAmount.
 */
export function ruleTotalServicios(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const lineExtension = xml.totals.lineExtensionAmount;
  if (lineExtension === null) return [];
  const total = rips.resumen.totalValorServicios;
  if (roundCents(total) === roundCents(lineExtension)) return [];
  const capita = xml.salud?.modalidadPago === '03';
  return [
    {
      clase: capita ? 'NOTIFICACION' : 'RECHAZADO',
      codigo: 'RVG02',
      descripcion:
        'La suma de los valores de los servicios del RIPS debe ser igual al valor bruto de la factura electrónica.',
      observaciones: `Suma de vrServicio en el RIPS [${total}], LineExtensionAmount de la factura electrónica [${lineExtension}]${capita ? ' (capitación: los RIPS pueden informar valores en cero)' : ''}`,
      pathFuente: '',
      fuente: 'Rips',
    },
  ];
}

/**
 * RVC034 (RECHAZADO, Rips): with MODALIDAD_PAGO 04 (pago por evento) every `vrServicio` must be > 0
 * (reference §3.4, §3.6 item 7). One finding at the first offending entry, with the count. Paraphrased.
 */
export function ruleValorEvento(xml: TFevXml, services: TRipsServiceEntry[]): THallazgoLocal[] {
  if (xml.salud?.modalidadPago !== '04') return [];
  const offending = services.filter((s) => {
    if (!VALUED_LISTS.includes(s.list)) return false;
    const value = toNumber(s.service['vrServicio']);
    return value !== null && value <= 0;
  });
  const firstOffending = offending[0];
  if (!firstOffending) return [];
  return [
    {
      clase: 'RECHAZADO',
      codigo: 'RVC034',
      descripcion:
        'Cuando la modalidad de pago es pago por evento, el valor del servicio debe ser mayor a cero.',
      observaciones: `Dato enviado [${String(firstOffending.service['vrServicio'])}]; servicios con valor cero o negativo: ${offending.length}`,
      pathFuente: `${firstOffending.path}.vrServicio`,
      fuente: 'Rips',
    },
  ];
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

// ---------------------------------------------------------------------------------------------------------
// Routing and summary
// ---------------------------------------------------------------------------------------------------------

/**
 * The MUV endpoint for a package, decided from the files (reference §1.2 scenario table):
 * - RIPS `tipoNota` NA → CargarNotaAjuste (with or without XML);
 * - RIPS `tipoNota` RS without XML → CargarRipsSinFactura;
 * - credit note XML: capitación (MODALIDAD_PAGO 03) → CargarNcCapita; with RIPS → CargarNC; without RIPS →
 *   CargarNCTotal (the total NC travels with `rips: null`);
 * - debit note XML → CargarND;
 * - invoice with MODALIDAD_PAGO 03 (capitación): without RIPS → CargarCapitaInicial (FEV without RIPS), with
 *   RIPS → CargarCapitaPeriodo (RIPS of the previous period);
 * - any other invoice → CargarFevRips;
 * - RIPS without XML: `tipoNota` NC/ND → CargarNC/CargarND; anything else → CargarFevRips (the caller must
 *   make sure both files exist before sending).
 * CargarCapitaFinal (RIPS only, ❓ whether an XML goes with it) and CargarNCAcuerdoVoluntades cannot be told
 * apart from the files: {@link muvEndpointsFor} lists them as alternatives for the user to choose.
 */
export function muvEndpointFor(xml: TFevXml | null, rips: TRipsParsed | null): TMuvEndpoint {
  const tipoNota = rips?.tipoNota ?? null;
  if (tipoNota === 'NA') return 'CargarNotaAjuste';
  if (!xml) {
    if (tipoNota === 'RS') return 'CargarRipsSinFactura';
    if (tipoNota === 'NC') return 'CargarNC';
    if (tipoNota === 'ND') return 'CargarND';
    return 'CargarFevRips';
  }
  const capita = xml.salud?.modalidadPago === '03';
  if (xml.tipoDocumento === 'NC') return capita ? 'CargarNcCapita' : rips ? 'CargarNC' : 'CargarNCTotal';
  if (xml.tipoDocumento === 'ND') return 'CargarND';
  if (capita) return rips ? 'CargarCapitaPeriodo' : 'CargarCapitaInicial';
  return 'CargarFevRips';
}

/**
 * The endpoint of {@link muvEndpointFor} first, then the other endpoints the same files could legitimately go
 * to (capitación: CargarCapitaFinal after CargarCapitaPeriodo; credit notes: CargarNCAcuerdoVoluntades is not
 * in this type because the product does not send it yet). Never empty.
 */
export function muvEndpointsFor(xml: TFevXml | null, rips: TRipsParsed | null): TMuvEndpoint[] {
  const main = muvEndpointFor(xml, rips);
  if (main === 'CargarCapitaPeriodo') return [main, 'CargarCapitaFinal'];
  return [main];
}

/** True when any finding is RECHAZADO, i.e. the MUV would not issue a CUV (reference §3.1). */
export function hasRechazo(h: THallazgoLocal[]): boolean {
  return h.some((item) => item.clase === 'RECHAZADO');
}
