import type { TServiceList } from './service-lists.ts';
import type { TTableName } from './tables.ts';

/**
 * Versioned field specifications of the RIPS JSON: Res. 2275/2023 (Anexo técnico), the shape every public sample
 * uses (reference §2), and Res. 948/2026 DT1 v002 beside it (CIE-11 pairs, codigoVIDA, registroSIRAS,
 * vrDispensacion, no numAutorizacion in medicamentos, reference §2.11, §9), chosen by the invoice's date
 * ({@link ripsVersionFor}): see docs/decisions/004-rips-schema-versions.md.
 *
 * Sources: field names, required flags and JSON types from the MUV swagger DTOs (✅ reference §2.2–§2.10);
 * usuario lengths from DT1 U01–U11 (🔸 §2.3); codPrestador 12 digits (✅ RVG01 seen for 11); allowed codes from
 * the SISPRO lists of §6. Lengths of service fields are not published for 2275 (gap in reference §8): the
 * maxima below are generous bounds (❓) chosen so that every real accepted sample passes.
 */

export type TRipsSchemaVersion = 'res2275-2023' | 'res948-2026-dt1-v002';
export const RIPS_SCHEMA_VERSIONS: readonly TRipsSchemaVersion[] = ['res2275-2023', 'res948-2026-dt1-v002'];
/** The structure used when nothing says otherwise (no date to decide by): the one every real sample follows. */
export const DEFAULT_RIPS_SCHEMA_VERSION: TRipsSchemaVersion = 'res2275-2023';

/**
 * First invoice issue date (Colombia, YYYY-MM-DD) checked against Res. 948/2026 DT1 v002 instead of Res. 2275/2023.
 * 🔸 Third-party notes give the transition as 2026-06-01 or 2026-07-01 (reference §2.11); we take the later date,
 * so no invoice issued under the old structure during the disputed month is told it is wrong. This is the one place
 * to change once the official text is read (the CLI's `--version` and the check's `version` option force either).
 */
export const RES948_DESDE = '2026-07-01';

/**
 * The structure a package is checked against: Res. 948/2026 DT1 v002 for an invoice
 * issued on or after {@link RES948_DESDE}, Res. 2275/2023 before it. `fecha` is the invoice's issue date (XML
 * `IssueDate`) or, for a RIPS without its invoice, its earliest service date; null → the default.
 */
export function ripsVersionFor(fecha: string | null | undefined): TRipsSchemaVersion {
  if (!fecha || !/^\d{4}-\d{2}-\d{2}/.test(fecha)) return DEFAULT_RIPS_SCHEMA_VERSION;
  return fecha.slice(0, 10) >= RES948_DESDE ? 'res948-2026-dt1-v002' : 'res2275-2023';
}

/**
 * - `texto`: a JSON string (trimmed length within min..max, optional `pattern`, optional `table`).
 * - `entero`: int32; a JSON integer, or a string of digits (ASP.NET's web JSON defaults read numbers from
 *   strings, ❓ so these are accepted).
 * - `decimal`: a JSON number ≥ 0, or a decimal string.
 * - `fecha`: "YYYY-MM-DD", a real calendar date. `fechaHora`: "YYYY-MM-DD HH:mm", a real date and time.
 */
export type TFieldKind = 'texto' | 'entero' | 'decimal' | 'fecha' | 'fechaHora';

export type TFieldSpec = {
  kind: TFieldKind;
  /** Required fields must be present and not null / "" (swagger `required`). */
  required: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: RegExp;
  table?: TTableName;
  /** Smallest allowed value of an `entero` / `decimal`. */
  min?: number;
  /** Largest allowed value of a `decimal`. */
  max?: number;
  /**
   * The key should be present even when not informed: null or "" are accepted, a missing key is the notice LLAVE_AUSENTE
   * (DT1 v002's CIE-11 pairs, "la llave debe estar presente, null si no se informa" — 🔸 only a third-party client says
   * so, reference §2.11: never a rejection, decision 025).
   */
  keyRequired?: boolean;
};

export type TRecordSpec = Readonly<Record<string, TFieldSpec>>;

