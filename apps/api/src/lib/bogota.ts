/** Bogotá's wall clock: Colombia is UTC−5 all year (no daylight saving since 1993). */
export const BOGOTA_OFFSET_MS = -5 * 3_600_000;

/**
 * The Bogotá calendar day of an instant as `YYYYMMDD` (a purchase at 21:00 of 1 December in Bogotá is 02:00 of
 * 2 December in UTC, and its papers say 1 December).
 */
export function bogotaYmd(at: Date): string {
  return new Date(at.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** An instant's Bogotá calendar day as people read it: 'dd/mm/aaaa' (the web's format, for texts the server writes). */
export function bogotaFecha(at: Date): string {
  const [y, m, d] = new Date(at.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
}
