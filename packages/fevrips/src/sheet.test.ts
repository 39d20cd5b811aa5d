import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ripsFromSheet, ripsToSheet, sheetColumns } from './sheet.ts';
import { EXAMPLE_RIPS, MAX_SHEET_BYTES, SheetFileError, readSheetFile, ripsToCsv, ripsToXlsx, templateCsv, templateXlsx } from './sheet-io.ts';

const SAMPLES = resolve(import.meta.dirname, '../../../../shared/samples');
const PAR1 = 'par1_rips_evento_nit901019681_A01E5687.json';


describe('RIPS ↔ spreadsheet round trip', () => {
  it("writes the structure's keys in the ministry's order: par1 comes back byte for byte", async () => {
    const text = readFileSync(join(SAMPLES, PAR1), 'utf8');
    const back = ripsFromSheet(await readSheetFile((await ripsToXlsx(JSON.parse(text))).bytes, 'xlsx'));
    expect(back.ok && JSON.stringify(back.rips, null, 2)).toBe(text.replace(/\r\n/g, '\n').trimEnd());
  });
  it("the template's example comes back from both files, and the empty template has every column", async () => {
    const template = await readSheetFile(await templateXlsx(), 'xlsx');
    expect(template.header).toEqual(sheetColumns('res2275-2023').map((c) => c.name));
    expect(template.rows).toEqual([]);
    const fromCsv = ripsFromSheet(await readSheetFile(Buffer.from(templateCsv()), 'csv'));
    expect(fromCsv.ok && fromCsv.rips).toEqual(EXAMPLE_RIPS);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(templateXlsx()) as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['RIPS', 'Ejemplo', 'Códigos', 'Instrucciones']);
  });
});

/** The example as CSV rows, to break one cell at a time. */
function exampleCsvWith(edit: (header: string[], rows: string[][]) => void): Buffer {
  const { header, rows } = ripsToSheet(EXAMPLE_RIPS);
  const cells = rows.map((r) => r.map((c) => (c === null ? '' : String(c))));
  edit(header, cells);
  return Buffer.from([header, ...cells].map((r) => r.join(';')).join('\r\n'));
}

describe('import errors, all or nothing', () => {
  it('reports a missing column, a bad date and an unknown CUPS at their rows, and imports nothing', async () => {
    const missing = ripsFromSheet(await readSheetFile(exampleCsvWith((h) => (h[h.indexOf('codDiagnosticoPrincipal')] = 'codDiagnostico')), 'csv'));
    expect(missing.ok).toBe(false);
    if (missing.ok) return;
    expect(missing.errores).toContainEqual({ fila: 1, columna: 'codDiagnosticoPrincipal', mensaje: MSG_RIPS.hojaColumnaFalta('codDiagnosticoPrincipal') });
    expect(missing.errores).toContainEqual({ fila: 1, columna: 'codDiagnostico', mensaje: MSG_RIPS.hojaColumnaDesconocida('codDiagnostico') });

    const bad = ripsFromSheet(
      await readSheetFile(
        exampleCsvWith((h, rows) => {
          rows[1]![h.indexOf('fechaDispensAdmon')] = '2025-02-30 10:00';
          rows[2]![h.indexOf('codProcedimiento')] = '999999';
        }),
        'csv',
      ),
    );
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    expect(bad.errores.map((e) => [e.fila, e.columna])).toEqual([
      [3, 'fechaDispensAdmon'],
      [4, 'codProcedimiento'],
    ]);
    expect(bad.errores[1]!.mensaje).toContain('CUPSRips');
  });
  it('refuses rows that disagree on the invoice or the user, and fields the service type does not have', async () => {
    const r = ripsFromSheet(
      await readSheetFile(
        exampleCsvWith((h, rows) => {
          rows[1]![h.indexOf('numFactura')] = 'FE1002';
          rows[1]![h.indexOf('usuario.fechaNacimiento')] = '1985-03-15';
          rows[0]![h.indexOf('codProcedimiento')] = '903841';
          rows[2]![h.indexOf('tipoServicio')] = 'cirugias';
        }),
        'csv',
      ),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errores.map((e) => [e.fila, e.columna])).toEqual([
      [2, 'codProcedimiento'],
      [3, 'numFactura'],
      [3, 'usuario.fechaNacimiento'],
      [4, 'tipoServicio'],
    ]);
  });
  it('numbers users and services when their consecutivo columns are empty, and reads Spanish type names', async () => {
    const r = ripsFromSheet(
      await readSheetFile(
        exampleCsvWith((h, rows) => {
          for (const row of rows) {
            row[h.indexOf('usuario.consecutivo')] = '';
            row[h.indexOf('consecutivo')] = '';
          }
          rows[1]![h.indexOf('tipoServicio')] = 'Medicamentos';
        }),
        'csv',
      ),
    );
    expect(r.ok && r.rips).toEqual(EXAMPLE_RIPS);
  });
});

