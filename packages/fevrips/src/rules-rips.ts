import { clasePorPaquete } from '@radica/contracts/reglas';
import type { TMuvEndpoint } from '@radica/contracts/muv';
import { RVC065_CAMPOS, RVC065_TIPOS } from '@radica/contracts/rips-codigos';
import { emit, type TFindingSink, type THallazgoLocal } from './findings.ts';
import { SERVICE_LISTS, VALUED_LISTS, datePart, type TRipsVisitor, type TServiceList } from './rips.ts';
import { isDateString, isDateTimeString } from './structure.ts';
import { isRecord, roundCents, toNumber } from './shared.ts';
import type { TCupsEntry, TReferenceTables } from './tables.ts';
import { relojBogota } from '@radica/contracts/bogota';

/**
 * The RVC/RVG rules of DT1 that can be decided from the RIPS alone (reference §3.4, "Purely JSON-internal"), and the
 * CUPSRips notices of real MUV answers (RVC017, RVC019, RVC059; reference §3.2).
 * Texts: the ones marked "Verbatim" are the ministry's, from real MUV answers (reference §3.2); every other descripcion
 * is a PARAPHRASE in Radica's words of the rule as a third-party audit of DT1 v002 summarises it (🔸 reference §3.4,
 * index id 56318327605).
 * Classes follow docs/decisions/025: RECHAZADO only where a real answer or the published text (through that audit)
 * gives R for exactly the condition checked here; every reading, scope or level of Radica's own is at most a
 * NOTIFICACION (blocking what the ministry accepts is the worst error). The class below is the code's general one; a
 * package type with a class of its own in the rule catalogue (`porPaquete`, docs/decisions/049: RVC086–RVC089 are
 * rejections on notes) gets that one ({@link RipsRules}). Values that are not well formed are skipped here: the
 * structure check (RVG01) reports them.
 */

type TRule = { clase: THallazgoLocal['clase']; descripcion: string };

