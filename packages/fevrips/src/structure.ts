import { emit, type TFindingSink, type THallazgoLocal } from './findings.ts';
import { SERVICE_LISTS } from './rips.ts';
import type { TFieldSpec, TRecordSpec, TRipsSchema } from './schema.ts';
import { isCalendarDate, isRecord, toNumber } from './shared.ts';
import { inTable, type TReferenceTables } from './tables.ts';

/** Verbatim from a real MUV response (reference §3.2). */
export const RVG01_DESCRIPCION = 'Solo se podrá validar los RIPS si cumplen con la estructura establecida.';
/** RVG05 "length per field" (reference §3.4, 🔸 code); text ours (paraphrase, the official text is unknown). */
export const RVG05_DESCRIPCION =
  'La longitud del dato no cumple con la establecida para el campo en la estructura del RIPS.';
/**
 * RVG14: reference §3.4 lists it among the rules that need the CUPS table; its meaning is inferred (❓) as "the
 * CUPS code must exist, enabled, in CUPSRips". Text ours.
 */
export const RVG14_DESCRIPCION =
  'El código CUPS informado no existe o no está habilitado en la tabla de referencia CUPSRips.';

/** RVC095 (Res. 948/2026 DT1 v002, 🔸 reference §3.4: level not given; RECHAZADO because the field is required). Text ours. */
export const RVC095_DESCRIPCION = 'El registro SIRAS es obligatorio cuando el usuario es Tomador/Amparado SOAT (tipoUsuario 10).';

const MAX_UNKNOWN_KEYS_REPORTED = 20;
const INT32_MAX = 2_147_483_647;

type TCtx = { schema: TRipsSchema; tables: TReferenceTables; sink: TFindingSink; unknownKeys: number };

/**
 * Structure of a RIPS against `schema` (reference §2): every field of the transaction, the usuarios and the
 * seven service lists, with type, length and allowed codes. Findings:
 * - RVG01 (RECHAZADO; descripcion verbatim): a required property missing / null / ""; a value of the wrong JSON
 *   type or format ("La propiedad [x] no cumple con el formato o tipo de dato requerido, Dato enviado [v]" —
 *   verbatim pattern of the ministry); a code not in its reference table (observaciones "Verificar tabla de
 *   referencia <Tabla> Dato (v)", pattern of the ministry's RVC017 observaciones); `Servicios` instead of
 *   `servicios` (content still checked under the misspelt path).
 * - RVG05 (RECHAZADO): length outside the field's bounds.
 * - RVG14 (RECHAZADO): CUPS code not in CUPSRips.
 * - PROPIEDAD_NO_DEFINIDA (NOTIFICACION, Radica's own): a key the schema does not define (misspelt keys such
 *   as `numAutoriacion`); the MUV's DTOs accept and ignore extra keys (reference §2.1). At most 20 reported.
 * Paths are the MUV's JSON paths without the "rips." prefix. Never throws.
 */
export function collectStructure(
  rips: Record<string, unknown>,
  schema: TRipsSchema,
  tables: TReferenceTables,
  sink: TFindingSink,
): void {
  const ctx: TCtx = { schema, tables, sink, unknownKeys: 0 };
  checkRecord(rips, schema.transaccion, '', ctx, ['usuarios']);
  const usuarios = rips['usuarios'];
  if (usuarios === undefined || usuarios === null || usuarios === '') {
    emit(sink, () => missing('usuarios', 'usuarios'));
    return;
  }
  if (!Array.isArray(usuarios)) {
    emit(sink, () => format('usuarios', 'usuarios', usuarios));
    return;
  }
  if (usuarios.length === 0) {
    emit(sink, () => rvg01('usuarios', 'La propiedad [usuarios] debe contener al menos un usuario.'));
    return;
  }
  for (let i = 0; i < usuarios.length; i++) checkUsuario(usuarios[i], `usuarios[${i}]`, ctx);
}