export type TRipsSchema = {
  version: TRipsSchemaVersion;
  /** Human name of the norm, for messages and the CLI. */
  norma: string;
  transaccion: TRecordSpec;
  usuario: TRecordSpec;
  servicios: Readonly<Record<TServiceList, TRecordSpec>>;
  /**
   * Res. 948/2026 only: what DT1 v003 (15 Jul 2026) changed as third parties report it (reference §9; the official PDF
   * was not read; docs/res948-auditoria.md). Unconfirmed, so never a rejection (docs/decisions/025): structure.ts
   * reports them as notices.
   */
  dt1v003?: {
    /** `incapacidad` values of the earlier coding (SI/NO): accepted, with a RES948_V003 notice naming 01/02. */
    incapacidadAnterior: readonly string[];
    /** tipoOS whose professional (tipoDocumentoIdentificacion, numDocumentoIdentificacion) is required: RVC050. */
    tipoOSConProfesional: readonly string[];
  };
};

const req = (kind: TFieldKind, extra: Partial<TFieldSpec> = {}): TFieldSpec => ({
  kind,
  required: true,
  ...extra,
});
const opt = (kind: TFieldKind, extra: Partial<TFieldSpec> = {}): TFieldSpec => ({
  kind,
  required: false,
  ...extra,
});
const code = (table: TTableName, required = true): TFieldSpec => ({
  kind: 'texto',
  required,
  minLength: 1,
  maxLength: 2,
  table,
});

const COD_PRESTADOR = req('texto', { pattern: /^\d{12}$/ });
const DOC_TIPO = code('TipoIDPISIS');
const DOC_NUM = req('texto', { minLength: 4, maxLength: 20 });
const CIE = (required: boolean): TFieldSpec => ({
  kind: 'texto',
  required,
  minLength: 4,
  maxLength: 4,
  table: 'CIE10',
});
const CUPS = (required: boolean): TFieldSpec => ({
  kind: 'texto',
  required,
  minLength: 6,
  maxLength: 6,
  table: 'CUPSRips',
});
const AUTORIZACION = opt('texto', { maxLength: 30 });
const MIPRES = opt('texto', { maxLength: 30 });
/**
 * A money value in pesos: ≥ 0 and below 10^15 (fifteen integer digits). ❓ The ministry's own bound is not published in
 * what we could read; 10^15 pesos is far above any real invoice and keeps absurd values such as 1e308 from passing as
 * numbers: they answer RVG01 on the field instead of overflowing a total.
 */
export const MAX_VALOR = 1e15;
const VALOR = req('decimal', { min: 0, max: MAX_VALOR - 1 });
const MODERADOR = {
  vrServicio: VALOR,
  conceptoRecaudo: code('ConceptoRecaudo'),
  valorPagoModerador: VALOR,
  numFEVPagoModerador: opt('texto', { maxLength: 20 }),
} as const;
const CONSECUTIVO = req('entero', { min: 1 });

