import { createHash } from 'node:crypto';
import { parseFevXml } from '../src/xml.ts';

/**
 * Credit and debit notes on a real invoice, for the tests of the note builder (packages/fevrips, the API, the CLI and
 * the browser journey). No real note is public (reference §6: "no real note … sample is public"), so each note is a
 * real invoice's AttachedDocument (par1, par2) rewritten the way DIAN's note structure asks (reference §4.1, §4.4):
 * the inner Invoice becomes a CreditNote / DebitNote (namespace, root, CustomizationID 20 / 30 "with reference",
 * ProfileID, CreditNoteTypeCode 91 / DebitNoteTypeCode 92, its own number and CUDE), its lines are the note's
 * (CreditNoteLine / DebitNoteLine with the item code in StandardItemIdentification), its totals the note's value
 * (LegalMonetaryTotal, RequestedMonetaryTotal on a debit note), it has no PrepaidPayment, and it names the invoice in
 * `cac:DiscrepancyResponse` and `cac:BillingReference/cac:InvoiceDocumentReference` (ID, UUID = the invoice's CUFE,
 * IssueDate). The container keeps the invoice's parties and DIAN's validation.
 */

export type TLineaNotaPrueba = { codigo: string | null; cantidad?: number; valor: number; descripcion?: string };

const ROOTS = {
  NC: {
    root: 'CreditNote',
    line: 'CreditNoteLine',
    quantity: 'CreditedQuantity',
    total: 'LegalMonetaryTotal',
    typeCode: '<cbc:CreditNoteTypeCode>91</cbc:CreditNoteTypeCode>',
    profile: 'DIAN 2.1: Nota Crédito de Factura Electrónica de Venta',
    customization: '20',
    response: '1',
  },
  ND: {
    root: 'DebitNote',
    line: 'DebitNoteLine',
    quantity: 'DebitedQuantity',
    total: 'RequestedMonetaryTotal',
    typeCode: '<cbc:DebitNoteTypeCode>92</cbc:DebitNoteTypeCode>',
    profile: 'DIAN 2.1: Nota Débito de Factura Electrónica de Venta',
    customization: '30',
    response: '3',
  },
} as const;

/**
 * The XML of a credit (`NC`) or debit (`ND`) note numbered `numero` on the invoice `facturaXml` (its text), with
 * `lineas` (value in COP; the note's value is their sum). `referencia` is the invoice number the note names (default:
 * the invoice's own; null: no BillingReference); `cufe` the CUFE it names (default: the invoice's); `nit` another issuer
 * NIT for the whole document.
 */
export function notaDeFactura(
  facturaXml: string,
  o: {
    tipo: 'NC' | 'ND';
    numero: string;
    lineas: readonly TLineaNotaPrueba[];
    referencia?: string | null;
    cufe?: string;
    nit?: string;
  },
): string {
  const factura = parseFevXml(facturaXml);
  const numeroFactura = factura.numeroDocumento!;
  const cufe = factura.cufe!;
  const r = ROOTS[o.tipo];
  const total = o.lineas.reduce((sum, l) => sum + l.valor, 0).toFixed(2);
  const cude = createHash('sha384').update(`nota ${o.numero}`).digest('hex');
  const lines = o.lineas
    .map(
      (l, i) =>
        `<cac:${r.line}><cbc:ID>${i + 1}</cbc:ID><cbc:${r.quantity} unitCode="94">${(l.cantidad ?? 1).toFixed(2)}</cbc:${r.quantity}>` +
        `<cbc:LineExtensionAmount currencyID="COP">${l.valor.toFixed(2)}</cbc:LineExtensionAmount>` +
        `<cac:Item><cbc:Description>${l.descripcion ?? 'SERVICIO'}</cbc:Description>` +
        (l.codigo === null ? '' : `<cac:StandardItemIdentification><cbc:ID schemeID="999">${l.codigo}</cbc:ID></cac:StandardItemIdentification>`) +
        `</cac:Item><cac:Price><cbc:PriceAmount currencyID="COP">${(l.valor / (l.cantidad ?? 1)).toFixed(2)}</cbc:PriceAmount>` +
        `<cbc:BaseQuantity unitCode="94">${(l.cantidad ?? 1).toFixed(2)}</cbc:BaseQuantity></cac:Price></cac:${r.line}>`,
    )
    .join('');
  const referencia = o.referencia === undefined ? numeroFactura : o.referencia;
  const billing =
    referencia === null
      ? ''
      : `<cac:DiscrepancyResponse><cbc:ReferenceID>${referencia}</cbc:ReferenceID><cbc:ResponseCode>${r.response}</cbc:ResponseCode>` +
        `<cbc:Description>Glosa aceptada</cbc:Description></cac:DiscrepancyResponse>` +
        `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${referencia}</cbc:ID>` +
        `<cbc:UUID schemeName="CUFE-SHA384">${o.cufe ?? cufe}</cbc:UUID><cbc:IssueDate>${factura.issueDate}</cbc:IssueDate>` +
        '</cac:InvoiceDocumentReference></cac:BillingReference>';
  let xml = facturaXml
    .replaceAll(`>${numeroFactura}<`, `>${o.numero}<`)
    .replaceAll(cufe, cude)
    .replace('CUFE-SHA384', 'CUDE-SHA384')
    .replace('xsd:Invoice-2"', `xsd:${r.root}-2"`)
    .replace(/<Invoice([\s>])/, `<${r.root}$1`)
    .replace('</Invoice>', `${lines}</${r.root}>`)
    .replace(/<cac:InvoiceLine>[\s\S]*?<\/cac:InvoiceLine>/g, '')
    .replace(/<cbc:CustomizationID>SS-[A-Za-z]+<\/cbc:CustomizationID>/, `<cbc:CustomizationID>${r.customization}</cbc:CustomizationID>`)
    .replace(/<cbc:ProfileID>DIAN 2\.1: Factura[^<]*<\/cbc:ProfileID>/, `<cbc:ProfileID>${r.profile}</cbc:ProfileID>`)
    .replace(/<cbc:InvoiceTypeCode[^>]*>[^<]*<\/cbc:InvoiceTypeCode>/, r.typeCode)
    .replace(/<cac:PrepaidPayment>[\s\S]*?<\/cac:PrepaidPayment>/g, '')
    .replace(/<cac:LegalMonetaryTotal>[\s\S]*?<\/cac:LegalMonetaryTotal>/, (block) =>
      block
        .replaceAll('cac:LegalMonetaryTotal>', `cac:${r.total}>`)
        .replace(/(<cbc:(?:LineExtensionAmount|TaxExclusiveAmount|TaxInclusiveAmount|PayableAmount) currencyID="COP">)[0-9.]+</g, `$1${total}<`)
        .replace(/(<cbc:PrepaidAmount currencyID="COP">)[0-9.]+</, '$10.00<'),
    )
    .replace(/(<cac:AccountingSupplierParty>)/, `${billing}$1`);
  if (o.nit) xml = xml.replaceAll(`>${factura.nitObligado}<`, `>${o.nit}<`);
  const check = parseFevXml(xml);
  if (check.tipoDocumento !== o.tipo || check.numeroDocumento !== o.numero || check.lineas.length !== o.lineas.length)
    throw new Error('the invoice XML shape changed: the note could not be built');
  return xml;
}
