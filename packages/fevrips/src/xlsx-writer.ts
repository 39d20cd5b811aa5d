import { strToU8, zipSync, type Zippable } from 'fflate';

/**
 * A minimal XLSX (SpreadsheetML, ECMA-376) writer for the RIPS export: text as inline strings, numbers as numbers,
 * the first row in bold and frozen, zipped with fflate. Why not exceljs for writing: a 20,000-service RIPS took 3.3 s
 * (streaming writer) to 11 s (workbook) with it, over the 3 s target of against about 0.5 s here
 * (docs/decisions/038). Reading stays on exceljs, which knows every variant Excel and LibreOffice write; the tests read
 * every file written here back with exceljs.
 */

export type TXlsxCell = string | number | null;
export type TXlsxSheet = { name: string; rows: TXlsxCell[][]; widths?: number[]; boldHeader?: boolean; frozenHeader?: boolean };

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The workbook's bytes. Sheet names are cut to Excel's 31 characters. */
export function writeXlsx(sheets: TXlsxSheet[]): Uint8Array {
  const files: Zippable = {
    '[Content_Types].xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>${sheets
        .map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`)
        .join('')}</Types>`,
    ),
    '_rels/.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><sheets>${sheets
        .map((s, i) => `<sheet name="${escapeXml(s.name.slice(0, 31))}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
        .join('')}</sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
        .map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`)
        .join('')}<Relationship Id="rId${sheets.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ),
    'xl/styles.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/><xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`,
    ),
  };
  sheets.forEach((sheet, i) => {
    files[`xl/worksheets/sheet${i + 1}.xml`] = Buffer.from(sheetXml(sheet), 'utf8');
  });
  return zipSync(files, { level: 6 });
}

function sheetXml(sheet: TXlsxSheet): string {
  const width = sheet.rows.reduce((m, r) => Math.max(m, r.length), 0);
  const letters = Array.from({ length: width }, (_, i) => columnLetters(i));
  const parts: string[] = [`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}">`];
  if (sheet.frozenHeader)
    parts.push('<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>');
  if (sheet.widths?.length)
    parts.push(`<cols>${sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols>`);
  parts.push('<sheetData>');
  sheet.rows.forEach((row, r) => {
    const n = r + 1;
    // text cells of the header bold; other text cells take the Text number format (49) so Excel keeps "05001" as text
    const style = r === 0 && sheet.boldHeader ? ' s="1"' : ' s="2"';
    let xml = `<row r="${n}">`;
    for (let c = 0; c < row.length; c++) {
      const value = row[c];
      if (value === null || value === undefined) continue;
      if (typeof value === 'number') {
        if (Number.isFinite(value)) xml += `<c r="${letters[c]}${n}"><v>${value}</v></c>`;
        continue;
      }
      xml += `<c r="${letters[c]}${n}" t="inlineStr"${style}><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    }
    parts.push(`${xml}</row>`);
  });
  parts.push('</sheetData></worksheet>');
  return parts.join('');
}

function columnLetters(index: number): string {
  let s = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

// Characters XML 1.0 does not allow become U+FFFD; CR is kept as a reference (a parser would turn a raw CR into LF).
// eslint-disable-next-line no-control-regex
const XML_SPECIAL = /[&<>"\r\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const REPLACEMENTS: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\r': '&#13;' };

function escapeXml(text: string): string {
  return text.replace(XML_SPECIAL, (ch) => REPLACEMENTS[ch] ?? '\uFFFD');
}
