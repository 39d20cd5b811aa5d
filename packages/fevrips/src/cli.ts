import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { diaBogota, inicioDiaBogota } from '@radica/contracts/bogota';
import type { TCheckOptions } from './check.ts';
import { hasRechazo, type THallazgoLocal } from './findings.ts';
import { checkFiles, checkRead, readFiles, type TChequeo } from './engine.ts';
import { FevRipsError } from './errors.ts';
import { isRipsSchemaVersion, ripsSchema, RIPS_SCHEMA_VERSIONS, RES948_DESDE, type TRipsSchemaVersion } from './schema.ts';
import { referenceTablesFromSispro } from './tables.ts';
import { parseFevXml, type TFevXml } from './xml.ts';
import { REGLAS, coberturaReglas, reglaDe, type TEstadoRegla, type TRegla } from '@radica/contracts/reglas';
import { MUV_CARGA_ENDPOINTS } from '@radica/contracts/muv';
import type { TMuvEndpoint } from './endpoints.ts';

/** The package types `--paquete` takes: the upload endpoints the engine sends to. */
const PAQUETES: readonly TMuvEndpoint[] = MUV_CARGA_ENDPOINTS.map((e) => e.name).filter(
  (n): n is TMuvEndpoint => n !== 'CargarNCAcuerdoVoluntades',
);
const isPaquete = (v: string): v is TMuvEndpoint => (PAQUETES as readonly string[]).includes(v);

/** Texts of the command line (es-CO). The findings carry their own texts. */
const CLI_MSG = {
  uso: [
    'Uso: radica-fevrips check FACTURA.xml RIPS.json [--json]',
    '     radica-fevrips check CARPETA [--json]          (pares emparejados por formato)',
    '     radica-fevrips check RIPS.json | FACTURA.xml [--json]',
    '     radica-fevrips rules [--json] [--estado implementada|ministerio|pendiente] [--paquete SERVICIO]   (catálogo de reglas)',
    '     radica-fevrips to-sheet RIPS.json [--csv] > rips.xlsx      (hoja de cálculo, una fila por servicio)',
    '     radica-fevrips from-sheet rips.xlsx [--xml FACTURA.xml] > rips.json',
    "     radica-fevrips nota --factura RIPS.json --xml NOTA.xml [--servicios '<json>'] [--out NOTA.json]   (RIPS de una nota)",
    `Opciones: --version ${RIPS_SCHEMA_VERSIONS.join(' | ')} (por defecto según la fecha de la factura: Res. 948 desde ${RES948_DESDE})`,
    '          --tablas CARPETA (exportaciones SISPRO TablaReferencia_*.txt)',
    '          --fecha AAAA-MM-DD (fecha de validación; por defecto hoy)',
    '          --paquete SERVICIO (CargarFevRips, CargarNC, CargarND, CargarNotaAjuste…: el tipo de paquete cuyas clases',
    '            aplican; por defecto el que dicen los archivos: tipoNota NC/ND/NA/RS del RIPS o el tipo de documento del XML)',
    'Sale con 1 si hay algún hallazgo RECHAZADO o un archivo que no se pudo leer; 2 si el uso es incorrecto.',
  ].join('\n'),
  archivoNoExiste: (p: string) => `No se encontró el archivo o carpeta: ${p}`,
  versionDesconocida: (v: string) => `Versión de estructura RIPS desconocida: ${v}`,
  fechaInvalida: (v: string) => `Fecha de validación inválida: ${v} (use AAAA-MM-DD)`,
  sinHallazgos: 'Sin hallazgos.',
  servicio: (e: string) => `Servicio del Ministerio: ${e}`,
  resumen: (paquetes: number, rechazados: number, rechazos: number, notificaciones: number) =>
    `Resumen: ${paquetes} paquete(s), ${rechazados} con rechazo; ${rechazos} hallazgo(s) RECHAZADO, ${notificaciones} NOTIFICACION.`,
  sinPar: 'sin par',
  estructura: (norma: string, version: string) => `Estructura RIPS: ${norma} (${version})`,
  comoCorregir: (texto: string) => `Cómo corregir: ${texto}`,
  cobertura: (c: { total: number; implementada: number; ministerio: number; pendiente: number }) =>
    `Reglas: ${c.total} en el catálogo; ${c.implementada} implementadas en Radica, ${c.ministerio} solo las decide el Ministerio, ${c.pendiente} pendientes.`,
  estadoDesconocido: (v: string) => `Estado desconocido: ${v} (use implementada, ministerio o pendiente)`,
  paqueteDesconocido: (v: string) => `Tipo de paquete desconocido: ${v} (use ${PAQUETES.join(', ')})`,
  porPaquete: (clases: string) => `Por tipo de paquete: ${clases}.`,
  claseEn: (clase: string, paquetes: readonly string[]) => `${clase} en ${paquetes.join(', ')}`,
  errorLectura: 'No se pudo leer',
} as const;

