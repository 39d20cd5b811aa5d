import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { createInflateRaw } from 'node:zlib';
import { Unzip, unzipSync } from 'fflate';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { RIPS_CODIGOS, RIPS_TIPOS_SERVICIO } from '@radica/contracts/rips-codigos';
import { ripsSchema, type TRipsSchemaVersion } from './schema.ts';
import { RIPS_LISTS } from './tables.ts';
import { ripsToSheet, sheetColumns, type TCell, type TRawCell, type TSheetTable } from './sheet.ts';
import { writeXlsx, type TXlsxSheet } from './xlsx-writer.ts';

/**
 * The spreadsheet files of a RIPS: XLSX through exceljs, CSV through csv-parse / csv-stringify, the ZIP of
 * an XLSX measured with fflate before exceljs reads it. The row model and its rules are in sheet.ts.
 *
 * Reading is defensive: size limits before parsing, the XLSX's parts inflated and counted before exceljs opens them (a
 * "zip bomb" stops at {@link MAX_XLSX_UNCOMPRESSED_BYTES} whatever its directory declares), macros (vbaProject.bin)
 * refused, formula and error cells reported (never evaluated), at most {@link MAX_SHEET_ROWS} rows and
 * {@link MAX_SHEET_COLUMNS} columns.
 */

/** Largest spreadsheet accepted (bytes): a 20,000-service CSV is about 9 MB. */
export const MAX_SHEET_BYTES = 25 * 1_048_576;
/** Largest total uncompressed size of an XLSX's parts (bytes), counted as they inflate: 60,000 rows take about 130 MB. */
export const MAX_XLSX_UNCOMPRESSED_BYTES = 250 * 1_048_576;
/** Most parts (ZIP entries) an XLSX may hold: a workbook has a few dozen. */
export const MAX_XLSX_ENTRIES = 2_000;

export const MAX_SHEET_ROWS = 60_000;
export const MAX_SHEET_COLUMNS = 200;
export const MAX_CELL_CHARS = 2_000;
/** The name of the data sheet of an XLSX (else its first sheet is read). */
export const DATA_SHEET = 'RIPS';

/** A spreadsheet that cannot be read at all (Spanish message); per-row problems are sheet.ts errors instead. */
export class SheetFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SheetFileError';
  }
}

export type TSheetKind = 'xlsx' | 'csv';

/** The kind of a spreadsheet by its name (.xlsx / .csv), or null. */
export function sheetKindOf(filename: string): TSheetKind | null {
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  return ext === 'xlsx' ? 'xlsx' : ext === 'csv' || ext === 'txt' ? 'csv' : null;
}

/**
 * Reads a spreadsheet's data sheet: the header (row 1) and the rows below it, cells as {@link TRawCell}.
 * @throws {SheetFileError} too big, not readable, macros, too many rows or columns, a cell too long.
 */
export async function readSheetFile(bytes: Uint8Array, kind: TSheetKind): Promise<{ header: TRawCell[]; rows: TRawCell[][] }> {
  if (bytes.length > MAX_SHEET_BYTES) throw new SheetFileError(MSG_RIPS.hojaMuyGrande(MAX_SHEET_BYTES / 1_048_576));
  const table = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  if (table.length - 1 > MAX_SHEET_ROWS) throw new SheetFileError(MSG_RIPS.hojaDemasiadasFilas(MAX_SHEET_ROWS));
  const [header = [], ...rows] = table;
  return { header, rows };
}

function checkWidth(length: number): void {
  if (length > MAX_SHEET_COLUMNS) throw new SheetFileError(MSG_RIPS.hojaDemasiadasColumnas(MAX_SHEET_COLUMNS));
}

function checkCell(text: string): void {
  if (text.length > MAX_CELL_CHARS) throw new SheetFileError(MSG_RIPS.hojaCeldaLarga(MAX_CELL_CHARS));
}

/** Macros (VBA projects and other binary parts): an .xlsm saved as .xlsx, refused. */
const isMacroPart = (name: string) => /vbaProject\.bin$/i.test(name) || /\.bin$/i.test(name);

/** A part of an XLSX as its local header gives it: name, compression method and its compressed bytes, in pieces. */
type TParte = { nombre: string; metodo: number; datos: Uint8Array[] };

