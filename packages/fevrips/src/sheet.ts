import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { RIPS_TIPOS_SERVICIO } from '@radica/contracts/rips-codigos';
import { checkRipsStructure, resolveRipsVersion } from './check.ts';
import { parseRipsObject, SERVICE_LISTS, type TServiceList } from './rips.ts';
import { ripsSchema, type TFieldSpec, type TRipsSchemaVersion } from './schema.ts';
import { isRecord } from './shared.ts';
import type { TReferenceTables } from './tables.ts';
import type { TFevXml } from './xml.ts';

/**
 * A RIPS as a spreadsheet and back: one row per service, the invoice's and the user's
 * columns repeated on each of its rows. The same functions serve the CLI (`to-sheet` / `from-sheet`), the API's
 * import and export and the template; the file formats (XLSX, CSV) are in sheet-io.ts.
 *
 * Columns: the transaction's fields (`numDocumentoIdObligado`, `numFactura`, `tipoNota`, `numNota`), the user's
 * fields prefixed `usuario.` (`usuario.tipoDocumentoIdentificacion`…), `tipoServicio` (the list: consultas,
 * procedimientos…) and every service field of the structure once (a field of several lists, such as
 * `codPrestador`, is one column). A row leaves empty the fields its service type does not have.
 *
 * Cells: an empty cell is `null`; the text `""` is an empty string; numbers are number cells; dates are text
 * ("AAAA-MM-DD" / "AAAA-MM-DD HH:mm"). Text that a spreadsheet would take for a formula (starting with = + - @, tab
 * or carriage return) is written with a leading apostrophe (CSV injection), which reading removes. So a RIPS written
 * by {@link ripsToSheet} and read by {@link ripsFromSheet} is the same RIPS: every value, users and services in the
 * same order (every real sample, sheet.test.ts).
 */

/** A cell as the file readers give it: text, number, a date typed by the user, empty, or something not a value. */
export type TRawCell = string | number | Date | null | { problema: 'formula' | 'error' };
/** A cell as {@link ripsToSheet} writes it. */
export type TCell = string | number | null;

export type TSheetColumn = {
  name: string;
  level: 'transaccion' | 'usuario' | 'tipo' | 'servicio';
  /** The RIPS field ('' for `tipoServicio`). */
  field: string;
  /** For a service field, the lists that have it, with its spec in each. */
  lists: Partial<Record<TServiceList, TFieldSpec>>;
  /** The spec of a transaction or user field. */
  spec: TFieldSpec | null;
};

export const TIPO_SERVICIO_COLUMN = 'tipoServicio';
export const USUARIO_PREFIX = 'usuario.';
/** The marker of an empty string (a null is an empty cell). */
export const EMPTY_STRING_CELL = '""';

const columnsCache = new Map<TRipsSchemaVersion, TSheetColumn[]>();

/**
 * The columns of the sheet of a structure, in order. Res. 948/2026 adds its CIE-11 pairs, `codigoVIDA`,
 * `registroSIRAS` and `vrDispensacion` (schema.ts).
 */
export function sheetColumns(version: TRipsSchemaVersion): TSheetColumn[] {
  const cached = columnsCache.get(version);
  if (cached) return cached;
  const schema = ripsSchema(version);
  const columns: TSheetColumn[] = [];
  for (const [field, spec] of Object.entries(schema.transaccion))
    columns.push({ name: field, level: 'transaccion', field, lists: {}, spec });
  for (const [field, spec] of Object.entries(schema.usuario))
    columns.push({ name: `${USUARIO_PREFIX}${field}`, level: 'usuario', field, lists: {}, spec });
  columns.push({ name: TIPO_SERVICIO_COLUMN, level: 'tipo', field: '', lists: {}, spec: null });
  const byField = new Map<string, TSheetColumn>();
  for (const list of SERVICE_LISTS) {
    for (const [field, spec] of Object.entries(schema.servicios[list])) {
      let column = byField.get(field);
      if (!column) {
        column = { name: field, level: 'servicio', field, lists: {}, spec: null };
        byField.set(field, column);
        columns.push(column);
      }
      column.lists[list] = spec;
    }
  }
  // consecutivo of the service last, as in every list
  const i = columns.findIndex((c) => c.level === 'servicio' && c.field === 'consecutivo');
  if (i >= 0) columns.push(...columns.splice(i, 1));
  columnsCache.set(version, columns);
  return columns;
}

