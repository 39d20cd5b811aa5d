import { Unzip, UnzipInflate } from 'fflate';
import { Piscina } from 'piscina';
import { MAX_UPLOAD_BYTES } from '@radica/contracts/enums';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { perDatabase } from '../../lib/per-database.ts';
import { sinControles } from '../../lib/texto.ts';
import type { TArchivoEntrante } from './lote.ts';

/** Most entries a ZIP attachment may hold (brief). */
export const ZIP_MAX_ENTRADAS = 100;
/**
 * Most bytes a ZIP may expand to, all entries together (brief: 50 MB); also the most all the ZIPs of one
 * e-mail together may expand to.
 */
export const ZIP_MAX_DESCOMPRIMIDO = 50 * 1_048_576;
/** Expanded bytes one tenant's channel work may hold at once in this process: two ZIPs' worth. */
export const ZIP_MAX_EN_CURSO_TENANT = 2 * ZIP_MAX_DESCOMPRIMIDO;
/** Compressed bytes handed to the inflater at once: bounds what one step can expand to (deflate's ratio is ≤ 1032:1). */
const TROZO = 16_384;

const MB = (bytes: number) => Math.round(bytes / 1_048_576);

/** A ZIP entry not filed: ignored (not XML/JSON) or refused (a ZIP inside), named `zip/entrada`. */
export type TEntradaOmitida = { archivo: string; resultado: 'IGNORADO' | 'RECHAZADO'; mensaje: string };

/**
 * What reading a ZIP gave. `descomprimido`: bytes actually inflated (also when refused: the work spent). `excedido`
 * when it stopped at `maxTotal` (the whole budget), as opposed to another reason.
 */
export type TZipLeido =
  | { ok: true; archivos: TArchivoEntrante[]; omitidas: TEntradaOmitida[]; descomprimido: number }
  | { ok: false; mensaje: string; descomprimido: number; excedido: boolean };

/**
 * Reads a ZIP received by the e-mail or the SFTP channel ("ZIP contents checked for size and count"): its XML and JSON
 * entries become files named by their base name; other entries are reported ignored and ZIPs inside it refused. The
 * whole ZIP is refused (`ok: false` with the Spanish reason) when it holds more than ZIP_MAX_ENTRADAS entries, an
 * entry path with '..' or an absolute path, an entry over MAX_UPLOAD_BYTES, more than `maxTotal` bytes altogether
 * (default and at most ZIP_MAX_DESCOMPRIMIDO; `excedido`), or is not a readable ZIP. Sizes are counted on the bytes
 * actually inflated, not on the sizes the archive declares, and the inflater is fed in small pieces so a bomb stops
 * after a bounded amount of memory. Entry names are cleaned of control characters. CPU-bound:
 * the channels run it in the worker pool ({@link leerZipAislado}).
 */
