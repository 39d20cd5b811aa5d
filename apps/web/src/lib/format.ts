/** Display formats (DESIGN.md "Time", seed 001 §5 "Filters"): es-CO, 24-hour clock, America/Bogota, COP without decimals. */

export const NOT_AVAILABLE = 'No disponible';
const TIME_ZONE = 'America/Bogota';

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