describe('spreadsheet safety (CSV injection, formulas, macros, sizes)', () => {
  const hostile = () => {
    const rips = structuredClone(EXAMPLE_RIPS) as { usuarios: { servicios: { medicamentos: Record<string, unknown>[] } }[] };
    rips.usuarios[0]!.servicios.medicamentos[0]!['nomTecnologiaSalud'] = '=HYPERLINK("http://x.co","clic")';
    rips.usuarios[0]!.servicios.medicamentos[0]!['formaFarmaceutica'] = '@SUM(1)';
    rips.usuarios[0]!.servicios.medicamentos[0]!['numAutorizacion'] = '+57-1';
    rips.usuarios[0]!.servicios.medicamentos[0]!['idMIPRES'] = "'-x";
    return rips as unknown as Record<string, unknown>;
  };
  it('escapes cells starting with = + - @ on export (CSV and XLSX) and gives the text back on import', async () => {
    const rips = hostile();
    const { csv } = ripsToCsv(rips);
    expect(csv).toContain(`'=HYPERLINK(""http://x.co"",""clic"")`);
    expect(csv).toContain("'@SUM(1)");
    expect(csv).toContain("'+57-1");
    expect(csv).toContain("''-x");
    for (const line of csv.split('\r\n')) for (const cell of line.split(';')) expect(cell).not.toMatch(/^"?[=+@-]/);
    const xlsx = await ripsToXlsx(rips);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx.bytes) as never);
    workbook.getWorksheet('RIPS')!.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+@-]/);
      }),
    );
    for (const bytes of [xlsx.bytes, Buffer.from(csv)]) {
      const back = ripsFromSheet(await readSheetFile(bytes, bytes === xlsx.bytes ? 'xlsx' : 'csv'));
      expect(back.ok && back.rips).toEqual(rips);
    }
  });
  it('never evaluates a formula cell: the import names the cell', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(ripsToXlsx(EXAMPLE_RIPS).bytes) as never);
    const sheet = workbook.getWorksheet('RIPS')!;
    const col = (sheet.getRow(1).values as string[]).indexOf('vrServicio');
    sheet.getRow(2).getCell(col).value = { formula: 'WEBSERVICE("http://x.co")', result: 45000 } as ExcelJS.CellFormulaValue;
    const r = ripsFromSheet(await readSheetFile(Buffer.from(await workbook.xlsx.writeBuffer()), 'xlsx'));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errores).toEqual([{ fila: 2, columna: 'vrServicio', mensaje: MSG_RIPS.hojaFormula }]);
  });
  it('refuses macros, zip bombs, oversized and malformed files with a Spanish message', async () => {
    const macro = zipSync({ '[Content_Types].xml': new Uint8Array(10), 'xl/vbaProject.bin': new Uint8Array(10) });
    await expect(readSheetFile(macro, 'xlsx')).rejects.toThrow(MSG_RIPS.hojaMacros);
    // a small ZIP whose directory announces 300 MB once inflated (what a zip bomb's directory says)
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(1000) }, { level: 0 });
    const dir = Buffer.from(bomb.buffer).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    new DataView(bomb.buffer).setUint32(dir + 24, 300 * 1_048_576, true);
    await expect(readSheetFile(bomb, 'xlsx')).rejects.toThrow(MSG_RIPS.hojaDescomprimidaGrande(250));
    await expect(readSheetFile(new Uint8Array(MAX_SHEET_BYTES + 1), 'csv')).rejects.toThrow(SheetFileError);
    await expect(readSheetFile(Buffer.from('no es un zip'), 'xlsx')).rejects.toThrow(MSG_RIPS.hojaIlegible);
    await expect(readSheetFile(Buffer.from('a;"b\n1;2'), 'csv')).rejects.toThrow(MSG_RIPS.hojaIlegible);
  });
});