/** One package the CLI checked. */
export type TCliPaquete = {
  xml: string | null;
  rips: string | null;
  formato: string | null;
  endpoint: string | null;
  error: { codigo: string; mensaje: string } | null;
  hallazgos: THallazgoLocal[];
  /** The RIPS structure the package was checked against (schema version), null without a RIPS. */
  estructura: TRipsSchemaVersion | null;
};

/** What `--json` prints. */
export type TCliSalida = {
  paquetes: TCliPaquete[];
  resumen: {
    paquetes: number;
    conRechazo: number;
    rechazados: number;
    notificaciones: number;
    porCodigo: Record<string, number>;
  };
};

type TWrite = (text: string) => void;

/** node's parseArgs over `args` (strict: an unknown option, or one without its value, is wrong usage: null). */
function parseCli<T extends ParseArgsConfig['options']>(args: string[], options: T) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch {
    return null;
  }
}

/**
 * `radica-fevrips check …` (DESIGN "packages/fevrips … CLI"): checks an XML + RIPS pair, a single file,
 * or every pair of a folder (XML and JSON matched by `formato`, the invoice/note number), and prints the findings
 * in the ministry's shape, or JSON with `--json`.
 *
 * @param argv arguments after the program name.
 * @returns the exit code: 0 no RECHAZADO; 1 any RECHAZADO or an unreadable file; 2 wrong usage.
 * Never throws: unexpected errors are printed and give 2.
 */
export function main(
  argv: string[],
  out: TWrite = (t) => process.stdout.write(t),
  err: TWrite = (t) => process.stderr.write(t),
): number {
  try {
    return run(argv, out, err);
  } catch (e) {
    err(`${e instanceof Error ? e.message : String(e)}\n`);
    return 2;
  }
}

function run(argv: string[], out: TWrite, err: TWrite): number {
  const [command, ...rest] = argv;
  if (command === 'rules') return printRules(rest, out, err);
  if (command !== 'check') {
    err(`${CLI_MSG.uso}\n`);
    return 2;
  }
  const args = parseCli(rest, { json: { type: 'boolean' }, version: { type: 'string' }, fecha: { type: 'string' }, paquete: { type: 'string' }, tablas: { type: 'string' } });
  if (!args) {
    err(`${CLI_MSG.uso}\n`);
    return 2;
  }
  const { values: v, positionals: paths } = args;
  const json = v.json === true;
  const options: TCheckOptions = {};
  if (v.version !== undefined) {
    if (!isRipsSchemaVersion(v.version)) {
      err(`${CLI_MSG.versionDesconocida(v.version)}\n`);
      return 2;
    }
    options.version = v.version;
  }
  if (v.fecha !== undefined) {
    // The validation day at noon in Bogotá.
    const d = inicioDiaBogota(v.fecha);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v.fecha) || Number.isNaN(d.getTime()) || diaBogota(d) !== v.fecha) {
      err(`${CLI_MSG.fechaInvalida(v.fecha)}\n`);
      return 2;
    }
    options.now = new Date(d.getTime() + 12 * 3_600_000);
  }
  if (v.paquete !== undefined) {
    if (!isPaquete(v.paquete)) {
      err(`${CLI_MSG.paqueteDesconocido(v.paquete)}\n`);
      return 2;
    }
    options.paquete = v.paquete;
  }
  if (v.tablas !== undefined) {
    const dir = v.tablas;
    const files = readdirSync(dir).filter((f) => /^TablaReferencia_.*\.txt$/i.test(f));
    options.tables = referenceTablesFromSispro(
      files.map((f) => ({ name: f, text: readFileSync(join(dir, f), 'utf8') })),
    );
  }
  if (paths.length < 1 || paths.length > 2) {
    err(`${CLI_MSG.uso}\n`);
    return 2;
  }
  for (const p of paths) {
    try {
      statSync(p);
    } catch {
      err(`${CLI_MSG.archivoNoExiste(p)}\n`);
      return 2;
    }
  }

  const paquetes: TCliPaquete[] =
    paths.length === 1 && statSync(paths[0] as string).isDirectory()
      ? checkFolder(paths[0] as string, options)
      : [checkGiven(paths, options)];

  const salida = summarize(paquetes);
  if (json) out(`${JSON.stringify(salida, null, 2)}\n`);
  else printText(salida, out);
  return paquetes.some((p) => p.error || hasRechazo(p.hallazgos)) ? 1 : 0;
}

