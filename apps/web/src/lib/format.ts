/**
 * Display formats (DESIGN.md "Time", seed 001 §5 "Filters"): es-CO, 24-hour clock, America/Bogota, COP without decimals.
 * Every date a page shows goes through here (one format across the app: '01/12/2026, 21:46', '01/12/2026'); a guard
 * test (format.test.ts) refuses date formatting anywhere else in the web app.
 */

import { ZONA_BOGOTA } from '@radica/contracts/bogota';

export const NOT_AVAILABLE = 'No disponible';
const TIME_ZONE = ZONA_BOGOTA;

const dateTimeFormat = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});
const dateFormat = new Intl.DateTimeFormat('es-CO', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('es-CO', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});
const longDateFormat = new Intl.DateTimeFormat('es-CO', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const fileDateFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: TIME_ZONE });
const copFormat = new Intl.NumberFormat('es-CO', {
  style: 'currency',
  currency: 'COP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** '2024-05-03T15:04:00Z' → '03/05/2024, 10:04' (Bogotá time). `fallback` when empty or invalid. */
export function formatDateTime(value: string | null | undefined, fallback: string = NOT_AVAILABLE): string {
  if (!value) return fallback;
  const dateOnly = DATE_ONLY.exec(value);
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : dateTimeFormat.format(date);
}

/** A calendar date: 'yyyy-mm-dd' is shown as written (no time-zone shift); timestamps in Bogotá time. */
export function formatDate(value: string | null | undefined, fallback: string = NOT_AVAILABLE): string {
  if (!value) return fallback;
  const dateOnly = DATE_ONLY.exec(value.slice(0, 10));
  if (dateOnly && value.length <= 10) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? fallback : dateFormat.format(date);
}

/** An instant's hour in Bogotá: '21:46' (the chat's messages). `fallback` when invalid. */
export function formatTime(value: Date | string, fallback: string = NOT_AVAILABLE): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? fallback : timeFormat.format(date);
}

/** A calendar day in words for prose (a legal text's version date): '2026-11-26' → '26 de noviembre de 2026'. */
export function formatDateLong(value: string | null | undefined, fallback: string = NOT_AVAILABLE): string {
  const dateOnly = value ? DATE_ONLY.exec(value.slice(0, 10)) : null;
  if (!dateOnly) return fallback;
  return longDateFormat.format(new Date(Date.UTC(Number(dateOnly[1]), Number(dateOnly[2]) - 1, Number(dateOnly[3]))));
}

/** 'yyyy-mm-dd' of an instant in Bogotá, for file names (informe_ministerio_2026-12-01.xlsx). */
export function formatFileDate(now: Date = new Date()): string {
  return fileDateFormat.format(now);
}

/** 1250000 → '$ 1.250.000' (COP, no decimals). */
export function formatCop(value: number): string {
  return copFormat.format(value);
}

/** 2048 → '2,0 KB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('es-CO', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} ${units[unit]}`;
}

/** Wait `ms` milliseconds (the seeds' minimum waits: login 800 ms, upload 1.5 s). */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