/** The columns every sheet must have: the required fields that no prefill can supply. */
function requiredColumns(columns: TSheetColumn[]): string[] {
  return columns
    .filter((c) => {
      if (c.level === 'tipo') return true;
      if (c.level === 'transaccion') return false; // an XML can supply them
      if (c.level === 'usuario') return c.spec?.required === true && c.field !== 'consecutivo';
      return c.field !== 'consecutivo' && Object.values(c.lists).some((s) => s?.required);
    })
    .map((c) => c.name);
}

const FORMULA_START = /^[=+\-@\t\r']/;
const ESCAPED = /^'[=+\-@\t\r'"]/;

/** A text as it goes into a cell: `""` for '', a leading apostrophe before what a spreadsheet would evaluate. */
export function encodeText(value: string): string {
  if (value === '') return EMPTY_STRING_CELL;
  if (FORMULA_START.test(value) || value === EMPTY_STRING_CELL) return `'${value}`;
  return value;
}

/** The inverse of {@link encodeText} for a text cell. */
export function decodeText(cell: string): string {
  if (cell === EMPTY_STRING_CELL) return '';
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

function encodeValue(value: unknown): TCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return encodeText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return String(value);
  return encodeText(JSON.stringify(value));
}

export type TSheetTable = { version: TRipsSchemaVersion; header: string[]; rows: TCell[][]; omitidos: string[] };

/**
 * A RIPS as a sheet: the header and one row per service (a user without services gets one row with an empty
 * `tipoServicio`). Users in file order; each user's services list by list, in the order of the lists in its
 * `servicios`, each list in its order. `omitidos` names the JSON paths that are not fields of the structure (not
 * representable in a sheet; reported by the CLI). The structure is `version`, else the one the pre-validator decides
 * ({@link resolveRipsVersion}: invoice date given by `xml`, else the first service date).
 */
export function ripsToSheet(
  rips: Record<string, unknown>,
  options: { version?: TRipsSchemaVersion; xml?: TFevXml | null } = {},
): TSheetTable {
  const version = options.version ?? resolveRipsVersion(options.xml ?? null, { rips });
  const columns = sheetColumns(version);
  const schema = ripsSchema(version);
  const omitidos: string[] = [];
  const header = columns.map((c) => c.name);
  const head: TCell[] = [];
  for (const c of columns) if (c.level === 'transaccion') head.push(encodeValue(rips[c.field]));
  for (const key of Object.keys(rips)) if (!(key in schema.transaccion) && key !== 'usuarios') omitidos.push(key);
  const rows: TCell[][] = [];
  const usuarios = Array.isArray(rips['usuarios']) ? rips['usuarios'] : [];
  usuarios.forEach((usuario: unknown, u) => {
    if (!isRecord(usuario)) {
      omitidos.push(`usuarios[${u}]`);
      return;
    }
    for (const key of Object.keys(usuario))
      if (!(key in schema.usuario) && key !== 'servicios') omitidos.push(`usuarios[${u}].${key}`);
    const userCells = columns.filter((c) => c.level === 'usuario').map((c) => encodeValue(usuario[c.field]));
    const servicios = isRecord(usuario['servicios']) ? usuario['servicios'] : {};
    let count = 0;
    for (const [list, items] of Object.entries(servicios)) {
      if (!(SERVICE_LISTS as readonly string[]).includes(list) || !Array.isArray(items)) {
        omitidos.push(`usuarios[${u}].servicios.${list}`);
        continue;
      }
      const spec = schema.servicios[list as TServiceList];
      items.forEach((service: unknown, j) => {
        if (!isRecord(service)) {
          omitidos.push(`usuarios[${u}].servicios.${list}[${j}]`);
          return;
        }
        for (const key of Object.keys(service))
          if (!(key in spec)) omitidos.push(`usuarios[${u}].servicios.${list}[${j}].${key}`);
        const row: TCell[] = [...head, ...userCells, list];
        for (const c of columns) if (c.level === 'servicio') row.push(c.field in spec ? encodeValue(service[c.field]) : null);
        rows.push(row);
        count++;
      });
    }
    if (count === 0) rows.push([...head, ...userCells, null, ...columns.filter((c) => c.level === 'servicio').map(() => null)]);
  });
  return { version, header, rows, omitidos };
}

/** One error of an import: the sheet's row (1 = the header) and column name, in Spanish. */
export type TSheetError = { fila: number; columna: string | null; mensaje: string };

export type TSheetResult =
  | { ok: true; rips: Record<string, unknown>; version: TRipsSchemaVersion; filas: number }
  | { ok: false; errores: TSheetError[]; totalErrores: number };

/** Errors reported at most by one import (the rest are counted). */
export const MAX_SHEET_ERRORS = 200;

const TIPO_BY_NAME = new Map<string, TServiceList>(
  SERVICE_LISTS.flatMap((l) => [
    [normalizeName(l), l],
    [normalizeName(RIPS_TIPOS_SERVICIO[l]), l],
  ]),
);

function normalizeName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/**
 * A sheet back to a RIPS (the inverse of {@link ripsToSheet}), all or nothing: either the RIPS, or every problem found
 * (at most {@link MAX_SHEET_ERRORS}, `totalErrores` counts them all), each at its row and column:
 * - the header: a required column missing, an unknown or repeated column, a Res. 948 column with values under 2275;
 * - a cell: a formula or a spreadsheet error (never evaluated), a field its service type does not have, a row whose
 *   invoice or user columns differ from an earlier row of the same invoice or user;
 * - the structure check of the engine (checks the result as the pre-validator does: RVG01 type, format, required, code
 *   tables, RVG05 lengths, RVG14 CUPS — refused here even where the pre-validator only notifies it), mapped from its
 *   JSON path back to the row and column.
 *
 * Users are grouped by `usuario.consecutivo` (by document type and number when the whole column is empty; users
 * and services are then numbered 1..n in order of appearance, as they are when a `consecutivo` column is empty
 * throughout). `xml` (the invoice) fills empty invoice columns and decides the structure with its date; without it the
 * structure follows the first service date (check.ts `resolveRipsVersion`), unless `version` forces one.
 */
export function ripsFromSheet(
  input: { header: TRawCell[]; rows: TRawCell[][]; headerRow?: number },
  options: { xml?: TFevXml | null; version?: TRipsSchemaVersion; tables?: TReferenceTables } = {},
): TSheetResult {
  const errors = new ErrorList();
  const headerRow = input.headerRow ?? 1;
  const header = readHeader(input, headerRow, errors);
  if (!header) return errors.result();
  const rows = readRows(input, header.names, headerRow, errors);
  if (!rows) return errors.result();
  const raw: TRaw = (cells, name) => {
    const i = header.position.get(name);
    return i === undefined ? null : (cells[i] ?? null);
  };

  const rips = readTransaccion(rows, raw, errors);
  if (options.xml) fillFromXml(rips, options.xml, errors, rows[0]!.n);
  const { groups, numberUsers } = groupUsers(rows, raw, header.all948, errors);

  // the structure: forced, else by the invoice date, else the first service date (as the pre-validator decides)
  const serviceCols = header.all948.filter((c) => c.level === 'servicio');
  const version =
    options.version ??
    (options.xml ? resolveRipsVersion(options.xml, null) : resolveRipsVersion(null, firstServiceOnly(rows, raw, serviceCols)));
  const schema = ripsSchema(version);
  if (version === 'res2275-2023') refuse948Columns(header, rows, raw, schema.norma, errors);

  const { usuarios, where } = buildUsuarios(groups, rows, raw, { schema, serviceCols, numberUsers }, errors);
  rips['usuarios'] = usuarios;
  if (errors.size > 0) return errors.result();

  // the engine's structure check, at the rows and columns
  const hallazgos = checkRipsStructure(parseRipsObject(rips), { version, tables: options.tables });
  for (const h of hallazgos) {
    if (!bloqueaImportacion(h)) continue;
    const located = locate(h.pathFuente, where, rows[0]!.n);
    errors.add(located.n, located.columna, h.observaciones || h.descripcion);
  }
  if (errors.size > 0) return errors.result();
  return { ok: true, rips, version, filas: rows.length };
}

type TSheetRow = { n: number; cells: TRawCell[] };
/** The raw cell of column `name` in a row (null when the sheet has no such column). */
type TRaw = (cells: TRawCell[], name: string) => TRawCell;
type THeader = { names: string[]; all948: TSheetColumn[]; byName: Map<string, TSheetColumn>; position: Map<string, number> };
type TUserGroup = { firstRow: number; values: Map<string, unknown>; rows: TSheetRow[] };

/** The header row: each known column's position; null (problems in `errors`) when a column is missing, unknown or repeated. */
function readHeader(input: { header: TRawCell[]; rows: TRawCell[][] }, headerRow: number, errors: ErrorList): THeader | null {
  const names = input.header.map((h) => (typeof h === 'string' ? h.trim() : h === null ? '' : String(h)));
  if (names.every((n) => n === '')) {
    errors.add(headerRow, null, MSG_RIPS.hojaSinEncabezados);
    return null;
  }
  const all948 = sheetColumns('res948-2026-dt1-v002');
  const byName = new Map(all948.map((c) => [c.name, c]));
  const position = new Map<string, number>();
  names.forEach((name, i) => {
    if (name === '') {
      if (input.rows.some((r) => !isEmptyCell(r[i] ?? null))) errors.add(headerRow, `#${i + 1}`, MSG_RIPS.hojaSinEncabezados);
      return;
    }
    if (!byName.has(name)) errors.add(headerRow, name, MSG_RIPS.hojaColumnaDesconocida(name));
    else if (position.has(name)) errors.add(headerRow, name, MSG_RIPS.hojaColumnaRepetida(name));
    else position.set(name, i);
  });
  for (const name of requiredColumns(all948)) if (!position.has(name)) errors.add(headerRow, name, MSG_RIPS.hojaColumnaFalta(name));
  return errors.size > 0 ? null : { names, all948, byName, position };
}

/** The data rows with their sheet row number (wholly empty rows skipped); null when none, or a cell holds a formula or an error. */
function readRows(input: { rows: TRawCell[][] }, names: string[], headerRow: number, errors: ErrorList): TSheetRow[] | null {
  const rows: TSheetRow[] = [];
  input.rows.forEach((cells, i) => {
    if (cells.some((c) => !isEmptyCell(c))) rows.push({ n: headerRow + 1 + i, cells });
  });
  if (rows.length === 0) {
    errors.add(headerRow + 1, null, MSG_RIPS.hojaVacia);
    return null;
  }
  for (const { n, cells } of rows)
    cells.forEach((cell, i) => {
      if (cell !== null && typeof cell === 'object' && !(cell instanceof Date))
        errors.add(n, names[i] || `#${i + 1}`, cell.problema === 'formula' ? MSG_RIPS.hojaFormula : MSG_RIPS.hojaCeldaError);
    });
  return errors.size > 0 ? null : rows;
}

/** The transaction: first non-empty value of each column, every other non-empty value equal to it. */
function readTransaccion(rows: TSheetRow[], raw: TRaw, errors: ErrorList): Record<string, unknown> {
  const rips: Record<string, unknown> = {};
  const tx2275 = ripsSchema('res2275-2023').transaccion;
  for (const [field, spec] of Object.entries(tx2275)) {
    let value: unknown = null;
    let from = 0;
    for (const { n, cells } of rows) {
      const cell = raw(cells, field);
      if (isEmptyCell(cell)) continue;
      const v = decodeCell(cell, spec);
      if (from === 0) {
        value = v;
        from = n;
      } else if (v !== value) errors.add(n, field, MSG_RIPS.hojaFacturaDistinta(field, from));
    }
    rips[field] = value;
  }
  return rips;
}

/** The rows grouped by user (its `consecutivo`, or its document when that column is empty throughout: `numberUsers`). */
function groupUsers(rows: TSheetRow[], raw: TRaw, all948: THeader['all948'], errors: ErrorList): { groups: Map<string, TUserGroup>; numberUsers: boolean } {
  const usuarioCols = all948.filter((c) => c.level === 'usuario');
  const consecutivoCol = `${USUARIO_PREFIX}consecutivo`;
  const numberUsers = rows.every((r) => isEmptyCell(raw(r.cells, consecutivoCol)));
  const groups = new Map<string, TUserGroup>();
  const usuarioSpecs = ripsSchema('res948-2026-dt1-v002').usuario;
  for (const row of rows) {
    const key = numberUsers
      ? `doc:${cellText(raw(row.cells, `${USUARIO_PREFIX}tipoDocumentoIdentificacion`))}|${cellText(raw(row.cells, `${USUARIO_PREFIX}numDocumentoIdentificacion`))}`
      : `c:${cellText(raw(row.cells, consecutivoCol))}`;
    const values = new Map<string, unknown>();
    for (const c of usuarioCols) values.set(c.field, decodeCell(raw(row.cells, c.name), usuarioSpecs[c.field] as TFieldSpec));
    const group = groups.get(key);
    if (!group) {
      groups.set(key, { firstRow: row.n, values, rows: [row] });
      continue;
    }
    group.rows.push(row);
    for (const [field, v] of values)
      if (v !== group.values.get(field)) errors.add(row.n, `${USUARIO_PREFIX}${field}`, MSG_RIPS.hojaUsuarioDistinto(`${USUARIO_PREFIX}${field}`, group.firstRow));
  }
  return { groups, numberUsers };
}

/** Res. 948 columns with values in a RIPS under Res. 2275 (`norma`): each such cell is a problem. */
function refuse948Columns(header: THeader, rows: TSheetRow[], raw: TRaw, norma: string, errors: ErrorList): void {
  for (const name of header.position.keys()) {
    const c = header.byName.get(name)!;
    const in2275 = sheetColumns('res2275-2023').some((x) => x.name === name);
    if (in2275) continue;
    for (const { n, cells } of rows) if (!isEmptyCell(raw(cells, name))) errors.add(n, name, MSG_RIPS.hojaColumnaNoAplica(c.name, norma));
  }
}

/**
 * The users and their services as the structure `schema` has them, and where each JSON path came from (its row) so
 * the engine's findings can be shown at their cells.
 */
function buildUsuarios(
  groups: Map<string, TUserGroup>,
  rows: TSheetRow[],
  raw: TRaw,
  o: { schema: ReturnType<typeof ripsSchema>; serviceCols: THeader['all948']; numberUsers: boolean },
  errors: ErrorList,
): { usuarios: Record<string, unknown>[]; where: Map<string, { n: number }> } {
  const { schema, serviceCols, numberUsers } = o;
  const where = new Map<string, { n: number }>();
  const numberServices = new Set<TServiceList>(
    SERVICE_LISTS.filter((list) =>
      rows.every((r) => TIPO_BY_NAME.get(normalizeName(cellText(raw(r.cells, TIPO_SERVICIO_COLUMN)))) !== list || isEmptyCell(raw(r.cells, 'consecutivo'))),
    ),
  );
  const usuarios: Record<string, unknown>[] = [];
  let u = 0;
  for (const group of groups.values()) {
    const usuario: Record<string, unknown> = {};
    for (const field of Object.keys(schema.usuario)) usuario[field] = group.values.get(field) ?? null;
    if (numberUsers) usuario['consecutivo'] = u + 1;
    const servicios: Record<string, unknown[]> = {};
    for (const { n, cells } of group.rows) {
      const tipoCell = raw(cells, TIPO_SERVICIO_COLUMN);
      const hasService = serviceCols.some((c) => !isEmptyCell(raw(cells, c.name)));
      if (isEmptyCell(tipoCell)) {
        if (hasService || group.rows.length > 1) errors.add(n, TIPO_SERVICIO_COLUMN, MSG_RIPS.hojaTipoServicio('', SERVICE_LISTS.join(', ')));
        continue;
      }
      const list = TIPO_BY_NAME.get(normalizeName(cellText(tipoCell)));
      if (!list) {
        errors.add(n, TIPO_SERVICIO_COLUMN, MSG_RIPS.hojaTipoServicio(cellText(tipoCell), SERVICE_LISTS.join(', ')));
        continue;
      }
      const spec = schema.servicios[list];
      const service: Record<string, unknown> = {};
      for (const [field, fieldSpec] of Object.entries(spec)) service[field] = decodeCell(raw(cells, field), fieldSpec);
      for (const c of serviceCols)
        if (!(c.field in spec) && !isEmptyCell(raw(cells, c.name))) errors.add(n, c.name, MSG_RIPS.hojaCampoNoAplica(c.name, list));
      const items = (servicios[list] ??= []);
      if (numberServices.has(list)) service['consecutivo'] = items.length + 1;
      where.set(`usuarios[${u}].servicios.${list}[${items.length}]`, { n });
      items.push(service);
    }
    usuario['servicios'] = servicios;
    where.set(`usuarios[${u}]`, { n: group.firstRow });
    usuarios.push(usuario);
    u++;
  }
  return { usuarios, where };
}

/**
 * Whether a finding of the structure check refuses a sheet: every RECHAZADO, and a CUPS code not in Radica's CUPSRips
 * (RVG14) although the pre-validator only notifies it (docs/decisions/025: Radica's copy may lag the ministry's). A
 * sheet is typed by hand, so an unknown code is most likely a typo; a code
 * newer than Radica's table goes in through a RIPS JSON, or the CLI's `check --tablas` with a newer export.
 */
function bloqueaImportacion(h: { clase: string; codigo: string }): boolean {
  return h.clase === 'RECHAZADO' || h.codigo === 'RVG14';
}

/** The row and column of a finding's JSON path. */
function locate(path: string, where: Map<string, { n: number }>, firstRow: number): { n: number; columna: string | null } {
  const service = /^(usuarios\[\d+\]\.servicios\.\w+\[\d+\])(?:\.(\w+))?/.exec(path);
  if (service) return { n: where.get(service[1]!)?.n ?? firstRow, columna: service[2] ?? null };
  const user = /^(usuarios\[\d+\])(?:\.(\w+))?/.exec(path);
  if (user) return { n: where.get(user[1]!)?.n ?? firstRow, columna: user[2] && user[2] !== 'servicios' ? `${USUARIO_PREFIX}${user[2]}` : null };
  return { n: firstRow, columna: path || null };
}

/** A minimal RIPS holding the first service row's dates, for the structure decision. */
function firstServiceOnly(
  rows: { cells: TRawCell[] }[],
  raw: (cells: TRawCell[], name: string) => TRawCell,
  serviceCols: TSheetColumn[],
): { rips: Record<string, unknown> } {
  const row = rows.find((r) => !isEmptyCell(raw(r.cells, TIPO_SERVICIO_COLUMN)));
  if (!row) return { rips: { usuarios: [] } };
  const service: Record<string, unknown> = {};
  for (const c of serviceCols)
    if (c.field.startsWith('fecha')) service[c.field] = decodeCell(raw(row.cells, c.name), { kind: 'fechaHora', required: false });
  return { rips: { usuarios: [{ servicios: { lista: [service] } }] } };
}

/** Empty invoice columns from the invoice XML; a filled one must agree with it. */
function fillFromXml(rips: Record<string, unknown>, xml: TFevXml, errors: ErrorList, firstRow: number): void {
  const fromXml = ripsHeaderFromXml(xml);
  for (const [field, value] of Object.entries(fromXml)) {
    if (value === null) continue;
    const current = rips[field];
    if (current === null || current === undefined) rips[field] = value;
    else if (field !== 'tipoNota' && current !== value) errors.add(firstRow, field, MSG_RIPS.hojaXmlDistinto(field, String(current), value));
  }
}

/**
 * The transaction fields of the RIPS of an invoice or note XML (reference §2.2): `numDocumentoIdObligado` (the
 * supplier NIT without check digit), and for an invoice `numFactura` = its number; for a credit or debit note
 * `tipoNota` NC / ND, `numNota` = the note's number and `numFactura` = the invoice it corrects.
 */
export function ripsHeaderFromXml(xml: TFevXml): { numDocumentoIdObligado: string | null; numFactura: string | null; tipoNota: string | null; numNota: string | null } {
  const esNota = xml.tipoDocumento === 'NC' || xml.tipoDocumento === 'ND';
  return {
    numDocumentoIdObligado: xml.nitObligado,
    numFactura: esNota ? (xml.billingReference?.id ?? null) : (xml.numeroDocumento ?? xml.formato),
    tipoNota: esNota ? xml.tipoDocumento : null,
    numNota: esNota ? (xml.numeroDocumento ?? xml.formato) : null,
  };
}

/** Decodes a cell for a field (see the module's cell rules). */
export function decodeCell(cell: TRawCell, spec: TFieldSpec): unknown {
  if (cell === null) return null;
  if (cell instanceof Date) return formatDate(cell, spec.kind);
  if (typeof cell === 'object') return null;
  if (typeof cell === 'number') {
    if (spec.kind === 'entero' || spec.kind === 'decimal') return cell;
    const text = String(cell);
    // a spreadsheet drops the leading zeros of a fixed-length code typed as a number ("05001" → 5001)
    if (spec.minLength !== undefined && spec.minLength === spec.maxLength && /^\d+$/.test(text) && text.length < spec.minLength)
      return text.padStart(spec.minLength, '0');
    return text;
  }
  if (cell === '') return null;
  const text = decodeText(cell);
  if (spec.kind === 'entero' || spec.kind === 'decimal') {
    const t = text.trim();
    if (/^-?\d{1,15}$/.test(t)) return Number(t);
    if (spec.kind === 'decimal' && /^-?\d{1,15}[.,]\d+$/.test(t)) return Number(t.replace(',', '.'));
  }
  return text;
}

function formatDate(d: Date, kind: TFieldSpec['kind']): string {
  const p = (n: number) => String(n).padStart(2, '0');
  const date = `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())}`;
  return kind === 'fecha' ? date : `${date} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

function isEmptyCell(cell: TRawCell | undefined): boolean {
  return cell === null || cell === undefined || cell === '';
}

function cellText(cell: TRawCell): string {
  if (cell === null) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') return '';
  return typeof cell === 'string' ? decodeText(cell).trim() : String(cell);
}

class ErrorList {
  private readonly items: TSheetError[] = [];
  private total = 0;

  get size(): number {
    return this.total;
  }

  add(fila: number, columna: string | null, mensaje: string): void {
    this.total++;
    if (this.items.length < MAX_SHEET_ERRORS) this.items.push({ fila, columna, mensaje });
  }

  result(): TSheetResult {
    const errores = [...this.items].sort((a, b) => a.fila - b.fila);
    return { ok: false, errores, totalErrores: this.total };
  }
}


/**
 * The RIPS with its keys in the structure's order: the
 * transaction's fields then `usuarios`; each user's fields then `servicios`; the lists in the order of Res. 2275
 * (consultas, procedimientos, urgencias, hospitalizacion, recienNacidos, medicamentos, otrosServicios); each service's
 * fields in order. Keys the structure does not define are kept after the known ones. Values are not changed. (A
 * database's JSON column may reorder keys; the export and the filing go through this.)
 */
export function ripsEnOrden(rips: Record<string, unknown>, version: TRipsSchemaVersion): Record<string, unknown> {
  const schema = ripsSchema(version);
  const ordered = (record: Record<string, unknown>, keys: string[], tail: string[] = []) => {
    const out: Record<string, unknown> = {};
    for (const k of keys) if (Object.hasOwn(record, k)) out[k] = record[k];
    for (const k of Object.keys(record)) if (!Object.hasOwn(out, k) && !tail.includes(k)) out[k] = record[k];
    for (const k of tail) if (Object.hasOwn(record, k)) out[k] = record[k];
    return out;
  };
  const out = ordered(rips, Object.keys(schema.transaccion), ['usuarios']);
  if (Array.isArray(rips['usuarios']))
    out['usuarios'] = rips['usuarios'].map((usuario: unknown) => {
      if (!isRecord(usuario)) return usuario;
      const u = ordered(usuario, Object.keys(schema.usuario), ['servicios']);
      const servicios = usuario['servicios'];
      if (isRecord(servicios)) {
        const lists = ordered(servicios, [...SERVICE_LISTS]);
        for (const list of SERVICE_LISTS) {
          const items = lists[list];
          if (Array.isArray(items))
            lists[list] = items.map((s: unknown) => (isRecord(s) ? ordered(s, Object.keys(schema.servicios[list])) : s));
        }
        u['servicios'] = lists;
      }
      return u;
    });
  return out;
}

/** The RIPS JSON file as the ministry expects it: {@link ripsEnOrden}, UTF-8 without BOM, two-space indentation. */
export function ripsJsonText(rips: Record<string, unknown>, version: TRipsSchemaVersion): string {
  return JSON.stringify(ripsEnOrden(rips, version), null, 2);
}