/**
 * Measures an XLSX's ZIP before exceljs reads it, on what its parts actually inflate to (a "zip bomb" declares a
 * few bytes and holds gigabytes): the parts are found from their local headers as exceljs finds them (entry after
 * entry; fflate's streaming reader, which also finds the end of a part whose sizes come after it), then each is
 * inflated by Node's zlib as a stream whose output is counted and thrown away (memory stays at one 64 KB piece), and
 * the reading stops as soon as the total passes {@link MAX_XLSX_UNCOMPRESSED_BYTES}. The sizes the archive declares
 * are never trusted; they only refuse an honest oversized file without inflating anything. exceljs then reads the same
 * parts the same way, so it never inflates more than was counted here.
 * @throws {SheetFileError} too big once inflated (what to do in the message), macros, more than
 * {@link MAX_XLSX_ENTRIES} parts, or not a readable ZIP.
 */
export async function measureXlsx(bytes: Uint8Array): Promise<void> {
  let declarado = 0;
  let macros = false;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        declarado += file.originalSize;
        if (isMacroPart(file.name)) macros = true;
        return false;
      },
    });
  } catch {
    throw new SheetFileError(MSG_RIPS.hojaIlegible);
  }
  if (macros) throw new SheetFileError(MSG_RIPS.hojaMacros);
  const grande = MSG_RIPS.hojaDescomprimidaGrande(Math.round(MAX_XLSX_UNCOMPRESSED_BYTES / 1_048_576));
  if (declarado > MAX_XLSX_UNCOMPRESSED_BYTES) throw new SheetFileError(grande);

  const partes = leerPartes(bytes);
  let total = 0;
  for (const parte of partes) {
    if (parte.metodo === 0) total += parte.datos.reduce((n, d) => n + d.length, 0);
    else if (parte.metodo === 8) total = await inflarContando(parte.datos, total, grande);
    else throw new SheetFileError(MSG_RIPS.hojaIlegible);
    if (total > MAX_XLSX_UNCOMPRESSED_BYTES) throw new SheetFileError(grande);
  }
}

/** The parts of a ZIP from its local headers, their data kept compressed. @throws {SheetFileError} */
function leerPartes(bytes: Uint8Array): TParte[] {
  const partes: TParte[] = [];
  let fallo: string | null = null;
  const guardar = (metodo: number) =>
    class {
      static compression = metodo;
      ondata: (err: Error | null, data: Uint8Array, final: boolean) => void = () => {};
      private readonly parte: TParte;
      constructor(nombre: string) {
        this.parte = { nombre, metodo, datos: [] };
        partes.push(this.parte);
      }
      push(data: Uint8Array, final: boolean) {
        if (data.length) this.parte.datos.push(data);
        if (final) this.ondata(null, new Uint8Array(0), true);
      }
    };
  const unzip = new Unzip((file) => {
    if (fallo) return;
    if (partes.length >= MAX_XLSX_ENTRIES) fallo = MSG_RIPS.hojaIlegible;
    else if (isMacroPart(file.name)) fallo = MSG_RIPS.hojaMacros;
    else if (file.compression !== 0 && file.compression !== 8) fallo = MSG_RIPS.hojaIlegible;
    if (fallo) return;
    file.ondata = (err) => {
      if (err) fallo ??= MSG_RIPS.hojaIlegible;
    };
    file.start();
  });
  unzip.register(guardar(0));
  unzip.register(guardar(8));
  try {
    unzip.push(bytes, true);
  } catch {
    fallo ??= MSG_RIPS.hojaIlegible;
  }
  if (fallo) throw new SheetFileError(fallo);
  return partes;
}

/**
 * Inflates one part's deflate data with Node's zlib, counting its output on top of `antes` and keeping none of it:
 * rejects with `grande` as soon as the total passes MAX_XLSX_UNCOMPRESSED_BYTES (the stream is destroyed there), with
 * the unreadable-file message when the data is not deflate. Resolves with the new total.
 */
function inflarContando(datos: Uint8Array[], antes: number, grande: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const z = createInflateRaw({ chunkSize: 64 * 1024 });
    let total = antes;
    let fin = false;
    const terminar = (err: SheetFileError | null) => {
      if (fin) return;
      fin = true;
      if (err) {
        z.destroy();
        reject(err);
      } else resolve(total);
    };
    z.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_XLSX_UNCOMPRESSED_BYTES) terminar(new SheetFileError(grande));
    });
    z.on('end', () => terminar(null));
    z.on('error', () => terminar(new SheetFileError(MSG_RIPS.hojaIlegible)));
    for (const d of datos) z.write(d);
    z.end();
  });
}

