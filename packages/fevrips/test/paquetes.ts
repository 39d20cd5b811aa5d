import { SAMPLE, readSampleJson, readSampleText } from './samples.ts';

/**
 * Packages of every type the MUV takes (reference §1.2), built from the real samples' structure: no public real credit
 * note, debit note, adjustment note or RIPS without invoice exists (reference §6), so each is the par1 pair (a real
 * AttachedDocument and its RIPS) changed the way a billing system writes that document:
 * - a note's XML is par1's Invoice turned into a CreditNote / DebitNote (root, namespace, lines, CustomizationID 20/30,
 *   ProfileID, its own number, a BillingReference to the invoice, no PrepaidPayment, totals = the note's value);
 * - a note's RIPS is the credited or debited services only, tipoNota NC/ND, numNota = the note's number, no moderator
 *   payments (concept 05 "no aplica");
 * - an adjustment note's RIPS is the invoice's RIPS with tipoNota NA and numNota; a RIPS without invoice has tipoNota
 *   RS, numFactura null and a local consecutive in numNota.
 * The capitation packages use the real capitation samples (XML AWAS1283785, RIPS AWAS1282418, renumbered to match).
 * Used by the package tests of packages/fevrips and of the API.
 */

/** par1's invoice number (its RIPS: four users, one procedimiento of 280,000 COP each). */
export const PAR1_FACTURA = 'A01E5687';

type TNota = 'NC' | 'ND';

const ROOT: Record<
  TNota,
  { root: string; line: string; quantity: string; total: string; profile: string; cust: string }
> = {
  NC: {
    root: 'CreditNote',
    line: 'CreditNoteLine',
    quantity: 'CreditedQuantity',
    total: 'LegalMonetaryTotal',
    profile: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta',
    cust: '20',
  },
  ND: {
    root: 'DebitNote',
    line: 'DebitNoteLine',
    quantity: 'DebitedQuantity',
    total: 'RequestedMonetaryTotal',
    profile: 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta',
    cust: '30',
  },
};

/**
 * The XML of a credit or debit note on par1's invoice, as an AttachedDocument like the real one.
 * @param valor the note's value in COP (its LineExtensionAmount, TaxInclusiveAmount and PayableAmount).
 * @param options.referencia false to leave out the BillingReference; options.prepago true to keep par1's
 *   PrepaidPayment (64,400 COP, which a note must not carry).
 */
export function notaXml(
  tipo: TNota,
  numero: string,
  valor: number,
  options: { referencia?: boolean; prepago?: boolean } = {},
): string {
  const t = ROOT[tipo];
  const amount = `${valor.toFixed(2)}<`;
  let xml = readSampleText(SAMPLE.par1Xml)
    .replaceAll(`>${PAR1_FACTURA}<`, `>${numero}<`)
    .replace('xsd:Invoice-2"', `xsd:${t.root}-2"`)
    .replace('<Invoice ', `<${t.root} `)
    .replace('</Invoice>', `</${t.root}>`)
    .replaceAll('cac:InvoiceLine>', `cac:${t.line}>`)
    .replaceAll('cbc:InvoicedQuantity', `cbc:${t.quantity}`)
    .replaceAll('cac:LegalMonetaryTotal>', `cac:${t.total}>`)
    .replace('<cbc:CustomizationID>SS-CUFE<', `<cbc:CustomizationID>${t.cust}<`)
    .replace('<cbc:ProfileID>DIAN 2.1: Factura Electrónica de Venta<', `<cbc:ProfileID>${t.profile}<`)
    .replace(
      /(<cbc:(?:LineExtensionAmount|TaxInclusiveAmount|PayableAmount) currencyID="COP">)[0-9.]+</g,
      `$1${amount}`,
    )
    .replace(/(<cbc:PrepaidAmount currencyID="COP">)[0-9.]+</, options.prepago ? '$164400.00<' : '$10.00<');
  if (!options.prepago) xml = xml.replace(/<cac:PrepaidPayment>[\s\S]*?<\/cac:PrepaidPayment>/g, '');
  if (options.referencia !== false) {
    const reference =
      `<cac:DiscrepancyResponse><cbc:ReferenceID>${PAR1_FACTURA}</cbc:ReferenceID><cbc:ResponseCode>${tipo === 'NC' ? '1' : '3'}</cbc:ResponseCode></cac:DiscrepancyResponse>` +
      `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${PAR1_FACTURA}</cbc:ID>` +
      '<cbc:IssueDate>2025-07-09</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>';
    xml = xml.replace(/(<cac:AccountingSupplierParty>)/, `${reference}$1`);
  }
  if (!xml.includes(`<${t.root} `)) throw new Error('par1 XML shape changed');
  return xml;
}

/** par1's RIPS, with `edit` applied (a fresh copy each call). */
export function par1Rips(edit: (rips: Record<string, unknown>) => void = () => {}): Record<string, unknown> {
  const rips = readSampleJson(SAMPLE.par1Json);
  edit(rips);
  return rips;
}

type TServicios = Record<string, Record<string, unknown>[]>;
const usuariosDe = (rips: Record<string, unknown>) => rips['usuarios'] as { servicios: TServicios }[];

/**
 * The RIPS of a credit or debit note on par1: the services of its first `usuarios` users (par1 has four users with one
 * procedimiento of 280,000 COP each; the first one paid a 64,400 COP copago), tipoNota, numNota, the invoice's number,
 * and no moderator payments unless `moderadores`.
 */
export function notaRips(
  tipo: TNota,
  numero: string,
  usuarios = 1,
  moderadores = false,
): Record<string, unknown> {
  return par1Rips((r) => {
    const kept = usuariosDe(r).slice(0, usuarios);
    if (kept.length !== usuarios) throw new Error('par1 RIPS shape changed');
    if (!moderadores) {
      for (const u of kept)
        for (const list of Object.values(u.servicios))
          for (const s of list) Object.assign(s, { valorPagoModerador: 0, conceptoRecaudo: '05' });
    }
    Object.assign(r, { usuarios: kept, tipoNota: tipo, numNota: numero, numFactura: PAR1_FACTURA });
  });
}

/** Σ vrServicio of a RIPS built here (its procedimientos). */
export function valorServicios(rips: Record<string, unknown>): number {
  let total = 0;
  for (const u of usuariosDe(rips))
    for (const list of Object.values(u.servicios))
      for (const s of list) total += Number(s['vrServicio'] ?? 0);
  return total;
}

/** par1's RIPS as a nota de ajuste (tipoNota NA): the same services, corrected data, `numNota`. */
export function notaAjusteRips(numNota: string | null = 'NA1'): Record<string, unknown> {
  return par1Rips((r) => Object.assign(r, { tipoNota: 'NA', numNota }));
}

/** par1's RIPS as a RIPS sin factura (tipoNota RS): numFactura null, a local consecutive in numNota. */
export function ripsSinFactura(numNota = '1'): Record<string, unknown> {
  return par1Rips((r) => Object.assign(r, { tipoNota: 'RS', numNota, numFactura: null }));
}

/** The real capitation XML (AWAS1283785, MODALIDAD_PAGO 03). */
export function capitaXml(): string {
  return readSampleText(SAMPLE.capitaXml);
}

/** The real capitation RIPS (every vrServicio 0), renumbered to the capitation XML's invoice (same provider). */
export function capitaRips(): Record<string, unknown> {
  const rips = readSampleJson(SAMPLE.capitaJson);
  rips['numFactura'] = 'AWAS1283785';
  return rips;
}
