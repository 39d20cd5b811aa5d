import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Reference tables of the RIPS (reference §6). Two kinds:
 * - the short SISPRO lists (TipoIDPISIS, RIPSTipoUsuarioVersion2…), written out below from reference §6;
 * - the big catalogues (CUPSRips, CIE10, DIVIPOLA municipalities), shipped as compact data files in
 *   `packages/fevrips/data/`, derived by `scripts/derive-tables.ts` from the shared source files (the source of
 *   each file is written in its header). An updated SISPRO `TablaReferencia_*` export can replace a catalogue
 *   at run time through {@link parseSisproTable} / {@link referenceTablesFromSispro} (CLI option `--tablas`).
 */

/** The short lists of reference §6, keyed by their SISPRO table name. */
export const RIPS_LISTS = {
  /** tipoDocumentoIdentificacion (16 codes). */
  TipoIDPISIS: [
    'AS',
    'CC',
    'CD',
    'CE',
    'CN',
    'DE',
    'MS',
    'NI',
    'NV',
    'PA',
    'PE',
    'PT',
    'RC',
    'SC',
    'SI',
    'TI',
  ],
  /** tipoUsuario 01–13. */
  RIPSTipoUsuarioVersion2: codes(1, 13),
  /** codSexo of the usuario: Extra_III of the Sexo table (M/F/I), not its H/M/I Codigo column. */
  Sexo: ['M', 'F', 'I'],
  /** codSexoBiologico of the newborn. */
  SexoBiologico: ['01', '02', '03'],
  ZonaVersion2: ['01', '02'],
  /**
   * incapacidad. SI/NO in every real accepted file (2025); 01 (sí) / 02 (no) in the Res. 2275 annex's own example and,
   * as reported, in DT1 v003 of Res. 948 (reference §9): both codings pass (never refuse what the ministry accepts).
   */
  LstSiNo: ['SI', 'NO', '01', '02'],
  /** modalidadGrupoServicioTecSal (no 05). */
  ModalidadAtencion: ['01', '02', '03', '04', '06', '07', '08', '09'],
  GrupoServicios: codes(1, 5),
  /** finalidadTecnologiaSalud 11–44. */
  RIPSFinalidadConsultaVersion2: codes(11, 44),
  /** causaMotivoAtencion 21–49 (49 added by Res. 948, accepted in both versions 🔸). */
  RIPSCausaExternaVersion2: codes(21, 49),
  RIPSTipoDiagnosticoPrincipalVersion2: codes(1, 3),
  ViaIngresoUsuario: codes(1, 14),
  CondicionyDestinoUsuarioEgreso: codes(1, 8),
  /** conceptoRecaudo: 04 Anticipo is listed (FEV only, RVC092 notifies it in a RIPS). */
  ConceptoRecaudo: codes(1, 5),
  TipoNota: ['NA', 'NC', 'ND', 'RS'],
  TipoMedicamentoPOSVersion2: codes(1, 5),
  /** tipoOS 01–05 (06 disabled). */
  TipoOtrosServicios: codes(1, 5),
} as const satisfies Record<string, readonly string[]>;

export type TRipsListName = keyof typeof RIPS_LISTS;
/** Every table a RIPS field can be checked against. */
export type TTableName = TRipsListName | 'CUPSRips' | 'CIE10' | 'Municipio' | 'Pais';

const LIST_SETS: Record<TRipsListName, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(RIPS_LISTS).map(([name, list]) => [name, new Set<string>(list)]),
) as unknown as Record<TRipsListName, ReadonlySet<string>>;

/**
 * One CUPSRips row, reduced to what the rules use (SISPRO `TablaReferencia_CUPSRips` columns):
 * - `uso` Extra_I UsoCodigoCUP (AC consulta, AP procedimiento…);
 * - `sexo` Extra_VI (Z any, F, M);
 * - `dxRequerido` Extra_V DxRequerido (S/N);
 * - `ambito` Extra_VII Ambito (A ambulatorio, H hospitalario, U urgencias, D, Z any);
 * - `cobertura` Extra_IX Cobertura (the plan the code belongs to, e.g. 01; '' when the row gives none).
 */
