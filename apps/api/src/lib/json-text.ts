import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A JSON value kept as text in a text column (db/schema-rips.ts jsonText), in one of two forms: the JSON itself, or,
 * for a big value written once by a worker thread, `gz64:` + the base64 of its gzip (docs/decisions/044: the embedded
 * PGlite writes a 37 MB text for seconds on the event loop's thread, its 0.6 MB compressed form in a tenth of a second).
 * JSON never starts with `g`, so the two cannot be confused.
 */
const PREFIJO_GZIP = 'gz64:';

/** Values smaller than this (characters of JSON) are stored as plain JSON. */
export const JSON_TEXT_COMPRESS_FROM = 1_048_576;

/** The stored text of `json` (a JSON text): compressed when it is at least JSON_TEXT_COMPRESS_FROM long. CPU-bound: run it in a worker. */
export function storedJsonText(json: string): string {
  return json.length < JSON_TEXT_COMPRESS_FROM ? json : `${PREFIJO_GZIP}${gzipSync(json, { level: 6 }).toString('base64')}`;
}

/** The value of a stored text of either form. @throws SyntaxError / zlib errors for a text that is neither. */
export function parseStoredJsonText(text: string): unknown {
  return JSON.parse(text.startsWith(PREFIJO_GZIP) ? gunzipSync(Buffer.from(text.slice(PREFIJO_GZIP.length), 'base64')).toString('utf8') : text);
}
