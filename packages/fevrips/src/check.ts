import type { TRipsParsed } from './rips.ts';
import { collectRipsRules } from './rules-rips.ts';
import { checkCrossFile } from './rules-pair.ts';
import { checkXml } from './rules-xml.ts';
import { ripsSchema, type TRipsSchemaVersion } from './schema.ts';
import { collectStructure } from './structure.ts';
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
  if (xml && rips) return checkPair(xml, rips, options);
  if (rips) return checkRips(rips, options);
  return xml ? checkXml(xml) : [];
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
  try {
    collectStructure(rips.rips, ripsSchema(options.version), options.tables ?? defaultReferenceTables(), sink);
  } catch (e) {
    return [engineFailure(e)];
  }
  return withLimit(sink, 'estructura');
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