const RES_2275: TRipsSchema = {
  version: 'res2275-2023',
  norma: 'Resolución 2275 de 2023',
  transaccion: {
    numDocumentoIdObligado: req('texto', { minLength: 4, maxLength: 12, pattern: /^[A-Za-z0-9]+$/ }),
    numFactura: opt('texto', { maxLength: 20, pattern: /^[A-Za-z0-9]+$/ }),
    tipoNota: opt('texto', { maxLength: 2, table: 'TipoNota' }),
    numNota: opt('texto', { maxLength: 20 }),
  },
  usuario: {
    tipoDocumentoIdentificacion: DOC_TIPO,
    numDocumentoIdentificacion: DOC_NUM,
    tipoUsuario: code('RIPSTipoUsuarioVersion2', false),
    fechaNacimiento: req('fecha'),
    codSexo: { ...code('Sexo'), maxLength: 1 },
    codPaisResidencia: opt('texto', { minLength: 3, maxLength: 3, table: 'Pais' }),
    codMunicipioResidencia: opt('texto', { minLength: 5, maxLength: 5, table: 'Municipio' }),
    codZonaTerritorialResidencia: code('ZonaVersion2', false),
    incapacidad: req('texto', { maxLength: 2, table: 'LstSiNo' }),
    consecutivo: CONSECUTIVO,
    codPaisOrigen: opt('texto', { minLength: 3, maxLength: 3, table: 'Pais' }),
  },
  servicios: {
    consultas: {
      codPrestador: COD_PRESTADOR,
      fechaInicioAtencion: req('fechaHora'),
      numAutorizacion: AUTORIZACION,
      codConsulta: CUPS(false),
      modalidadGrupoServicioTecSal: code('ModalidadAtencion'),
      grupoServicios: code('GrupoServicios'),
      codServicio: req('entero', { min: 1 }),
      finalidadTecnologiaSalud: code('RIPSFinalidadConsultaVersion2'),
      causaMotivoAtencion: code('RIPSCausaExternaVersion2'),
      codDiagnosticoPrincipal: CIE(true),
      codDiagnosticoRelacionado1: CIE(false),
      codDiagnosticoRelacionado2: CIE(false),
      codDiagnosticoRelacionado3: CIE(false),
      tipoDiagnosticoPrincipal: code('RIPSTipoDiagnosticoPrincipalVersion2'),
      tipoDocumentoIdentificacion: DOC_TIPO,
      numDocumentoIdentificacion: DOC_NUM,
      ...MODERADOR,
      consecutivo: CONSECUTIVO,
    },
    procedimientos: {
      codPrestador: COD_PRESTADOR,
      fechaInicioAtencion: req('fechaHora'),
      idMIPRES: MIPRES,
      numAutorizacion: AUTORIZACION,
      codProcedimiento: CUPS(false),
      viaIngresoServicioSalud: code('ViaIngresoUsuario'),
      modalidadGrupoServicioTecSal: code('ModalidadAtencion'),
      grupoServicios: code('GrupoServicios'),
      codServicio: req('entero', { min: 1 }),
      finalidadTecnologiaSalud: code('RIPSFinalidadConsultaVersion2'),
      tipoDocumentoIdentificacion: DOC_TIPO,
      numDocumentoIdentificacion: DOC_NUM,
      codDiagnosticoPrincipal: CIE(true),
      codDiagnosticoRelacionado: CIE(false),
      codComplicacion: CIE(false),
      ...MODERADOR,
      consecutivo: CONSECUTIVO,
    },
    urgencias: {
      codPrestador: COD_PRESTADOR,
      fechaInicioAtencion: req('fechaHora'),
      causaMotivoAtencion: code('RIPSCausaExternaVersion2'),
      codDiagnosticoPrincipal: CIE(true),
      codDiagnosticoPrincipalE: CIE(true),
      codDiagnosticoRelacionadoE1: CIE(false),
      codDiagnosticoRelacionadoE2: CIE(false),
      codDiagnosticoRelacionadoE3: CIE(false),
      condicionDestinoUsuarioEgreso: code('CondicionyDestinoUsuarioEgreso'),
      codDiagnosticoCausaMuerte: CIE(false),
      fechaEgreso: req('fechaHora'),
      consecutivo: CONSECUTIVO,
    },
    hospitalizacion: {
      codPrestador: COD_PRESTADOR,
      viaIngresoServicioSalud: code('ViaIngresoUsuario'),
      fechaInicioAtencion: req('fechaHora'),
      numAutorizacion: AUTORIZACION,
      causaMotivoAtencion: code('RIPSCausaExternaVersion2'),
      codDiagnosticoPrincipal: CIE(true),
      codDiagnosticoPrincipalE: CIE(true),
      codDiagnosticoRelacionadoE1: CIE(false),
      codDiagnosticoRelacionadoE2: CIE(false),
      codDiagnosticoRelacionadoE3: CIE(false),
      codComplicacion: CIE(false),
      condicionDestinoUsuarioEgreso: code('CondicionyDestinoUsuarioEgreso'),
      codDiagnosticoCausaMuerte: CIE(false),
      fechaEgreso: req('fechaHora'),
      consecutivo: CONSECUTIVO,
    },
    recienNacidos: {
      codPrestador: COD_PRESTADOR,
      tipoDocumentoIdentificacion: DOC_TIPO,
      numDocumentoIdentificacion: DOC_NUM,
      fechaNacimiento: req('fechaHora'),
      edadGestacional: opt('entero', { min: 0 }),
      numConsultasCPrenatal: opt('entero', { min: 0 }),
      codSexoBiologico: code('SexoBiologico'),
      peso: opt('decimal', { min: 0 }),
      codDiagnosticoPrincipal: CIE(true),
      condicionDestinoUsuarioEgreso: code('CondicionyDestinoUsuarioEgreso'),
      codDiagnosticoCausaMuerte: CIE(false),
      fechaEgreso: req('fechaHora'),
      consecutivo: CONSECUTIVO,
    },
    medicamentos: {
      codPrestador: COD_PRESTADOR,
      numAutorizacion: AUTORIZACION,
      idMIPRES: MIPRES,
      fechaDispensAdmon: req('fechaHora'),
      codDiagnosticoPrincipal: CIE(true),
      codDiagnosticoRelacionado: CIE(false),
      tipoMedicamento: code('TipoMedicamentoPOSVersion2'),
      codTecnologiaSalud: req('texto', { minLength: 1, maxLength: 20 }),
      nomTecnologiaSalud: opt('texto', { maxLength: 250 }),
      concentracionMedicamento: opt('entero', { min: 0 }),
      unidadMedida: opt('entero', { min: 0 }),
      formaFarmaceutica: opt('texto', { maxLength: 20 }),
      unidadMinDispensa: opt('entero', { min: 0 }),
      cantidadMedicamento: opt('entero', { min: 0 }),
      diasTratamiento: opt('entero', { min: 0 }),
      tipoDocumentoIdentificacion: DOC_TIPO,
      numDocumentoIdentificacion: DOC_NUM,
      vrUnitMedicamento: VALOR,
      ...MODERADOR,
      consecutivo: CONSECUTIVO,
    },
    otrosServicios: {
      codPrestador: COD_PRESTADOR,
      numAutorizacion: AUTORIZACION,
      idMIPRES: MIPRES,
      fechaSuministroTecnologia: req('fechaHora'),
      tipoOS: code('TipoOtrosServicios'),
      codTecnologiaSalud: req('texto', { minLength: 1, maxLength: 20 }),
      nomTecnologiaSalud: opt('texto', { maxLength: 250 }),
      cantidadOS: opt('entero', { min: 0 }),
      tipoDocumentoIdentificacion: { ...DOC_TIPO, required: false },
      numDocumentoIdentificacion: { ...DOC_NUM, required: false },
      vrUnitOS: VALOR,
      ...MODERADOR,
      consecutivo: CONSECUTIVO,
    },
  },
};