export function leerZip(nombreZip: string, bytes: Uint8Array, opts: { maxTotal?: number } = {}): TZipLeido {
  const maxTotal = Math.min(ZIP_MAX_DESCOMPRIMIDO, opts.maxTotal ?? ZIP_MAX_DESCOMPRIMIDO);
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 4 || view.readUInt32LE(0) !== 0x04034b50) {
    // An empty archive is only its end record: nothing to file, but not damaged either.
    if (view.length >= 4 && view.readUInt32LE(0) === 0x06054b50) return { ok: true, archivos: [], omitidas: [], descomprimido: 0 };
    return { ok: false, mensaje: MSG_CORREO.archivoZipInvalido, descomprimido: 0, excedido: false };
  }
  const archivos: TArchivoEntrante[] = [];
  const omitidas: TEntradaOmitida[] = [];
  let fallo: string | null = null;
  let excedido = false;
  let entradas = 0;
  let total = 0;
  let abiertas = 0;

  const unzip = new Unzip((file) => {
    if (fallo) return;
    const ruta = sinControles(file.name.replace(/\\/g, '/'));
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
      else if (total > maxTotal) {
        fallo = MSG_CORREO.archivoZipDescomprimido(MB(ZIP_MAX_DESCOMPRIMIDO));
        excedido = true;
      } else trozos.push(chunk);
      if (final && !fallo) {
        abiertas--;
        // Its own ArrayBuffer (never Node's shared pool): the worker hands it over without a copy.
        const out = new Uint8Array(tamano);
        let at = 0;
        for (const t of trozos) {
          out.set(t, at);
          at += t.length;
        }
        archivos.push({ filename: base, bytes: Buffer.from(out.buffer, 0, out.length) });
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    for (let i = 0; i < view.length && !fallo; i += TROZO) unzip.push(view.subarray(i, i + TROZO), i + TROZO >= view.length);
  } catch {
    fallo ??= MSG_CORREO.archivoZipInvalido;
  }
  // An entry whose data ended early (a truncated archive) never reached its end.
  if (!fallo && abiertas > 0) fallo = MSG_CORREO.archivoZipInvalido;
  if (fallo) return { ok: false, mensaje: fallo, descomprimido: total, excedido };
  return { ok: true, archivos, omitidas, descomprimido: total };
}

/** What the worker pool is handed to read a ZIP: its name, bytes and the budget left (bytes). */
export type TZipTarea = { nombre: string; bytes: Uint8Array; maxTotal: number };

/** {@link leerZip} as a pool task: the entries' bytes are moved back to the caller's thread, not copied. */
export function leerZipTarea(tarea: TZipTarea): unknown {
  const leido = leerZip(tarea.nombre, tarea.bytes, { maxTotal: tarea.maxTotal });
  const buffers = leido.ok ? leido.archivos.map((a) => a.bytes.buffer as ArrayBuffer) : [];
  const movible = {
    get [Piscina.transferableSymbol]() {
      return buffers;
    },
    get [Piscina.valueSymbol]() {
      return leido;
    },
  };
  // Piscina types its Transferable with its own symbols' unique types; these are the same symbols.
  return Piscina.move(movible as unknown as Parameters<typeof Piscina.move>[0]);
}

/**
 * Reads a ZIP in the worker pool (inflating never runs on the event loop), with `maxTotal` bytes of
 * budget. The entries come back as Buffers. A task that dies in its worker (its heap limit) reads as a damaged ZIP,
 * not an error a sender would retry for ever.
 */
export async function leerZipAislado(
  pool: { leerZip: (tarea: TZipTarea) => Promise<unknown> },
  nombre: string,
  bytes: Uint8Array,
  maxTotal = ZIP_MAX_DESCOMPRIMIDO,
): Promise<TZipLeido> {
  let leido: TZipLeido;
  try {
    leido = (await pool.leerZip({ nombre, bytes, maxTotal })) as TZipLeido;
  } catch {
    return { ok: false, mensaje: MSG_CORREO.archivoZipInvalido, descomprimido: 0, excedido: false };
  }
  if (leido.ok) for (const a of leido.archivos) a.bytes = Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength);
  return leido;
}

/** A tenant's share of {@link ZIP_MAX_EN_CURSO_TENANT}: shrink it to what was used, release it when done (both idempotent). */
export type TReservaZip = { ajustar: (bytes: number) => void; liberar: () => void };

/** Per database handle (tenant ids repeat across databases: lib/per-database.ts), each tenant's bytes in flight and waiters. */
const enCursoDe = perDatabase(() => new Map<number, { usado: number; cola: { bytes: number; listo: () => void }[] }>());

/**
 * Reserves `bytes` (default a whole ZIP's budget) of the tenant's expanded bytes in flight in this process and database
 * handle `db` (at most ZIP_MAX_EN_CURSO_TENANT), waiting in arrival order while the tenant's other channel work holds
 * the rest. Hold it until the expanded files are filed.
 */
export async function reservarDescompresion(db: object, tenantId: number, bytes = ZIP_MAX_DESCOMPRIMIDO): Promise<TReservaZip> {
  const enCurso = enCursoDe(db);
  let t = enCurso.get(tenantId);
  if (!t) enCurso.set(tenantId, (t = { usado: 0, cola: [] }));
  const estado = t;
  if (estado.cola.length > 0 || estado.usado + bytes > ZIP_MAX_EN_CURSO_TENANT) await new Promise<void>((listo) => estado.cola.push({ bytes, listo }));
  else estado.usado += bytes;
  let mio = bytes;
  const atender = () => {
    while (estado.cola[0] && estado.usado + estado.cola[0].bytes <= ZIP_MAX_EN_CURSO_TENANT) {
      const siguiente = estado.cola.shift()!;
      estado.usado += siguiente.bytes;
      siguiente.listo();
    }
    if (estado.usado === 0 && estado.cola.length === 0 && enCurso.get(tenantId) === estado) enCurso.delete(tenantId);
  };
  return {
    ajustar(usados) {
      const nuevo = Math.max(0, Math.min(mio, usados));
      estado.usado -= mio - nuevo;
      mio = nuevo;
      atender();
    },
    liberar() {
      estado.usado -= mio;
      mio = 0;
      atender();
    },
  };
}
