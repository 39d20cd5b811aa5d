import { emit, type TFindingSink, type THallazgoLocal } from './findings.ts';
import { SERVICE_LISTS, type TRipsVisitor, type TServiceList } from './rips.ts';
import type { TFieldSpec, TRecordSpec, TRipsSchema } from './schema.ts';
import { isCalendarDate, isRecord, toNumber } from './shared.ts';
import { inTable, tableCodes, type TReferenceTables } from './tables.ts';

/** Verbatim from a real MUV response (reference §3.2). */
export const RVG01_DESCRIPCION = 'Solo se podrá validar los RIPS si cumplen con la estructura establecida.';
/** RVG05 "length per field" (reference §3.4, 🔸 code); text ours (paraphrase, the official text is unknown). */
export const RVG05_DESCRIPCION =
  'La longitud del dato no cumple con la establecida para el campo en la estructura del RIPS.';
/**
 * RVG14: reference §3.4 lists it among the rules that need the CUPS table; its meaning is inferred (❓) as "the
 * CUPS code must exist, enabled, in CUPSRips". Text ours. NOTIFICACION (decision 025): the reading is Radica's and
 * Radica's CUPSRips copy may lag the ministry's.
 */
export const RVG14_DESCRIPCION =
  'El código CUPS informado no existe o no está habilitado en la tabla de referencia CUPSRips.';

/**
 * TABLA_REFERENCIA (Radica's code, NOTIFICACION; decision 025): a well-formed code missing from Radica's copy of a big
 * catalogue (CIE10, DIVIPOLA). The copies come from third-party exports that may lag SISPRO's tables, and the only real
 * answer about a catalogue miss (RVC063, a CUM) is a notification: never a rejection on a gap of Radica's copy.
 */
/** The shape of a code of those catalogues: a value of another shape is malformed (RVG01), not a catalogue gap. */
const CATALOGUE_SHAPE = { CIE10: /^[A-Z]\d{2}[0-9A-Z]$/, Municipio: /^\d{5}$/ } as const;

const TABLA_REFERENCIA_DESCRIPCION = (tabla: string) =>
  `El código no está en la tabla de referencia ${tabla} que usa Radica; el validador del Ministerio lo revisa contra su tabla vigente.`;

/** RVC095 (Res. 948/2026 DT1 v002, 🔸 reference §3.4): level not given, so NOTIFICACION (decision 025). Text ours. */
export const RVC095_DESCRIPCION =
  'El registro SIRAS es obligatorio cuando el usuario es Tomador/Amparado SOAT (tipoUsuario 10).';

/**
 * RVC050 (DT1 v002 audit: "tipoOS dispositivos / servicios complementarios ⇒ who ordered it", R) read as the
 * otrosServicios professional fields, which third-party DT1 v003 validators require for tipoOS 01/04/05 (reference §9).
 * The reading and the 05 are not the published text: NOTIFICACION (decision 025). Text ours.
 */
export const RVC050_DESCRIPCION =
  'Para dispositivos médicos e insumos, servicios complementarios y honorarios (tipoOS 01, 04 y 05) se debe informar el profesional que ordenó o prestó la tecnología.';
/**
 * RES948_V003 (Radica's code, NOTIFICACION): a value in the coding that DT1 v003 (15 Jul 2026) changed, as third parties
 * report it (reference §9); unconfirmed in the official text, so a notice (decision 025; docs/res948-auditoria.md).
 */
const RES948_V003_DESCRIPCION =
  'El dato usa una codificación que el Documento Técnico 1 v003 de la Resolución 948 de 2026 cambió, según reportes de terceros que Radica no ha podido confirmar en el texto oficial.';
/**
 * User fields required only when another field has a value (DT1 U07/U08, 🔸 reference §2.3): municipio and zona when
 * the country of residence is Colombia (170). The check reports them as the other required fields (RVG01 "es
 * obligatoria"); the editor marks them required under the same condition (GET /api/rips/estructura `obligatorioSi`).
 */
export const USUARIO_OBLIGATORIO_SI = {
  codMunicipioResidencia: { campo: 'codPaisResidencia', valor: '170' },
  codZonaTerritorialResidencia: { campo: 'codPaisResidencia', valor: '170' },
} as const satisfies Record<string, { campo: string; valor: string }>;

