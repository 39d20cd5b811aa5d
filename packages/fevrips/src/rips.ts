import { leerClavesComoElMinisterio, type TClaveLeida } from './claves.ts';
import { FevRipsError } from './errors.ts';
import { decodeUtf8, extractFormato, isRecord, roundCents, toNumber } from './shared.ts';
import { SERVICE_LISTS, type TServiceList } from './service-lists.ts';

export { SERVICE_LISTS, type TServiceList };

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
  /**
   * The RIPS object (what is sent to the MUV): the file's, except that property names written in another case than the
   * norm's (`Servicios`) carry the norm's spelling, as the ministry's validator reads them (claves.ts).
   */
  rips: Record<string, unknown>;
  /**
   * The properties whose name was read in the norm's spelling (claves.ts; the first 20 with their paths), and how many
   * there were in all. Absent or empty when the file spells every name as the norm.
   */
  clavesLeidas?: { leidas: TClaveLeida[]; total: number };
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
  return withResumen(parseRipsHead(obj));
}

/**
 * A RIPS read by {@link parseRipsHead} with its summary (one pass over the services).
 * @throws {FevRipsError} `JSON_ERROR` if the summary cannot be computed.
 */
export function withResumen(head: TRipsHead): TRipsParsed {
  const resumen = new ResumenVisitor();
  const failed = walkRips(head.rips, [resumen]);
  if (failed.size > 0) throw new FevRipsError('JSON_ERROR', undefined, { cause: failed.get(resumen) });
  return { ...head, resumen: resumen.resumen() };
}

/** What {@link parseRipsObject} reads besides the summary: the fields of the transaction and the formato. */
export type TRipsHead = Omit<TRipsParsed, 'resumen'>;

/**
 * {@link parseRipsObject} without the summary, so without a pass over the services: the check of a file
 * (check.ts `checkRipsRead`) computes the summary ({@link ResumenVisitor}) in the same pass as the checks.
 *
 * @throws {FevRipsError} `JSON_INVALID` when `obj` is not a plain object; `JSON_ERROR` for anything unexpected.
 */
export function parseRipsHead(obj: unknown): TRipsHead {
  if (!isRecord(obj)) throw new FevRipsError('JSON_INVALID');
  try {
    return readRipsHead(obj);
  } catch (e) {
    if (e instanceof FevRipsError) throw e;
    throw new FevRipsError('JSON_ERROR', undefined, { cause: e });
  }
}

function readRipsHead(original: Record<string, unknown>): TRipsHead {
  const { rips, leidas, total } = leerClavesComoElMinisterio(original);
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
    ...(total > 0 ? { clavesLeidas: { leidas, total } } : {}),
  };
}

/**
 * The formato of the document a RIPS belongs to (seed 001 §5 pairs an XML and a RIPS by formato): a credit, debit or
 * adjustment note's own number (`numNota`, what its XML's ParentDocumentID gives), so that a note never takes the
 * formato of the invoice it corrects; else {@link TRipsParsed.formato} (the invoice's, or for RS the numNota's).
 * docs/decisions/018.
 */
export function formatoDelDocumento(rips: Pick<TRipsHead, 'tipoNota' | 'formato' | 'formatoNota'>): string | null {
  const esNota = rips.tipoNota === 'NC' || rips.tipoNota === 'ND' || rips.tipoNota === 'NA';
  return esNota && rips.formatoNota ? rips.formatoNota : rips.formato;
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
 * counts: give it a RIPS read by {@link parseRipsHead}, which spells a `Servicios` key as the norm (claves.ts).
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
  // the totals and the period rule read the same service date one after the other
  if (value === lastDatePart.value) return lastDatePart.date;
  let date: string | null;
  // fast path for the usual "YYYY-MM-DD HH:mm" (hot in 100 MB files)
  if (
    value.length >= 10 &&
    value.charCodeAt(4) === 45 &&
    value.charCodeAt(7) === 45 &&
    isDigits(value, 0, 4) &&
    isDigits(value, 5, 7) &&
    isDigits(value, 8, 10)
  )
    date = value.length === 10 ? value : value.slice(0, 10);
  else date = LEADING_DATE.exec(value.trim())?.[1] ?? null;
  lastDatePart.value = value;
  lastDatePart.date = date;
  return date;
}

const LEADING_DATE = /^(\d{4}-\d{2}-\d{2})/;
/** The last string given to {@link datePart} and its result. */
const lastDatePart: { value: string; date: string | null } = { value: '', date: null };