/** The rules implemented, by code (docs and tests list them from here). */
export const RIPS_RULES = {
  /** Paraphrase. Source: reference §3.4 row "fechaNacimiento ≤ validation date (R)". */
  RVC006: r(
    'RECHAZADO',
    'La fecha de nacimiento del usuario no puede ser posterior a la fecha de validación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "age consistent with tipoDocumento, tolerance 1 year − 1 day (R)". */
  RVC007: r(
    'RECHAZADO',
    'La edad del usuario debe ser coherente con el tipo de documento de identificación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "newborn data ⇒ user (mother) aged 9–60 (R)". */
  RVC008: r(
    'RECHAZADO',
    'Si se informan datos de recién nacido, la usuaria (madre) debe tener entre 9 y 60 años.',
  ),
  /** Paraphrase. Source: reference §3.4 row "newborn data ⇒ user sex F (N)". */
  RVC009: r(
    'NOTIFICACION',
    'Si se informan datos de recién nacido, el sexo de la usuaria (madre) debería ser femenino.',
  ),
  /** Paraphrase. Source: reference §3.4 row "finalidad IVE ⇒ user sex F (N)". */
  RVC010: r(
    'NOTIFICACION',
    'La finalidad interrupción voluntaria del embarazo corresponde a usuarias de sexo femenino.',
  ),
  /** Paraphrase. Source: reference §3.4 row "service dates not in the future (R)". */
  RVC013: r('RECHAZADO', 'La fecha de la atención no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "same CUPS not repeated for the same patient on the same day (N)". */
  RVC018: r(
    'NOTIFICACION',
    'El mismo código CUPS no debería repetirse para el mismo usuario en la misma fecha.',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx should be A00–Q99 or S00–T98 (N)". */
  RVC031: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte debería estar entre A00–Q99 o S00–T98.',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx must not be R00–R99 (N)". */
  RVC032: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte no debería ser un síntoma o signo (R00–R99).',
  ),
  /** Paraphrase. Source: reference §3.4 row "dx should not be Z00–Z99 (N)". */
  RVC033: r(
    'NOTIFICACION',
    'El diagnóstico de egreso, complicación o causa de muerte no debería ser un factor (Z00–Z99).',
  ),
  /** Paraphrase. Source: reference §3.4 row "admission date not in the future (R)". */
  RVC038: r('RECHAZADO', 'La fecha de ingreso no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "admission ≤ discharge date (R)". */
  RVC039: r('RECHAZADO', 'La fecha de ingreso debe ser anterior o igual a la fecha de egreso.'),
  /** Paraphrase. Source: reference §3.4 row "urgencias stay ≤ 48 h (N)". */
  RVC040: r('NOTIFICACION', 'La estancia en urgencias no debería superar 48 horas.'),
  /** Paraphrase. Source: reference §3.4 row "hospitalización stay < 6 h (N)". */
  RVC041: r('NOTIFICACION', 'Una hospitalización de menos de 6 horas debería revisarse.'),
  /** Paraphrase. Source: reference §3.4 row ""Paciente muerto" ⇒ dx causa de muerte (R)". */
  RVC042: r(
    'RECHAZADO',
    'Si la condición de egreso es paciente muerto, se debe informar el diagnóstico de causa de muerte.',
  ),
  /** Paraphrase. Source: reference §3.4 row "discharge date not in the future (R)". */
  RVC043: r('RECHAZADO', 'La fecha de egreso no puede ser posterior a la fecha de validación.'),
  /** Paraphrase. Source: reference §3.4 row "birth date not in the future (R)". */
  RVC045: r(
    'RECHAZADO',
    'La fecha de nacimiento del recién nacido no puede ser posterior a la fecha de validación.',
  ),
  /** Paraphrase. Source: reference §3.4 row "RN discharge ≥ RN birth (R)". */
  RVC046: r(
    'RECHAZADO',
    'La fecha de egreso del recién nacido debe ser posterior o igual a su fecha de nacimiento.',
  ),
  /** Paraphrase. Source: reference §3.4 row "edad gestacional 20–46 weeks (R)". */
  RVC057: r('RECHAZADO', 'La edad gestacional debe estar entre 20 y 46 semanas.'),
  /** Paraphrase. Source: reference §3.4 row "peso RN 500–5000 g (R)". */
  RVC058: r('RECHAZADO', 'El peso del recién nacido debe estar entre 500 y 5000 gramos.'),
  /** Paraphrase. Source: reference §3.4 row "moderator-payment concept ⇒ value ≥ 1 (R)". */
  RVC060: r(
    'RECHAZADO',
    'Si el concepto de recaudo es copago, cuota moderadora o pagos compartidos, el valor del pago moderador debe ser mayor o igual a 1.',
  ),
  /** Paraphrase. Source: reference §3.4 row ""no aplica" ⇒ 0 (R); text = the third-party short description of reference §3.3". */
  RVC061: r('RECHAZADO', 'Cuando no aplique pago moderador se debe informar cero (0).'),
  /** Paraphrase. Source: reference §3.4 row "tipoOS 01 ⇒ description required (R)". */
  RVC066: r(
    'RECHAZADO',
    'Para dispositivos médicos e insumos (tipoOS 01) se debe informar la descripción de la tecnología.',
  ),
  /** Paraphrase. Source: reference §3.4 row "service date ≥ user birth date (R)". */
  RVC079: r(
    'RECHAZADO',
    'La fecha de la atención debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "discharge date ≥ user birth date (R)". */
  RVC080: r(
    'RECHAZADO',
    'La fecha de egreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "admission date ≥ user birth date (R)". */
  RVC081: r(
    'RECHAZADO',
    'La fecha de ingreso debe ser posterior o igual a la fecha de nacimiento del usuario.',
  ),
  /**
   * Verbatim, NOTIFICACION: a real MUV answer to an invoice (2025, medicamentos[0].codDiagnosticoRelacionado,
   * Observaciones "Codigo de diagnóstico repetido") issued the CUV with it; the audit's R (reference §3.4) is
   * contradicted by that answer for invoices. On notes the catalogue makes it RECHAZADO (real credit-note answers of
   * June 2026; docs/decisions/049), applied by {@link RipsRules}.
   */
  RVC086: r(
    'NOTIFICACION',
    'Se puede validar que el código de diagnóstico relacionado no sea igual al código de diagnóstico principal.',
  ),
  /** Worded after RVC086's real text. NOTIFICACION: same family and source line as RVC086, whose R a real answer refutes. */
  RVC087: r(
    'NOTIFICACION',
    'Se puede validar que los códigos de diagnóstico relacionados no sean iguales entre sí.',
  ),
  /** Worded after RVC086's real text; NOTIFICACION as RVC086 (the discharge variant of the same check). */
  RVC088: r(
    'NOTIFICACION',
    'Se puede validar que el código de diagnóstico relacionado de egreso no sea igual al código de diagnóstico principal de egreso.',
  ),
  /** Worded after RVC086's real text; NOTIFICACION as RVC087. */
  RVC089: r(
    'NOTIFICACION',
    'Se puede validar que los códigos de diagnóstico relacionados de egreso no sean iguales entre sí.',
  ),
  /** Paraphrase. Source: reference §3.4 row "concepto "Anticipos" must not be used in RIPS (N)". */
  RVC092: r('NOTIFICACION', 'El concepto de recaudo anticipo (04) no debe usarse en el RIPS.'),
  /** Paraphrase. Source: reference §3.4 row "medicamentos vrServicio = cantidad × vrUnit (N)". */
  RVC094: r(
    'NOTIFICACION',
    'El valor del servicio del medicamento debería ser la cantidad por el valor unitario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "prenatal-care consultations ≤ 15 (N)". */
  RVC097: r('NOTIFICACION', 'El número de consultas de control prenatal no debería ser mayor a 15.'),
  /** Paraphrase. Source: reference §3.4 row "duplicate users, same document (R)". */
  RVG12: r(
    'RECHAZADO',
    'Un usuario no puede estar informado más de una vez en el RIPS (mismo tipo y número de documento).',
  ),
  /** Paraphrase. Source: reference §3.4 row "duplicate medicamentos, same code + date (R); applied to entries identical in every field but consecutivo". */
  RVG13: r(
    'RECHAZADO',
    'Un medicamento no puede estar informado más de una vez para el usuario con el mismo código y fecha.',
  ),
  /** Paraphrase. Source: reference §3.4 row "cuota moderadora only in contributivo (régimen from FEV)"; the usuario's tipoUsuario 01–03 is the contributivo here. Level not given and the reading is Radica's: NOTIFICACION (decision 025). */
  RVC035: r(
    'NOTIFICACION',
    'La cuota moderadora (concepto de recaudo 02) solo se cobra a usuarios del régimen contributivo.',
  ),
  /** Paraphrase. Source: reference §3.4 row "subsidiado without planes voluntarios"; tipoUsuario 04 with conceptoRecaudo 03. Level not given, reading Radica's: NOTIFICACION (decision 025). */
  RVC037: r(
    'NOTIFICACION',
    'A un usuario del régimen subsidiado no se le pueden informar pagos compartidos en planes voluntarios (concepto de recaudo 03).',
  ),
  /** Paraphrase. Source: reference §3.4 row "patient dead ⇒ no services > 24 h after death (R)". Taking the death from an egreso 02 of the RIPS is Radica's reading (the ministry may use RUAF-ND): NOTIFICACION (decision 025). */
  RVC053: r(
    'NOTIFICACION',
    'No se pueden informar servicios con fecha posterior en más de 24 horas al fallecimiento del usuario.',
  ),
  /** Paraphrase. Source: reference §3.4 row "finalidad Valoración integral PyM ⇒ dx only Z00–Z99 (N)". */
  RVC085: r(
    'NOTIFICACION',
    'Con la finalidad valoración integral para la promoción y mantenimiento (11) el diagnóstico principal debería estar entre Z00 y Z99.',
  ),
  /** Paraphrase. Source: reference §3.4 row RVC062 "derivado a otro servicio ⇒ services must exist (R)"; the scope (another service list of the same user) is ours: NOTIFICACION (decision 025). */
  RVC062: r(
    'NOTIFICACION',
    'Si el egreso es paciente derivado a otro servicio, deben informarse en el RIPS los servicios que recibió.',
  ),
  /** Paraphrase. Source: the third-party audit of DT1 v002 (field S06): traslados (tipoOS 02) and estancias (03) carry a CUPS code (❓ level N). */
  RVC024: r(
    'NOTIFICACION',
    'El código de un traslado o una estancia informado en otros servicios debe ser un código CUPS.',
  ),
  /** Paraphrase. Source: reference §3.4 row RVG10 "a single biller per RIPS/invoice"; read as one REPS code (the first 10 digits of codPrestador) for every service: level not given, reading ours, NOTIFICACION (decision 025). */
  RVG10: r(
    'NOTIFICACION',
    'Un RIPS corresponde a un solo facturador: todos sus servicios deben ser del mismo prestador.',
  ),
  /** The CUPS sex column (Extra_VI) against codSexo. Code mapping ours (❓): the reference ties RVC015/016 to the CUPS table only. */
  RVC016: r('NOTIFICACION', 'El código CUPS está definido para un sexo diferente al del usuario.'),
  /** Verbatim (real MUV answers, 2025: 890701, 890702; 890201 in a RIPS sin factura). Assumption in {@link reglasCups}. */
  RVC017: r(
    'NOTIFICACION',
    'El código de CUPS puede ser validado que corresponda a la cobertura o plan de beneficios informada en la factura electrónica de venta.',
  ),
  /** Verbatim (real MUV answers, 2025: 890701, 890702). Assumption in {@link reglasCups}. */
  RVC019: r('NOTIFICACION', 'El código de CUPS se puede validar con el diagnóstico principal.'),
  /** Verbatim (real MUV answers, 2025: 890701 with finalidad 15, 115308 with 16; not 890201 with 15). Assumption in {@link reglasCups}. */
  RVC059: r(
    'NOTIFICACION',
    'El código de CUPS puede ser validado con el grupo de servicio, servicio, finalidad o causa.',
  ),
  /** Verbatim (real MUV answer, 2025: codTecnologiaSalud 19992190-03, a well-formed CUM missing from SISPRO's catalogue). Radica has no CUM/IUM catalogue: see {@link reglasMedicamentos}. */
  RVC063: r(
    'NOTIFICACION',
    'Se podrá validar la existencia del IUM o del CUM en el catálogo respectivo de SISPRO.',
  ),
  /** Verbatim (real MUV answer, 2025): raised when, for tipoMedicamento 01, 02 or 04, nomTecnologiaSalud, concentracionMedicamento or unidadMedida carry a value (0 counts). */
  RVC065: r(
    'NOTIFICACION',
    'Para 01: Medicamento con uso según registro sanitario, 02: Medicamento con uso como vital no disponible definido por INVIMA o 04: Medicamento con uso no incluido en el registro sanitario(Listado UNIRS) puede informar null.',
  ),
} as const satisfies Record<string, TRule>;

export type TRipsRuleCode = keyof typeof RIPS_RULES;

function r(clase: THallazgoLocal['clase'], descripcion: string): TRule {
  return { clase, descripcion };
}

/** Validation moment as "YYYY-MM-DD HH:mm" in Bogotá. */
export function bogotaMinute(now: Date): string {
  const t = relojBogota(now).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 16)}`;
}

const SERVICE_DATE: Record<string, string> = {
  consultas: 'fechaInicioAtencion',
  procedimientos: 'fechaInicioAtencion',
  medicamentos: 'fechaDispensAdmon',
  otrosServicios: 'fechaSuministroTecnologia',
};
/**
 * RVC086–089 scope: consultas, procedimientos and medicamentos (RVC086/087; a real MUV answer raised RVC086 on
 * `medicamentos[0].codDiagnosticoRelacionado`), urgencias and hospitalización egreso dx (RVC088/089). All four are
 * notifications on an invoice and rejections on a note (see {@link RIPS_RULES}).
 */
const DIAG_RELACIONADOS: Record<
  string,
  { principal: string; relacionados: string[]; codes: [TRipsRuleCode, TRipsRuleCode] }
> = {
  consultas: {
    principal: 'codDiagnosticoPrincipal',
    relacionados: ['codDiagnosticoRelacionado1', 'codDiagnosticoRelacionado2', 'codDiagnosticoRelacionado3'],
    codes: ['RVC086', 'RVC087'],
  },
  procedimientos: {
    principal: 'codDiagnosticoPrincipal',
    relacionados: ['codDiagnosticoRelacionado'],
    codes: ['RVC086', 'RVC087'],
  },
  medicamentos: {
    principal: 'codDiagnosticoPrincipal',
    relacionados: ['codDiagnosticoRelacionado'],
    codes: ['RVC086', 'RVC087'],
  },
  urgencias: {
    principal: 'codDiagnosticoPrincipalE',
    relacionados: [
      'codDiagnosticoRelacionadoE1',
      'codDiagnosticoRelacionadoE2',
      'codDiagnosticoRelacionadoE3',
    ],
    codes: ['RVC088', 'RVC089'],
  },
  hospitalizacion: {
    principal: 'codDiagnosticoPrincipalE',
    relacionados: [
      'codDiagnosticoRelacionadoE1',
      'codDiagnosticoRelacionadoE2',
      'codDiagnosticoRelacionadoE3',
    ],
    codes: ['RVC088', 'RVC089'],
  },
};
/**
 * Fields RVC031–033 look at, on every list: discharge, complication and death diagnoses (the principal dx of an
 * outpatient visit may well be Z or R). Read one by one in {@link reglasDiagnosticos}.
 */
type TDxEgreso = 'codDiagnosticoPrincipalE' | 'codComplicacion' | 'codDiagnosticoCausaMuerte';

/** What {@link RipsRules} needs from outside the RIPS (the invoice, or the absence of one); every key optional. */
export type TContextoFactura = {
  codigoPrestador?: string | null;
  cobertura?: string | null;
  sinFactura?: boolean;
  /** The package type (the `Cargar*` endpoint) whose classes apply; null or absent: every code's general class. */
  paquete?: TMuvEndpoint | null;
};

const CLASE = { R: 'RECHAZADO', N: 'NOTIFICACION' } as const;

/** The class of each rule of {@link RIPS_RULES} in the package type `paquete` (the catalogue's `porPaquete`). */
function clasesDelPaquete(
  paquete: TMuvEndpoint | null,
): Readonly<Record<TRipsRuleCode, THallazgoLocal['clase']>> {
  const clases = {} as Record<TRipsRuleCode, THallazgoLocal['clase']>;
  for (const codigo of Object.keys(RIPS_RULES) as TRipsRuleCode[]) {
    const propia = paquete ? clasePorPaquete(codigo, paquete) : null;
    clases[codigo] = propia ? CLASE[propia] : RIPS_RULES[codigo].clase;
  }
  return clases;
}

/** Emits one finding of a rule of {@link RIPS_RULES}. */
type TOut = (codigo: TRipsRuleCode, pathFuente: string, observaciones: string) => void;

/**
 * What the rules see of one user and, while its services are walked, of the current service (one object per user,
 * updated in place: a 100 MB file has hundreds of thousands of services, so nothing is allocated per service).
 */
type TRuleCtx = {
  out: TOut;
  /**
   * True (and the finding counted) when `codigo` is a notice the findings can no longer keep (the group's cap is
   * reached): the frequent notices (RVC065 on every medicine of a big file) then skip building their texts.
   */
  dropped: (codigo: TRipsRuleCode) => boolean;
  tables: TReferenceTables;
  /** Validation moment, "YYYY-MM-DD HH:mm" and its day. */
  ahora: string;
  hoy: string;
  /** Index and path of the user. */
  u: number;
  up: string;
  nacimiento: string | null;
  sexo: unknown;
  tipoUsuario: unknown;
  /** RVC053: when the user died (egreso 'Paciente muerto' of urgencias/hospitalización), and the latest service seen. */
  muerte: string | null;
  /** Updated in place (nothing allocated per service); `fecha` null until the user's first dated service. */
  ultimo: { fecha: string | null; list: string; j: number; field: string };
  /** CUPS code → days it was reported (RVC018) and identical medicine entries seen (RVG13), per user. */
  cupsDia: Map<string, string[]>;
  medsDia: Set<string>;
  /** RVC062: the first egreso 'derivado a otro servicio' (03) of the user, and the lists it has services in. */
  derivado: { list: string; j: number } | null;
  listas: Set<string>;
  /** RVG10: the REPS code (10 digits) of the file's first service, the last codPrestador seen, and whether RVG10 was reported. */
  prestador: { reps: string | null; ultimo: unknown; reportado: boolean };
  /** What the package says outside the RIPS: the invoice's COBERTURA_PLAN_BENEFICIOS, and whether it has no invoice (RS). */
  factura: { cobertura: string | null; sinFactura: boolean };
  /** The last CUPS code looked up in the CUPSRips table, and its row. */
  lastCups: string;
  lastCupsEntry: TCupsEntry | undefined;
  /** The current service. */
  list: string;
  j: number;
  s: Record<string, unknown>;
};

/** JSON path of a field of the current service (built only when a rule reports). */
const at = (c: TRuleCtx, field: string) => `${servicePath(c.u, c.list, c.j)}.${field}`;

/**
 * The rule groups of one service, in the order they report, each with the lists it applies to (a group is only called
 * for the services of its lists). Each is one concern of DT1 (reference §3.4); all run in the one pass over the file
 * ({@link RipsRules}): a new rule goes into a group here, never into a loop of its own over the services.
 */
const SERVICE_RULES: ReadonlyArray<{ lists: readonly TServiceList[]; rules: (c: TRuleCtx) => void }> = [
  { lists: SERVICE_LISTS, rules: registrarFechas },
  { lists: ['consultas', 'procedimientos', 'medicamentos', 'otrosServicios'], rules: reglasFechaServicio },
  { lists: ['urgencias', 'hospitalizacion'], rules: reglasEstancia },
  { lists: ['recienNacidos'], rules: reglasRecienNacido },
  { lists: ['consultas', 'procedimientos'], rules: reglasFinalidad },
  { lists: SERVICE_LISTS, rules: reglasDiagnosticos },
  { lists: ['consultas', 'procedimientos'], rules: reglasCups },
  { lists: VALUED_LISTS, rules: reglasRecaudo },
  { lists: ['medicamentos'], rules: reglasMedicamentos },
  { lists: ['otrosServicios'], rules: reglasOtrosServicios },
  { lists: SERVICE_LISTS, rules: reglaUnPrestador },
];

/** {@link SERVICE_RULES} by list, in the same order. */
const RULES_BY_LIST = Object.fromEntries(
  SERVICE_LISTS.map((list) => [
    list,
    SERVICE_RULES.filter((g) => g.lists.includes(list)).map((g) => g.rules),
  ]),
) as unknown as Readonly<Record<TServiceList, ReadonlyArray<(c: TRuleCtx) => void>>>;

/**
 * The earlier of `min` and `v` when `v` is a well-formed date-time: the user's first service date (RVC007) is the
 * earliest of its services' `fechaInicioAtencion`, `fechaDispensAdmon` and `fechaSuministroTecnologia`.
 */
function earlierStart(v: unknown, min: string | null): string | null {
  return typeof v === 'string' && (min === null || v < min) && isDateTimeString(v) ? v : min;
}

/**
 * Every rule of {@link RIPS_RULES}, as a visitor of the one pass over a RIPS (rips.ts `walkRips`): the user's rules,
 * then each of its services through {@link SERVICE_RULES}, emitting into `sink` in that order. `now` is the validation
 * moment (future-date rules). RVC007 needs the user's first service date, known once its services are walked: the
 * findings of those services wait (in order) until RVC007 is decided, so the order is the user's, then its services'.
 */
export class RipsRules implements TRipsVisitor {
  private readonly c: TRuleCtx;
  private readonly seenUsers = new Map<string, number>();
  /** The current user, null when it is not an object (its services are not walked then). */
  private current: Record<string, unknown> | null = null;
  /** Earliest well-formed start date-time among the current user's services. */
  private primera: string | null = null;
  /** The rule groups of the list being walked. */
  private rules: ReadonlyArray<(c: TRuleCtx) => void> = [];
  /** Findings of the current user's services, as [codigo, pathFuente, observaciones] triples, until RVC007. */
  private readonly pending: string[] = [];
  /** Each rule's class in this package type. */
  private readonly clases: Readonly<Record<TRipsRuleCode, THallazgoLocal['clase']>>;
  private readonly emitNow: TOut = (codigo, pathFuente, observaciones) =>
    this.emit(codigo, pathFuente, observaciones);

  /**
   * @param factura what the package says outside the RIPS: `codigoPrestador`, the invoice's CODIGO_PRESTADOR when the
   *   RIPS travels with it (PRESTADOR_FACTURA then compares every codPrestador with it, so RVG10, which can only compare
   *   with the first service, is not applied); `cobertura`, its COBERTURA_PLAN_BENEFICIOS (RVC017); `sinFactura`, true
   *   for a RIPS sin factura (tipoNota RS: no cobertura to compare, RVC017); `paquete`, the package type whose classes
   *   apply (a credit note's RVC086 is RECHAZADO, an invoice's NOTIFICACION).
   */
  constructor(
    now: Date,
    tables: TReferenceTables,
    private readonly sink: TFindingSink,
    factura: TContextoFactura = {},
  ) {
    const codigoPrestadorFactura = factura.codigoPrestador ?? null;
    const ahora = bogotaMinute(now);
    const clases = clasesDelPaquete(factura.paquete ?? null);
    this.clases = clases;
    this.c = {
      out: (codigo, pathFuente, observaciones) => this.pending.push(codigo, pathFuente, observaciones),
      dropped: (codigo) => {
        const sink = this.sink;
        if (clases[codigo] !== 'NOTIFICACION' || sink.items.length + this.pending.length / 3 < sink.limit)
          return false;
        sink.total++;
        return true;
      },
      tables,
      ahora,
      hoy: ahora.slice(0, 10),
      u: 0,
      up: '',
      nacimiento: null,
      sexo: undefined,
      tipoUsuario: undefined,
      muerte: null,
      ultimo: { fecha: null, list: '', j: 0, field: '' },
      cupsDia: new Map(),
      medsDia: new Set(),
      derivado: null,
      listas: new Set(),
      prestador: { reps: null, ultimo: undefined, reportado: codigoPrestadorFactura !== null },
      factura: { cobertura: factura.cobertura ?? null, sinFactura: factura.sinFactura ?? false },
      lastCups: '',
      lastCupsEntry: undefined,
      list: '',
      j: 0,
      s: {},
    };
  }

  usuario(u: number, usuario: unknown): void {
    this.current = isRecord(usuario) ? usuario : null;
    if (!isRecord(usuario)) return;
    const c = this.c;
    c.u = u;
    c.up = `usuarios[${u}]`;
    c.nacimiento = isDateString(usuario['fechaNacimiento']) ? (usuario['fechaNacimiento'] as string) : null;
    c.sexo = usuario['codSexo'];
    c.tipoUsuario = usuario['tipoUsuario'];
    c.muerte = null;
    c.ultimo.fecha = null;
    c.cupsDia = new Map();
    c.medsDia = new Set();
    c.derivado = null;
    c.listas.clear();
    this.primera = null;
    this.pending.length = 0;
    reglasUsuario(c, usuario, this.seenUsers, this.emitNow);
  }

  lista(list: TServiceList, items: unknown): void {
    this.c.list = list;
    this.rules = RULES_BY_LIST[list];
    if (Array.isArray(items) && items.length > 0) this.c.listas.add(list);
  }

  servicio(_list: TServiceList, j: number, s: unknown): void {
    if (this.current === null || !isRecord(s)) return;
    this.primera = earlierStart(s['fechaInicioAtencion'], this.primera);
    this.primera = earlierStart(s['fechaDispensAdmon'], this.primera);
    this.primera = earlierStart(s['fechaSuministroTecnologia'], this.primera);
    const c = this.c;
    c.j = j;
    c.s = s;
    for (const rules of this.rules) rules(c);
  }

  finUsuario(): void {
    if (this.current === null) return;
    const c = this.c;
    const tipoDoc = this.current['tipoDocumentoIdentificacion'];
    if (c.nacimiento && typeof tipoDoc === 'string') {
      const problem = edadVsDocumento(tipoDoc, c.nacimiento, this.primera?.slice(0, 10) ?? c.hoy);
      if (problem)
        this.emit('RVC007', `${c.up}.tipoDocumentoIdentificacion`, `Dato enviado [${tipoDoc}], ${problem}`);
    }
    reglaFallecimiento(c);
    reglaDerivado(c);
    const pending = this.pending;
    for (let k = 0; k < pending.length; k += 3)
      this.emit(pending[k] as TRipsRuleCode, pending[k + 1] as string, pending[k + 2] as string);
    pending.length = 0;
    this.current = null;
  }

  private emit(codigo: TRipsRuleCode, pathFuente: string, observaciones: string): void {
    const clase = this.clases[codigo];
    emit(
      this.sink,
      () => ({ clase, codigo, descripcion: RIPS_RULES[codigo].descripcion, observaciones, pathFuente, fuente: 'Rips' }),
      clase,
    );
  }
}

/**
 * RVC053, at the end of a user (one pass: the death may be reported in a list walked after the services): the latest
 * service date may not be more than 24 hours after the death (fechaEgreso of an urgencias or hospitalización whose
 * condicionDestinoUsuarioEgreso is 02 'Paciente muerto'). Reported once, at the latest service.
 */
function reglaFallecimiento(c: TRuleCtx): void {
  const ultimo = c.ultimo;
  if (!c.muerte || ultimo.fecha === null) return;
  const limite = new Date(`${c.muerte.replace(' ', 'T')}:00Z`).getTime() + 24 * 3_600_000;
  const fecha = new Date(`${ultimo.fecha.replace(' ', 'T')}:00Z`).getTime();
  if (Number.isFinite(limite) && Number.isFinite(fecha) && fecha > limite)
    c.out(
      'RVC053',
      `${servicePath(c.u, ultimo.list, ultimo.j)}.${ultimo.field}`,
      `Dato enviado [${ultimo.fecha}], fallecimiento [${c.muerte}]`,
    );
}

/**
 * RVC062, at the end of a user: an egreso 'derivado a otro servicio' (condicionDestinoUsuarioEgreso 03) of urgencias
 * or hospitalización needs the services the user received next: services in some other list of the same user
 * (scope ours, ❓: the source does not say which services count). Reported once, at the first such egreso.
 */
function reglaDerivado(c: TRuleCtx): void {
  const derivado = c.derivado;
  if (!derivado) return;
  for (const list of c.listas) if (list !== derivado.list) return;
  c.out(
    'RVC062',
    `${servicePath(c.u, derivado.list, derivado.j)}.condicionDestinoUsuarioEgreso`,
    'condicionDestinoUsuarioEgreso [03] y el usuario no tiene servicios informados en otro servicio',
  );
}

/** RVG12 (the same user twice), RVC006 (birth in the future). RVC007 (document type against age) waits for the services. */
function reglasUsuario(
  c: TRuleCtx,
  usuario: Record<string, unknown>,
  seenUsers: Map<string, number>,
  out: TOut,
): void {
  const tipoDoc = usuario['tipoDocumentoIdentificacion'];
  const numDoc = usuario['numDocumentoIdentificacion'];
  if (typeof tipoDoc === 'string' && typeof numDoc === 'string' && numDoc) {
    const key = `${tipoDoc}|${numDoc}`;
    const first = seenUsers.get(key);
    if (first === undefined) seenUsers.set(key, c.u);
    else
      out(
        'RVG12',
        `${c.up}.numDocumentoIdentificacion`,
        `Dato enviado [${tipoDoc} ${numDoc}], ya informado en usuarios[${first}]`,
      );
  }
  if (c.nacimiento && c.nacimiento > c.hoy)
    out('RVC006', `${c.up}.fechaNacimiento`, `Dato enviado [${c.nacimiento}]`);
}

/** RVC013 (service date in the future), RVC079 (service before the user's birth). */
function reglasFechaServicio(c: TRuleCtx): void {
  const dateField = SERVICE_DATE[c.list];
  if (!dateField) return;
  const d = c.s[dateField];
  if (!isDateTimeString(d)) return;
  if ((d as string) > c.ahora) c.out('RVC013', at(c, dateField), `Dato enviado [${d as string}]`);
  if (c.nacimiento && beforeDay(d as string, c.nacimiento))
    c.out('RVC079', at(c, dateField), `Dato enviado [${d as string}], fecha de nacimiento [${c.nacimiento}]`);
}

/** Urgencias and hospitalización: RVC038/043 (future), RVC080/081 (before birth), RVC039–041 (stay), RVC042 (death dx). */
function reglasEstancia(c: TRuleCtx): void {
  if (c.list !== 'urgencias' && c.list !== 'hospitalizacion') return;
  const s = c.s;
  const ingreso = isDateTimeString(s['fechaInicioAtencion']) ? (s['fechaInicioAtencion'] as string) : null;
  const egreso = isDateTimeString(s['fechaEgreso']) ? (s['fechaEgreso'] as string) : null;
  if (ingreso && ingreso > c.ahora)
    c.out('RVC038', at(c, 'fechaInicioAtencion'), `Dato enviado [${ingreso}]`);
  if (egreso && egreso > c.ahora) c.out('RVC043', at(c, 'fechaEgreso'), `Dato enviado [${egreso}]`);
  if (ingreso && c.nacimiento && beforeDay(ingreso, c.nacimiento))
    c.out(
      'RVC081',
      at(c, 'fechaInicioAtencion'),
      `Dato enviado [${ingreso}], fecha de nacimiento [${c.nacimiento}]`,
    );
  if (egreso && c.nacimiento && beforeDay(egreso, c.nacimiento))
    c.out('RVC080', at(c, 'fechaEgreso'), `Dato enviado [${egreso}], fecha de nacimiento [${c.nacimiento}]`);
  if (ingreso && egreso) {
    if (ingreso > egreso)
      c.out('RVC039', at(c, 'fechaEgreso'), `Fecha de ingreso [${ingreso}], fecha de egreso [${egreso}]`);
    else {
      const horas = (minutes(egreso) - minutes(ingreso)) / 60;
      if (c.list === 'urgencias' && horas > 48)
        c.out('RVC040', at(c, 'fechaEgreso'), `Estancia de ${horas.toFixed(1)} horas`);
      if (c.list === 'hospitalizacion' && horas < 6)
        c.out('RVC041', at(c, 'fechaEgreso'), `Estancia de ${horas.toFixed(1)} horas`);
    }
  }
  reglaCausaMuerte(c);
  if (s['condicionDestinoUsuarioEgreso'] === '03' && c.derivado === null)
    c.derivado = { list: c.list, j: c.j };
}

/** RVC042: discharge condition 02 (dead) needs the cause-of-death diagnosis. */
function reglaCausaMuerte(c: TRuleCtx): void {
  if (c.s['condicionDestinoUsuarioEgreso'] === '02' && !nonEmpty(c.s['codDiagnosticoCausaMuerte']))
    c.out(
      'RVC042',
      at(c, 'codDiagnosticoCausaMuerte'),
      'condicionDestinoUsuarioEgreso [02] sin diagnóstico de causa de muerte',
    );
}

/** Recién nacidos: RVC045/043/046 (dates), RVC008/009 (the mother), RVC057/058/097 (gestation, weight, prenatal visits), RVC042. */
function reglasRecienNacido(c: TRuleCtx): void {
  if (c.list !== 'recienNacidos') return;
  const s = c.s;
  const nac = isDateTimeString(s['fechaNacimiento']) ? (s['fechaNacimiento'] as string) : null;
  const egreso = isDateTimeString(s['fechaEgreso']) ? (s['fechaEgreso'] as string) : null;
  if (nac && nac > c.ahora) c.out('RVC045', at(c, 'fechaNacimiento'), `Dato enviado [${nac}]`);
  if (egreso && egreso > c.ahora) c.out('RVC043', at(c, 'fechaEgreso'), `Dato enviado [${egreso}]`);
  if (nac && egreso && egreso < nac)
    c.out('RVC046', at(c, 'fechaEgreso'), `Fecha de nacimiento [${nac}], fecha de egreso [${egreso}]`);
  if (nac && c.nacimiento) {
    const edad = ageYears(c.nacimiento, nac.slice(0, 10));
    if (edad < 9 || edad > 60)
      c.out('RVC008', `${c.up}.fechaNacimiento`, `Edad de la usuaria al parto: ${edad} años`);
  }
  if (c.sexo === 'M' || c.sexo === 'I') c.out('RVC009', `${c.up}.codSexo`, `Dato enviado [${c.sexo}]`);
  const eg = toNumber(s['edadGestacional']);
  if (eg !== null && (eg < 20 || eg > 46)) c.out('RVC057', at(c, 'edadGestacional'), `Dato enviado [${eg}]`);
  const peso = toNumber(s['peso']);
  if (peso !== null && (peso < 500 || peso > 5000)) c.out('RVC058', at(c, 'peso'), `Dato enviado [${peso}]`);
  const prenatal = toNumber(s['numConsultasCPrenatal']);
  if (prenatal !== null && prenatal > 15)
    c.out('RVC097', at(c, 'numConsultasCPrenatal'), `Dato enviado [${prenatal}]`);
  reglaCausaMuerte(c);
}

/** RVC010 (finalidad 24, IVE, on a male user) and RVC085 (finalidad 11, valoración integral PyM, with a dx outside Z00–Z99). */
function reglasFinalidad(c: TRuleCtx): void {
  if (c.list !== 'consultas' && c.list !== 'procedimientos') return;
  const finalidad = c.s['finalidadTecnologiaSalud'];
  if (finalidad === '24' && c.sexo === 'M')
    c.out('RVC010', at(c, 'finalidadTecnologiaSalud'), `Finalidad [24], sexo del usuario [${c.sexo}]`);
  const dx = c.s['codDiagnosticoPrincipal'];
  if (finalidad === '11' && typeof dx === 'string' && dx.length >= 3 && dx[0] !== 'Z')
    c.out('RVC085', at(c, 'codDiagnosticoPrincipal'), `Finalidad [11], Dato enviado [${dx}]`);
}

/** RVC086–089 (related diagnoses ≠ principal and distinct), RVC031–033 (discharge/complication/death dx ranges). */
function reglasDiagnosticos(c: TRuleCtx): void {
  const s = c.s;
  const dx = DIAG_RELACIONADOS[c.list];
  if (dx) {
    const principal = s[dx.principal];
    const rel = dx.relacionados;
    for (let k = 0; k < rel.length; k++) {
      const field = rel[k] as string;
      const v = s[field];
      if (!nonEmpty(v) || v === 'null') continue;
      if (v === principal) {
        if (!c.dropped(dx.codes[0])) c.out(dx.codes[0], at(c, field), DX_REPETIDO);
      }
      else {
        for (let q = 0; q < k; q++) {
          if (s[rel[q] as string] === v) {
            c.out(dx.codes[1], at(c, field), DX_REPETIDO);
            break;
          }
        }
      }
    }
  }
  // one call per DX_EGRESO field, each reading its own key (faster than reading keys from a list on big files)
  reglaDxEgreso(c, 'codDiagnosticoPrincipalE', s['codDiagnosticoPrincipalE']);
  reglaDxEgreso(c, 'codComplicacion', s['codComplicacion']);
  reglaDxEgreso(c, 'codDiagnosticoCausaMuerte', s['codDiagnosticoCausaMuerte']);
}

/** The Observaciones of RVC086–089, verbatim from the real MUV answer (reference §3.2). */
const DX_REPETIDO = 'Codigo de diagnóstico repetido';

/** A CIE-10 code as RVC031–033 read it: a letter, two digits, a digit or X. */
const CIE10_CODE = /^[A-Z]\d{2}[0-9X]$/;

/** RVC031–033 on one of the {@link TDxEgreso} fields: `v` is its value. */
function reglaDxEgreso(c: TRuleCtx, field: TDxEgreso, v: unknown): void {
  if (typeof v !== 'string' || !CIE10_CODE.test(v)) return;
  const letter = v[0] as string;
  if (letter === 'R') c.out('RVC032', at(c, field), `Dato enviado [${v}]`);
  else if (letter === 'Z') c.out('RVC033', at(c, field), `Dato enviado [${v}]`);
  else if (!(letter <= 'Q' || letter === 'S' || letter === 'T'))
    c.out('RVC031', at(c, field), `Dato enviado [${v}]`);
}

/**
 * RVC018 (the same CUPS the same day), RVC016 (the CUPS sex column against the user's sex), and the CUPSRips notices of
 * real MUV answers (reference §3.2), as far as Radica's CUPSRips copy can decide them (never a rejection):
 * - RVC017: the code's Cobertura column is set and either differs from the invoice's COBERTURA_PLAN_BENEFICIOS, or the
 *   RIPS has no invoice (RS: the ministry noted it on 890201 in a RIPS sin factura). Assumes the column uses the
 *   invoice's cobertura codes (both are SISPRO's salud_cobertura list: 01 UPC, 05 ARL, 07 salud pública…).
 * - RVC019: the code's Ambito is U (urgencias consultations, e.g. 890701 and 890702, where the ministry raised it
 *   though their DxRequerido is N). The ministry's CUPS ↔ diagnosis table is not public; Ambito U is the only trait its
 *   real answers share.
 * - RVC059: the code's Ambito is U or H (urgencias or hospitalario: 890701 with finalidad 15 and 115308 with 16 were
 *   noted; 890201, Ambito A, with finalidad 15 was not). The ministry's CUPS ↔ group/service/finalidad table is not
 *   public. Observaciones in the ministry's shape ("Verificar tabla de referencia CodConsulta (890701) - Finalidad (15)").
 */
function reglasCups(c: TRuleCtx): void {
  const field =
    c.list === 'consultas' ? 'codConsulta' : c.list === 'procedimientos' ? 'codProcedimiento' : null;
  const cups = field ? c.s[field] : undefined;
  if (!field || typeof cups !== 'string' || !cups) return;
  const inicio = c.s['fechaInicioAtencion'];
  // a service without a date is not "the same day" as another (its missing date is an RVG01 of its own)
  const date = datePart(inicio) ?? '';
  const dates = date ? c.cupsDia.get(cups) : undefined;
  if (!date) {
    // nothing to compare
  } else if (dates === undefined) c.cupsDia.set(cups, [date]);
  else if (dates.includes(date)) c.out('RVC018', at(c, field), `Dato enviado [${cups}] el [${date}]`);
  else dates.push(date);
  const entry = cupsEntry(c, cups);
  if (
    entry &&
    (entry.sexo === 'F' || entry.sexo === 'M') &&
    (c.sexo === 'F' || c.sexo === 'M') &&
    entry.sexo !== c.sexo
  )
    c.out(
      'RVC016',
      at(c, field),
      `Verificar tabla de referencia CUPSRips Dato (${cups}) - Sexo (${entry.sexo}), sexo del usuario [${c.sexo as string}]`,
    );
  if (!entry) return;
  const factura = c.factura;
  if (
    entry.cobertura &&
    (factura.sinFactura || (factura.cobertura !== null && factura.cobertura !== entry.cobertura)) &&
    !c.dropped('RVC017')
  )
    c.out('RVC017', at(c, field), `Verificar tabla de referencia Dato (${cups})`);
  if (entry.ambito === 'U' && !c.dropped('RVC019'))
    c.out('RVC019', at(c, field), `Verificar tabla de referencia Dato (${cups})`);
  if ((entry.ambito === 'U' || entry.ambito === 'H') && !c.dropped('RVC059')) {
    const finalidad = c.s['finalidadTecnologiaSalud'];
    c.out(
      'RVC059',
      at(c, field),
      `Verificar tabla de referencia ${field === 'codConsulta' ? 'CodConsulta' : 'codProcedimiento'} (${cups}) - Finalidad (${typeof finalidad === 'string' ? finalidad : ''})`,
    );
  }
}

/** The CUPSRips row of `cups` (the same code on consecutive services is looked up once). */
function cupsEntry(c: TRuleCtx, cups: string): TCupsEntry | undefined {
  if (cups !== c.lastCups) {
    c.lastCups = cups;
    c.lastCupsEntry = c.tables.cups.get(cups);
  }
  return c.lastCupsEntry;
}

/** Lists with values: RVC060/061 (moderator payment against conceptoRecaudo), RVC092 (concepto 04). */
function reglasRecaudo(c: TRuleCtx): void {
  if (!(VALUED_LISTS as readonly string[]).includes(c.list)) return;
  const concepto = c.s['conceptoRecaudo'];
  const moderador = toNumber(c.s['valorPagoModerador']);
  if (moderador !== null) {
    if ((concepto === '01' || concepto === '02' || concepto === '03') && moderador < 1)
      c.out(
        'RVC060',
        at(c, 'valorPagoModerador'),
        `Concepto de recaudo [${concepto}], Dato enviado [${moderador}]`,
      );
    if (concepto === '05' && moderador !== 0)
      c.out('RVC061', at(c, 'valorPagoModerador'), `Concepto de recaudo [05], Dato enviado [${moderador}]`);
  }
  if (concepto === '04') c.out('RVC092', at(c, 'conceptoRecaudo'), 'Dato enviado [04]');
  const tipo = c.tipoUsuario;
  if (
    concepto === '02' &&
    typeof tipo === 'string' &&
    tipo !== '' &&
    tipo !== '01' &&
    tipo !== '02' &&
    tipo !== '03'
  )
    c.out('RVC035', at(c, 'conceptoRecaudo'), `Concepto de recaudo [02], tipoUsuario [${tipo}]`);
  if (concepto === '03' && tipo === '04')
    c.out('RVC037', at(c, 'conceptoRecaudo'), 'Concepto de recaudo [03], tipoUsuario [04]');
}

/** RVC053's facts, gathered in the pass: the death (urgencias/hospitalización egreso 02) and the latest service date. */
function registrarFechas(c: TRuleCtx): void {
  const s = c.s;
  if (
    (c.list === 'urgencias' || c.list === 'hospitalizacion') &&
    s['condicionDestinoUsuarioEgreso'] === '02' &&
    isDateTimeString(s['fechaEgreso'])
  )
    c.muerte = s['fechaEgreso'] as string;
  const field = SERVICE_DATE[c.list];
  const fecha = field ? s[field] : undefined;
  const ultimo = c.ultimo;
  if (field && isDateTimeString(fecha) && (ultimo.fecha === null || (fecha as string) > ultimo.fecha)) {
    ultimo.fecha = fecha as string;
    ultimo.list = c.list;
    ultimo.j = c.j;
    ultimo.field = field;
  }
}

/**
 * The shapes of a CUM (expediente-consecutivo, e.g. 17134-1, 19992190-03) and of an IUM (15 letters and digits, e.g.
 * 1S1016191004104): a tipoMedicamento 01 code of neither shape cannot be in SISPRO's catalogue (RVC063).
 */
const CUM_O_IUM = /^(\d{1,12}-\d{1,4}|[0-9A-Z]{15})$/;

/**
 * Medicamentos: RVC094 (value = quantity × unit value), RVG13 (an identical dispensation twice), RVC065 (for
 * tipoMedicamento 01, 02 or 04, each of {@link RVC065_CAMPOS} that carries a value, 0 included, is noted), RVC063
 * (a tipoMedicamento 01 code that is neither a CUM nor an IUM by shape; Radica has no CUM/IUM catalogue, so a
 * well-formed code missing from SISPRO's, as in the real answer, is not decided here).
 */
function reglasMedicamentos(c: TRuleCtx): void {
  if (c.list !== 'medicamentos') return;
  const s = c.s;
  const tipo = s['tipoMedicamento'];
  if (typeof tipo === 'string' && RVC065_TIPOS.includes(tipo))
    for (const campo of RVC065_CAMPOS) {
      const v = s[campo];
      if (v !== null && v !== undefined && !c.dropped('RVC065'))
        c.out('RVC065', at(c, campo), `Dato enviado [${typeof v === 'object' ? JSON.stringify(v) : String(v)}], tipoMedicamento [${tipo}]`);
    }
  const tecnologia = s['codTecnologiaSalud'];
  if (
    tipo === '01' &&
    typeof tecnologia === 'string' &&
    tecnologia !== '' &&
    !CUM_O_IUM.test(tecnologia) &&
    !c.dropped('RVC063')
  )
    c.out(
      'RVC063',
      at(c, 'codTecnologiaSalud'),
      `El código de la tecnología  [${tecnologia}] no es válido, por favor verificar tabla de referencia.`,
    );
  const cantidad = toNumber(s['cantidadMedicamento']);
  const unit = toNumber(s['vrUnitMedicamento']);
  const total = toNumber(s['vrServicio']);
  if (
    cantidad !== null &&
    unit !== null &&
    total !== null &&
    roundCents(cantidad * unit) !== roundCents(total)
  )
    c.out(
      'RVC094',
      at(c, 'vrServicio'),
      `Dato enviado [${total}], cantidadMedicamento × vrUnitMedicamento = [${roundCents(cantidad * unit)}]`,
    );
  // Real files repeat a placeholder code ("000") at one dispensation time for different medicines, so only an entry
  // identical in every field but consecutivo counts as a duplicate (our reading, ❓).
  const cod = s['codTecnologiaSalud'];
  const fecha = s['fechaDispensAdmon'];
  if (typeof cod === 'string' && typeof fecha === 'string') {
    const key = duplicateKey(s);
    if (c.medsDia.has(key))
      c.out(
        'RVG13',
        at(c, 'codTecnologiaSalud'),
        `Dato enviado [${cod}] el [${fecha}], registro idéntico a otro del mismo usuario`,
      );
    c.medsDia.add(key);
  }
}

/**
 * RVG10 (reading ours, ❓): every service of the file is of one provider: its codPrestador (12 digits, REPS code + sede)
 * starts with the REPS code of the file's first service. A provider's sedes share the REPS code; another code means
 * another biller's services. Reported once, at the first service of another provider; malformed codes are the
 * structure check's.
 */
const COD_PRESTADOR = /^\d{12}$/;
function reglaUnPrestador(c: TRuleCtx): void {
  const p = c.prestador;
  const cod = c.s['codPrestador'];
  if (cod === p.ultimo || p.reportado || typeof cod !== 'string' || !COD_PRESTADOR.test(cod)) return;
  p.ultimo = cod;
  if (p.reps === null) p.reps = cod.slice(0, 10);
  else if (!cod.startsWith(p.reps)) {
    p.reportado = true;
    c.out(
      'RVG10',
      at(c, 'codPrestador'),
      `Dato enviado [${cod}], código del prestador del primer servicio [${p.reps}]`,
    );
  }
}

/** RVC066: a device (tipoOS 01) needs nomTecnologiaSalud. RVC024: a traslado (02) or an estancia (03) is coded with CUPS. */
function reglasOtrosServicios(c: TRuleCtx): void {
  if (c.list !== 'otrosServicios') return;
  const tipo = c.s['tipoOS'];
  if (tipo === '01' && !nonEmpty(c.s['nomTecnologiaSalud']))
    c.out('RVC066', at(c, 'nomTecnologiaSalud'), 'tipoOS [01] sin nomTecnologiaSalud');
  const codigo = c.s['codTecnologiaSalud'];
  if (
    (tipo === '02' || tipo === '03') &&
    typeof codigo === 'string' &&
    codigo !== '' &&
    !cupsEntry(c, codigo)
  )
    c.out(
      'RVC024',
      at(c, 'codTecnologiaSalud'),
      `tipoOS [${tipo}], Dato enviado [${codigo}]: no está en la tabla CUPSRips`,
    );
}

function duplicateKey(s: Record<string, unknown>): string {
  let key = '';
  for (const k in s)
    if (k !== 'consecutivo') key += `${k}=${typeof s[k] === 'object' ? JSON.stringify(s[k]) : String(s[k])}|`;
  return key;
}

function servicePath(u: number, list: string, j: number): string {
  return `usuarios[${u}].servicios.${list}[${j}]`;
}

/**
 * True when the day of `dateTime` ("YYYY-MM-DD HH:mm") is before `day` ("YYYY-MM-DD"). The same as comparing
 * `dateTime.slice(0, 10) < day`, without building the slice: a date-time that starts with `day` sorts after it.
 */
function beforeDay(dateTime: string, day: string): boolean {
  return dateTime < day;
}

function nonEmpty(v: unknown): boolean {
  return v !== undefined && v !== null && v !== '';
}

/** Minutes since the epoch of a valid "YYYY-MM-DD HH:mm" (only differences are used). */
function minutes(dateTime: string): number {
  return (
    Date.UTC(
      +dateTime.slice(0, 4),
      +dateTime.slice(5, 7) - 1,
      +dateTime.slice(8, 10),
      +dateTime.slice(11, 13),
      +dateTime.slice(14, 16),
    ) / 60_000
  );
}

/** Whole years between two valid "YYYY-MM-DD" dates. */
export function ageYears(birth: string, at: string): number {
  let years = +at.slice(0, 4) - +birth.slice(0, 4);
  if (at.slice(5) < birth.slice(5)) years--;
  return years;
}

/**
 * RVC007 (paraphrase, 🔸): the document type must fit the age, with a tolerance of one year (reference §3.4
 * "tolerance 1 year − 1 day"). Colombian practice: RC/CN/NV under 7, TI 7–17, CC/CE from 18. Returns the
 * problem text, or null when consistent or the type has no age rule (PA, DE, PT, AS, MS…). Age at the user's
 * first service date (the document shown then), else at the validation date.
 */
function edadVsDocumento(tipo: string, nacimiento: string, hoy: string): string | null {
  const edad = ageYears(nacimiento, hoy);
  if (tipo === 'CC' && edad < 17) return `edad del usuario ${edad} años (cédula desde los 18)`;
  if (tipo === 'TI' && (edad < 6 || edad > 18))
    return `edad del usuario ${edad} años (tarjeta de identidad de 7 a 17)`;
  if ((tipo === 'RC' || tipo === 'CN') && edad > 7)
    return `edad del usuario ${edad} años (registro civil hasta los 6)`;
  return null;
}