const MAX_UNKNOWN_KEYS_REPORTED = 20;
const INT32_MAX = 2_147_483_647;
/** An `entero` sent as text: an optional minus and at most ten digits. */
const INTEGER_TEXT = /^-?\d{1,10}$/;

/**
 * One kind of record (the transaction, the usuario, a service list) ready for the pass: its fields as parallel arrays
 * in schema order, the set of its keys, and per field the last value found valid. Checking a field is a pure function
 * of its value (and the tables), so a value equal to the last valid one — the same codPrestador, modality or date on
 * service after service — is not checked again.
 */
type TRecordCheck = {
  keys: string[];
  specs: TFieldSpec[];
  /** Per field, the codes of its reference table (null: no table, or Pais, checked by shape). */
  codes: ({ has(code: string): boolean } | null)[];
  known: Set<string>;
  lastValid: unknown[];
};

function recordCheck(spec: TRecordSpec, tables: TReferenceTables): TRecordCheck {
  const keys = Object.keys(spec);
  const specs = keys.map((k) => spec[k] as TFieldSpec);
  return {
    keys,
    specs,
    codes: specs.map((s) => (s.table ? tableCodes(tables, s.table) : null)),
    known: new Set(keys),
    lastValid: keys.map(() => NOT_CHECKED),
  };
}

/** Never equal to a JSON value: marks a field no value of which has been found valid yet. */
const NOT_CHECKED = Symbol('not checked');

/** Keys of a record that hold what is checked as its own records, not undefined keys. */
const TRANSACCION_EXTRA_KEYS = ['usuarios'] as const;
const USUARIO_EXTRA_KEYS = ['servicios'] as const;
const NO_EXTRA_KEYS = [] as const;

const SERVICE_KEYS: TRecordSpec = Object.fromEntries(
  SERVICE_LISTS.map((l) => [l, { kind: 'texto', required: false }]),
);

/**
 * Structure of a RIPS against `schema` (reference §2): every field of the transaction, the usuarios and the
 * seven service lists, with type, length and allowed codes. Findings:
 * - RVG01 (RECHAZADO; descripcion verbatim): a required property missing / null / ""; a value of the wrong JSON
 *   type or format ("La propiedad [x] no cumple con el formato o tipo de dato requerido, Dato enviado [v]" —
 *   verbatim pattern of the ministry); a code not in its reference table (observaciones "Verificar tabla de
 *   referencia <Tabla> Dato (v)", pattern of the ministry's RVC017 observaciones); a misspelt `servicios` (`Servicios ` with a space: a key
 *   that differs only in case was already read as `servicios` by rips.ts, as the ministry reads it) with its content
 *   still checked under the misspelt path.
 * - LLAVE_AUSENTE (NOTIFICACION, Radica's own): a key the structure wants present even when null is absent.
 * - RVG05 (RECHAZADO): length outside the field's bounds.
 * - RVG14 (RECHAZADO): CUPS code not in CUPSRips.
 * - PROPIEDAD_NO_DEFINIDA (NOTIFICACION, Radica's own): a key the schema does not define (misspelt keys such
 *   as `numAutoriacion`); the MUV's DTOs accept and ignore extra keys (reference §2.1). At most 20 reported.
 * Paths are the MUV's JSON paths without the "rips." prefix. A visitor of the one pass over the file
 * (rips.ts `walkRips`): findings go to `sink` in the order of the file (each record's fields in schema order, then
 * its undefined keys). Never throws on any input.
 */
export class StructureCheck implements TRipsVisitor {
  private unknownKeys = 0;
  private readonly transaccion: TRecordCheck;
  private readonly usuarioCheck: TRecordCheck;
  private readonly serviceChecks: Readonly<Record<TServiceList, TRecordCheck>>;
  private readonly serviciosCheck: TRecordCheck;
  /** The record check of the list being walked. */
  private listCheck: TRecordCheck;
  /** Where the record being checked is; its path is only built when a finding is reported. */
  private where: 'transaccion' | 'usuario' | 'servicio' = 'transaccion';
  private u = 0;
  private serviciosKey = 'servicios';
  private list = '';
  private j = 0;
  /** The current user's `servicios` object, whose undefined keys are reported after its services. */
  private servicios: Record<string, unknown> | null = null;