function checkUsuario(usuario: unknown, path: string, ctx: TCtx): void {
  if (!isRecord(usuario)) {
    emit(ctx.sink, () => format('usuarios', path, usuario));
    return;
  }
  checkRecord(usuario, ctx.schema.usuario, `${path}.`, ctx, ['servicios']);
  // DT1 U07/U08: municipio and zona are required when the country of residence is Colombia (🔸 reference §2.3).
  if (usuario['codPaisResidencia'] === '170') {
    for (const key of ['codMunicipioResidencia', 'codZonaTerritorialResidencia']) {
      const v = usuario[key];
      if (v === undefined || v === null || v === '') emit(ctx.sink, () => missing(key, `${path}.${key}`));
    }
  }
  // RVC095 (Res. 948/2026 DT1 v002): a SOAT user (tipoUsuario 10) needs the SIRAS registration (🔸 reference §3.4).
  if (ctx.schema.usuario['registroSIRAS'] && usuario['tipoUsuario'] === '10') {
    const siras = usuario['registroSIRAS'];
    if (siras === undefined || siras === null || siras === '' || siras === 'null')
      emit(ctx.sink, () => hallazgo('RVC095', RVC095_DESCRIPCION, `${path}.registroSIRAS`, 'tipoUsuario [10] Tomador/Amparado SOAT sin registroSIRAS.'));
  }
  const servicios = usuario['servicios'];
  if (isRecord(servicios)) {
    checkServicios(servicios, `${path}.servicios`, ctx);
    return;
  }
  if (servicios !== undefined && servicios !== null && servicios !== '') {
    emit(ctx.sink, () => format('servicios', `${path}.servicios`, servicios));
    return;
  }
  const misspelt = Object.keys(usuario).find(
    (k) => k !== 'servicios' && k.trim().toLowerCase() === 'servicios',
  );
  if (misspelt === undefined) {
    emit(ctx.sink, () => missing('servicios', `${path}.servicios`));
    return;
  }
  emit(ctx.sink, () =>
    rvg01(
      `${path}.${misspelt}`,
      `La propiedad [servicios] es obligatoria y no fue enviada; se envió [${misspelt}]. El nombre de la propiedad debe ser [servicios], en minúscula.`,
    ),
  );
  const content = usuario[misspelt];
  if (isRecord(content)) checkServicios(content, `${path}.${misspelt}`, ctx);
}

function checkServicios(servicios: Record<string, unknown>, path: string, ctx: TCtx): void {
  for (const list of SERVICE_LISTS) {
    const items = servicios[list];
    if (items === undefined || items === null) continue;
    if (!Array.isArray(items)) {
      emit(ctx.sink, () => format(list, `${path}.${list}`, items));
      continue;
    }
    const spec = ctx.schema.servicios[list];
    for (let j = 0; j < items.length; j++) {
      const service: unknown = items[j];
      const servicePath = `${path}.${list}[${j}]`;
      if (isRecord(service)) checkRecord(service, spec, `${servicePath}.`, ctx, []);
      else emit(ctx.sink, () => format(list, servicePath, service));
    }
  }
  reportUnknownKeys(servicios, SERVICE_KEYS, [], `${path}.`, ctx);
}

type TCompiled = { keys: string[]; specs: TFieldSpec[]; known: Set<string> };
const COMPILED = new WeakMap<TRecordSpec, TCompiled>();

/** A record spec as parallel arrays + a key set (iterating them is much cheaper than `for…in` on 100 MB files). */
function compiled(spec: TRecordSpec): TCompiled {
  let c = COMPILED.get(spec);
  if (!c) {
    const keys = Object.keys(spec);
    c = { keys, specs: keys.map((k) => spec[k] as TFieldSpec), known: new Set(keys) };
    COMPILED.set(spec, c);
  }
  return c;
}

function checkRecord(
  record: Record<string, unknown>,
  spec: TRecordSpec,
  prefix: string,
  ctx: TCtx,
  extraKeys: string[],
): void {
  const { keys, specs } = compiled(spec);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i] as string;
    checkField(record[key], key, specs[i] as TFieldSpec, prefix, ctx);
  }
  reportUnknownKeys(record, spec, extraKeys, prefix, ctx);
}

const SERVICE_KEYS: TRecordSpec = Object.fromEntries(
  SERVICE_LISTS.map((l) => [l, { kind: 'texto', required: false }]),
);

function reportUnknownKeys(
  record: Record<string, unknown>,
  spec: TRecordSpec,
  extraKeys: string[],
  prefix: string,
  ctx: TCtx,
): void {
  if (ctx.unknownKeys >= MAX_UNKNOWN_KEYS_REPORTED) return;
  const { known } = compiled(spec);
  for (const key in record) {
    if (known.has(key) || extraKeys.includes(key) || key.trim().toLowerCase() === 'servicios') continue;
    if (ctx.unknownKeys++ >= MAX_UNKNOWN_KEYS_REPORTED) return;
    emit(ctx.sink, () => ({
      clase: 'NOTIFICACION',
      codigo: 'PROPIEDAD_NO_DEFINIDA',
      descripcion: `La propiedad no está definida en la estructura del RIPS (${ctx.schema.norma}); el validador del Ministerio no la tendrá en cuenta.`,
      observaciones: `Propiedad enviada [${key}]. Revise que el nombre esté escrito exactamente como en la norma (mayúsculas, minúsculas, sin espacios).`,
      pathFuente: `${prefix}${key}`,
      fuente: 'Rips',
    }));
  }
}

