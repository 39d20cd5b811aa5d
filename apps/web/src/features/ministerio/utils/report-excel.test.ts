import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { ESTADO_ETIQUETAS } from '@radica/contracts/enums';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TReportRow } from '../api/types';
import { bogotaWallClock, buildReportXlsx, REPORT_COLUMNS, REPORT_SHEET_NAME, reportFileName } from './report-excel';

const ROW: TReportRow = {
  formato: 'A01E5687',
  estado: 'APROBADO',
  cuv: 'ab'.repeat(48),
  fechaCreacion: '2025-03-01T15:00:00.000Z',
  fechaEnvio: '2025-03-01T16:00:00.000Z',
  fechaRadicacion: '2025-03-01T16:00:05.000Z',
  procesoId: 779996,
  xml: true,
  json: false,
  cantidadUsuarios: 1,
  cantidadAtenciones: 2,
  totalFactura: 1055600,
  totalValorServicios: 1055600,
  modalidadPago: '04',
  identificacionAdquiriente: '900156264',
  numDocumentoReferenciado: null,
  canal: 'api',
};

/** The report's columns, which keep their place. */
const SEED_HEADERS = [
  'Formato',
  'CUV',
  'Fecha de creación',
  'Fecha de envío',
  'Fecha de radicación',
  'ID del proceso',
  'XML',
  'JSON',
  'Cantidad de usuarios',
  'Cantidad de atenciones',
  'Total factura',
  'Total valor servicios',
  'Modalidad de pago',
  'Identificación adquiriente',
  'Documento referenciado',
];

/** The family columns (docs/decisions/051), between the seed's and Canal / Estado, which stay last. */
const FAMILY_HEADERS = ['Tipo de paquete', 'Factura de la nota', 'Notas', 'Notas crédito', 'Notas débito', 'Valor neto'];

describe('Excel report (seed 001 §7 "sheet Informe Ministerio")', () => {
  it('writes the sheet, headers and rows, and reads back with exceljs', async () => {
    const bytes = await buildReportXlsx([ROW, { ...ROW, formato: 'FE2', cuv: null, totalFactura: null }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME);
    expect(sheet).toBeTruthy();
    expect(sheet!.rowCount).toBe(3);
    const headers = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(headers).toEqual(REPORT_COLUMNS.map((c) => c.header));
    const first = sheet!.getRow(2);
    expect(first.getCell(1).value).toBe('A01E5687');
    expect(first.getCell(2).value).toBe(ROW.cuv);
    // 15:00 UTC is 10:00 in Bogotá: the cell shows the screen's time, not UTC.
    expect((first.getCell(3).value as Date).toISOString()).toBe('2025-03-01T10:00:00.000Z');
    expect(first.getCell(6).value).toBe(779996);
    expect(first.getCell(7).value).toBe('Sí');
    expect(first.getCell(8).value).toBe('No');
    expect(first.getCell(11).value).toBe(1055600);
    const second = sheet!.getRow(3);
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(11).value).toBeNull();
  });

  it("adds 'Canal' after the seed's and the family columns, by its label", async () => {
    const bytes = await buildReportXlsx([
      ROW,
      { ...ROW, formato: 'FE2', canal: 'plataforma' },
      { ...ROW, formato: 'FE3', canal: 'email' },
      { ...ROW, formato: 'FE4', canal: 'sftp' },
      { ...ROW, formato: 'FE5', canal: undefined },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
    );
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME)!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...SEED_HEADERS, ...FAMILY_HEADERS, 'Canal', 'Estado', MSG_MINISTERIO.columnaEsperaMinisterio]);
    const canal = SEED_HEADERS.length + FAMILY_HEADERS.length + 1;
    expect([2, 3, 4, 5, 6].map((r) => sheet.getRow(r).getCell(canal).value)).toEqual([
      'API',
      'Plataforma',
      'Correo',
      'SFTP',
      null,
    ]);
    // The columns before it are where they were.
    expect(sheet.getRow(2).getCell(1).value).toBe('A01E5687');
    expect(sheet.getRow(2).getCell(SEED_HEADERS.length).value).toBeNull();
  });

  it("adds 'Estado' after 'Canal', labelled as the screens label it", async () => {
    const bytes = await buildReportXlsx([
      ROW,
      { ...ROW, formato: 'FE2', estado: 'PENDIENTE_XML' },
      { ...ROW, formato: 'FE3', estado: 'NO_APROBADO' },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME)!;
    const estado = SEED_HEADERS.length + FAMILY_HEADERS.length + 2;
    expect(sheet.getRow(1).getCell(estado).value).toBe('Estado');
    expect([2, 3, 4].map((r) => sheet.getRow(r).getCell(estado).value)).toEqual([
      ESTADO_ETIQUETAS.APROBADO,
      ESTADO_ETIQUETAS.PENDIENTE_XML,
      ESTADO_ETIQUETAS.NO_APROBADO,
    ]);
  });

  it('writes the family columns: an invoice with its notes and net value, a note with its invoice', async () => {
    const bytes = await buildReportXlsx([
      { ...ROW, paquete: 'Factura con RIPS', cantidadNotas: 2, creditos: 300000, debitos: 10000, valorNeto: 765600, facturaNota: null },
      { ...ROW, formato: 'NC1', paquete: 'Nota crédito', facturaNota: 'A01E5687', cantidadNotas: null, creditos: null, debitos: null, valorNeto: null },
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME)!;
    const cells = (r: number) => FAMILY_HEADERS.map((_, i) => sheet.getRow(r).getCell(SEED_HEADERS.length + 1 + i).value);
    expect(cells(2)).toEqual(['Factura con RIPS', null, 2, 300000, 10000, 765600]);
    expect(cells(3)).toEqual(['Nota crédito', 'A01E5687', null, null, null, null]);
  });

  it('a document waiting for the ministry says so in the last column, with its words and the next retry in Bogotá time', async () => {
    const espera = { desde: '2026-07-01T15:00:00.000Z', texto: 'TOT003: timeout API SISPRO', proximoIntento: '2026-07-01T15:05:00.000Z', intentos: 1 };
    const bytes = await buildReportXlsx([{ ...ROW, estado: 'EN_ESPERA', esperaMinisterio: espera }, ROW, { ...ROW, esperaMinisterio: { ...espera, proximoIntento: null } }]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const sheet = workbook.getWorksheet(REPORT_SHEET_NAME)!;
    const column = REPORT_COLUMNS.length;
    expect(sheet.getRow(1).getCell(column).value).toBe(MSG_MINISTERIO.columnaEsperaMinisterio);
    // 15:05 UTC is 10:05 in Bogotá (the date shows when it is not today).
    expect(sheet.getRow(2).getCell(column).value).toMatch(/^El Ministerio no respondió: «TOT003: timeout API SISPRO» · Reintentaremos a las (\d\d\/\d\d )?10:05$/);
    expect(sheet.getRow(3).getCell(column).value).toBeNull();
    expect(sheet.getRow(4).getCell(column).value).toBe(`El Ministerio no respondió: «TOT003: timeout API SISPRO» · ${MSG_MINISTERIO.esperaSinReintento}`);
  });

  it('names the file with the Bogotá date', () => {
    expect(reportFileName(new Date('2025-03-02T03:00:00Z'))).toBe('informe_ministerio_2025-03-01.xlsx');
    // A document made at 20:30 in Bogotá (01:30 UTC the next day) stays on its own day in the file.
    expect(bogotaWallClock(new Date('2025-03-02T01:30:00Z')).toISOString()).toBe('2025-03-01T20:30:00.000Z');
  });
});