  constructor(
    private readonly schema: TRipsSchema,
    private readonly tables: TReferenceTables,
    private readonly sink: TFindingSink,
  ) {
    this.transaccion = recordCheck(schema.transaccion, tables);
    this.usuarioCheck = recordCheck(schema.usuario, tables);
    this.serviceChecks = Object.fromEntries(
      SERVICE_LISTS.map((list) => [list, recordCheck(schema.servicios[list], tables)]),
    ) as Record<TServiceList, TRecordCheck>;
    this.serviciosCheck = recordCheck(SERVICE_KEYS, tables);
    this.listCheck = this.serviceChecks.consultas;
  }

  /** The transaction's fields and the `usuarios` list itself (missing, not a list, empty). */
  inicio(rips: Record<string, unknown>): void {
    this.where = 'transaccion';
    this.checkRecord(rips, this.transaccion, TRANSACCION_EXTRA_KEYS);
    const usuarios = rips['usuarios'];
    if (usuarios === undefined || usuarios === null || usuarios === '') {
      emit(this.sink, () => missing('usuarios', 'usuarios'));
    } else if (!Array.isArray(usuarios)) {
      emit(this.sink, () => format('usuarios', 'usuarios', usuarios));
    } else if (usuarios.length === 0) {
      emit(this.sink, () => rvg01('usuarios', 'La propiedad [usuarios] debe contener al menos un usuario.'));
    }
  }

  usuario(u: number, usuario: unknown): void {
    this.u = u;
    this.servicios = null;
    const path = `usuarios[${u}]`;
    if (!isRecord(usuario)) {
      emit(this.sink, () => format('usuarios', path, usuario));
      return;
    }
    this.where = 'usuario';
    this.checkRecord(usuario, this.usuarioCheck, USUARIO_EXTRA_KEYS);
    // DT1 U07/U08: municipio and zona are required when the country of residence is Colombia (🔸 reference §2.3).
    for (const key in USUARIO_OBLIGATORIO_SI) {
      const si = USUARIO_OBLIGATORIO_SI[key as keyof typeof USUARIO_OBLIGATORIO_SI];
      if (usuario[si.campo] !== si.valor) continue;
      const v = usuario[key];
      if (v === undefined || v === null || v === '') emit(this.sink, () => missing(key, `${path}.${key}`));
    }
    // RVC095 (Res. 948/2026 DT1 v002): a SOAT user (tipoUsuario 10) needs the SIRAS registration (🔸 reference §3.4).
    if (this.schema.usuario['registroSIRAS'] && usuario['tipoUsuario'] === '10') {
      const siras = usuario['registroSIRAS'];
      if (siras === undefined || siras === null || siras === '' || siras === 'null')
        emit(this.sink, () =>
          hallazgo(
            'RVC095',
            RVC095_DESCRIPCION,
            `${path}.registroSIRAS`,
            'tipoUsuario [10] Tomador/Amparado SOAT sin registroSIRAS.',
            'NOTIFICACION',
          ),
        );
    }
    // DT1 v003 (reported): incapacidad coded 01 (sí) / 02 (no) of LstSiNo instead of SI/NO.
    const incapacidad = usuario['incapacidad'];
    if (this.schema.dt1v003?.incapacidadAnterior.includes(incapacidad as string))
      emit(this.sink, () => ({
        clase: 'NOTIFICACION',
        codigo: 'RES948_V003',
        descripcion: RES948_V003_DESCRIPCION,
        observaciones: `Dato enviado [${incapacidad as string}]: el Documento Técnico 1 v003 codifica incapacidad como 01 (sí) o 02 (no) de la tabla LstSiNo. Si el Ministerio rechaza el RIPS por este campo, informa ${incapacidad === 'SI' ? '01' : '02'}.`,
        pathFuente: `${path}.incapacidad`,
        fuente: 'Rips',
      }));
    const servicios = usuario['servicios'];
    if (isRecord(servicios)) {
      // its lists come through lista() and servicio(), its undefined keys at finUsuario()
      this.servicios = servicios;
      return;
    }
    if (servicios !== undefined && servicios !== null && servicios !== '') {
      emit(this.sink, () => format('servicios', `${path}.servicios`, servicios));
      return;
    }
    const misspelt = Object.keys(usuario).find(
      (k) => k !== 'servicios' && k.trim().toLowerCase() === 'servicios',
    );
    if (misspelt === undefined) {
      emit(this.sink, () => missing('servicios', `${path}.servicios`));
      return;
    }
    emit(this.sink, () =>
      rvg01(
        `${path}.${misspelt}`,
        `La propiedad [servicios] es obligatoria y no fue enviada; se envió [${misspelt}]. El nombre de la propiedad debe ser [servicios], en minúscula.`,
      ),
    );
    // The misspelt key's content is checked here (the other checks of the pass do not read it).
    const content = usuario[misspelt];
    if (!isRecord(content)) return;
    this.serviciosKey = misspelt;
    for (const list of SERVICE_LISTS) {
      const items = content[list];
      if (items === undefined || items === null) continue;
      this.lista(list, items);
      if (Array.isArray(items)) for (let j = 0; j < items.length; j++) this.servicio(list, j, items[j]);
    }
    this.servicios = content;
    this.finUsuario();
    this.serviciosKey = 'servicios';
  }