/**
 * `codigoVIDA` of a service (Res. 948/2026): third-party generators of 2026 write it in every service list, null when
 * not informed; a DT1 v003 validator gives it 1–256 characters (field S17 of otrosServicios). ❓ Unconfirmed.
 */
const CODIGO_VIDA: TFieldSpec = opt('texto', { maxLength: 256 });
/**
 * `vrDispensacion` (Res. 948/2026): in medicamentos and otrosServicios in the 2026 generators (0 when it does not
 * apply); the earlier notes' `valorDispensacion` appears in no generator. Optional here: a file without it is not
 * refused on a third-party reading.
 */
const VR_DISPENSACION: TFieldSpec = opt('decimal', { min: 0, max: MAX_VALOR - 1 });

/** A CIE-11 code or its name, next to a CIE-10 key (DT1 v002): the key always present, the value null when not informed. */
const CIE11_CODIGO: TFieldSpec = { kind: 'texto', required: false, keyRequired: true, maxLength: 20 };
const CIE11_NOMBRE: TFieldSpec = { kind: 'texto', required: false, keyRequired: true, maxLength: 500 };

/** Every CIE-10 key of a record followed by its CIE-11 pair: `codX` → `codX`, `codXCIE11`, `nomCodXCIE11`. */
function withCie11(record: TRecordSpec): TRecordSpec {
  const out: Record<string, TFieldSpec> = {};
  for (const [key, spec] of Object.entries(record)) {
    out[key] = spec;
    if (spec.table === 'CIE10') {
      out[`${key}CIE11`] = CIE11_CODIGO;
      out[`nom${key[0]!.toUpperCase()}${key.slice(1)}CIE11`] = CIE11_NOMBRE;
    }
  }
  return out;
}

