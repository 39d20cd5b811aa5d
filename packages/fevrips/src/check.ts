import type { TRipsParsed } from './rips.ts';
import { collectRipsRules } from './rules-rips.ts';
import { checkCrossFile } from './rules-pair.ts';
import { checkXml } from './rules-xml.ts';
import { ripsSchema, ripsVersionFor, type TRipsSchemaVersion } from './schema.ts';
import { collectStructure, RVG01_DESCRIPCION } from './structure.ts';
import { MAX_STRUCTURE_FINDINGS, engineFailure, newSink, withLimit, type THallazgoLocal } from './findings.ts';
import { defaultReferenceTables, type TReferenceTables } from './tables.ts';
import type { TFevXml } from './xml.ts';

/** Options of the checks. Everything is optional; the defaults are what the product uses. */
export type TCheckOptions = {
  /** RIPS schema version (default Res. 2275/2023, see schema.ts). */
  version?: TRipsSchemaVersion;
  /** Code catalogues (default: the data shipped in packages/fevrips/data). */
  tables?: TReferenceTables;
  /** Validation moment for the "not in the future" rules (default: now). */
  now?: Date;
};

/**
 * The one dispatch of the checks (the API's upload and file deletion, the simulator, the CLI and the engine all call
 * it): whatever the package holds is checked the same way.
 * - XML + RIPS → {@link checkPair};
 * - RIPS alone → {@link checkRips} (structure + RIPS-internal rules);
 * - XML alone → the XML rules.
 * Pure; never throws.
 */
export function checkDocuments(xml: TFevXml | null, rips: TRipsParsed | null, options: TCheckOptions = {}): THallazgoLocal[] {
  const chosen = { ...options, version: resolveRipsVersion(xml, rips, options) };
  if (xml && rips) return checkPair(xml, rips, chosen);
  if (rips) return checkRips(rips, chosen);
  return xml ? checkXml(xml) : [];
}

/**
 * The RIPS structure a package is checked against (issue 12): `options.version` when forced (CLI `--version`), else by
 * the invoice's issue date (XML `IssueDate`), else by the RIPS's first service date (a RIPS without its invoice), else
 * the default (schema.ts {@link ripsVersionFor}, RES948_DESDE).
 */
export function resolveRipsVersion(xml: TFevXml | null, rips: TRipsParsed | null, options: TCheckOptions = {}): TRipsSchemaVersion {
  if (options.version) return options.version;
  if (xml?.issueDate) return ripsVersionFor(xml.issueDate);
  return ripsVersionFor(rips ? firstServiceDate(rips.rips) : null);
}

/** Date fields of the service lists, by list. */
const SERVICE_DATE_KEYS = ['fechaInicioAtencion', 'fechaDispensAdmon', 'fechaSuministroTecnologia', 'fechaNacimiento'];

/** The first service date of the RIPS (YYYY-MM-DD…), looking only at the first user's services; null when none. */
function firstServiceDate(rips: Record<string, unknown>): string | null {
  const first = firstServiceRecord(rips, () => true);
  if (!first) return null;
  for (const key of SERVICE_DATE_KEYS) if (typeof first[key] === 'string') return first[key] as string;
  return null;
}

/** The first service record of the first user with services that satisfies `accept`, or null. */
function firstServiceRecord(rips: Record<string, unknown>, accept: (record: Record<string, unknown>) => boolean): Record<string, unknown> | null {
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return null;
  for (const usuario of usuarios.slice(0, 10)) {
    const servicios = (usuario as Record<string, unknown> | null)?.['servicios'];
    if (typeof servicios !== 'object' || servicios === null) continue;
    for (const list of Object.values(servicios as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      const record = list[0];
      if (typeof record === 'object' && record !== null && accept(record as Record<string, unknown>)) return record as Record<string, unknown>;
    }
  }
  return null;
}

/** Service lists with CIE-10 keys, which DT1 v002 pairs with CIE-11 ones (present even when null). */
const HAS_CIE = (r: Record<string, unknown>) => 'codDiagnosticoPrincipal' in r;

/**
 * True when a RIPS checked against Res. 948/2026 is written in Res. 2275/2023's structure: its first service with
 * diagnoses has none of DT1 v002's CIE-11 keys.
 */
function writtenInRes2275(rips: Record<string, unknown>): boolean {
  const record = firstServiceRecord(rips, HAS_CIE);
  return record !== null && !Object.keys(record).some((k) => k.endsWith('CIE11'));
}

/**
 * Local pre-validation of a FEV + RIPS pair: {@link checkRips} (structure + RIPS-internal rules), then the cross-file
 * rules of reference §3.6 (rules-pair.ts), then the XML rules of §3.5 (rules-xml.ts). Pure; never throws.
 */
export function checkPair(xml: TFevXml, rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  return [...checkRips(rips, options), ...checkCrossFile(xml, rips), ...checkXml(xml)];
}

/**
 * Structure check of a RIPS against the versioned schema (schema.ts; rules and codes in structure.ts):
 * every field of the transaction, usuarios and the seven service lists with type, length and allowed codes
 * (RVG01 / RVG05 / RVG14, JSON path of each failure in `pathFuente`).
 *
 * Returns at most {@link MAX_STRUCTURE_FINDINGS} findings plus one NOTIFICACION `LIMITE_HALLAZGOS` counting
 * the rest. Never throws.
 */
export function checkRipsStructure(rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  const sink = newSink(MAX_STRUCTURE_FINDINGS);
  const schema = ripsSchema(options.version);
  // A file in the old structure after the cut-over: one finding that names the new structure, then the old
  // structure's own checks (not one missing-key RVG01 per CIE-11 field).
  const outdated = schema.version === 'res948-2026-dt1-v002' && writtenInRes2275(rips.rips);
  try {
    collectStructure(rips.rips, outdated ? ripsSchema('res2275-2023') : schema, options.tables ?? defaultReferenceTables(), sink);
  } catch (e) {
    return [engineFailure(e)];
  }
  const found = withLimit(sink, 'estructura');
  return outdated ? [estructuraAnterior(schema.norma), ...found] : found;
}

/** The finding of a Res. 2275/2023 RIPS checked after the cut-over to Res. 948/2026 (issue 12). */
function estructuraAnterior(norma: string): THallazgoLocal {
  return {
    clase: 'RECHAZADO',
    codigo: 'RVG01',
    descripcion: RVG01_DESCRIPCION,
    observaciones: `El RIPS tiene la estructura de la Resolución 2275 de 2023, pero por la fecha de la factura se valida con la ${norma}: agregue junto a cada diagnóstico CIE-10 su par CIE-11 (codDiagnostico…CIE11 y nomCodDiagnostico…CIE11, null si no se informa), quite numAutorizacion de los medicamentos y revise registroSIRAS para usuarios SOAT. Su software de facturación debe generar la nueva estructura.`,
    pathFuente: '',
    fuente: 'Rips',
  };
}

/**
 * Every check decidable from the RIPS alone: {@link checkRipsStructure} plus the DT1 rules of rules-rips.ts
 * (RVC006…RVC097, RVG12, RVG13; reference §3.4). The rules part is capped like the structure part. Never throws.
 */
export function checkRips(rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  const sink = newSink(MAX_STRUCTURE_FINDINGS);
  try {
    collectRipsRules(rips.rips, options.now ?? new Date(), options.tables ?? defaultReferenceTables(), sink);
  } catch (e) {
    return [...checkRipsStructure(rips, options), engineFailure(e)];
  }
  return [...checkRipsStructure(rips, options), ...withLimit(sink, 'validación')];
}