async function readXlsx(bytes: Uint8Array): Promise<TRawCell[][]> {
  await measureXlsx(bytes);
  const table: TRawCell[][] = [];
  try {
    // the streaming reader (about 3 times faster than loading the workbook): only the data sheet is kept
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]), {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
    let chosen = false;
    for await (const sheet of reader) {
      const name = (sheet as unknown as { name?: string }).name;
      if (chosen && name !== DATA_SHEET) {
        // later sheets are read only to find 'RIPS' (the first sheet is the data when there is none)
        for await (const _ of sheet) void _;
        continue;
      }
      if (chosen) table.length = 0;
      chosen = true;
      for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
        if (row.number - 1 > MAX_SHEET_ROWS) throw new SheetFileError(MSG_RIPS.hojaDemasiadasFilas(MAX_SHEET_ROWS));
        const cells: TRawCell[] = [];
        row.eachCell({ includeEmpty: false }, (cell, col) => {
          checkWidth(col);
          cells[col - 1] = rawCell(cell.value);
        });
        for (let i = 0; i < cells.length; i++) cells[i] ??= null;
        table[row.number - 1] = cells;
      }
      if (name === DATA_SHEET) break;
    }
  } catch (e) {
    if (e instanceof SheetFileError) throw e;
    throw new SheetFileError(MSG_RIPS.hojaIlegible);
  }
  for (let i = 0; i < table.length; i++) table[i] ??= [];
  return table;
}

/** An exceljs cell value as a {@link TRawCell}: formulas and errors are flagged, rich text and links become text. */
function rawCell(value: ExcelJS.CellValue): TRawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    checkCell(value);
    return value;
  }
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) return { problema: 'formula' };
    if ('error' in value) return { problema: 'error' };
    if ('richText' in value) {
      const text = value.richText.map((r) => r.text).join('');
      checkCell(text);
      return text;
    }
    if ('text' in value && typeof value.text === 'string') {
      checkCell(value.text);
      return value.text;
    }
  }
  return { problema: 'error' };
}

function readCsv(bytes: Uint8Array): TRawCell[][] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = [';', ',', '\t'].map((d) => [d, firstLine.split(d).length] as const).sort((a, b) => b[1] - a[1])[0]![0];
  let records: string[][];
  try {
    records = parseCsv(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      bom: true,
      to_line: MAX_SHEET_ROWS + 2,
      max_record_size: MAX_CELL_CHARS * MAX_SHEET_COLUMNS,
    }) as string[][];
  } catch {
    throw new SheetFileError(MSG_RIPS.hojaIlegible);
  }
  if (records.length > MAX_SHEET_ROWS + 1) throw new SheetFileError(MSG_RIPS.hojaDemasiadasFilas(MAX_SHEET_ROWS));
  return records.map((r) => {
    checkWidth(r.length);
    return r.map((c) => {
      checkCell(c);
      return c === '' ? null : c;
    });
  });
}

/** Options of the writers: the structure (default: as the pre-validator decides it). */
export type TWriteOptions = { version?: TRipsSchemaVersion };

/**
 * A RIPS as CSV: UTF-8 with BOM (so spreadsheet programs read accents), `;`-separated (the list separator of es-CO
 * spreadsheets), text escaped as in sheet.ts (formula-like text gets a leading apostrophe). Numbers with a dot.
 */
export function ripsToCsv(rips: Record<string, unknown>, options: TWriteOptions = {}): { csv: string; table: TSheetTable } {
  const table = ripsToSheet(rips, options);
  return { csv: tableToCsv(table.header, table.rows), table };
}

function tableToCsv(header: string[], rows: TCell[][]): string {
  return `\uFEFF${stringifyCsv([header, ...rows.map((r) => r.map((c) => (c === null ? '' : typeof c === 'number' ? String(c) : c)))], { delimiter: ';', record_delimiter: '\r\n' })}`;
}

