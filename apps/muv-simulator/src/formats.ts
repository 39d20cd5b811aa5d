import { createHash } from 'node:crypto';
import { relojBogota } from '@radica/contracts/bogota';

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** The wall-clock fields of `date` in Bogota (read with the UTC getters of the shifted date). */
const bogotaFields = relojBogota;

/**
 * Formats a date the way the MUV writes `FechaRadicacion`: .NET round-trip format with seven
 * fractional digits and the local offset, e.g. `2025-04-04T16:20:06.5673703-05:00`.
 * JS dates only hold milliseconds, so the last four digits are always `0000`.
 * Source: fevrips-reference §1.5 (real accepted response, client rule 7).
 */
export function formatFechaRadicacion(date: Date): string {
  const b = bogotaFields(date);
  return (
    `${pad(b.getUTCFullYear(), 4)}-${pad(b.getUTCMonth() + 1, 2)}-${pad(b.getUTCDate(), 2)}` +
    `T${pad(b.getUTCHours(), 2)}:${pad(b.getUTCMinutes(), 2)}:${pad(b.getUTCSeconds(), 2)}` +
    `.${pad(b.getUTCMilliseconds(), 3)}0000-05:00`
  );
}

/**
 * Body of `GET /BasicHealth` and `GET /Health`, one `Key: value` per line like the real API
 * (`DateTime` in .NET `yyyy-MM-dd hh:mm:ss.fff tt`, 12-hour clock, Bogota time).
 * Source: fevrips-reference §1.1 (example quoted in index id 3944872726).
 */
export function formatHealthText(date: Date, version: string): string {
  const b = bogotaFields(date);
  const hours24 = b.getUTCHours();
  const hours12 = hours24 % 12 === 0 ? 12 : hours24 % 12;
  const dateTime =
    `${pad(b.getUTCFullYear(), 4)}-${pad(b.getUTCMonth() + 1, 2)}-${pad(b.getUTCDate(), 2)} ` +
    `${pad(hours12, 2)}:${pad(b.getUTCMinutes(), 2)}:${pad(b.getUTCSeconds(), 2)}.${pad(b.getUTCMilliseconds(), 3)} ` +
    (hours24 < 12 ? 'AM' : 'PM');
  return [
    'ApplicationName: FVE.WebAPILocal',
    `Version: ${version}`,
    'EnvironmentName: RadicaSimulator',
    `DateTime: ${dateTime}`,
    'TimeZone: Colombia Standard Time',
  ].join('\n');
}

/**
 * Canonical JSON: object keys sorted by code unit, no whitespace, arrays in order, `undefined`
 * members dropped (as `JSON.stringify` does). Two RIPS that differ only in key order or
 * formatting give the same text, hence the same CUV.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    return JSON.stringify(value) ?? 'null';
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/**
 * The simulator's CUV: SHA-384 of the raw XML bytes followed by the canonical JSON of the RIPS
 * (UTF-8), as 96 lowercase hex characters. An absent side contributes nothing.
 * The real algorithm is undocumented; only the format (`^[0-9a-f]{96}$`) is known.
 * Source: fevrips-reference §1.7 (❓ SHA-384 inferred).
 */
export function computeCuv(xmlBytes: Uint8Array | null, rips: unknown): string {
  const hash = createHash('sha384');
  if (xmlBytes) hash.update(xmlBytes);
  if (rips !== null && rips !== undefined) hash.update(canonicalJson(rips), 'utf8');
  return hash.digest('hex');
}

/** Strict base64 (standard alphabet, optional padding, whitespace tolerated as .NET does). */
const BASE64_RE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}(?:==)?|[A-Za-z0-9+/]{3}=?)?$/;

/**
 * Decodes a `format: byte` field (base64) to bytes, or returns `null` when the text is not valid
 * base64 (Node's own decoder silently skips bad characters, so the alphabet is checked first).
 */
export function decodeBase64Strict(text: string): Uint8Array | null {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || !BASE64_RE.test(compact)) return null;
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/** A NIT as compared by the simulator: digits only, a trailing `-DV` dropped. */
export function normalizeNit(nit: string): string {
  return nit.trim().replace(/-\d$/, '').replace(/\D/g, '');
}