  lista(list: TServiceList, items: unknown): void {
    this.list = list;
    this.listCheck = this.serviceChecks[list];
    if (!Array.isArray(items))
      emit(this.sink, () => format(list, `usuarios[${this.u}].${this.serviciosKey}.${list}`, items));
  }

  servicio(list: TServiceList, j: number, service: unknown): void {
    this.j = j;
    if (isRecord(service)) {
      this.where = 'servicio';
      this.checkRecord(service, this.listCheck, NO_EXTRA_KEYS);
      if (list === 'otrosServicios' && this.schema.dt1v003) this.profesional(service, this.schema.dt1v003.tipoOSConProfesional);
    } else {
      emit(this.sink, () => format(list, `usuarios[${this.u}].${this.serviciosKey}.${list}[${j}]`, service));
    }
  }

  /** RVC050: the professional of an otrosServicios entry whose tipoOS requires one (`tipos`), once per entry. */
  private profesional(service: Record<string, unknown>, tipos: readonly string[]): void {
    const tipoOS = service['tipoOS'];
    if (typeof tipoOS !== 'string' || !tipos.includes(tipoOS)) return;
    const falta = ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion'].find((k) => {
      const v = service[k];
      return v === undefined || v === null || v === '' || v === 'null';
    });
    if (falta === undefined) return;
    emit(
      this.sink,
      () => hallazgo('RVC050', RVC050_DESCRIPCION, this.prefix() + falta, `tipoOS [${tipoOS}] sin ${falta} del profesional.`, 'NOTIFICACION'),
      'NOTIFICACION',
    );
  }

  finUsuario(): void {
    if (this.servicios === null) return;
    this.where = 'usuario';
    this.reportUnknownKeys(
      this.servicios,
      this.serviciosCheck.known,
      NO_EXTRA_KEYS,
      `usuarios[${this.u}].${this.serviciosKey}.`,
    );
    this.servicios = null;
  }

  /** Path prefix ("…." or '') of the record being checked. */
  private prefix(): string {
    if (this.where === 'transaccion') return '';
    if (this.where === 'usuario') return `usuarios[${this.u}].`;
    return `usuarios[${this.u}].${this.serviciosKey}.${this.list}[${this.j}].`;
  }

  /**
   * Every field of `check` in schema order, then the record's undefined keys. The record's own keys are walked
   * (`for…in`, much cheaper than reading each schema key by name on 100 MB files): while they come in schema order
   * each one is the next field; a schema field they skip (absent, or placed elsewhere) is read by name at its turn.
   */
  private checkRecord(
    record: Record<string, unknown>,
    check: TRecordCheck,
    extraKeys: readonly string[],
  ): void {
    const { keys, lastValid } = check;
    const n = keys.length;
    let next = 0;
    let undefinedKeys = false;
    for (const key in record) {
      if (key === keys[next]) {
        const value = record[key];
        if (value !== lastValid[next]) this.checkField(value, check, next);
        next++;
        continue;
      }
      let at = next + 1;
      while (at < n && keys[at] !== key) at++;
      if (at >= n) {
        // not a field still to check: undefined, or a field already checked by name
        undefinedKeys = true;
        continue;
      }
      for (; next <= at; next++) {
        const value = record[keys[next] as string];
        if (value !== lastValid[next]) this.checkField(value, check, next);
      }
    }
    for (; next < n; next++) {
      const value = record[keys[next] as string];
      if (value !== lastValid[next]) this.checkField(value, check, next);
    }
    if (undefinedKeys) this.reportUnknownKeys(record, check.known, extraKeys, this.prefix());
  }

  private reportUnknownKeys(
    record: Record<string, unknown>,
    known: Set<string>,
    extraKeys: readonly string[],
    prefix: string,
  ): void {
    if (this.unknownKeys >= MAX_UNKNOWN_KEYS_REPORTED) return;
    for (const key in record) {
      if (known.has(key) || extraKeys.includes(key) || key.trim().toLowerCase() === 'servicios') continue;
      if (this.unknownKeys++ >= MAX_UNKNOWN_KEYS_REPORTED) return;
      emit(this.sink, () => ({
        clase: 'NOTIFICACION',
        codigo: 'PROPIEDAD_NO_DEFINIDA',
        descripcion: `La propiedad no está definida en la estructura del RIPS (${this.schema.norma}); el validador del Ministerio no la tendrá en cuenta.`,
        observaciones: `Propiedad enviada [${key}]. Revisa que el nombre esté escrito exactamente como en la norma (mayúsculas, minúsculas, sin espacios).`,
        pathFuente: `${prefix}${key}`,
        fuente: 'Rips',
      }));
    }
  }

  /** Field `i` of `check` with its value: reports what is wrong, or remembers the value as valid. */
  private checkField(value: unknown, check: TRecordCheck, i: number): void {
    const key = check.keys[i] as string;
    const problem = fieldProblem(value, check.specs[i] as TFieldSpec, check.codes[i] ?? null, this.tables);
    if (problem === null) check.lastValid[i] = value;
    else
      emit(this.sink, () =>
        describeProblem(problem, key, value, check.specs[i] as TFieldSpec, this.prefix() + key),
      );
  }
}

