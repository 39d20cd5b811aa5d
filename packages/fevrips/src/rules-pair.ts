import { VALUED_LISTS, datePart, listServices, type TRipsParsed, type TRipsServiceEntry } from './rips.ts';
import type { THallazgoLocal } from './findings.ts';
import { roundCents, toNumber } from './shared.ts';
import type { TFevXml } from './xml.ts';

/**
 * The XML ↔ RIPS cross-file rules of reference §3.6, in the order a pair reports them (see each rule for its source
 * and wording). Cross-file findings are few and not subject to the structure cap.
 */
export function checkCrossFile(xml: TFevXml, rips: TRipsParsed): THallazgoLocal[] {
  const services = listServices(rips.rips);
  return [
    ...ruleNitObligado(xml, rips),
    ...ruleNumeroDocumento(xml, rips),
    ...ruleCodigoPrestador(xml, services),
    ...ruleFechasEnPeriodo(xml, services),
    ...rulePagosModeradores(xml, rips, services),
    ...ruleTotalServicios(xml, rips),
    ...ruleValorEvento(xml, services),
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
