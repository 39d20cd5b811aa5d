/**
 * Bogotá time, computed in one place. Radica's days, hours and file names are Colombia's wall clock (DESIGN.md "Time");
 * the offset comes from the platform's time-zone data (`Intl`, zone America/Bogota), never from a constant written
 * by hand. The two conversions are a "wall-clock Date" (a Date whose UTC fields read as Bogotá's clock, what Excel cells,
 * file names and `YYYY-MM-DD` texts need) and back.
 */

/** The IANA zone of every date Radica shows or schedules (Intl, pg-boss cron). */
export const ZONA_BOGOTA = 'America/Bogota';

const PARTES = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONA_BOGOTA,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** Bogotá's offset from UTC at instant `ms` (ms; −5 h all year since 1993). */
function desfaseMs(ms: number): number {
  const p: Record<string, number> = {};
  for (const x of PARTES.formatToParts(new Date(ms))) if (x.type !== 'literal') p[x.type] = Number(x.value);
  const segundo = Math.floor(ms / 1000) * 1000;
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - segundo;
}

/**
 * The Date whose UTC fields are Bogotá's wall clock at `at` (read it with getUTC…/toISOString). An invalid date stays
 * invalid.
 */
export function relojBogota(at: Date): Date {
  const ms = at.getTime();
  return Number.isNaN(ms) ? new Date(NaN) : new Date(ms + desfaseMs(ms));
}

/** The instant at which Bogotá's wall clock shows the UTC fields of `reloj` (a Date or ms): the inverse of relojBogota. */
export function instanteBogota(reloj: Date | number): Date {
  const ms = typeof reloj === 'number' ? reloj : reloj.getTime();
  if (Number.isNaN(ms)) return new Date(NaN);
  const aprox = ms - desfaseMs(ms);
  return new Date(ms - desfaseMs(aprox));
}

/** The instant Bogotá's day `dia` (`YYYY-MM-DD…`, the first 10 characters are read) begins; invalid for another text. */
export function inicioDiaBogota(dia: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dia);
  return m ? instanteBogota(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : new Date(NaN);
}

/** The Bogotá calendar day of an instant as `YYYY-MM-DD`. */
export function diaBogota(at: Date): string {
  return relojBogota(at).toISOString().slice(0, 10);
}

/**
 * The Bogotá calendar day of an instant as `YYYYMMDD` (a purchase at 21:00 of 1 December in Bogotá is 02:00 of
 * 2 December in UTC, and its papers say 1 December).
 */
export function bogotaYmd(at: Date): string {
  return diaBogota(at).replace(/-/g, '');
}

/** An instant's Bogotá calendar day as people read it: 'dd/mm/aaaa' (the web's format, for texts the server writes). */
export function bogotaFecha(at: Date): string {
  const [y, m, d] = diaBogota(at).split('-');
  return `${d}/${m}/${y}`;
}