/** What is wrong with a field's value (see {@link fieldProblem}). */
type TFieldProblem = 'missing' | 'missingKey' | 'format' | 'table' | 'length';

/** The finding for `problem` on field `key` (path `pathFuente`) holding `value`. */
function describeProblem(
  problem: TFieldProblem,
  key: string,
  value: unknown,
  spec: TFieldSpec,
  pathFuente: string,
): THallazgoLocal {
  switch (problem) {
    case 'missing':
      return missing(key, pathFuente);
    case 'missingKey':
      return missingKey(key, pathFuente);
    case 'format':
      return format(key, pathFuente, value);
    case 'table':
      if (spec.table === 'CUPSRips')
        return hallazgo(
          'RVG14',
          RVG14_DESCRIPCION,
          pathFuente,
          `Verificar tabla de referencia CUPSRips Dato (${value as string})`,
          'NOTIFICACION',
        );
      return (spec.table === 'CIE10' || spec.table === 'Municipio') && CATALOGUE_SHAPE[spec.table].test(value as string)
        ? {
            clase: 'NOTIFICACION',
            codigo: 'TABLA_REFERENCIA',
            descripcion: TABLA_REFERENCIA_DESCRIPCION(spec.table),
            observaciones: `La propiedad [${key}] tiene un código que no está en la tabla de Radica. Verificar tabla de referencia ${spec.table} Dato (${display(value)})`,
            pathFuente,
            fuente: 'Rips',
          }
        : rvg01(
            pathFuente,
            `La propiedad [${key}] no cumple con el formato o tipo de dato requerido, Dato enviado [${display(value)}]. Verificar tabla de referencia ${spec.table as string} Dato (${display(value)})`,
          );
    case 'length':
      return hallazgo(
        'RVG05',
        RVG05_DESCRIPCION,
        pathFuente,
        `La propiedad [${key}] debe tener entre ${spec.minLength ?? 1} y ${spec.maxLength ?? '∞'} caracteres, Dato enviado [${display(value)}] (${(value as string).length})`,
      );
  }
}