function checkField(value: unknown, key: string, spec: TFieldSpec, prefix: string, ctx: TCtx): void {
  if (value === undefined || value === null || value === '') {
    if (spec.required) emit(ctx.sink, () => missing(key, prefix + key));
    else if (value === undefined && spec.keyRequired) emit(ctx.sink, () => missingKey(key, prefix + key));
    return;
  }
  switch (spec.kind) {
    case 'texto': {
      if (typeof value !== 'string') {
        emit(ctx.sink, () => format(key, prefix + key, value));
        return;
      }
      // Optional strings sent as the literal "null" occur in accepted files (reference §2.12).
      if (!spec.required && value === 'null') return;
      if (spec.table) {
        if (!inTable(ctx.tables, spec.table, value)) {
          const table = spec.table;
          emit(ctx.sink, () =>
            table === 'CUPSRips'
              ? hallazgo(
                  'RVG14',
                  RVG14_DESCRIPCION,
                  prefix + key,
                  `Verificar tabla de referencia CUPSRips Dato (${value})`,
                )
              : rvg01(
                  prefix + key,
                  `La propiedad [${key}] no cumple con el formato o tipo de dato requerido, Dato enviado [${display(value)}]. Verificar tabla de referencia ${table} Dato (${display(value)})`,
                ),
          );
        }
        return;
      }
      if (spec.pattern && !spec.pattern.test(value)) {
        emit(ctx.sink, () => format(key, prefix + key, value));
        return;
      }
      const length = value.length;
      if (
        (spec.minLength !== undefined && length < spec.minLength) ||
        (spec.maxLength !== undefined && length > spec.maxLength)
      ) {
        emit(ctx.sink, () =>
          hallazgo(
            'RVG05',
            RVG05_DESCRIPCION,
            prefix + key,
            `La propiedad [${key}] debe tener entre ${spec.minLength ?? 1} y ${spec.maxLength ?? '∞'} caracteres, Dato enviado [${display(value)}] (${length})`,
          ),
        );
      }
      return;
    }
    case 'entero': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && /^-?\d{1,10}$/.test(value.trim())
            ? Number(value)
            : NaN;
      if (!Number.isInteger(n) || n > INT32_MAX || n < (spec.min ?? -INT32_MAX - 1))
        emit(ctx.sink, () => format(key, prefix + key, value));
      return;
    }
    case 'decimal': {
      const n = toNumber(value);
      if (n === null || n < (spec.min ?? -Infinity) || n > (spec.max ?? Infinity))
        emit(ctx.sink, () => format(key, prefix + key, value));
      return;
    }
    case 'fecha':
      if (!isDateString(value)) emit(ctx.sink, () => format(key, prefix + key, value));
      return;
    case 'fechaHora':
      if (!isDateTimeString(value)) emit(ctx.sink, () => format(key, prefix + key, value));
      return;
  }
}

/** Value of the decimal digits value[from..to), or -1 if any is not a digit. */
function digits(value: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = value.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    n = n * 10 + c;
  }
  return n;
}

/** "YYYY-MM-DD", a real calendar date (char-code parsing: this runs for every service of 100 MB files). */
export function isDateString(value: unknown): boolean {
  if (typeof value !== 'string' || value.length !== 10) return false;
  return isDateAt(value);
}

function isDateAt(value: string): boolean {
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 7);
  const d = digits(value, 8, 10);
  return y >= 0 && m >= 0 && d >= 0 && isCalendarDate(y, m, d);
}

/** "YYYY-MM-DD HH:mm", a real date and time. */
export function isDateTimeString(value: unknown): boolean {
  if (
    typeof value !== 'string' ||
    value.length !== 16 ||
    value.charCodeAt(10) !== 32 ||
    value.charCodeAt(13) !== 58
  )
    return false;
  const h = digits(value, 11, 13);
  const min = digits(value, 14, 16);
  return h >= 0 && h <= 23 && min >= 0 && min <= 59 && isDateAt(value);
}

function hallazgo(
  codigo: string,
  descripcion: string,
  pathFuente: string,
  observaciones: string,
): THallazgoLocal {
  return { clase: 'RECHAZADO', codigo, descripcion, observaciones, pathFuente, fuente: 'Rips' };
}

export function rvg01(pathFuente: string, observaciones: string): THallazgoLocal {
  return hallazgo('RVG01', RVG01_DESCRIPCION, pathFuente, observaciones);
}

function format(key: string, pathFuente: string, value: unknown): THallazgoLocal {
  return rvg01(
    pathFuente,
    `La propiedad [${key}] no cumple con el formato o tipo de dato requerido, Dato enviado [${display(value)}]`,
  );
}

function missing(key: string, pathFuente: string): THallazgoLocal {
  return rvg01(pathFuente, `La propiedad [${key}] es obligatoria y no fue enviada o está vacía.`);
}

function missingKey(key: string, pathFuente: string): THallazgoLocal {
  return rvg01(pathFuente, `La propiedad [${key}] debe estar presente en la estructura, con null si no se informa.`);
}

/** How a sent value is quoted in observaciones (strings as they are, cut at 80 characters; the rest as short JSON). */
export function display(value: unknown): string {
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 77)}...` : value;
  if (value === undefined) return 'undefined';
  let json: string;
  try {
    json = JSON.stringify(value) ?? String(value);
  } catch {
    json = Object.prototype.toString.call(value);
  }
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}
