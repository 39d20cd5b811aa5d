import { TextDecoder } from 'node:util';
import { foldSearchText, providerSearchText } from './search-text.ts';

/**
 * The layout of the Ministry of Health's REPS "Prestadores" export and how one of its rows becomes a provider row
 *. Column names as the portal writes them (../shared/samples/SOURCES.md §7.2: the 30-column
 * `Prestadores.xls` layout, and the 20-column extract of it); matched case-insensitively.
 */

/** Columns an import needs: without any of them the file is refused and nothing is written. */
export const REPS_REQUIRED_COLUMNS = [
  'depa_nombre',
  'muni_nombre',
  'codigo_habilitacion',
  'nombre_prestador',
  'nits_nit',
  'razon_social',
  'clpr_codigo',
  'habilitado',
] as const;

/** Columns read when present (the national export has them; the shared extract lacks the contact ones). */
export const REPS_OPTIONAL_COLUMNS = [
  'clpr_nombre',
  'caracter',
  'fecha_radicacion',
  'fecha_vencimiento',
  'dv',
  'clase_persona',
  'naju_codigo',
  'naju_nombre',
  'numero_sede_principal',
  'direccion',
  'telefono',
  'email',
  'rep_legal',
] as const;

/** Columns of the published layouts that are known and deliberately not stored (no warning for them). */
export const REPS_KNOWN_UNUSED_COLUMNS = [
  'tido_codigo',
  'ese',
  'fax',
  'gerente',
  'nivel',
  'fecha_cierre',
  'fecha_corte_reps',
  'telefono_adicional',
  'email_adicional',
] as const;

type TColumn = (typeof REPS_REQUIRED_COLUMNS)[number] | (typeof REPS_OPTIONAL_COLUMNS)[number];

/** Where each known column sits in the file's header, which required ones are missing and which are unknown. */
export type THeaderLayout = {
  index: Partial<Record<TColumn, number>>;
  missing: string[];
  unknown: string[];
  /** Contact columns present in the file: only those overwrite the stored values on a re-import. */
  contact: { direccion: boolean; telefono: boolean; email: boolean; representante: boolean };
};

/** Read a header row (names trimmed, BOM dropped, matched case-insensitively). */
export function readHeader(header: string[]): THeaderLayout {
  const index: Partial<Record<TColumn, number>> = {};
  const unknown: string[] = [];
  const known = new Set<string>([...REPS_REQUIRED_COLUMNS, ...REPS_OPTIONAL_COLUMNS, ...REPS_KNOWN_UNUSED_COLUMNS]);
  header.forEach((raw, i) => {
    const name = raw.replace(/^\uFEFF/, '').trim().toLowerCase();
    if (!name) return;
    if (!known.has(name)) unknown.push(raw.trim());
    else if ((REPS_REQUIRED_COLUMNS as readonly string[]).includes(name) || (REPS_OPTIONAL_COLUMNS as readonly string[]).includes(name))
      index[name as TColumn] ??= i;
  });
  const missing = REPS_REQUIRED_COLUMNS.filter((c) => index[c] === undefined);
  const has = (c: TColumn) => index[c] !== undefined;
  return { index, missing, unknown, contact: { direccion: has('direccion'), telefono: has('telefono'), email: has('email'), representante: has('rep_legal') } };
}

/** One provider row as stored (reps_prestadores), built from a file row. */
export type TRepsRow = {
  codigoHabilitacion: string;
  sede: string;
  codigoPrestador: string;
  nombre: string;
  nit: string | null;
  dv: string | null;
  razonSocial: string | null;
  tipoPrestador: string | null;
  caracter: string | null;
  clasePersona: string | null;
  tipoEntidad: string | null;
  habilitado: boolean;
  fechaRadicacion: string | null;
  fechaVencimiento: string | null;
  depaNombre: string | null;
  muniNombre: string | null;
  direccion: string | null;
  telefono: string | null;
  email: string | null;
  representante: string | null;
  busqueda: string;
};

/** A cell's text: trimmed; '', 'N/A', 'NA', 'NULL', 'nan' (what pandas and the portal write for nothing) → null. */
export function cellText(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  return v === '' || /^(n\/a|na|null|nan|none)$/i.test(v) ? null : v;
}

/** A number pandas wrote as a float ('1.0', '1061735304.0') back to its digits; other text unchanged. */
const unfloat = (v: string) => (/^\d+\.0+$/.test(v) ? v.replace(/\.0+$/, '') : v);

