import type { Workbook } from 'exceljs';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { ESTADO_ETIQUETAS, type TEstado } from '@radica/contracts/enums';
import { horaBogota, type TEsperaMinisterio } from '@radica/contracts/documents';
import type { TReportRow } from '../api/types';
import { formatFileDate } from '../../../lib/format';
import { canalLabel } from './display';
import { relojBogota } from '@radica/contracts/bogota';

/** seed 001 §7: the sheet of the Excel report. */
export const REPORT_SHEET_NAME = 'Informe Ministerio';

/**
 * Columns of the report (seed 001 §3 "Report row"), in that order, with Spanish headers (Radica's own), then the
 * family columns (docs/decisions/051: package type, a note's invoice, an invoice's notes, credits, debits and net
 * value), and last the channel the files came through and the document's status, labelled as
 * everywhere.
 */
export const REPORT_COLUMNS: ReadonlyArray<{ key: keyof TReportRow; header: string; width: number }> = [
  { key: 'formato', header: 'Formato', width: 16 },
  { key: 'cuv', header: 'CUV', width: 40 },
  { key: 'fechaCreacion', header: 'Fecha de creación', width: 20 },
  { key: 'fechaEnvio', header: 'Fecha de envío', width: 20 },
  { key: 'fechaRadicacion', header: 'Fecha de radicación', width: 20 },
  { key: 'procesoId', header: 'ID del proceso', width: 14 },
  { key: 'xml', header: 'XML', width: 8 },
  { key: 'json', header: 'JSON', width: 8 },
  { key: 'cantidadUsuarios', header: 'Cantidad de usuarios', width: 12 },
  { key: 'cantidadAtenciones', header: 'Cantidad de atenciones', width: 12 },
  { key: 'totalFactura', header: 'Total factura', width: 16 },
  { key: 'totalValorServicios', header: 'Total valor servicios', width: 16 },
  { key: 'modalidadPago', header: 'Modalidad de pago', width: 12 },
  { key: 'identificacionAdquiriente', header: 'Identificación adquiriente', width: 18 },
  { key: 'numDocumentoReferenciado', header: 'Documento referenciado', width: 18 },
  { key: 'paquete', header: 'Tipo de paquete', width: 18 },
  { key: 'facturaNota', header: MSG_NOTAS.columnaFacturaNota, width: 16 },
  { key: 'cantidadNotas', header: MSG_NOTAS.columnaNotas, width: 8 },
  { key: 'creditos', header: MSG_NOTAS.valorCreditos, width: 16 },
  { key: 'debitos', header: MSG_NOTAS.valorDebitos, width: 16 },
  { key: 'valorNeto', header: MSG_NOTAS.columnaValorNeto, width: 16 },
  { key: 'canal', header: MSG_INTEGRACIONES.canal, width: 12 },
  { key: 'estado', header: MSG_MINISTERIO.filterStatus, width: 16 },
  { key: 'esperaMinisterio', header: MSG_MINISTERIO.columnaEsperaMinisterio, width: 40 },
];

/**
 * The Date whose UTC fields are Bogotá's wall clock at `date`. Excel date cells have no time zone and exceljs writes
 * a Date's UTC fields, so a cell made from this shows what the screen shows (14:02 on screen was 19:02 in
 * the file, and late-afternoon documents landed on the next day).
 */
export function bogotaWallClock(date: Date): Date {
  return relojBogota(date);
}

/**
 * The wait for the ministry of a row (docs/decisions/047) in one cell: 'El Ministerio no respondió: «…» · Reintentaremos
 * a las HH:MM' (Bogotá time).
 */
function esperaText(e: TEsperaMinisterio): string {
  const proximo = e.proximoIntento ? MSG_MINISTERIO.reintentaremosALas(horaBogota(e.proximoIntento)) : MSG_MINISTERIO.esperaSinReintento;
  return `${MSG_MINISTERIO.ministerioNoRespondio}: «${e.texto}» · ${proximo}`;
}

/**
 * A timestamp as a Date in Bogotá's wall clock (Excel keeps it as a date cell); the channel by its label ('API'); other values unchanged;
 * null → empty cell.
 */
function cellValue(
  key: keyof TReportRow,
  value: TReportRow[keyof TReportRow],
): string | number | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object') return key === 'esperaMinisterio' ? esperaText(value) : null;
  if (key === 'canal' && typeof value === 'string') return canalLabel(value);
  if (key === 'estado' && typeof value === 'string') return ESTADO_ETIQUETAS[value as TEstado] ?? value;
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (key.startsWith('fecha') && typeof value === 'string') {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : bogotaWallClock(date);
  }
  return value;
}

/**
 * Build the report workbook (seed 001 §7 "an Excel report (sheet 'Informe Ministerio')"): one header row
 * and one row per report row; dates as date cells, totals as numbers (COP, no decimals), booleans 'Sí'/'No'.
 * exceljs is loaded on demand, so it stays out of the main bundle.
 */
export async function buildReportWorkbook(rows: TReportRow[]): Promise<Workbook> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Radica';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(REPORT_SHEET_NAME, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = REPORT_COLUMNS.map((c) => ({ header: c.header, key: c.key, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const values: Record<string, string | number | Date | null> = {};
    for (const column of REPORT_COLUMNS) values[column.key] = cellValue(column.key, row[column.key]);
    sheet.addRow(values);
  }
  for (const key of ['fechaCreacion', 'fechaEnvio', 'fechaRadicacion'] as const)
    sheet.getColumn(key).numFmt = 'dd/mm/yyyy hh:mm';
  for (const key of ['totalFactura', 'totalValorServicios', 'creditos', 'debitos', 'valorNeto'] as const)
    sheet.getColumn(key).numFmt = '"$"#,##0';
  return workbook;
}

/** The .xlsx bytes of the report. */
export async function buildReportXlsx(rows: TReportRow[]): Promise<Uint8Array> {
  const workbook = await buildReportWorkbook(rows);
  const buffer = await workbook.xlsx.writeBuffer();
  return new Uint8Array(buffer as ArrayBuffer);
}

/** 'yyyy-mm-dd' of `now` in Bogotá, for file names. */
export const fileDate = formatFileDate;

/** Radica's name of the report file: informe_ministerio_{yyyy-mm-dd}.xlsx. */
export function reportFileName(now: Date = new Date()): string {
  return `informe_ministerio_${fileDate(now)}.xlsx`;
}
