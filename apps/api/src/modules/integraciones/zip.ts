import { Unzip, UnzipInflate } from 'fflate';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TArchivoEntrante } from './lote.ts';

/** Most entries a ZIP attachment may hold (issue 16 brief). */
export const ZIP_MAX_ENTRADAS = 100;
/** Most bytes a ZIP attachment may expand to, all entries together (issue 16 brief: 50 MB). */
export const ZIP_MAX_DESCOMPRIMIDO = 50 * 1_048_576;
/** Compressed bytes handed to the inflater at once: bounds what one step can expand to (deflate's ratio is ≤ 1032:1). */
const TROZO = 16_384;

const MB = (bytes: number) => Math.round(bytes / 1_048_576);

/** A ZIP entry not filed: ignored (not XML/JSON) or refused (a ZIP inside), named `zip/entrada`. */
export type TEntradaOmitida = { archivo: string; resultado: 'IGNORADO' | 'RECHAZADO'; mensaje: string };

export type TZipLeido =
  | { ok: true; archivos: TArchivoEntrante[]; omitidas: TEntradaOmitida[] }
  | { ok: false; mensaje: string };

/**
 * Reads a ZIP received by the e-mail or the SFTP channel (issue 16: "ZIP contents checked for size and count"): its XML and JSON
 * entries become files named by their base name; other entries are reported ignored and ZIPs inside it refused. The
 * whole ZIP is refused (`ok: false` with the Spanish reason) when it holds more than ZIP_MAX_ENTRADAS entries, an
 * entry path with '..' or an absolute path, an entry over MAX_UPLOAD_BYTES, more than ZIP_MAX_DESCOMPRIMIDO
 * altogether, or is not a readable ZIP. Sizes are counted on the bytes actually inflated, not on the sizes the
 * archive declares, and the inflater is fed in small pieces so a bomb stops after a bounded amount of memory.
 */
export function leerZip(nombreZip: string, bytes: Buffer): TZipLeido {
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) {
    // An empty archive is only its end record: nothing to file, but not damaged either.
    if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x06054b50) return { ok: true, archivos: [], omitidas: [] };
    return { ok: false, mensaje: MSG_CORREO.archivoZipInvalido };
  }
  const archivos: TArchivoEntrante[] = [];
  const omitidas: TEntradaOmitida[] = [];
  let fallo: string | null = null;
  let entradas = 0;
  let total = 0;
  let abiertas = 0;

  const unzip = new Unzip((file) => {
    if (fallo) return;
    const ruta = file.name.replace(/\\/g, '/');
    if (ruta.endsWith('/')) return; // a folder
    entradas++;
    if (entradas > ZIP_MAX_ENTRADAS) {
      fallo = MSG_CORREO.archivoZipDemasiadas(ZIP_MAX_ENTRADAS);
      return;
    }
    if (ruta.startsWith('/') || /^[a-z]:/i.test(ruta) || ruta.split('/').includes('..')) {
      fallo = MSG_CORREO.archivoZipRuta;
      return;
    }
    const etiqueta = `${nombreZip}/${ruta}`;
    const base = ruta.split('/').pop() ?? ruta;
    if (ruta.startsWith('__MACOSX/') || !/\.(xml|json|zip)$/i.test(base)) {
      omitidas.push({ archivo: etiqueta, resultado: 'IGNORADO', mensaje: MSG_CORREO.archivoIgnorado });
      return;
    }
    if (/\.zip$/i.test(base)) {
      omitidas.push({ archivo: etiqueta, resultado: 'RECHAZADO', mensaje: MSG_CORREO.archivoZipAnidado });
      return;
    }
    const trozos: Uint8Array[] = [];
    let tamano = 0;
    abiertas++;
    file.ondata = (err, chunk, final) => {
      if (fallo) return;
      if (err) {
        fallo = MSG_CORREO.archivoZipInvalido;
        return;
      }
      tamano += chunk.length;
      total += chunk.length;
      if (tamano > MAX_UPLOAD_BYTES) fallo = MSG_CORREO.archivoZipArchivoGrande(base, MB(MAX_UPLOAD_BYTES));
      else if (total > ZIP_MAX_DESCOMPRIMIDO) fallo = MSG_CORREO.archivoZipDescomprimido(MB(ZIP_MAX_DESCOMPRIMIDO));
      else trozos.push(chunk);
      if (final && !fallo) {
        abiertas--;
        archivos.push({ filename: base, bytes: Buffer.concat(trozos) });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < bytes.length && !fallo; i += TROZO) unzip.push(bytes.subarray(i, i + TROZO), i + TROZO >= bytes.length);
  } catch {
    fallo ??= MSG_CORREO.archivoZipInvalido;
  }
  // An entry whose data ended early (a truncated archive) never reached its end.
  if (!fallo && abiertas > 0) fallo = MSG_CORREO.archivoZipInvalido;
  if (fallo) return { ok: false, mensaje: fallo };
  return { ok: true, archivos, omitidas };
}
