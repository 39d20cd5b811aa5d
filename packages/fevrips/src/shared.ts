/**
 * Small helpers shared by the XML and RIPS readers. Internal to @radica/fevrips: other packages should not
 * need them (they are reachable through the `./*` export only because the package exports every file).
 */

/**
 * Decodes uploaded bytes as UTF-8 (invalid sequences become U+FFFD, never an exception) and removes a
 * leading byte-order mark. Strings are returned without their BOM. Real files carry one (reference §4.6).
 */
export function decodeUtf8(input: Uint8Array | string): string {
  const text = typeof input === 'string' ? input : new TextDecoder('utf-8', { fatal: false }).decode(input);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const FORMATO_WHOLE = /^[A-Z0-9]+$/;
const FORMATO_LEADING = /^[A-Z]*\d+[A-Z0-9]*/;

/**
 * The `formato` (prefix + consecutive, the key Radica pairs an XML with its JSON by) of an invoice or note
 * number as written in the XML `cbc:ID` / `ParentDocumentID` or the RIPS `numFactura` / `numNota`.
 *
 * Rule (seed 001 "leading capital letters followed by digits", widened for real numbers such as "A01E5687"
 * and "00003074044"): trim; if the value is only capitals and digits with at least one digit, take it whole;
 * otherwise take the leading `[A-Z]*\d+[A-Z0-9]*` match. Returns null when there is no digit to anchor on
 * (e.g. "FEVC") or the value is not a string.
 */
export function extractFormato(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!/\d/.test(trimmed)) return null;
  if (FORMATO_WHOLE.test(trimmed)) return trimmed;
  const match = FORMATO_LEADING.exec(trimmed);
  return match ? match[0] : null;
}

/** A plain (non-array) object. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const DECIMAL = /^-?\d+(?:\.\d+)?$/;

/**
 * A money or quantity value given as a JSON number or a decimal string ("1120000", "64400.00").
 * Returns null for anything else (empty string, "1.000,00", NaN, booleans…).
 */
export function toNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return DECIMAL.test(trimmed) ? Number(trimmed) : null;
  }
  return null;
}

/** Rounds a peso amount to cents, so sums of decimals compare cleanly. */
export function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** True when `value` is an integer given as a JSON number or a string of digits (.NET reads both, ❓). */
export function isIntegerLike(value: unknown): boolean {
  if (typeof value === 'number') return Number.isInteger(value);
  return typeof value === 'string' && /^-?\d+$/.test(value.trim());
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** True for a real calendar date `YYYY-MM-DD` (2024-05-32 and 2023-02-29 are false). Allocation-free (hot path). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || !Number.isInteger(month) || !Number.isInteger(day)) return false;
  if (month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return day <= (month === 2 && leap ? 29 : (DAYS_IN_MONTH[month - 1] as number));
}