function isXmlPath(p: string): boolean {
  return extname(p).toLowerCase() === '.xml';
}

function checkGiven(paths: string[], options: TCheckOptions): TCliPaquete {
  const xmlPath = paths.find(isXmlPath) ?? null;
  const ripsPath = paths.find((p) => !isXmlPath(p)) ?? null;
  const result = checkFiles(
    { xml: xmlPath ? readFileSync(xmlPath) : null, rips: ripsPath ? readFileSync(ripsPath) : null },
    options,
  );
  return toPaquete(xmlPath, ripsPath, result);
}

/**
 * Folder mode: every `.xml` is read first (small files) and indexed by formato; then each `.json` is read (parsed
 * once), checked with the XML of the same formato (a note RIPS pairs by `numNota`), and dropped before the next one,
 * so memory stays at one RIPS at a time. XMLs left without a RIPS are checked alone.
 */
function checkFolder(dir: string, options: TCheckOptions): TCliPaquete[] {
  const names = readdirSync(dir).sort();
  const xmls = new Map<string, { path: string; xml: TFevXml }>();
  const paquetes: TCliPaquete[] = [];
  for (const name of names.filter(isXmlPath)) {
    const path = join(dir, name);
    try {
      const xml = parseFevXml(readFileSync(path));
      if (!xmls.has(xml.formato)) xmls.set(xml.formato, { path, xml });
    } catch (e) {
      paquetes.push(toPaquete(path, null, failed(e)));
    }
  }
  const used = new Set<string>();
  for (const name of names.filter((n) => extname(n).toLowerCase() === '.json')) {
    const path = join(dir, name);
    // read once: the formato finds the XML, then the same parsed RIPS is checked
    const leido = readFiles({ rips: readFileSync(path) });
    const formatos = [leido.rips?.formatoNota ?? null, leido.rips?.formato ?? null].filter(
      (f): f is string => f !== null,
    );
    const pair = formatos.map((f) => xmls.get(f)).find((x) => x !== undefined);
    if (pair) used.add(pair.xml.formato);
    const result = checkRead({ ...leido, xml: pair?.xml ?? null }, options);
    paquetes.push(toPaquete(pair?.path ?? null, path, result));
  }
  for (const [formato, { path, xml }] of xmls) {
    if (used.has(formato)) continue;
    paquetes.push(toPaquete(path, null, checkRead({ xml, rips: null, error: null }, options)));
  }
  return paquetes;
}

function failed(e: unknown): TChequeo {
  const error = e instanceof FevRipsError ? e : new FevRipsError('XML_ERROR', undefined, { cause: e });
  return { xml: null, rips: null, hallazgos: [], endpoint: null, error, version: null, codigosPrestador: [] };
}

function toPaquete(xmlPath: string | null, ripsPath: string | null, r: TChequeo): TCliPaquete {
  return {
    xml: xmlPath,
    rips: ripsPath,
    formato: r.xml?.formato ?? r.rips?.formato ?? null,
    endpoint: r.endpoint,
    error: r.error ? { codigo: r.error.code, mensaje: r.error.message } : null,
    hallazgos: r.hallazgos,
    estructura: r.version,
  };
}

function summarize(paquetes: TCliPaquete[]): TCliSalida {
  const porCodigo: Record<string, number> = {};
  let rechazados = 0;
  let notificaciones = 0;
  for (const p of paquetes) {
    for (const h of p.hallazgos) {
      porCodigo[h.codigo] = (porCodigo[h.codigo] ?? 0) + 1;
      if (h.clase === 'RECHAZADO') rechazados++;
      else notificaciones++;
    }
    if (p.error) porCodigo[p.error.codigo] = (porCodigo[p.error.codigo] ?? 0) + 1;
  }
  return {
    paquetes,
    resumen: {
      paquetes: paquetes.length,
      conRechazo: paquetes.filter((p) => p.error || hasRechazo(p.hallazgos)).length,
      rechazados,
      notificaciones,
      porCodigo,
    },
  };
}

