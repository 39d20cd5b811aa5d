import { FevRipsError } from './errors.ts';
import { decodeUtf8, extractFormato, isRecord, roundCents, toNumber } from './shared.ts';

/** The seven service lists of a usuario, spelt as in Res. 2275/2023 (reference §2.1). */
export const SERVICE_LISTS = [
  'consultas',
  'procedimientos',
  'urgencias',
  'hospitalizacion',
  'recienNacidos',
  'medicamentos',
  'otrosServicios',
] as const;
export type TServiceList = (typeof SERVICE_LISTS)[number];

/** Lists whose entries carry `vrServicio` and `valorPagoModerador` (urgencias, hospitalización, RN do not). */
export const VALUED_LISTS: readonly TServiceList[] = [
  'consultas',
  'procedimientos',
  'medicamentos',
  'otrosServicios',
];

/** Date-time fields of the service entries ("YYYY-MM-DD HH:mm"), used for the period checks. */
export const SERVICE_DATE_FIELDS = [
  'fechaInicioAtencion',
  'fechaDispensAdmon',
  'fechaSuministroTecnologia',
  'fechaEgreso',
] as const;

/** Totals of a RIPS file. Amounts in pesos; `fechas` are "YYYY-MM-DD" (date part of the service dates). */
export type TRipsResumen = {
  cantidadUsuarios: number;
  cantidadAtenciones: number;
  totalValorServicios: number;
  totalPagoModerador: number;
  /** Σ valorPagoModerador by `conceptoRecaudo` ('' when the entry has none), every concept seen. */
  pagoModeradorPorConcepto: Record<string, number>;
  /** Number of entries per service list; the seven keys are always present. */
  atencionesPorTipo: Record<string, number>;
  fechas: { min: string | null; max: string | null };
};

/** What Radica reads from a RIPS JSON (reference §2). */
export type TRipsParsed = {
  /** The RIPS object itself, unchanged (what is sent to the MUV). */
  rips: Record<string, unknown>;
  /** Formato of the invoice (`numFactura`), or of `numNota` for RIPS sin factura; null when none. */
  formato: string | null;
  /** Formato of `numNota` when it has one (for NC/ND this is what the note XML's formato is). */
  formatoNota: string | null;
  numFactura: string | null;
  numDocumentoIdObligado: string | null;
  /** Upper-cased and trimmed; null when absent or "" (both seen in accepted files, reference §2.12). */
  tipoNota: string | null;
  /** Trimmed; null when absent or "". "0" is kept. */
  numNota: string | null;
  resumen: TRipsResumen;
};

/** One service entry with its JSON path, e.g. `usuarios[0].servicios.consultas[0]`. */
export type TRipsServiceEntry = {
  list: TServiceList;
  userIndex: number;
  index: number;
  path: string;
  service: Record<string, unknown>;
};

const FORMATO_KEYS = ['numFactura', 'numeroFactura', 'numero'] as const;

/**
 * Reads a RIPS JSON file (Res. 2275/2023 shape, reference §2; seed 001 §5 for the formato).
 *
 * @param input file bytes (UTF-8, BOM removed) or text.
 * @returns {@link TRipsParsed}; `formato` is never null here.
 * @throws {FevRipsError} `JSON_INVALID` when the text is not JSON or its top level is not an object;
 *   `JSON_NO_FORMATO` when neither `numFactura`/`numeroFactura`/`numero` nor, for `tipoNota` "RS",
 *   `numNota` yields a formato (the FEVC sample, whose numFactura has no digit, is such a file);
 *   `JSON_ERROR` for anything unexpected. Never throws anything else.
 */
export function parseRipsJson(input: Uint8Array | string): TRipsParsed {
  let value: unknown;
  try {
    value = JSON.parse(decodeUtf8(input));
  } catch (e) {
    throw new FevRipsError('JSON_INVALID', undefined, { cause: e });
  }
  const parsed = parseRipsObject(value);
  if (parsed.formato === null) throw new FevRipsError('JSON_NO_FORMATO');
  return parsed;
}

/**
 * Same as {@link parseRipsJson} for an already-parsed value (the MUV simulator receives the object), except
 * that a missing formato is not an error: `formato` is then null.
 *
 * @throws {FevRipsError} `JSON_INVALID` when `obj` is not a plain object; `JSON_ERROR` for anything unexpected.
 */
export function parseRipsObject(obj: unknown): TRipsParsed {
  if (!isRecord(obj)) throw new FevRipsError('JSON_INVALID');
  try {
    return readRips(obj);
  } catch (e) {
    if (e instanceof FevRipsError) throw e;
    throw new FevRipsError('JSON_ERROR', undefined, { cause: e });
  }
}

function readRips(rips: Record<string, unknown>): TRipsParsed {
  const tipoNota = optionalString(rips['tipoNota'])?.toUpperCase() ?? null;
  const numNota =
    optionalString(rips['numNota']) ?? (isSafeInteger(rips['numNota']) ? String(rips['numNota']) : null);
  const formatoNota = extractFormato(numNota);
  let formato: string | null = null;
  for (const key of FORMATO_KEYS) {
    formato = extractFormato(rips[key]);
    if (formato) break;
  }
  if (!formato && tipoNota === 'RS') formato = formatoNota;
  return {
    rips,
    formato,
    formatoNota,
    numFactura: optionalString(rips['numFactura']),
    numDocumentoIdObligado: findNumDocumentoIdObligado(rips),
    tipoNota,
    numNota,
    resumen: summarize(rips),
  };
}

