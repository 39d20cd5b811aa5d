import { describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { FevRipsError } from './errors.ts';
import { parseFevXml, tipoFromProfile } from './xml.ts';
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

/** The invoice embedded (CDATA) in the par1 AttachedDocument, as text. */
function par1InnerInvoice(): string {
  const text = readSampleText(SAMPLE.par1Xml);
  const start = text.indexOf('<![CDATA[') + '<![CDATA['.length;
  return text.slice(start, text.indexOf(']]>', start));
}

const NS =
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2" ' +
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:ext="urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2"';

describe('parseFevXml on the real samples', () => {
  it('par1: AttachedDocument, evento, copago, empty NUMERO_POLIZA', () => {
    const xml = parseFevXml(readSample(SAMPLE.par1Xml));
    expect(xml.formato).toBe('A01E5687');
    expect(xml.numeroDocumento).toBe('A01E5687');
    expect(xml.parentDocumentId).toBe('A01E5687');
    expect(xml.tipoDocumento).toBe('FV');
    expect(xml.tipoDocumentoNombre).toBe('Factura de Venta');
    expect(xml.rootName).toBe('Invoice');
    expect(xml.isAttachedDocument).toBe(true);
    expect(xml.profileId).toBe('DIAN 2.1: Factura Electrónica de Venta');
    expect(xml.customizationId).toBe('SS-CUFE');
    expect(xml.issueDate).toBe('2025-07-09');
    expect(xml.cufe).toMatch(/^e6a0b73d[0-9a-f]{82}8484c5$/);
    expect(xml.nitObligado).toBe('901019681');
    expect(xml.dvObligado).toBe('8');
    expect(xml.nitAdquiriente).toBe('830003564');
    expect(xml.invoicePeriod).toEqual({ startDate: '2025-07-01', endDate: '2025-07-09' });
    expect(xml.totals).toEqual({
      lineExtensionAmount: 1120000,
      taxExclusiveAmount: 0,
      taxInclusiveAmount: 1120000,
      prepaidAmount: 64400,
      payableAmount: 1055600,
    });
    expect(xml.payableAmountText).toBe('1055600.00');
    expect(xml.prepaidPayments).toEqual([{ conceptoRecaudo: '01', paidAmount: 64400 }]);
    expect(xml.billingReference).toBeNull();
    expect(xml.lineCount).toBe(1);
    expect(xml.dianValidationResultCode).toBe('02');
    expect(xml.salud).toMatchObject({
      codigoPrestador: '1100131205',
      modalidadPago: '04',
      modalidadPagoTexto: 'Pago por evento.',
      coberturaPlan: '01',
      numeroContrato: 'S13103103896',
      numeroPoliza: null,
      collectionCount: 1,
    });
  });

  it('par1 gives the same result from bytes and from text', () => {
    expect(parseFevXml(readSampleText(SAMPLE.par1Xml))).toEqual(parseFevXml(readSample(SAMPLE.par1Xml)));
  });

  it('par2: BOM, double-encoded text, vendor extensions before CustomTagGeneral, 17 lines', () => {
    const bytes = readSample(SAMPLE.par2Xml);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const xml = parseFevXml(bytes);
    expect(xml.formato).toBe('FECE214626');
    expect(xml.tipoDocumento).toBe('FV');
    expect(xml.profileId).toBe('DIAN 2.1: Factura ElectrÃ³nica de Venta'); // kept as sent, not "fixed"
    expect(xml.customizationId).toBe('SS-CUFE');
    expect(xml.nitObligado).toBe('891856372');
    expect(xml.nitAdquiriente).toBe('830053105');
    expect(xml.invoicePeriod).toEqual({ startDate: '2025-01-20', endDate: '2025-02-05' });
    expect(xml.totals.lineExtensionAmount).toBe(228630);
    expect(xml.totals.payableAmount).toBe(228630);
    expect(xml.totals.prepaidAmount).toBe(0);
    expect(xml.payableAmountText).toBe('228630.00');
    expect(xml.prepaidPayments).toEqual([]);
    expect(xml.lineCount).toBe(17);
    expect(xml.salud).toMatchObject({
      codigoPrestador: '1575900592',
      modalidadPago: '04',
      coberturaPlan: '01',
      numeroContrato: '1',
      numeroPoliza: '0',
      collectionCount: 1,
    });
  });

  it('par2 request body: the base64 xmlFevFile is the XML file byte for byte and parses the same', () => {
    const body = readSampleJson(SAMPLE.par2Body);
    expect(Object.keys(body).sort()).toEqual(['codigoUnicoValidacion', 'rips', 'xmlFevFile']);
    const decoded = new Uint8Array(Buffer.from(body['xmlFevFile'] as string, 'base64'));
    expect(decoded).toEqual(new Uint8Array(readSample(SAMPLE.par2Xml)));
    const xml = parseFevXml(decoded);
    expect(xml.formato).toBe('FECE214626');
    expect(xml.nitObligado).toBe('891856372');
  });

  it('capita: modalidad 03, cobertura 07, CustomTagGeneral as the first extension, empty <Value></Value>', () => {
    const xml = parseFevXml(readSample(SAMPLE.capitaXml));
    expect(xml.formato).toBe('AWAS1283785');
    expect(xml.tipoDocumento).toBe('FV');
    expect(xml.nitObligado).toBe('840000269');
    expect(xml.nitAdquiriente).toBe('891280001');
    expect(xml.invoicePeriod).toEqual({ startDate: '2025-10-01', endDate: '2025-10-31' });
    expect(xml.totals.payableAmount).toBe(36477272);
    expect(xml.totals.lineExtensionAmount).toBe(36477272);
    expect(xml.salud).toMatchObject({
      codigoPrestador: '5207900055',
      modalidadPago: '03',
      modalidadPagoTexto: 'Pago por capitación',
      coberturaPlan: '07',
      numeroContrato: '2025000394',
      numeroPoliza: null,
    });
  });

  it('reads a bare Invoice (the par1 invoice without its container)', () => {
    const xml = parseFevXml(par1InnerInvoice());
    expect(xml.isAttachedDocument).toBe(false);
    expect(xml.parentDocumentId).toBeNull();
    expect(xml.dianValidationResultCode).toBeNull();
    expect(xml.formato).toBe('A01E5687');
    expect(xml.nitObligado).toBe('901019681');
    expect(xml.salud?.codigoPrestador).toBe('1100131205');
  });
});

describe('parseFevXml refusals and errors', () => {
  it('refuses a DOCTYPE injected into par1', () => {
    const text = readSampleText(SAMPLE.par1Xml).replace(
      '?>',
      '?><!DOCTYPE AttachedDocument [<!ENTITY x "y">]>',
    );
    const error = expectFevRipsError(() => parseFevXml(text), 'XML_DOCTYPE');
    expect(error.message).toBe(MSG.xmlDoctypeRefused);
  });

  it('refuses lower-case and ENTITY-only declarations', () => {
    expectFevRipsError(() => parseFevXml('<!doctype Invoice><Invoice/>'), 'XML_DOCTYPE');
    expectFevRipsError(() => parseFevXml('<Invoice><!ENTITY a "b"></Invoice>'), 'XML_DOCTYPE');
  });

  it('refuses a DOCTYPE that only appears once the embedded document is decoded', () => {
    const inner = `<!DOCTYPE Invoice [<!ENTITY lol "lol">]><Invoice ${NS}><cbc:ID>FE1</cbc:ID></Invoice>`;
    const escaped = inner.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
    const outer = `<AttachedDocument ${NS}><cbc:ParentDocumentID>FE1</cbc:ParentDocumentID><cac:Attachment><cac:ExternalReference><cbc:Description>${escaped}</cbc:Description></cac:ExternalReference></cac:Attachment></AttachedDocument>`;
    expect(outer).not.toMatch(/<!DOCTYPE/i);
    expectFevRipsError(() => parseFevXml(outer), 'XML_DOCTYPE');
  });

  it('truncated XML → XML_INVALID', () => {
    const text = readSampleText(SAMPLE.par1Xml);
    const error = expectFevRipsError(
      () => parseFevXml(text.slice(0, Math.floor(text.length / 2))),
      'XML_INVALID',
    );
    expect(error.message).toBe(MSG.xmlInvalid);
  });

  it('a malformed embedded invoice → XML_INVALID', () => {
    const text = readSampleText(SAMPLE.par1Xml).replace('</Invoice>]]>', ']]>');
    expectFevRipsError(() => parseFevXml(text), 'XML_INVALID');
  });

  it('an AttachedDocument without an embedded document → XML_INVALID', () => {
    expectFevRipsError(
      () =>
        parseFevXml(
          `<AttachedDocument ${NS}><cbc:ParentDocumentID>FE1</cbc:ParentDocumentID></AttachedDocument>`,
        ),
      'XML_INVALID',
    );
  });

  it('an unknown root, or an embedded ApplicationResponse, → XML_INVALID', () => {
    expectFevRipsError(() => parseFevXml('<Foo><ID>FE1</ID></Foo>'), 'XML_INVALID');
    const outer = `<AttachedDocument ${NS}><cac:Attachment><cac:ExternalReference><cbc:Description><![CDATA[<ApplicationResponse><cbc:ID>1</cbc:ID></ApplicationResponse>]]></cbc:Description></cac:ExternalReference></cac:Attachment></AttachedDocument>`;
    expectFevRipsError(() => parseFevXml(outer), 'XML_INVALID');
  });

  it('a NUL or another character XML 1.0 forbids, raw or as a reference, in the container or the invoice → XML_INVALID', () => {
    const text = readSampleText(SAMPLE.par1Xml);
    const cases = [
      text.replace('<cbc:ID>A01E5687</cbc:ID>', '<cbc:ID>A01E5687\u0000</cbc:ID>'),
      text.replace('MEDICAL ENERGY SAS', 'MEDICAL\u0001ENERGY SAS'),
      text.replace('MEDICAL ENERGY SAS', 'MEDICAL&#0;ENERGY SAS'),
      text.replace('MEDICAL ENERGY SAS', 'MEDICAL&#x1b;ENERGY SAS'),
      text.replace('Colombia', 'Colombia\uFFFF'),
    ];
    for (const xml of cases) {
      const error = expectFevRipsError(() => parseFevXml(xml), 'XML_INVALID');
      expect(error.message).toBe(MSG.xmlInvalid);
      expectFevRipsError(() => parseFevXml(Buffer.from(xml, 'utf8')), 'XML_INVALID');
    }
    // Tab, LF and CR, raw or as references, are XML characters.
    expect(parseFevXml(text.replace('MEDICAL ENERGY SAS', 'MEDICAL&#9;&#10;&#13;ENERGY\tSAS')).formato).toBe('A01E5687');
  });

  it('empty input and plain text → XML_INVALID', () => {
    expectFevRipsError(() => parseFevXml(''), 'XML_INVALID');
    expectFevRipsError(() => parseFevXml('hola'), 'XML_INVALID');
    expectFevRipsError(() => parseFevXml(new Uint8Array([0xef, 0xbb, 0xbf])), 'XML_INVALID');
  });

  it('no number with a digit → XML_NO_FORMATO', () => {
    const error = expectFevRipsError(
      () => parseFevXml(`<Invoice ${NS}><cbc:ID>FEVC</cbc:ID></Invoice>`),
      'XML_NO_FORMATO',
    );
    expect(error.message).toBe(MSG.xmlNoFormato);
    expectFevRipsError(
      () => parseFevXml(`<Invoice ${NS}><cbc:UUID>x</cbc:UUID></Invoice>`),
      'XML_NO_FORMATO',
    );
  });

  it('input that is not text or bytes → XML_ERROR', () => {
    expectFevRipsError(() => parseFevXml(42 as unknown as string), 'XML_ERROR');
  });
});

describe('parseFevXml on synthetic documents', () => {
  it('formato: whole capitals+digits value, else the leading letters-digits run', () => {
    const parse = (id: string) => parseFevXml(`<Invoice ${NS}><cbc:ID>${id}</cbc:ID></Invoice>`).formato;
    expect(parse(' 00003074044 ')).toBe('00003074044');
    expect(parse('SETP990000103')).toBe('SETP990000103');
    expect(parse('FE123-4')).toBe('FE123');
  });

  it('a CreditNote with a double-encoded ProfileID and a BillingReference', () => {
    const xml = parseFevXml(
      `<CreditNote ${NS}><cbc:CustomizationID>20</cbc:CustomizationID>` +
        '<cbc:ProfileID>DIAN 2.1: Nota CrÃ©dito de Factura ElectrÃ³nica de Venta</cbc:ProfileID>' +
        '<cbc:ID>NC77</cbc:ID><cbc:UUID schemeName="CUDE-SHA384">abc</cbc:UUID>' +
        '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>FE10</cbc:ID><cbc:UUID>cufe</cbc:UUID>' +
        '<cbc:IssueDate>2025-07-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>' +
        '<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="COP">100.50</cbc:LineExtensionAmount>' +
        '<cbc:PayableAmount currencyID="COP">100.50</cbc:PayableAmount></cac:LegalMonetaryTotal>' +
        '<cac:CreditNoteLine><cbc:ID>1</cbc:ID></cac:CreditNoteLine><cac:CreditNoteLine><cbc:ID>2</cbc:ID></cac:CreditNoteLine>' +
        '</CreditNote>',
    );
    expect(xml.tipoDocumento).toBe('NC');
    expect(xml.tipoDocumentoNombre).toBe('Nota Crédito');
    expect(xml.rootName).toBe('CreditNote');
    expect(xml.formato).toBe('NC77');
    expect(xml.billingReference).toEqual({ id: 'FE10', uuid: 'cufe', issueDate: '2025-07-01' });
    expect(xml.totals.payableAmount).toBe(100.5);
    expect(xml.payableAmountText).toBe('100.50');
    expect(xml.lineCount).toBe(2);
    expect(xml.invoicePeriod).toBeNull();
    expect(xml.salud).toBeNull();
  });

  it('a DebitNote with RequestedMonetaryTotal; the root decides when ProfileID does not', () => {
    const xml = parseFevXml(
      `<DebitNote ${NS}><cbc:ProfileID>DIAN 2.1</cbc:ProfileID><cbc:ID>ND5</cbc:ID>` +
        '<cac:RequestedMonetaryTotal><cbc:PayableAmount>20</cbc:PayableAmount></cac:RequestedMonetaryTotal></DebitNote>',
    );
    expect(xml.tipoDocumento).toBe('ND');
    expect(xml.tipoDocumentoNombre).toBe('Nota Débito');
    expect(xml.totals.payableAmount).toBe(20);
    expect(xml.totals.lineExtensionAmount).toBeNull();
  });

  it('ProfileID "Nota Débito" wins over the root name', () => {
    const xml = parseFevXml(
      `<Invoice ${NS}><cbc:ProfileID>DIAN 2.1: Nota Debito de Factura Electronica de Venta</cbc:ProfileID><cbc:ID>X1</cbc:ID></Invoice>`,
    );
    expect(xml.tipoDocumento).toBe('ND');
  });

  it('several health collections, Name/Value found by name, predefined entities decoded', () => {
    const info = (name: string, value: string) =>
      `<AdditionalInformation><Name>${name}</Name>${value}</AdditionalInformation>`;
    const xml = parseFevXml(
      `<Invoice ${NS}><ext:UBLExtensions><ext:UBLExtension><ext:ExtensionContent><Other/></ext:ExtensionContent></ext:UBLExtension>` +
        '<ext:UBLExtension><ext:ExtensionContent><Wrapper><CustomTagGeneral><Interoperabilidad><Group schemeName="Sector Salud">' +
        `<Collection schemeName="Usuario">${info('NUMERO_POLIZA', '<Value>P&amp;1</Value>')}${info('MODALIDAD_PAGO', '<Value schemeID="04">evento</Value>')}</Collection>` +
        `<Collection schemeName="Usuario">${info('CODIGO_PRESTADOR', '<Value>1234567890</Value>')}${info('NUMERO_CONTRATO', '<Value>C-9</Value>')}</Collection>` +
        '</Group></Interoperabilidad></CustomTagGeneral></Wrapper></ext:ExtensionContent></ext:UBLExtension></ext:UBLExtensions>' +
        '<cbc:ID>FE1</cbc:ID><cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID schemeID="3">900123456</cbc:CompanyID>' +
        '</cac:PartyTaxScheme></cac:Party></cac:AccountingSupplierParty></Invoice>',
    );
    expect(xml.salud?.collectionCount).toBe(2);
    expect(xml.salud).toMatchObject({
      codigoPrestador: '1234567890',
      modalidadPago: '04',
      numeroContrato: 'C-9',
      numeroPoliza: 'P&1',
    });
    expect(xml.salud?.collections[0]?.numeroContrato).toBeNull();
    expect(xml.salud?.collections[1]?.numeroPoliza).toBeNull();
    expect(xml.nitObligado).toBe('900123456');
    expect(xml.dvObligado).toBe('3');
  });

  it('falls back to the container SenderParty NIT when the invoice has none', () => {
    const outer =
      `<AttachedDocument ${NS}><cbc:ParentDocumentID>FE2</cbc:ParentDocumentID>` +
      '<cac:SenderParty><cac:PartyTaxScheme><cbc:CompanyID schemeID="5">800111222</cbc:CompanyID></cac:PartyTaxScheme></cac:SenderParty>' +
      `<cac:Attachment><cac:ExternalReference><cbc:Description><![CDATA[<Invoice ${NS}><cbc:ID>FE2</cbc:ID></Invoice>]]></cbc:Description></cac:ExternalReference></cac:Attachment></AttachedDocument>`;
    const xml = parseFevXml(outer);
    expect(xml.nitObligado).toBe('800111222');
    expect(xml.dvObligado).toBe('5');
    expect(xml.salud).toBeNull();
  });
});

describe('document type from the profile id (seed 001 §5)', () => {
  it("reads the seed's three profiles, the real files' longer ones, mojibake, and nothing from anything else", () => {
    expect(tipoFromProfile('DIAN 2.1 Factura Venta')).toBe('FV');
    expect(tipoFromProfile('DIAN 2.1 Nota Crédito')).toBe('NC');
    expect(tipoFromProfile('DIAN 2.1 Nota Débito')).toBe('ND');
    expect(tipoFromProfile('DIAN 2.1: Nota Crédito de Factura Electrónica de Venta')).toBe('NC');
    expect(tipoFromProfile('DIAN 2.1: Factura Electrónica de Venta')).toBe('FV');
    expect(tipoFromProfile('DIAN 2.1: Nota CrÃ©dito de Factura ElectrÃ³nica de Venta')).toBe('NC');
    expect(tipoFromProfile('DIAN 2.1: documento soporte')).toBeNull();
    expect(tipoFromProfile(null)).toBeNull();
  });
});
