import {
  ResumenVisitor,
  walkRips,
  type TRipsHead,
  type TRipsParsed,
  type TRipsResumen,
  type TRipsVisitor,
} from './rips.ts';
import { RipsRules } from './rules-rips.ts';
import { CrossFileRules, codigoPrestadorXml } from './rules-pair.ts';
import { CodigosPrestador, reglaPrestadorReps, type TCodPrestadorVisto, type TPrestadoresReps } from './rules-reps.ts';
import { PaqueteRules } from './rules-paquete.ts';
import { checkXml } from './rules-xml.ts';
import { ripsSchema, ripsVersionFor, type TRipsSchemaVersion } from './schema.ts';
import { muvEndpointFor, type TMuvEndpoint } from './endpoints.ts';
import { StructureCheck } from './structure.ts';
import {
  MAX_STRUCTURE_FINDINGS,
  engineFailure,
  newSink,
  withLimit,
  type TFindingSink,
  type THallazgoLocal,
} from './findings.ts';
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
  /**
   * The REPS providers table (rules-reps.ts): with it RVC012 is decided in the pass; without it the codes are only
   * gathered ({@link RipsPass.codigosPrestador}) for the caller to decide with {@link reglaPrestadorReps}.
   */
  prestadores?: TPrestadoresReps;
  /**
   * The package type: the `Cargar*` endpoint the package goes to (CargarFevRips, CargarNC, CargarNCTotal, CargarND,
   * CargarNotaAjuste, CargarRipsSinFactura, CargarCapita…). Some codes have another class in another package type
   * (docs/decisions/049: RVC086 is a NOTIFICACION on an invoice and RECHAZADO on a credit, debit or adjustment note),
   * so a caller that knows the type — a credit note built from its invoice's RIPS, a document filed as a note — passes
   * it here. Default: the type the files say ({@link muvEndpointFor}: the RIPS `tipoNota` NC/ND/NA/RS, the XML's
   * document type, capitación).
   */
  paquete?: TMuvEndpoint;
};

/**
 * The one dispatch of the checks (the API's upload and file deletion, the simulator, the CLI and the engine all call
 * it): whatever the package holds is checked the same way.
 * - XML + RIPS → {@link checkPair};
 * - RIPS alone → {@link checkRips} (structure + RIPS-internal rules);
 * - XML alone → the XML rules.
 * Pure; never throws.
 */
export function checkDocuments(
  xml: TFevXml | null,
  rips: TRipsParsed | null,
  options: TCheckOptions = {},
): THallazgoLocal[] {
  const chosen = { ...options, version: resolveRipsVersion(xml, rips, options) };
  if (xml && rips) return checkPair(xml, rips, chosen);
  if (rips) return checkRips(rips, chosen);
  return xml ? checkXml(xml) : [];
}

/**
 * {@link checkDocuments} for a RIPS just read without its summary (engine.ts `checkFiles`): the same checks, and the
 * summary computed in the same pass ({@link RipsPass.resumen}).
 */
export function checkRipsRead(xml: TFevXml | null, rips: TRipsHead, options: TCheckOptions = {}): RipsPass {
  return new RipsPass(xml, rips, { ...options, version: resolveRipsVersion(xml, rips, options) });
}

/**
 * The RIPS structure a package is checked against: `options.version` when forced (CLI `--version`), else by
 * the invoice's issue date (XML `IssueDate`), else by the RIPS's first service date (a RIPS without its invoice), else
 * the default (schema.ts {@link ripsVersionFor}, RES948_DESDE).
 */
export function resolveRipsVersion(
  xml: TFevXml | null,
  rips: Pick<TRipsParsed, 'rips'> | null,
  options: TCheckOptions = {},
): TRipsSchemaVersion {
  if (options.version) return options.version;
  if (xml?.issueDate) return ripsVersionFor(xml.issueDate);
  return ripsVersionFor(rips ? firstServiceDate(rips.rips) : null);
}