/**
 * A RIPS as an XLSX workbook: the data sheet 'RIPS' (header in bold, frozen), then 'Códigos' (every code list with
 * its names) and 'Instrucciones'. Texts are text cells (never formulas); numbers are number cells.
 */
export function ripsToXlsx(rips: Record<string, unknown>, options: TWriteOptions = {}): { bytes: Uint8Array; table: TSheetTable } {
  const table = ripsToSheet(rips, options);
  const bytes = writeXlsx([dataSheet(DATA_SHEET, table.header, table.rows), codesSheet(), instructionsSheet(table.version)]);
  return { bytes, table };
}

function dataSheet(name: string, header: string[], rows: TCell[][]): TXlsxSheet {
  return {
    name,
    rows: [header, ...rows],
    widths: header.map((h) => Math.min(40, Math.max(12, h.length + 2))),
    boldHeader: true,
    frozenHeader: true,
  };
}

function codesSheet(): TXlsxSheet {
  const rows: TCell[][] = [['Tabla', 'Código', 'Nombre']];
  for (const [code, name] of Object.entries(RIPS_TIPOS_SERVICIO)) rows.push(['tipoServicio', code, name]);
  for (const [tabla, codes] of Object.entries(RIPS_LISTS)) {
    const names = RIPS_CODIGOS[tabla] ?? {};
    for (const code of codes) rows.push([tabla, code, names[code] ?? '']);
  }
  return { name: 'Códigos', rows, widths: [34, 10, 60], boldHeader: true, frozenHeader: true };
}

/** The instructions of the template, one paragraph a row (Spanish). */
export function sheetInstructions(version: TRipsSchemaVersion): string[] {
  const schema = ripsSchema(version);
  const fields = (record: Record<string, { required: boolean; table?: string }>) =>
    Object.entries(record)
      .map(([k, s]) => `${k}${s.required ? ' (obligatorio)' : ''}${s.table ? ` [tabla ${s.table}]` : ''}`)
      .join(', ');
  return [
    `Plantilla de RIPS (${schema.norma}) de Radica.`,
    'Una fila por servicio. Las columnas de la factura (numDocumentoIdObligado, numFactura, tipoNota, numNota) y del usuario (usuario.…) se repiten en cada fila de sus servicios.',
    'Las filas del mismo usuario llevan el mismo usuario.consecutivo (1, 2, 3…). Si deja toda esa columna vacía, los usuarios se agrupan por tipo y número de documento y se numeran solos; lo mismo con la columna consecutivo de los servicios.',
    `tipoServicio: ${Object.keys(RIPS_TIPOS_SERVICIO).join(', ')}. Deja vacíos los campos que ese tipo de servicio no tiene.`,
    'Fechas como texto: fechaNacimiento AAAA-MM-DD; fechas de atención AAAA-MM-DD HH:mm (24 horas).',
    'Códigos con ceros a la izquierda (municipio 05001, país 170, tipos 01…): escríbelos como texto. La hoja Códigos trae cada tabla con sus nombres.',
    'Celda vacía = dato no informado (null). Para enviar un texto vacío escribe "" (dos comillas).',
    'Radica no ejecuta fórmulas ni macros: escribe los valores. Los textos que empiezan por = + - @ se guardan con un apóstrofo delante.',
    'Al importar, el archivo entero se rechaza si una fila tiene un error: la lista dice la fila y la columna de cada uno.',
    `Campos del usuario: ${fields(schema.usuario)}.`,
    ...Object.entries(schema.servicios).map(([list, record]) => `Campos de ${list}: ${fields(record)}.`),
  ];
}

function instructionsSheet(version: TRipsSchemaVersion): TXlsxSheet {
  return { name: 'Instrucciones', rows: sheetInstructions(version).map((line) => [line]), widths: [150] };
}

/**
 * The template: an XLSX with the empty data sheet 'RIPS', the filled example
 * 'Ejemplo' (a synthetic invoice, no real patient), 'Códigos' and 'Instrucciones'; or the CSV of the example (its
 * header is the template).
 */
export function templateXlsx(version: TRipsSchemaVersion = 'res2275-2023'): Uint8Array {
  const header = sheetColumns(version).map((c) => c.name);
  const example = ripsToSheet(EXAMPLE_RIPS, { version });
  return writeXlsx([
    dataSheet(DATA_SHEET, header, []),
    dataSheet('Ejemplo', example.header, example.rows),
    codesSheet(),
    instructionsSheet(version),
  ]);
}