function isDigits(value: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/**
 * What one group of checks does during the one pass over a RIPS ({@link walkRips}). The hooks get the raw values: a
 * visitor skips what it does not look at (the structure check reports a user or a service that is not an object;
 * the rules and totals skip it).
 */
export type TRipsVisitor = {
  /** Before the users. */
  inicio?(rips: Record<string, unknown>): void;
  /** Each element of `usuarios`, in file order. */
  usuario(u: number, usuario: unknown): void;
  /**
   * Each list of `usuarios[u].servicios` that is there (not absent, not null), array or not, before its elements
   * (only that exact key, when it is an object; lists in {@link SERVICE_LISTS} order).
   */
  lista?(list: TServiceList, items: unknown): void;
  /** Each element of a list given to {@link lista} that is an array, in file order. */
  servicio(list: TServiceList, j: number, service: unknown): void;
  /** After the user's services; for every user, with or without services. */
  finUsuario?(): void;
};

/**
 * The one pass over a RIPS (one pass over the services whatever the number of rules). The
 * structure check, the DT1 rules, the XML ↔ RIPS rules and the totals are each a {@link TRipsVisitor}; this walks
 * `usuarios` and their services once and tells every visitor about each in turn. Nothing when `usuarios` is not an
 * array. A visitor that throws is left out of the rest of the pass, so a bug in one group of checks hides nothing
 * the others find.
 *
 * @returns the visitors that threw, with what they threw (empty when none did).
 */
export function walkRips(
  rips: Record<string, unknown>,
  visitors: readonly TRipsVisitor[],
): Map<TRipsVisitor, unknown> {
  const failed = new Map<TRipsVisitor, unknown>();
  let live = visitors;
  const drop = (visitor: TRipsVisitor, e: unknown) => {
    failed.set(visitor, e);
    live = live.filter((v) => v !== visitor);
  };
  for (const v of live) {
    try {
      v.inicio?.(rips);
    } catch (e) {
      drop(v, e);
    }
  }
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return failed;
  for (let u = 0; u < usuarios.length; u++) {
    const usuario: unknown = usuarios[u];
    for (const v of live) {
      try {
        v.usuario(u, usuario);
      } catch (e) {
        drop(v, e);
      }
    }
    const servicios = isRecord(usuario) ? usuario['servicios'] : undefined;
    if (isRecord(servicios)) {
      for (const list of SERVICE_LISTS) {
        const items = servicios[list];
        if (items === undefined || items === null) continue;
        for (const v of live) {
          try {
            v.lista?.(list, items);
          } catch (e) {
            drop(v, e);
          }
        }
        if (!Array.isArray(items)) continue;
        for (let j = 0; j < items.length; j++) {
          const service: unknown = items[j];
          for (const v of live) {
            try {
              v.servicio(list, j, service);
            } catch (e) {
              drop(v, e);
            }
          }
        }
      }
    }
    for (const v of live) {
      try {
        v.finUsuario?.();
      } catch (e) {
        drop(v, e);
      }
    }
  }
  return failed;
}

/**
 * The totals of {@link TRipsResumen}, accumulated during {@link walkRips} (by {@link parseRipsObject}, or by the
 * check of a file in the same pass as its checks). Users and services are counted whether or not they are objects;
 * amounts and dates are read from service objects only.
 */
export class ResumenVisitor implements TRipsVisitor {
  private cantidadUsuarios = 0;
  private cantidadAtenciones = 0;
  private totalValorServicios = 0;
  private totalPagoModerador = 0;
  private readonly porConcepto = new Map<string, number>();
  private readonly porTipo = new Map<string, number>(SERVICE_LISTS.map((list) => [list, 0]));
  private min: string | null = null;
  private max: string | null = null;

  /** Whether the list being walked carries `vrServicio` and `valorPagoModerador` ({@link VALUED_LISTS}). */
  private valued = false;

  usuario(): void {
    this.cantidadUsuarios++;
  }

  lista(list: TServiceList, items: unknown): void {
    if (!Array.isArray(items)) return;
    this.cantidadAtenciones += items.length;
    this.porTipo.set(list, (this.porTipo.get(list) as number) + items.length);
    this.valued = VALUED_LISTS.includes(list);
  }

  servicio(_list: TServiceList, _j: number, service: unknown): void {
    if (!isRecord(service)) return;
    if (this.valued) {
      this.totalValorServicios += toNumber(service['vrServicio']) ?? 0;
      const moderador = toNumber(service['valorPagoModerador']);
      if (moderador !== null) {
        this.totalPagoModerador += moderador;
        const concepto = service['conceptoRecaudo'];
        const key = typeof concepto === 'string' ? concepto.trim() : '';
        this.porConcepto.set(key, (this.porConcepto.get(key) ?? 0) + moderador);
      }
    }
    // the SERVICE_DATE_FIELDS, each read by its own name (faster than reading keys from a list on big files)
    this.fecha(service['fechaInicioAtencion']);
    this.fecha(service['fechaDispensAdmon']);
    this.fecha(service['fechaSuministroTecnologia']);
    this.fecha(service['fechaEgreso']);
  }

  /** Widens the date range with the date part of `value`, if it has one. */
  private fecha(value: unknown): void {
    if (value === undefined || value === null) return;
    const date = datePart(value);
    if (date === null) return;
    if (this.min === null || date < this.min) this.min = date;
    if (this.max === null || date > this.max) this.max = date;
  }

  /** The summary of what was walked. Amounts rounded to cents. */
  resumen(): TRipsResumen {
    return {
      cantidadUsuarios: this.cantidadUsuarios,
      cantidadAtenciones: this.cantidadAtenciones,
      totalValorServicios: roundCents(this.totalValorServicios),
      totalPagoModerador: roundCents(this.totalPagoModerador),
      // fromEntries defines own properties, so a concept named "__proto__" cannot touch the prototype.
      pagoModeradorPorConcepto: Object.fromEntries([...this.porConcepto].map(([k, v]) => [k, roundCents(v)])),
      atencionesPorTipo: Object.fromEntries(this.porTipo),
      fechas: { min: this.min, max: this.max },
    };
  }
}

function optionalString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed ? trimmed : null;
}

function isSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}
