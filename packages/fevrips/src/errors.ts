import { MSG } from '@radica/contracts/messages';

/**
 * Why a FEV XML or RIPS JSON file could not be read.
 * - `XML_DOCTYPE`: the XML (or the invoice embedded in it) declares a DOCTYPE or ENTITY; refused before parsing.
 * - `XML_INVALID`: not well-formed XML, or not a DIAN AttachedDocument / Invoice / CreditNote / DebitNote.
 * - `XML_NO_FORMATO`: no invoice number from which a `formato` can be taken.
 * - `XML_ERROR`: any other, unexpected failure while reading the XML.
 * - `JSON_INVALID`: not JSON, or the top level is not an object.
 * - `JSON_NO_FORMATO`: no `numFactura` (or `numNota` for RIPS sin factura) from which a `formato` can be taken.
 * - `JSON_ERROR`: any other, unexpected failure while reading the JSON.
 */
export type TFevRipsErrorCode =
  | 'XML_DOCTYPE'
  | 'XML_INVALID'
  | 'XML_NO_FORMATO'
  | 'XML_ERROR'
  | 'JSON_INVALID'
  | 'JSON_NO_FORMATO'
  | 'JSON_ERROR';

/**
 * The user-facing (es-CO) message of each code, from the shared catalogue (seed 001 §5).
 * `JSON_ERROR` has no text of its own in the catalogue, so it uses the generic analysis message.
 */
export const FEVRIPS_ERROR_MESSAGES: Readonly<Record<TFevRipsErrorCode, string>> = {
  XML_DOCTYPE: MSG.xmlDoctypeRefused,
  XML_INVALID: MSG.xmlInvalid,
  XML_NO_FORMATO: MSG.xmlNoFormato,
  XML_ERROR: MSG.xmlProcessingError,
  JSON_INVALID: MSG.jsonInvalid,
  JSON_NO_FORMATO: MSG.jsonNoFormato,
  JSON_ERROR: MSG.analysisError('JSON', 'error inesperado al leer el RIPS'),
};

/**
 * The only error the parsers of this package throw. `code` is stable and meant for programs;
 * `message` is the Spanish text to show the user (defaults to {@link FEVRIPS_ERROR_MESSAGES}).
 * The original exception, when there was one, is kept in `cause` for server logs.
 */
export class FevRipsError extends Error {
  constructor(
    readonly code: TFevRipsErrorCode,
    message: string = FEVRIPS_ERROR_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FevRipsError';
  }
}

/** True when `e` is a {@link FevRipsError} (optionally of the given code). */
export function isFevRipsError(e: unknown, code?: TFevRipsErrorCode): e is FevRipsError {
  return e instanceof FevRipsError && (code === undefined || e.code === code);
}