export type TCupsEntry = { uso: string; sexo: string; dxRequerido: string; ambito: string; cobertura: string };

/** The CUPSRips `Extra_*` columns kept in `data/cups-rips.txt`, in file order after Codigo (scripts/derive-tables.ts). */
export const CUPS_COLUMNS = ['UsoCodigoCUP', 'Sexo', 'DxRequerido', 'Ambito', 'Cobertura'] as const;

/** A {@link TCupsEntry} from the values of {@link CUPS_COLUMNS}, in that order (missing columns: '' , sexo 'Z'). */
function cupsEntryOf(values: readonly (string | undefined)[]): TCupsEntry {
  const [uso = '', sexo = '', dxRequerido = '', ambito = '', cobertura = ''] = values;
  return { uso, sexo: sexo || 'Z', dxRequerido, ambito: ambito || 'Z', cobertura };
}

/** The catalogues the engine checks codes against. `fuentes` says where each came from (shown by the CLI). */
export type TReferenceTables = {
  cups: ReadonlyMap<string, TCupsEntry>;
  cie10: ReadonlySet<string>;
  municipios: ReadonlySet<string>;
  fuentes: { cups: string; cie10: string; municipios: string };
};

/** One row of a SISPRO `TablaReferencia_*` export. `extra` is keyed by the name after the colon (`UsoCodigoCUP`). */
export type TSisproRow = {
  tabla: string;
  codigo: string;
  nombre: string;
  habilitado: boolean;
  extra: Record<string, string>;
  /** Every column by its header name (`Fecha_Actualizacion`, `Extra_I:UsoCodigoCUP`…). */
  campos: Record<string, string>;
};

/**
 * Reads a SISPRO "Consulta de referencias básicas" export (`TablaReferencia_<Tabla>__N.txt`): UTF-8 with or
 * without BOM, CRLF or LF, `;`-separated, header `Tabla;Codigo;Nombre;Descripcion;Habilitado;…;Extra_I:<name>…`
 * (format of the CUPSRips sample, reference §5–§6). Columns are found by header name, so added or reordered
 * columns do not matter. Rows with fewer columns than the header are read as far as they go; blank lines and
 * rows without a Codigo are skipped.
 *
 * @throws {Error} when the header has no `Codigo` column (not a SISPRO export).
 */
export function parseSisproTable(text: string): TSisproRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = (lines[0] ?? '').split(';').map((h) => h.trim());
  const at = (name: string) => header.findIndex((h) => h.toLowerCase() === name.toLowerCase());
  const iCodigo = at('Codigo');
  if (iCodigo < 0)
    throw new Error('No es una exportación de tabla de referencia SISPRO: falta la columna Codigo.');
  const iTabla = at('Tabla');
  const iNombre = at('Nombre');
  const iHabilitado = at('Habilitado');
  const extras = header
    .map((h, i) => [i, /^Extra_[IVX]+:(.+)$/.exec(h)?.[1]?.trim()] as const)
    .filter((e): e is readonly [number, string] => e[1] !== undefined);
  const rows: TSisproRow[] = [];
  for (let n = 1; n < lines.length; n++) {
    const line = lines[n];
    if (!line) continue;
    const cells = line.split(';');
    const codigo = (cells[iCodigo] ?? '').trim();
    if (!codigo) continue;
    const extra: Record<string, string> = {};
    for (const [i, name] of extras) extra[name] = (cells[i] ?? '').trim();
    const campos: Record<string, string> = {};
    header.forEach((h, i) => {
      if (h) campos[h] = (cells[i] ?? '').trim();
    });
    rows.push({
      tabla: iTabla >= 0 ? (cells[iTabla] ?? '').trim() : '',
      codigo,
      nombre: iNombre >= 0 ? (cells[iNombre] ?? '').trim() : '',
      habilitado: iHabilitado < 0 || (cells[iHabilitado] ?? '').trim().toUpperCase() === 'SI',
      extra,
      campos,
    });
  }
  return rows;
}

