import { checkDocuments, resolveRipsVersion, type TCheckOptions } from './check.ts';
import type { TRipsSchemaVersion } from './schema.ts';
import { muvEndpointFor, type TMuvEndpoint } from './endpoints.ts';
import type { THallazgoLocal } from './findings.ts';
import { FevRipsError } from './errors.ts';
import { parseRipsObject, type TRipsParsed } from './rips.ts';
import { decodeUtf8 } from './shared.ts';
import { parseFevXml, type TFevXml } from './xml.ts';

/** Outcome of {@link checkFiles}: what was read, the findings, and the MUV endpoint for the package. */
export type TChequeo = {
  xml: TFevXml | null;
  rips: TRipsParsed | null;
  hallazgos: THallazgoLocal[];
  /** Null when nothing could be read. */
  endpoint: TMuvEndpoint | null;
  /** The first file that could not be read at all (its findings are then not computed). */
  error: FevRipsError | null;
  /** The RIPS structure the package was checked against (issue 12), or null without a RIPS. */
  version: TRipsSchemaVersion | null;
};

export { checkDocuments, resolveRipsVersion, type TCheckOptions } from './check.ts';
export { ripsSchema, RES948_DESDE, type TRipsSchemaVersion } from './schema.ts';
export { RVG01_DESCRIPCION } from './structure.ts';

/**
 * Reads and checks raw files: any byte sequence gives findings or one coded {@link FevRipsError} in `error`,
 * never an exception (the engine's "never crashes on bad input" promise, issue 5). The RIPS is read with
 * {@link parseRipsObject}, so a file without a usable `formato` (e.g. `numFactura` "FEVC") is still checked.
 */
export function checkFiles(
  files: { xml?: Uint8Array | string | null; rips?: Uint8Array | string | null },
  options: TCheckOptions = {},
): TChequeo {
  let xml: TFevXml | null = null;
  let rips: TRipsParsed | null = null;
  let error: FevRipsError | null = null;
  if (files.xml !== undefined && files.xml !== null) {
    try {
      xml = parseFevXml(files.xml);
    } catch (e) {
      error = asFevRipsError(e, 'XML_ERROR');
    }
  }
  if (files.rips !== undefined && files.rips !== null) {
    try {
      rips = readRips(files.rips);
    } catch (e) {
      error ??= asFevRipsError(e, 'JSON_ERROR');
    }
  }
  const version = rips ? resolveRipsVersion(xml, rips, options) : null;
  if (error)
    return { xml, rips, hallazgos: [], endpoint: xml || rips ? muvEndpointFor(xml, rips) : null, error, version };
  let hallazgos: THallazgoLocal[];
  try {
    hallazgos = checkDocuments(xml, rips, options);
  } catch (e) {
    return {
      xml,
      rips,
      hallazgos: [],
      endpoint: null,
      error: asFevRipsError(e, rips ? 'JSON_ERROR' : 'XML_ERROR'),
      version,
    };
  }
  return { xml, rips, hallazgos, endpoint: xml || rips ? muvEndpointFor(xml, rips) : null, error: null, version };
}

/**
 * A RIPS from bytes or text: UTF-8 (BOM removed), strict JSON, top level an object.
 * @throws {FevRipsError} `JSON_INVALID` (not JSON / not an object) or `JSON_ERROR`.
 */
export function readRips(input: Uint8Array | string): TRipsParsed {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(input));
  } catch (e) {
    throw new FevRipsError('JSON_INVALID', undefined, { cause: e });
  }
  return parseRipsObject(value);
}

function asFevRipsError(e: unknown, fallback: 'XML_ERROR' | 'JSON_ERROR'): FevRipsError {
  return e instanceof FevRipsError ? e : new FevRipsError(fallback, undefined, { cause: e });
}