/**
 * The problem of one field's value against its spec, or null when it is fine: missing (required and absent / null /
 * ""), missingKey (a key that must be present, even null, is absent), format (wrong JSON type or shape), table (a code
 * not in its reference table), length (outside its bounds).
 * Pure: the result depends only on the value, the spec and the tables (`codes`: the spec's table, looked up once).
 */
function fieldProblem(
  value: unknown,
  spec: TFieldSpec,
  codes: { has(code: string): boolean } | null,
  tables: TReferenceTables,
): TFieldProblem | null {
  if (value === undefined || value === null || value === '') {
    if (spec.required) return 'missing';
    return value === undefined && spec.keyRequired ? 'missingKey' : null;
  }
  switch (spec.kind) {
    case 'texto': {
      if (typeof value !== 'string') return 'format';
      // Optional strings sent as the literal "null" occur in accepted files (reference §2.12).
      if (!spec.required && value === 'null') return null;
      if (spec.table) return (codes ? codes.has(value) : inTable(tables, spec.table, value)) ? null : 'table';
      if (spec.pattern && !spec.pattern.test(value)) return 'format';
      const length = value.length;
      if (
        (spec.minLength !== undefined && length < spec.minLength) ||
        (spec.maxLength !== undefined && length > spec.maxLength)
      )
        return 'length';
      return null;
    }
    case 'entero': {
      const n =
        typeof value === 'number'
          ? value
          : typeof value === 'string' && INTEGER_TEXT.test(value.trim())
            ? Number(value)
            : NaN;
      return !Number.isInteger(n) || n > INT32_MAX || n < (spec.min ?? -INT32_MAX - 1) ? 'format' : null;
    }
    case 'decimal': {
      const n = toNumber(value);
      return n === null || n < (spec.min ?? -Infinity) || n > (spec.max ?? Infinity) ? 'format' : null;
    }
    case 'fecha':
      return isDateString(value) ? null : 'format';
    case 'fechaHora':
      return isDateTimeString(value) ? null : 'format';
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

/** The last string found to be a valid date-time (several checks of the pass read the same service date in a row). */
let lastDateTime = '2000-01-01 00:00';

/** "YYYY-MM-DD HH:mm", a real date and time. */
export function isDateTimeString(value: unknown): boolean {
  if (value === lastDateTime) return true;
  if (
    typeof value !== 'string' ||
    value.length !== 16 ||
    value.charCodeAt(10) !== 32 ||
    value.charCodeAt(13) !== 58
  )
    return false;
  const h = digits(value, 11, 13);
  const min = digits(value, 14, 16);
  if (!(h >= 0 && h <= 23 && min >= 0 && min <= 59 && isDateAt(value))) return false;
  lastDateTime = value;
  return true;
}

function hallazgo(
  codigo: string,
  descripcion: string,
  pathFuente: string,
  observaciones: string,
  clase: THallazgoLocal['clase'] = 'RECHAZADO',
): THallazgoLocal {
  return { clase, codigo, descripcion, observaciones, pathFuente, fuente: 'Rips' };
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

/**
 * LLAVE_AUSENTE (Radica's code, NOTIFICACION): a key Res. 948's structure wants present even when null (the CIE-11
 * pairs) is absent. Only a third-party client says the key must be there ("la llave debe estar presente, null si no se
 * informa", reference §2.11); a DTO reads a missing nullable property as null, so the ministry may well take the file:
 * a notice, never a rejection (decision 025; docs/res948-auditoria.md).
 */
function missingKey(key: string, pathFuente: string): THallazgoLocal {
  return {
    clase: 'NOTIFICACION',
    codigo: 'LLAVE_AUSENTE',
    descripcion: 'La estructura de la Resolución 948 de 2026 lleva esta propiedad aunque no se informe (con null).',
    observaciones: `La propiedad [${key}] no fue enviada; agrégala con null si no se informa.`,
    pathFuente,
    fuente: 'Rips',
  };
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
