import { describe, expect, it } from 'vitest';
import { checkXml } from './rules-xml.ts';
import { parseFevXml } from './xml.ts';
import { SAMPLE, readSampleText } from '../test/samples.ts';

/** DT2 v001 §11 rules decidable from the XML: a minimal failing and passing case each, from par1's invoice. */

const PAR1 = readSampleText(SAMPLE.par1Xml);
const CUFE = 'e6a0b73d78a9e185bdd11a7a1abcff702d8d6fa08e1abeaa13ec65a4efef2cf52752b659af3bb9eb0d041822ac8484c5';
const INNER_UUID = `<cbc:UUID schemeID="1" schemeName="CUFE-SHA384">${CUFE}</cbc:UUID>`;
const SUPPLIER_ID = 'schemeID="8" schemeName="31">901019681';

/** The codes checkXml gives for par1 with `from` replaced (first occurrence) by `to`. */
function codes(from: string, to: string): string[] {
  expect(PAR1.includes(from), from).toBe(true);
  return checkXml(parseFevXml(PAR1.replace(from, to))).map((h) => h.codigo);
}

describe('DT2 v001 §11 XML rules', () => {
  it('par1 as it is passes all of them (only its FED131 notification remains)', () => {
    expect(checkXml(parseFevXml(PAR1)).map((h) => h.codigo)).toEqual(['FED131']);
  });

  it('VFE005: the document number (cbc:ID) must be there', () => {
    expect(codes(`<cbc:ID>A01E5687</cbc:ID>${INNER_UUID}`, `<cbc:ID></cbc:ID>${INNER_UUID}`)).toContain('VFE005');
  });

  it('VFE006 / VFE007: the CUFE must be there and be 96 hexadecimal characters', () => {
    expect(codes(INNER_UUID, '<cbc:UUID schemeID="1" schemeName="CUFE-SHA384"></cbc:UUID>')).toContain('VFE006');
    const bad = codes(INNER_UUID, `<cbc:UUID schemeID="1" schemeName="CUFE-SHA384">${CUFE.slice(0, 40)}</cbc:UUID>`);
    expect(bad).toContain('VFE007');
    expect(bad).not.toContain('VFE006');
    expect(codes(INNER_UUID, `<cbc:UUID schemeID="1" schemeName="CUFE-SHA384">${CUFE.toUpperCase()}</cbc:UUID>`)).not.toContain('VFE007');
  });

  it("VFE011 / VFE012: the supplier's CompanyID says NIT (schemeName 31) and carries its check digit", () => {
    expect(codes(SUPPLIER_ID, 'schemeID="8" schemeName="13">901019681')).toEqual(expect.arrayContaining(['VFE011']));
    const noDv = codes(SUPPLIER_ID, 'schemeName="31">901019681');
    expect(noDv).toContain('VFE012');
    expect(noDv).not.toContain('VFE011');
  });

  it('DND104 / DND105: each PrepaidPayment says its concept and its amount', () => {
    expect(codes('<cbc:ID schemeID="01">1</cbc:ID><cbc:PaidAmount', '<cbc:ID>1</cbc:ID><cbc:PaidAmount')).toContain('DND104');
    expect(codes('<cbc:PaidAmount currencyID="COP">64400.00</cbc:PaidAmount>', '')).toContain('DND105');
  });
});