/**
 * The biller's identification: top-level `numDocumentoIdObligado`, else the first occurrence of that key
 * anywhere in the value (depth-first, key order; e.g. inside a `{ rips: … }` request body). Accepts a
 * non-empty string (trimmed) or a safe integer (stringified). Returns null when there is none.
 */
export function findNumDocumentoIdObligado(obj: unknown): string | null {
  const stack: unknown[] = [obj];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) stack.push(current[i]);
      continue;
    }
    const record = current as Record<string, unknown>;
    if (Object.hasOwn(record, 'numDocumentoIdObligado')) {
      const value = record['numDocumentoIdObligado'];
      const found = optionalString(value) ?? (isSafeInteger(value) ? String(value) : null);
      if (found) return found;
    }
    const values = Object.values(record);
    for (let i = values.length - 1; i >= 0; i--) stack.push(values[i]);
  }
  return null;
}

/**
 * Every service entry under `usuarios[i].servicios.<list>[j]`, in file order. Only the exact key `servicios`
 * counts (a `Servicios` key is a structure error, reported by the checks, and its services are not counted).
 * Entries that are not objects are skipped.
 */
export function listServices(rips: Record<string, unknown>): TRipsServiceEntry[] {
  const entries: TRipsServiceEntry[] = [];
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return entries;
  usuarios.forEach((usuario: unknown, userIndex) => {
    if (!isRecord(usuario)) return;
    const servicios = usuario['servicios'];
    if (!isRecord(servicios)) return;
    for (const list of SERVICE_LISTS) {
      const items = servicios[list];
      if (!Array.isArray(items)) continue;
      items.forEach((service: unknown, index) => {
        if (isRecord(service)) entries.push(new ServiceEntry(list, userIndex, index, service));
      });
    }
  });
  return entries;
}

/** A {@link TRipsServiceEntry} whose path string is only built when read (hot in 100 MB files). */
class ServiceEntry implements TRipsServiceEntry {
  constructor(
    readonly list: TServiceList,
    readonly userIndex: number,
    readonly index: number,
    readonly service: Record<string, unknown>,
  ) {}

  get path(): string {
    return `usuarios[${this.userIndex}].servicios.${this.list}[${this.index}]`;
  }
}

/** Date part "YYYY-MM-DD" of a RIPS date or date-time string; null when it does not start with one. */
export function datePart(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // fast path for the usual "YYYY-MM-DD HH:mm" (hot in 100 MB files)
  if (
    value.length >= 10 &&
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(7) === 45 &&
    isDigits(value, 0, 4) &&
    isDigits(value, 5, 7) &&
    isDigits(value, 8, 10)
  )
    return value.length === 10 ? value : value.slice(0, 10);
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return match ? (match[1] ?? null) : null;
}

function isDigits(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

function summarize(rips: Record<string, unknown>): TRipsResumen {
  const usuarios = rips['usuarios'];
  const atencionesPorTipo = new Map<string, number>(SERVICE_LISTS.map((list) => [list, 0]));
  const porConcepto = new Map<string, number>();
  let cantidadAtenciones = 0;
  let totalValorServicios = 0;
  let totalPagoModerador = 0;
  let min: string | null = null;
  let max: string | null = null;

  if (Array.isArray(usuarios)) {
    for (const usuario of usuarios) {
      const servicios = isRecord(usuario) ? usuario['servicios'] : undefined;
      if (!isRecord(servicios)) continue;
      for (const list of SERVICE_LISTS) {
        const items = servicios[list];
        if (!Array.isArray(items)) continue;
        cantidadAtenciones += items.length;
        atencionesPorTipo.set(list, (atencionesPorTipo.get(list) ?? 0) + items.length);
      }
    }
  }

  const usuariosList = Array.isArray(usuarios) ? usuarios : [];
  for (const usuario of usuariosList) {
    const servicios = isRecord(usuario) ? usuario['servicios'] : undefined;
    if (!isRecord(servicios)) continue;
    for (const list of SERVICE_LISTS) {
      const items = servicios[list];
      if (!Array.isArray(items)) continue;
      for (const service of items) {
        if (isRecord(service)) summarizeService(list, service);
      }
    }
  }

  function summarizeService(list: TServiceList, service: Record<string, unknown>): void {
    if (VALUED_LISTS.includes(list)) {
      totalValorServicios += toNumber(service['vrServicio']) ?? 0;
      const moderador = toNumber(service['valorPagoModerador']);
      if (moderador !== null) {
        totalPagoModerador += moderador;
        const concepto =
          typeof service['conceptoRecaudo'] === 'string' ? service['conceptoRecaudo'].trim() : '';
        porConcepto.set(concepto, (porConcepto.get(concepto) ?? 0) + moderador);
      }
    }
    for (const field of SERVICE_DATE_FIELDS) {
      const date = datePart(service[field]);
      if (date === null) continue;
      if (min === null || date < min) min = date;
      if (max === null || date > max) max = date;
    }
  }

  return {
    cantidadUsuarios: Array.isArray(usuarios) ? usuarios.length : 0,
    cantidadAtenciones,
    totalValorServicios: roundCents(totalValorServicios),
    totalPagoModerador: roundCents(totalPagoModerador),
    // fromEntries defines own properties, so a concept named "__proto__" cannot touch the prototype.
    pagoModeradorPorConcepto: Object.fromEntries([...porConcepto].map(([k, v]) => [k, roundCents(v)])),
    atencionesPorTipo: Object.fromEntries(atencionesPorTipo),
    fechas: { min, max },
  };
}

function optionalString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function isSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