export function templateCsv(version: TRipsSchemaVersion = 'res2275-2023'): string {
  const example = ripsToSheet(EXAMPLE_RIPS, { version });
  return tableToCsv(example.header, example.rows);
}

/**
 * The template's example: a synthetic invoice (invented people and numbers, valid codes) with a consultation, a
 * procedure with copago and a medication for two users.
 */
export const EXAMPLE_RIPS: Record<string, unknown> = {
  numDocumentoIdObligado: '900123456',
  numFactura: 'FE1001',
  tipoNota: null,
  numNota: null,
  usuarios: [
    {
      tipoDocumentoIdentificacion: 'CC',
      numDocumentoIdentificacion: '1020304050',
      tipoUsuario: '01',
      fechaNacimiento: '1985-03-14',
      codSexo: 'F',
      codPaisResidencia: '170',
      codMunicipioResidencia: '11001',
      codZonaTerritorialResidencia: '02',
      incapacidad: 'NO',
      consecutivo: 1,
      codPaisOrigen: '170',
      servicios: {
        consultas: [
          {
            codPrestador: '110010000001',
            fechaInicioAtencion: '2025-06-02 08:30',
            numAutorizacion: null,
            codConsulta: '890201',
            modalidadGrupoServicioTecSal: '01',
            grupoServicios: '01',
            codServicio: 328,
            finalidadTecnologiaSalud: '15',
            causaMotivoAtencion: '38',
            codDiagnosticoPrincipal: 'J069',
            codDiagnosticoRelacionado1: null,
            codDiagnosticoRelacionado2: null,
            codDiagnosticoRelacionado3: null,
            tipoDiagnosticoPrincipal: '01',
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '79111222',
            vrServicio: 45000,
            conceptoRecaudo: '02',
            valorPagoModerador: 4700,
            numFEVPagoModerador: null,
            consecutivo: 1,
          },
        ],
        medicamentos: [
          {
            codPrestador: '110010000001',
            numAutorizacion: null,
            idMIPRES: null,
            fechaDispensAdmon: '2025-06-02 09:10',
            codDiagnosticoPrincipal: 'J069',
            codDiagnosticoRelacionado: null,
            tipoMedicamento: '01',
            codTecnologiaSalud: '19943544-1',
            nomTecnologiaSalud: 'ACETAMINOFEN 500 MG TABLETA',
            concentracionMedicamento: 500,
            unidadMedida: 168,
            formaFarmaceutica: 'COLFF004',
            unidadMinDispensa: 66,
            cantidadMedicamento: 10,
            diasTratamiento: 3,
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '79111222',
            vrUnitMedicamento: 150,
            vrServicio: 1500,
            conceptoRecaudo: '05',
            valorPagoModerador: 0,
            numFEVPagoModerador: null,
            consecutivo: 1,
          },
        ],
      },
    },
    {
      tipoDocumentoIdentificacion: 'TI',
      numDocumentoIdentificacion: '1098765432',
      tipoUsuario: '02',
      fechaNacimiento: '2012-11-05',
      codSexo: 'M',
      codPaisResidencia: '170',
      codMunicipioResidencia: '05001',
      codZonaTerritorialResidencia: '02',
      incapacidad: 'NO',
      consecutivo: 2,
      codPaisOrigen: '170',
      servicios: {
        procedimientos: [
          {
            codPrestador: '110010000001',
            fechaInicioAtencion: '2025-06-03 10:00',
            idMIPRES: null,
            numAutorizacion: '123456',
            codProcedimiento: '903841',
            viaIngresoServicioSalud: '02',
            modalidadGrupoServicioTecSal: '01',
            grupoServicios: '02',
            codServicio: 706,
            finalidadTecnologiaSalud: '15',
            tipoDocumentoIdentificacion: 'CC',
            numDocumentoIdentificacion: '79111222',
            codDiagnosticoPrincipal: 'E119',
            codDiagnosticoRelacionado: null,
            codComplicacion: null,
            vrServicio: 12000,
            conceptoRecaudo: '01',
            valorPagoModerador: 1200,
            numFEVPagoModerador: null,
            consecutivo: 1,
          },
        ],
      },
    },
  ],
};