/** CUPSRips catalogue from a SISPRO export: enabled rows only, keyed by Codigo. */
export function cupsFromSispro(text: string): Map<string, TCupsEntry> {
  const map = new Map<string, TCupsEntry>();
  for (const row of parseSisproTable(text)) {
    if (!row.habilitado) continue;
    map.set(row.codigo, cupsEntryOf(CUPS_COLUMNS.map((c) => row.extra[c])));
  }
  return map;
}

/** Code set of any SISPRO export (CIE10, Municipio…): enabled rows' Codigo. */
export function codesFromSispro(text: string): Set<string> {
  return new Set(
    parseSisproTable(text)
      .filter((r) => r.habilitado)
      .map((r) => r.codigo),
  );
}

/**
 * Replaces catalogues of `base` with SISPRO exports, chosen by the `Tabla` column of their first row
 * (CUPSRips, CIE10, Municipio). Exports of other tables are ignored. `name` is recorded in `fuentes`.
 */
export function referenceTablesFromSispro(
  exports: { name: string; text: string }[],
  base: TReferenceTables = defaultReferenceTables(),
): TReferenceTables {
  const out = { ...base, fuentes: { ...base.fuentes } };
  for (const { name, text } of exports) {
    const tabla = parseSisproTable(text)[0]?.tabla.toLowerCase();
    if (tabla === 'cupsrips') {
      out.cups = cupsFromSispro(text);
      out.fuentes.cups = name;
    } else if (tabla === 'cie10') {
      out.cie10 = codesFromSispro(text);
      out.fuentes.cie10 = name;
    } else if (tabla === 'municipio') {
      out.municipios = codesFromSispro(text);
      out.fuentes.municipios = name;
    }
  }
  return out;
}

/** True when `code` is in the short list `name`. */
export function inList(name: TRipsListName, code: string): boolean {
  return LIST_SETS[name].has(code);
}

/** True when `code` belongs to `table` (Pais: any 3-digit ISO 3166 numeric code — no country table ships, ❓). */
export function inTable(tables: TReferenceTables, table: TTableName, code: string): boolean {
  const codes = tableCodes(tables, table);
  return codes ? codes.has(code) : PAIS_CODE.test(code);
}

/**
 * The codes of `table` (CUPSRips: its keys), or null for Pais, which is checked by shape ({@link inTable}). The
 * structure check looks each field's table up once per file with this, not once per value.
 */
export function tableCodes(
  tables: TReferenceTables,
  table: TTableName,
): { has(code: string): boolean } | null {
  switch (table) {
    case 'CUPSRips':
      return tables.cups;
    case 'CIE10':
      return tables.cie10;
    case 'Municipio':
      return tables.municipios;
    case 'Pais':
      return null;
    default:
      return LIST_SETS[table];
  }
}

const PAIS_CODE = /^\d{3}$/;

let defaults: TReferenceTables | null = null;

/**
 * The catalogues shipped in `packages/fevrips/data/` (loaded once, on first use; a few ms).
 * @throws {Error} only if the package's own data files are missing (a broken install).
 */
export function defaultReferenceTables(): TReferenceTables {
  if (defaults) return defaults;
  const cups = new Map<string, TCupsEntry>();
  for (const line of dataLines('cups-rips.txt')) {
    const [codigo, ...values] = line.split(';');
    if (codigo) cups.set(codigo, cupsEntryOf(values));
  }
  defaults = {
    cups,
    cie10: new Set(dataLines('cie10.txt')),
    municipios: new Set(dataLines('divipola-municipios.txt')),
    fuentes: {
      cups: 'data/cups-rips.txt (SISPRO CUPSRips, 2025-05-03)',
      cie10: 'data/cie10.txt (CIE-10 Colombia, 12 634 códigos)',
      municipios: 'data/divipola-municipios.txt (DANE DIVIPOLA, 1 122 códigos)',
    },
  };
  return defaults;
}

/** Non-comment, non-blank lines of a data file. */
function dataLines(file: string): string[] {
  const text = readFileSync(join(import.meta.dirname, '..', 'data', file), 'utf8');
  return text.split('\n').filter((l) => l !== '' && !l.startsWith('#'));
}

function codes(from: number, to: number): string[] {
  const out: string[] = [];
  for (let n = from; n <= to; n++) out.push(String(n).padStart(2, '0'));
  return out;
}