/**
 * codigo_habilitacion → its 10 digits, or null (a malformed row). '1905009019.0' (pandas) is accepted; 9 digits are
 * taken as a code whose leading zero a spreadsheet dropped (Antioquia 05…, Atlántico 08…).
 */
export function codigoHabilitacion(value: string | undefined): string | null {
  const v = cellText(value);
  if (!v) return null;
  const digits = unfloat(v);
  if (/^\d{10}$/.test(digits)) return digits;
  if (/^\d{9}$/.test(digits)) return `0${digits}`;
  return null;
}

/** numero_sede_principal ('1.0', '2', 'N/A') → 2 digits; missing or out of range → '01' (the main sede). */
export function sedeCode(value: string | undefined): string {
  const v = cellText(value);
  const n = v ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 99 ? String(n).padStart(2, '0') : '01';
}

/** REPS clpr_codigo → the form's tipoPrestadorServicio (seed 000 §3; enums TIPOS_PRESTADOR). */
const TIPO_PRESTADOR: Record<string, string> = { '1': '02', '2': '01', '3': '04', '4': '03' };

/** clpr_codigo (or, failing that, clpr_nombre) → '01'..'04', or null. */
export function tipoPrestador(codigo: string | undefined, nombre: string | undefined): string | null {
  const c = cellText(codigo);
  const byCode = c ? TIPO_PRESTADOR[unfloat(c)] : undefined;
  if (byCode) return byCode;
  const n = foldSearchText(nombre ?? '');
  if (/\bips\b|instituciones prestadoras/.test(n)) return '02';
  if (n.includes('profesional independiente')) return '01';
  if (n.includes('transporte especial')) return '04';
  if (n.includes('objeto social')) return '03';
  return null;
}

/** REPS caracter → the form's tipoCaracter (enums ALCANCES): DEPARTAMENTAL D, NACIONAL E, MUNICIPAL F, DISTRITAL G, INDIGENA H, N/A. */
export function caracterCode(value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (/^(n\/a|na)$/i.test(v)) return 'N/A';
  const codes: Record<string, string> = { departamental: 'D', nacional: 'E', municipal: 'F', distrital: 'G', indigena: 'H' };
  return codes[foldSearchText(v)] ?? null;
}

/** REPS clase_persona NATURAL/JURIDICO → N/J (enums TIPOS_PERSONA). */
export function clasePersonaCode(value: string | undefined): string | null {
  const v = foldSearchText(value ?? '');
  if (v === 'natural' || v === 'n') return 'N';
  if (v === 'juridico' || v === 'juridica' || v === 'j') return 'J';
  return null;
}

/** REPS naju_codigo 1/3/4 (or naju_nombre Privada/Mixta/Pública) → '01'/'03'/'04' (enums TIPOS_ENTIDAD). */
export function tipoEntidadCode(codigo: string | undefined, nombre: string | undefined): string | null {
  const c = cellText(codigo);
  const byCode = c ? ({ '1': '01', '3': '03', '4': '04' } as Record<string, string>)[unfloat(c)] : undefined;
  if (byCode) return byCode;
  return ({ privada: '01', mixta: '03', publica: '04' } as Record<string, string>)[foldSearchText(nombre ?? '')] ?? null;
}

/** A REPS date (yyyymmdd, or already yyyy-mm-dd) → 'YYYY-MM-DD' when it is a real calendar date, else null. */
export function repsDate(value: string | undefined): string | null {
  const v = cellText(value);
  const m = v ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(v) : null;
  if (!m) return null;
  const [, y, mo, d] = m as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  const ok = date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(mo) - 1 && date.getUTCDate() === Number(d);
  return ok && Number(y) >= 1900 && Number(y) <= 2999 ? `${y}-${mo}-${d}` : null;
}

/** REPS habilitado SI/NO → boolean; anything else counts as listed, so habilitado. */
export function habilitadoFlag(value: string | undefined): boolean {
  return !/^(no|n|false|0)$/i.test((value ?? '').trim());
}

/**
 * One file row (cells in header order) → the provider row, or null when it has no valid 10-digit codigo_habilitacion
 * (a malformed row: counted, not fatal). Texts are kept as REPS wrote them (trimmed); `busqueda` is their fold.
 */
