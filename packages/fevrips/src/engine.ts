import { checkDocuments, checkRipsRead, resolveRipsVersion, type TCheckOptions } from './check.ts';
import type { TRipsSchemaVersion } from './schema.ts';
import { muvEndpointFor, type TMuvEndpoint } from './endpoints.ts';
import type { THallazgoLocal } from './findings.ts';
import { FevRipsError } from './errors.ts';
import type { TCodPrestadorVisto } from './rules-reps.ts';
import { parseRipsHead, withResumen, type TRipsHead, type TRipsParsed } from './rips.ts';
import { decodeUtf8 } from './shared.ts';
import { parseFevXml, type TFevXml } from './xml.ts';

/** Outcome of {@link checkFiles}: what was read, the findings, and the MUV endpoint for the package. */
export type TChequeo = {
  xml: TFevXml | null;
  rips: TRipsParsed | null;
  hallazgos: THallazgoLocal[];
  /**
   * The package type: the MUV endpoint the package goes to (`options.paquete` when given, else decided from the files),
   * whose classes the findings carry. Null when nothing could be read.
   */
  endpoint: TMuvEndpoint | null;
  /** The first file that could not be read at all (its findings are then not computed). */
  error: FevRipsError | null;
  /** The RIPS structure the package was checked against, or null without a RIPS. */
  version: TRipsSchemaVersion | null;
  /**
   * The distinct codPrestador of the RIPS with their first paths (rules-reps.ts), for RVC012 against a REPS table that
   * `options.prestadores` did not carry; empty without a RIPS.
   */
  codigosPrestador: TCodPrestadorVisto[];
};

export { checkDocuments, resolveRipsVersion, type TCheckOptions } from './check.ts';
export { ripsSchema, RES948_DESDE, type TRipsSchemaVersion } from './schema.ts';
export { RVG01_DESCRIPCION, USUARIO_OBLIGATORIO_SI } from './structure.ts';
export {
  reglaPrestadorReps,
  prestadoresDeMapa,
  type TCodPrestadorVisto,
  type TPrestadoresReps,
  type TPrestadorReps,
} from './rules-reps.ts';

/**
 * Reads and checks raw files: any byte sequence gives findings or one coded {@link FevRipsError} in `error`,
 * never an exception (the engine's "never crashes on bad input" promise). The RIPS is read with
 * {@link parseRipsObject}, so a file without a usable `formato` (e.g. `numFactura` "FEVC") is still checked.
 * {@link readFiles} then {@link checkRead}: the RIPS is parsed once and walked once (its summary is computed in the
 * same pass as the checks).
 */
export function checkFiles(
  files: { xml?: Uint8Array | string | null; rips?: Uint8Array | string | null },
  options: TCheckOptions = {},
): TChequeo {
  return checkRead(readFiles(files), options);
}

/** What {@link readFiles} read: the XML, the RIPS without its summary, and the first file that could not be read. */
export type TLeidos = { xml: TFevXml | null; rips: TRipsHead | null; error: FevRipsError | null };

/**
 * The reading half of {@link checkFiles}: parses the XML and the RIPS (without its summary). `error` is the XML's when it
 * cannot be read, else the RIPS's. Never throws. The CLI's folder mode reads a RIPS with this to find its XML by formato,
 * then checks it with {@link checkRead} without parsing it again.
 */
export function readFiles(files: {
  xml?: Uint8Array | string | null;
  rips?: Uint8Array | string | null;
}): TLeidos {
  let xml: TFevXml | null = null;
  let rips: TRipsHead | null = null;
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
      rips = readRipsHead(files.rips);
    } catch (e) {
      error ??= asFevRipsError(e, 'JSON_ERROR');
    }
  }
  return { xml, rips, error };
}

/** The checking half of {@link checkFiles}, for files already read by {@link readFiles}. Never throws. */
export function checkRead(leidos: TLeidos, options: TCheckOptions = {}): TChequeo {
  const { xml, rips: head, error } = leidos;
  if (error) {
    // Nothing is checked; a RIPS that could be read is still summarised.
    let rips: TRipsParsed | null = null;
    try {
      rips = head && withResumen(head);
    } catch {
      // `error` already says what went wrong first
    }
    const version = rips ? resolveRipsVersion(xml, rips, options) : null;
    return {
      xml,
      rips,
      hallazgos: [],
      endpoint: xml || rips ? (options.paquete ?? muvEndpointFor(xml, rips)) : null,
      error,
      version,
      codigosPrestador: [],
    };
  }
  if (head === null) {
    let hallazgos: THallazgoLocal[];
    try {
      hallazgos = checkDocuments(xml, null, options);
    } catch (e) {
      return {
        xml,
        rips: null,
        hallazgos: [],
        endpoint: null,
        error: asFevRipsError(e, 'XML_ERROR'),
        version: null,
        codigosPrestador: [],
      };
    }
    return {
      xml,
      rips: null,
      hallazgos,
      endpoint: xml ? (options.paquete ?? muvEndpointFor(xml, null)) : null,
      error: null,
      version: null,
      codigosPrestador: [],
    };
  }
  const pass = checkRipsRead(xml, head, options);
  const resumen = pass.resumen();
  if (resumen === null) {
    // The RIPS could not be summarised: as when it cannot be read.
    const failure = new FevRipsError('JSON_ERROR');
    return {
      xml,
      rips: null,
      hallazgos: [],
      endpoint: xml ? muvEndpointFor(xml, null) : null,
      error: failure,
      version: null,
      codigosPrestador: [],
    };
  }
  const rips: TRipsParsed = { ...head, resumen };
  const version = resolveRipsVersion(xml, rips, options);
  let hallazgos: THallazgoLocal[];
  try {
    hallazgos = pass.hallazgos(rips);
  } catch (e) {
    return {
      xml,
      rips,
      hallazgos: [],
      endpoint: null,
      error: asFevRipsError(e, 'JSON_ERROR'),
      version,
      codigosPrestador: [],
    };
  }
  return {
    xml,
    rips,
    hallazgos,
    endpoint: options.paquete ?? muvEndpointFor(xml, rips),
    error: null,
    version,
    codigosPrestador: pass.codigosPrestador(),
  };
}

/**
 * A RIPS from bytes or text: UTF-8 (BOM removed), strict JSON, top level an object.
 * @throws {FevRipsError} `JSON_INVALID` (not JSON / not an object) or `JSON_ERROR`.
 */
export function readRips(input: Uint8Array | string): TRipsParsed {
  return withResumen(readRipsHead(input));
}

/** {@link readRips} without the summary (see rips.ts `parseRipsHead`). */
function readRipsHead(input: Uint8Array | string): TRipsHead {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(input));
  } catch (e) {
    throw new FevRipsError('JSON_INVALID', undefined, { cause: e });
  }
  return parseRipsHead(value);
}

function asFevRipsError(e: unknown, fallback: 'XML_ERROR' | 'JSON_ERROR'): FevRipsError {
  return e instanceof FevRipsError ? e : new FevRipsError(fallback, undefined, { cause: e });
}