/** Date fields of the service lists, by list. */
const SERVICE_DATE_KEYS = [
  'fechaInicioAtencion',
  'fechaDispensAdmon',
  'fechaSuministroTecnologia',
  'fechaNacimiento',
];

/** The first service date of the RIPS (YYYY-MM-DD…), looking only at the first user's services; null when none. */
function firstServiceDate(rips: Record<string, unknown>): string | null {
  const first = firstServiceRecord(rips, () => true);
  if (!first) return null;
  for (const key of SERVICE_DATE_KEYS) if (typeof first[key] === 'string') return first[key] as string;
  return null;
}

/** The first service record of the first user with services that satisfies `accept`, or null. */
function firstServiceRecord(
  rips: Record<string, unknown>,
  accept: (record: Record<string, unknown>) => boolean,
): Record<string, unknown> | null {
  const usuarios = rips['usuarios'];
  if (!Array.isArray(usuarios)) return null;
  for (const usuario of usuarios.slice(0, 10)) {
    const servicios = (usuario as Record<string, unknown> | null)?.['servicios'];
    if (typeof servicios !== 'object' || servicios === null) continue;
    for (const list of Object.values(servicios as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      const record = list[0];
      if (typeof record === 'object' && record !== null && accept(record as Record<string, unknown>))
        return record as Record<string, unknown>;
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
 * rules of reference §3.6 (rules-pair.ts), then the XML rules of §3.5 (rules-xml.ts), all from one pass over the
 * RIPS ({@link RipsPass}). Pure; never throws.
 */
export function checkPair(xml: TFevXml, rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  return new RipsPass(xml, rips, options).hallazgos(rips);
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
  const structure = new StructureGroup(rips, options);
  structure.walked(walkRips(rips.rips, structure.visitors()));
  return structure.findings();
}

/**
 * The finding of a Res. 2275/2023 RIPS whose invoice date falls after the cut-over to Res. 948/2026 (schema.ts
 * RES948_DESDE): a NOTIFICACION (Radica's code ESTRUCTURA_RES948). No source shows the ministry
 * refusing 2275-shaped files after the cut-over (a real package with an invoice of 2026-09-04 was accepted), so the
 * file is checked as 2275 and the user is told what the new structure adds.
 */
function estructuraAnterior(norma: string): THallazgoLocal {
  return {
    clase: 'NOTIFICACION',
    codigo: 'ESTRUCTURA_RES948',
    descripcion: `El RIPS tiene la estructura de la Resolución 2275 de 2023; por la fecha de la factura le corresponde la ${norma}.`,
    observaciones: `Se validó con la estructura de la Resolución 2275 de 2023. Para la nueva estructura agrega junto a cada diagnóstico CIE-10 su par CIE-11 (codDiagnostico…CIE11 y nomCodDiagnostico…CIE11, null si no se informa), quita numAutorizacion de los medicamentos e informa registroSIRAS para usuarios SOAT. Pide a tu software de facturación la nueva estructura.`,
    pathFuente: '',
    fuente: 'Rips',
  };
}

/**
 * Every check decidable from the RIPS alone: {@link checkRipsStructure} plus the DT1 rules of rules-rips.ts
 * (RVC006…RVC097, RVG12, RVG13; reference §3.4), from one pass over the RIPS ({@link RipsPass}). The rules part is
 * capped like the structure part. Never throws.
 */
export function checkRips(rips: TRipsParsed, options: TCheckOptions = {}): THallazgoLocal[] {
  return new RipsPass(null, rips, options).hallazgos(rips);
}

/**
 * One capped group of RIPS checks in the pass: its visitor (none when it could not be set up), its findings (at most
 * {@link MAX_STRUCTURE_FINDINGS}) and, when it threw, what it threw: its findings are then one ERROR_VALIDADOR (a bug
 * in a group hides neither the other groups' findings nor escapes the engine).
 */
class CappedGroup {
  readonly sink = newSink(MAX_STRUCTURE_FINDINGS);
  private readonly visitor: TRipsVisitor | null = null;
  private failure: { error: unknown } | null = null;

  /** `what` names the group in the LIMITE_HALLAZGOS notification. */
  constructor(
    private readonly what: string,
    create: (sink: TFindingSink) => TRipsVisitor,
  ) {
    try {
      this.visitor = create(this.sink);
    } catch (error) {
      this.failure = { error };
    }
  }

  /** What the pass has to walk for this group. */
  visitors(): TRipsVisitor[] {
    return this.visitor ? [this.visitor] : [];
  }

  /** Takes note of the visitors that threw during the pass ({@link walkRips}'s result). */
  walked(failed: ReadonlyMap<TRipsVisitor, unknown>): void {
    if (this.visitor && failed.has(this.visitor)) this.failure = { error: failed.get(this.visitor) };
  }

  get failed(): boolean {
    return this.failure !== null;
  }

  findings(): THallazgoLocal[] {
    return this.failure ? [engineFailure(this.failure.error)] : withLimit(this.sink, this.what);
  }
}

/**
 * PROPIEDAD_MAYUSCULAS (NOTIFICACION, Radica's own): a property name written in another case than the norm's, which the
 * ministry's validator reads all the same (claves.ts; docs/decisions/050). Told once per property (at most 20, then a
 * count), at the path of the norm's name.
 */
function clavesLeidasHallazgos(claves: TRipsHead['clavesLeidas']): THallazgoLocal[] {
  if (!claves || claves.total === 0) return [];
  const found: THallazgoLocal[] = claves.leidas.map((c) => ({
    clase: 'NOTIFICACION',
    codigo: 'PROPIEDAD_MAYUSCULAS',
    descripcion: 'El nombre de la propiedad no está escrito como en la norma; el validador del Ministerio lo lee sin distinguir mayúsculas de minúsculas.',
    observaciones: `Se envió [${c.enviada}] y se leyó como [${c.leida}]. Pide a tu software de facturación los nombres exactos de la norma.`,
    pathFuente: c.path,
    fuente: 'Rips',
  }));
  const rest = claves.total - claves.leidas.length;
  if (rest > 0 && found[found.length - 1]) {
    const last = found[found.length - 1]!;
    found[found.length - 1] = { ...last, observaciones: `${last.observaciones} Hay ${rest} propiedad(es) más escritas así.` };
  }
  return found;
}

/**
 * The structure group: the schema of `options.version`, except that a file still written in Res. 2275/2023's
 * structure after the cut-over to Res. 948/2026 gets one finding that names the new structure, then the old
 * structure's own checks (not one missing-key RVG01 per CIE-11 field). The properties read in the norm's spelling
 * (PROPIEDAD_MAYUSCULAS) come first.
 */
class StructureGroup extends CappedGroup {
  private readonly outdatedNorma: string | null;
  private readonly claves: THallazgoLocal[];

  constructor(head: Pick<TRipsHead, 'rips' | 'clavesLeidas'>, options: TCheckOptions) {
    const rips = head.rips;
    const schema = ripsSchema(options.version);
    const outdated = schema.version === 'res948-2026-dt1-v002' && writtenInRes2275(rips);
    super(
      'estructura',
      (sink) =>
        new StructureCheck(
          outdated ? ripsSchema('res2275-2023') : schema,
          options.tables ?? defaultReferenceTables(),
          sink,
        ),
    );
    this.outdatedNorma = outdated ? schema.norma : null;
    this.claves = clavesLeidasHallazgos(head.clavesLeidas);
  }

  override findings(): THallazgoLocal[] {
    const found = super.findings();
    return this.outdatedNorma !== null && !this.failed
      ? [...this.claves, estructuraAnterior(this.outdatedNorma), ...found]
      : [...this.claves, ...found];
  }
}

/**
 * The checks of one package as ONE pass over its RIPS (rips.ts `walkRips`; one pass over the
 * services whatever the number of rules): the structure check, the DT1 rules, the XML ↔ RIPS rules when there is an
 * XML, and the RIPS summary when the RIPS was read without it (`rips` a {@link TRipsHead}: the check of a file).
 */
export class RipsPass {
  private readonly structure: StructureGroup;
  private readonly rules: CappedGroup;
  private readonly crossFile: CrossFileRules | null;
  private readonly paquete: PaqueteRules;
  private readonly summary: ResumenVisitor | null;
  private readonly codigos = new CodigosPrestador();
  private readonly numDocumentoIdObligado: string | null;
  private readonly prestadores: TPrestadoresReps | undefined;
  private readonly failed: ReadonlyMap<TRipsVisitor, unknown>;

  constructor(
    private readonly xml: TFevXml | null,
    rips: TRipsHead | TRipsParsed,
    options: TCheckOptions,
  ) {
    this.structure = new StructureGroup(rips, options);
    const paquete = options.paquete ?? muvEndpointFor(xml, rips);
    this.numDocumentoIdObligado = rips.numDocumentoIdObligado;
    this.prestadores = options.prestadores;
    this.rules = new CappedGroup(
      'validación',
      (sink) =>
        new RipsRules(options.now ?? new Date(), options.tables ?? defaultReferenceTables(), sink, {
          codigoPrestador: codigoPrestadorXml(xml),
          cobertura: xml?.salud?.coberturaPlan ?? null,
          sinFactura: xml === null && rips.tipoNota === 'RS',
          paquete,
        }),
    );
    this.crossFile = xml ? new CrossFileRules(xml) : null;
    this.paquete = new PaqueteRules(xml, rips);
    this.summary = 'resumen' in rips ? null : new ResumenVisitor();
    const visitors = [...this.structure.visitors(), ...this.rules.visitors(), this.codigos];
    if (this.paquete.visitaServicios) visitors.push(this.paquete);
    if (this.crossFile) visitors.push(this.crossFile);
    if (this.summary) visitors.push(this.summary);
    this.failed = walkRips(rips.rips, visitors);
    this.structure.walked(this.failed);
    this.rules.walked(this.failed);
  }

  /** The package-type findings (rules-paquete.ts), or one ERROR_VALIDADOR when those rules threw. */
  private paqueteFindings(): THallazgoLocal[] {
    if (this.failed.has(this.paquete)) return [engineFailure(this.failed.get(this.paquete))];
    return this.paquete.findings();
  }

  /**
   * The distinct codPrestador values of the RIPS with their first paths (rules-reps.ts), for RVC012 against a REPS
   * table the check options did not carry (the API's, in its database). Empty when the pass could not gather them.
   */
  codigosPrestador(): TCodPrestadorVisto[] {
    return this.failed.has(this.codigos) ? [] : this.codigos.vistos;
  }

  /** RVC012 with the check options' REPS table, or none without one. */
  private repsFindings(): THallazgoLocal[] {
    if (!this.prestadores) return [];
    return reglaPrestadorReps(this.codigosPrestador(), this.numDocumentoIdObligado, this.prestadores);
  }

  /** The RIPS summary the pass computed (when `rips` had none), or null when it could not be computed. */
  resumen(): TRipsResumen | null {
    return this.summary && !this.failed.has(this.summary) ? this.summary.resumen() : null;
  }

  /**
   * The findings, in order: structure (capped), DT1 rules (capped), the package-type rules (rules-paquete.ts), then
   * with an XML the cross-file rules and the XML rules.
   * @param rips the RIPS with its summary (the cross-file totals use it).
   * @throws what a cross-file rule threw, as {@link checkPair} always has (engine.ts turns it into an error).
   */
  hallazgos(rips: TRipsParsed): THallazgoLocal[] {
    const found = [
      ...this.structure.findings(),
      ...this.rules.findings(),
      ...this.repsFindings(),
      ...this.paqueteFindings(),
    ];
    if (!this.xml || !this.crossFile) return found;
    if (this.failed.has(this.crossFile)) throw this.failed.get(this.crossFile);
    return [...found, ...this.crossFile.findings(rips), ...checkXml(this.xml)];
  }
}