export function toRepsRow(cells: string[], layout: THeaderLayout): TRepsRow | null {
  const get = (c: TColumn) => {
    const i = layout.index[c];
    return i === undefined ? undefined : cells[i];
  };
  const codigo = codigoHabilitacion(get('codigo_habilitacion'));
  if (!codigo) return null;
  const razonSocial = cellText(get('razon_social'));
  const nombre = cellText(get('nombre_prestador')) ?? razonSocial ?? codigo;
  const sede = sedeCode(get('numero_sede_principal'));
  const dv = cellText(get('dv'));
  const nit = cellText(get('nits_nit'));
  return {
    codigoHabilitacion: codigo,
    sede,
    codigoPrestador: `${codigo}${sede}`,
    nombre,
    nit: nit ? unfloat(nit) : null,
    dv: dv ? unfloat(dv) : null,
    razonSocial,
    tipoPrestador: tipoPrestador(get('clpr_codigo'), get('clpr_nombre')),
    caracter: caracterCode(get('caracter')),
    clasePersona: clasePersonaCode(get('clase_persona')),
    tipoEntidad: tipoEntidadCode(get('naju_codigo'), get('naju_nombre')),
    habilitado: habilitadoFlag(get('habilitado')),
    fechaRadicacion: repsDate(get('fecha_radicacion')),
    fechaVencimiento: repsDate(get('fecha_vencimiento')),
    depaNombre: cellText(get('depa_nombre')),
    muniNombre: cellText(get('muni_nombre')),
    direccion: cellText(get('direccion')),
    telefono: cellText(get('telefono')),
    email: cellText(get('email')),
    representante: cellText(get('rep_legal')),
    busqueda: providerSearchText(nombre, razonSocial),
  };
}

/**
 * The file's bytes → text chunks. The portal's export is ISO-8859-1 (Windows-1252) when saved as CSV, the extracts
 * UTF-8: the first non-ASCII byte decides (a valid UTF-8 sequence there → UTF-8, else Windows-1252) and the rest of the
 * file is decoded the same way. A leading BOM and NUL characters (which PostgreSQL text cannot hold) are dropped.
 * `onBytes` hears each chunk's size (progress, size limits).
 */
export async function* decodeRepsBytes(input: AsyncIterable<Buffer | Uint8Array | string>, onBytes?: (n: number) => void): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let pending: Buffer[] = [];
  let first = true;
  for await (const chunk of input) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    onBytes?.(bytes.length);
    let text: string;
    if (decoder) text = decoder.decode(bytes, { stream: true });
    else {
      pending.push(bytes);
      const all = Buffer.concat(pending);
      const at = all.findIndex((b) => b >= 0x80);
      // ASCII so far reads the same in both encodings; wait (at most a few bytes) for a whole UTF-8 sequence.
      if (at === -1 || all.length - at < 4) {
        if (at === -1) {
          pending = [];
          text = all.toString('latin1');
        } else continue;
      } else {
        decoder = new TextDecoder(isUtf8Sequence(all, at) ? 'utf-8' : 'windows-1252');
        pending = [];
        text = decoder.decode(all, { stream: true });
      }
    }
    if (first && text) {
      text = text.replace(/^\uFEFF/, '');
      first = false;
    }
    if (text) yield text.replaceAll('\0', '');
  }
  if (pending.length) {
    const all = Buffer.concat(pending);
    const at = all.findIndex((b) => b >= 0x80);
    decoder = new TextDecoder(at >= 0 && isUtf8Sequence(all, at) ? 'utf-8' : 'windows-1252');
    const text = decoder.decode(all);
    yield (first ? text.replace(/^\uFEFF/, '') : text).replaceAll('\0', '');
  } else if (decoder) {
    const rest = decoder.decode();
    if (rest) yield rest.replaceAll('\0', '');
  }
}

/** True when bytes[at…] start a well-formed UTF-8 multi-byte sequence (the BOM EF BB BF included). */
function isUtf8Sequence(bytes: Buffer, at: number): boolean {
  const b0 = bytes[at]!;
  const len = b0 >= 0xc2 && b0 <= 0xdf ? 2 : b0 >= 0xe0 && b0 <= 0xef ? 3 : b0 >= 0xf0 && b0 <= 0xf4 ? 4 : 0;
  if (!len) return false;
  for (let k = 1; k < len; k++) {
    const b = bytes[at + k];
    if (b === undefined) return true; // cut at the end of the file: give UTF-8 the benefit of the doubt
    if ((b & 0xc0) !== 0x80) return false;
  }
  return true;
}

/** The delimiter of a header line: the most frequent of ';', ',' and tab (the portal writes ';', the extracts ','). */
export function detectDelimiter(headerLine: string): string {
  const count = (d: string) => headerLine.split(d).length - 1;
  const candidates = [';', ',', '\t'].map((d) => ({ d, n: count(d) })).sort((a, b) => b.n - a.n);
  return candidates[0]!.n > 0 ? candidates[0]!.d : ',';
}
