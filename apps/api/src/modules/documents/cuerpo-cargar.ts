import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { AppError } from '../../lib/errors.ts';

/** A file taken out of a CargarFevRips body. */
export type TArchivoCuerpo = { filename: string; bytes: Buffer };

/** The XML and the RIPS of a CargarFevRips body, either may be absent. */
export type TArchivosCuerpo = { xml: TArchivoCuerpo | null; rips: TArchivoCuerpo | null };

/**
 * The files of the ministry's CargarFevRips request body `{ rips, xmlFevFile }` (fevrips-reference.md; the samples'
 * par2 body): the XML decoded strictly from its base64 (whitespace allowed, as the ministry's clients wrap it), the
 * RIPS object serialised as the JSON file's bytes. The one mechanism for the body, used by the API channel's JSON
 * filing (integraciones/routes.ts) and by every file upload that turns out to be such a body (cuerpoCargarFevRips).
 * `nombre` names the files (`{nombre}_xmlFevFile.xml`, `{nombre}_rips.json`), else `factura.xml` and `rips.json`.
 * @throws AppError PAQUETE_BASE64 (400) with `base64Invalido` when xmlFevFile is not base64; FILE_TOO_LARGE (413)
 *   when the decoded XML passes the 10 MB of an upload.
 */
export function archivosDelCuerpo(
  cuerpo: { xmlFevFile?: string | null; rips?: Record<string, unknown> | null },
  opts: { nombre?: string | null; base64Invalido: string },
): TArchivosCuerpo {
  let xml: TArchivoCuerpo | null = null;
  if (cuerpo.xmlFevFile) {
    const compact = cuerpo.xmlFevFile.replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) throw new AppError('PAQUETE_BASE64', opts.base64Invalido);
    xml = { filename: opts.nombre ? `${opts.nombre}_xmlFevFile.xml` : 'factura.xml', bytes: Buffer.from(compact, 'base64') };
    if (xml.bytes.length > MAX_UPLOAD_BYTES) throw new AppError('FILE_TOO_LARGE', MSG.fileTooLarge);
  }
  const rips = cuerpo.rips
    ? { filename: opts.nombre ? `${opts.nombre}_rips.json` : 'rips.json', bytes: Buffer.from(JSON.stringify(cuerpo.rips), 'utf8') }
    : null;
  return { xml, rips };
}

const CLAVE_XML = Buffer.from('"xmlFevFile"');

/**
 * Whether an uploaded JSON file is a CargarFevRips body rather than a RIPS: a top-level object with the key
 * `xmlFevFile` (a string or null) and `rips` (an object or null) and none of a RIPS's own keys. Only a file that holds
 * the text `"xmlFevFile"` is parsed here (a native byte search first: a RIPS never pays the parse twice); a file that
 * does not parse is left to the upload's own JSON checks. Returns the parsed body, or null for any other file.
 */
export function cuerpoCargarFevRips(bytes: Buffer): { xmlFevFile: string | null; rips: Record<string, unknown> | null } | null {
  if (!bytes.includes(CLAVE_XML)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const body = parsed as Record<string, unknown>;
  if (!('xmlFevFile' in body) || 'usuarios' in body || 'numFactura' in body) return null;
  const { xmlFevFile, rips } = body;
  if (xmlFevFile !== null && xmlFevFile !== undefined && typeof xmlFevFile !== 'string') return null;
  if (rips !== null && rips !== undefined && (typeof rips !== 'object' || Array.isArray(rips))) return null;
  return { xmlFevFile: (xmlFevFile as string | null | undefined) ?? null, rips: (rips as Record<string, unknown> | null | undefined) ?? null };
}