function printText(salida: TCliSalida, out: TWrite): void {
  for (const p of salida.paquetes) {
    const files = [p.xml, p.rips].filter((f): f is string => f !== null).map((f) => basename(f));
    out(
      `\n== ${files.join(' + ')}${p.formato ? ` (formato ${p.formato})` : ''}${files.length === 1 && p.xml && !p.rips ? ` [${CLI_MSG.sinPar}]` : ''}\n`,
    );
    if (p.endpoint) out(`${CLI_MSG.servicio(p.endpoint)}\n`);
    if (p.estructura) out(`${CLI_MSG.estructura(ripsSchema(p.estructura).norma, p.estructura)}\n`);
    if (p.error) {
      out(`ERROR ${p.error.codigo}: ${CLI_MSG.errorLectura}. ${p.error.mensaje}\n`);
      continue;
    }
    if (p.hallazgos.length === 0) out(`${CLI_MSG.sinHallazgos}\n`);
    for (const h of p.hallazgos) {
      out(
        `${h.clase} ${h.codigo} [${h.fuente}]${h.pathFuente ? ` ${h.pathFuente}` : ''}\n  ${h.descripcion}\n`,
      );
      if (h.observaciones) out(`  ${h.observaciones}\n`);
      const regla = reglaDe(h.codigo, p.endpoint);
      if (regla) out(`  ${CLI_MSG.comoCorregir(regla.comoCorregir)}\n`);
    }
  }
  const r = salida.resumen;
  out(`\n${CLI_MSG.resumen(r.paquetes, r.conRechazo, r.rechazados, r.notificaciones)}\n`);
  const codes = Object.entries(r.porCodigo).sort(([a], [b]) => a.localeCompare(b));
  if (codes.length > 0) out(`${codes.map(([c, n]) => `${c}: ${n}`).join(', ')}\n`);
}

const ESTADOS: readonly TEstadoRegla[] = ['implementada', 'ministerio', 'pendiente'];

/**
 * `radica-fevrips rules [--json] [--estado E] [--paquete SERVICIO]` (the rule inventory): the catalogue of
 * rules (packages/contracts reglas.ts) with code, class, status and description, then the coverage counts; a rule whose
 * class depends on the package type says so at the end of its line (docs/decisions/049). With `--paquete`, every rule
 * as it applies to that package type (class, source and texts). `--json` prints `{ reglas, cobertura }`. Returns 0, or
 * 2 on wrong usage.
 */
function printRules(args: string[], out: TWrite, err: TWrite): number {
  const parsed = parseCli(args, { json: { type: 'boolean' }, paquete: { type: 'string' }, estado: { type: 'string' } });
  if (!parsed || parsed.positionals.length > 0) {
    err(`${CLI_MSG.uso}\n`);
    return 2;
  }
  const json = parsed.values.json === true;
  let estado: TEstadoRegla | null = null;
  let paquete: TMuvEndpoint | null = null;
  const v = parsed.values;
  if (v.paquete !== undefined) {
    if (!isPaquete(v.paquete)) {
      err(`${CLI_MSG.paqueteDesconocido(v.paquete)}\n`);
      return 2;
    }
    paquete = v.paquete;
  }
  if (v.estado !== undefined) {
    if (!(ESTADOS as readonly string[]).includes(v.estado)) {
      err(`${CLI_MSG.estadoDesconocido(v.estado)}\n`);
      return 2;
    }
    estado = v.estado as TEstadoRegla;
  }
  const todas = paquete ? REGLAS.map((r) => reglaDe(r.codigo, paquete) as TRegla) : REGLAS;
  const reglas = estado ? todas.filter((r) => r.estado === estado) : todas;
  const cobertura = coberturaReglas();
  if (json) {
    out(`${JSON.stringify({ reglas, cobertura }, null, 2)}\n`);
    return 0;
  }
  for (const r of reglas) {
    const porPaquete = !paquete && r.porPaquete
      ? ` ${CLI_MSG.porPaquete(r.porPaquete.map((p) => CLI_MSG.claseEn(p.clase, p.paquetes)).join('; '))}`
      : '';
    out(`${r.codigo.padEnd(17)} ${r.clase} ${r.estado.padEnd(12)} ${r.descripcion}${porPaquete}\n`);
  }
  out(`\n${CLI_MSG.cobertura(cobertura)}\n`);
  return 0;
}