/**
 * Res. 948/2026, Documento Técnico 1 v002 and the v003 changes reported (🔸 reference §2.11, §9, third-party
 * transcriptions and 2026 generators; the official PDF was not read; every field is audited in docs/res948-auditoria.md):
 * Res. 2275's structure plus
 * - a CIE-11 code/name pair after each CIE-10 key (present, null when not informed);
 * - `registroSIRAS` in the usuario (RVC095: SIRAS required for tipoUsuario 10, SOAT);
 * - `codigoVIDA` in every service list (where the 2026 generators write it) and, as before, in the usuario (❓ no
 *   source puts it there; kept so that no file written that way gets a notice);
 * - `vrDispensacion` in medicamentos (which lose `numAutorizacion`) and in otrosServicios;
 * - `incapacidad` SI/NO gets a notice (RES948_V003): DT1 v003 codes it 01/02 (LstSiNo, which takes both codings);
 * - otrosServicios: the professional required for tipoOS 01/04/05 (RVC050, a notice) and `codPrestador` optional (a DT1
 *   v003 validator gives it "C 0, 12": conditional);
 * - tipoOS 06 stays out of TipoOtrosServicios; tipoUsuario keeps the 13 codes and causaMotivoAtencion 21–49 of the
 *   SISPRO lists (tables.ts; the 14th tipoUsuario one repository reports is not in SISPRO's list of 16 Jul 2026).
 */
const RES_948: TRipsSchema = {
  version: 'res948-2026-dt1-v002',
  norma: 'Resolución 948 de 2026 (Documento Técnico 1 v002 y v003)',
  transaccion: RES_2275.transaccion,
  usuario: {
    ...RES_2275.usuario,
    codigoVIDA: CODIGO_VIDA,
    registroSIRAS: opt('texto', { maxLength: 30 }),
  },
  servicios: {
    consultas: { ...withCie11(RES_2275.servicios.consultas), codigoVIDA: CODIGO_VIDA },
    procedimientos: { ...withCie11(RES_2275.servicios.procedimientos), codigoVIDA: CODIGO_VIDA },
    urgencias: { ...withCie11(RES_2275.servicios.urgencias), codigoVIDA: CODIGO_VIDA },
    hospitalizacion: { ...withCie11(RES_2275.servicios.hospitalizacion), codigoVIDA: CODIGO_VIDA },
    recienNacidos: withCie11(RES_2275.servicios.recienNacidos),
    medicamentos: {
      ...withCie11(
        Object.fromEntries([
          ...Object.entries(RES_2275.servicios.medicamentos).filter(([k]) => k !== 'numAutorizacion'),
          ['vrDispensacion', VR_DISPENSACION],
        ]),
      ),
      codigoVIDA: CODIGO_VIDA,
    },
    otrosServicios: {
      ...RES_2275.servicios.otrosServicios,
      codPrestador: { ...COD_PRESTADOR, required: false },
      vrDispensacion: VR_DISPENSACION,
      codigoVIDA: CODIGO_VIDA,
    },
  },
  dt1v003: { incapacidadAnterior: ['SI', 'NO'], tipoOSConProfesional: ['01', '04', '05'] },
};

const SCHEMAS: Readonly<Record<TRipsSchemaVersion, TRipsSchema>> = { 'res2275-2023': RES_2275, 'res948-2026-dt1-v002': RES_948 };

/** The field specifications of `version` (default Res. 2275/2023). */
export function ripsSchema(version: TRipsSchemaVersion = DEFAULT_RIPS_SCHEMA_VERSION): TRipsSchema {
  return SCHEMAS[version];
}

/** True when `value` names an implemented schema version (for the CLI's `--version`). */
export function isRipsSchemaVersion(value: unknown): value is TRipsSchemaVersion {
  return typeof value === 'string' && Object.hasOwn(SCHEMAS, value);
}
