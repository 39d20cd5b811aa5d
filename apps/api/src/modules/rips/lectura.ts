import { parse as parseCsv } from 'csv-parse/sync';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { PACIENTE_COLUMNAS, ZPacienteCampos, type TConciliacion, type TEstadoBorrador, type THallazgoRips } from '@radica/contracts/rips';
import { checkRead, resolveRipsVersion, type TCodPrestadorVisto, type TRipsSchemaVersion } from '@radica/fevrips/engine';
import { FevRipsError } from '@radica/fevrips/errors';
import { formatoDelDocumento, parseRipsHead } from '@radica/fevrips/rips';
import { decodeUtf8 } from '@radica/fevrips/shared';
import type { TFevXml } from '@radica/fevrips/xml';

/**
 * The CPU-bound reads of the RIPS module, pure (no database): the patients CSV, the patients and medications a RIPS
 * names, the engine's analysis of a draft. The spreadsheet worker runs them on big files (sheet-task.ts: the event
 * loop never parses 100,000 rows); the services run them on small ones.
 */

// ---- the patients CSV ---------------------------------------------------------------------------------------------

/** Rows of a patients CSV at most (the header apart). */
export const MAX_PACIENTES_CSV = 100_000;
/** Patients written per statement: one batch is tens of milliseconds of database work on PGlite, then the event loop turns. */
export const PACIENTES_POR_LOTE = 250;
/** Errors a refused CSV reports at most (the rest are counted). */
const MAX_ERRORES = 200;

/** One error of an import: the file's row (1 = the header) and column, in Spanish. */
export type TErrorFila = { fila: number; columna: string | null; mensaje: string };

/**
 * What reading a patients CSV gave: the patients in batches of {@link PACIENTES_POR_LOTE}, each batch the JSON text
 * of an array of rows in {@link PACIENTE_COLUMNAS} order (handed to the database as it is: nobody parses it again on
 * the event loop), or every error, or why the file cannot be read at all.
 */
export type TPacientesCsv =
  | { ok: true; lotes: string[]; total: number }
  | { ok: false; errores: TErrorFila[]; totalErrores: number }
  | { ok: false; ilegible: string };

/**
 * Reads a patients CSV (the export's columns, `;` or `,`, UTF-8 with or without BOM), all or nothing: every value of
 * every row is checked against ZPacienteCampos and each wrong one is reported with its row, column and a Spanish
 * message (a row with four wrong values reports four); a patient (document type and number) twice in the file is an
 * error on its second row. A formula-escaping apostrophe (the export's) is removed. At most
 * {@link MAX_PACIENTES_CSV} rows.
 */
export function leerPacientesCsv(bytes: Uint8Array): TPacientesCsv {
  const text = decodeUtf8(bytes);
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ',';
  let records: string[][];
  try {
    records = parseCsv(text, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, to_line: MAX_PACIENTES_CSV + 2 }) as string[][];
  } catch {
    return { ok: false, ilegible: MSG_RIPS.hojaIlegible };
  }
  if (records.length > MAX_PACIENTES_CSV + 1) return { ok: false, ilegible: MSG_RIPS.pacientesDemasiados(MAX_PACIENTES_CSV) };
  const [header = [], ...rows] = records;
  const names = header.map((h) => h.trim());
  const errores: TErrorFila[] = [];
  let totalErrores = 0;
  const error = (e: TErrorFila) => {
    totalErrores++;
    if (errores.length < MAX_ERRORES) errores.push(e);
  };
  for (const c of ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion'])
    if (!names.includes(c)) error({ fila: 1, columna: c, mensaje: MSG_RIPS.hojaColumnaFalta(c) });
  for (const n of names) if (n && !(PACIENTE_COLUMNAS as readonly string[]).includes(n)) error({ fila: 1, columna: n, mensaje: MSG_RIPS.hojaColumnaDesconocida(n) });
  if (totalErrores > 0) return { ok: false, errores, totalErrores };

  const filas: (string | null)[][] = [];
  const vistos = new Map<string, number>();
  rows.forEach((cells, i) => {
    const fila = i + 2;
    const obj: Record<string, string | null> = {};
    names.forEach((n, j) => {
      const v = (cells[j] ?? '').trim();
      obj[n] = v === '' ? null : v.replace(/^'(?=[=+\-@'"])/, '');
    });
    for (const c of PACIENTE_COLUMNAS) obj[c] ??= null;
    const parsed = ZPacienteCampos.safeParse(obj);
    if (!parsed.success) {
      // One message per wrong column (a value too short and of the wrong form says it once).
      const columnas = new Set<string>();
      for (const issue of parsed.error.issues) {
        const columna = String(issue.path[0] ?? '');
        if (columnas.has(columna)) continue;
        columnas.add(columna);
        error({ fila, columna, mensaje: issue.message });
      }
      return;
    }
    const p = parsed.data;
    const clave = `${p.tipoDocumentoIdentificacion}|${p.numDocumentoIdentificacion}`;
    const antes = vistos.get(clave);
    if (antes !== undefined) {
      error({ fila, columna: 'numDocumentoIdentificacion', mensaje: MSG_RIPS.pacienteRepetido(antes) });
      return;
    }
    vistos.set(clave, fila);
    filas.push(PACIENTE_COLUMNAS.map((c) => p[c]));
  });
  if (totalErrores > 0) return { ok: false, errores, totalErrores };
  return { ok: true, lotes: enLotes(filas), total: filas.length };
}

/** Rows in batches of PACIENTES_POR_LOTE, each the JSON text of its rows (repository.ts upsertPacientesLote). */
function enLotes(filas: (string | null)[][]): string[] {
  const lotes: string[] = [];
  for (let i = 0; i < filas.length; i += PACIENTES_POR_LOTE) lotes.push(JSON.stringify(filas.slice(i, i + PACIENTES_POR_LOTE)));
  return lotes;
}

/** Patients of a RIPS as batches of JSON rows in PACIENTE_COLUMNAS order (no name: a RIPS carries none). */
export function pacientesEnLotes(pacientes: readonly TPacienteDeRips[]): string[] {
  return enLotes(pacientes.map((p) => PACIENTE_COLUMNAS.map((c) => (c === 'nombre' ? null : p[c]))));
}

// ---- patients and medications of a RIPS -------------------------------------------------------------------------

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);
const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2_147_483_647 ? v : null);

/** A patient as a RIPS user gives it (no name: a RIPS carries none). */
export type TPacienteDeRips = {
  tipoDocumentoIdentificacion: string;
  numDocumentoIdentificacion: string;
  fechaNacimiento: string | null;
  codSexo: string | null;
  tipoUsuario: string | null;
  codPaisResidencia: string | null;
  codMunicipioResidencia: string | null;
  codZonaTerritorialResidencia: string | null;
  codPaisOrigen: string | null;
};
/** A medication as a RIPS service gives it. */
export type TMedicamentoDeRips = {
  codTecnologiaSalud: string;
  nomTecnologiaSalud: string | null;
  formaFarmaceutica: string | null;
  concentracionMedicamento: number | null;
  unidadMedida: number | null;
  unidadMinDispensa: number | null;
  tipoMedicamento: string | null;
};

/** The patient fields of a RIPS user, or null when it has no document type and number. */
function pacienteDeUsuario(u: Record<string, unknown>): TPacienteDeRips | null {
  const tipo = text(u['tipoDocumentoIdentificacion']);
  const num = text(u['numDocumentoIdentificacion']);
  if (!tipo || !num || tipo.length > 2 || num.length > 20) return null;
  const fecha = text(u['fechaNacimiento']);
  return {
    tipoDocumentoIdentificacion: tipo,
    numDocumentoIdentificacion: num,
    fechaNacimiento: fecha && /^\d{4}-\d{2}-\d{2}$/.test(fecha) ? fecha : null,
    codSexo: text(u['codSexo'])?.slice(0, 1) ?? null,
    tipoUsuario: text(u['tipoUsuario'])?.slice(0, 2) ?? null,
    codPaisResidencia: text(u['codPaisResidencia'])?.slice(0, 3) ?? null,
    codMunicipioResidencia: text(u['codMunicipioResidencia'])?.slice(0, 5) ?? null,
    codZonaTerritorialResidencia: text(u['codZonaTerritorialResidencia'])?.slice(0, 2) ?? null,
    codPaisOrigen: text(u['codPaisOrigen'])?.slice(0, 3) ?? null,
  };
}

/**
 * The distinct patients (by document type and number, the last wins) and medications (by code, the first wins) a
 * RIPS names. Never throws for odd content: what is not a user or a medication is skipped.
 */
export function datosDeRips(rips: Record<string, unknown>): { pacientes: TPacienteDeRips[]; medicamentos: TMedicamentoDeRips[] } {
  const usuarios = Array.isArray(rips['usuarios']) ? (rips['usuarios'] as unknown[]) : [];
  const pacientes = new Map<string, TPacienteDeRips>();
  const medicamentos = new Map<string, TMedicamentoDeRips>();
  for (const u of usuarios) {
    if (typeof u !== 'object' || u === null) continue;
    const p = pacienteDeUsuario(u as Record<string, unknown>);
    if (p) pacientes.set(`${p.tipoDocumentoIdentificacion}|${p.numDocumentoIdentificacion}`, p);
    const meds = (u as { servicios?: { medicamentos?: unknown } }).servicios?.medicamentos;
    if (!Array.isArray(meds)) continue;
    for (const m of meds) {
      if (typeof m !== 'object' || m === null) continue;
      const r = m as Record<string, unknown>;
      const cod = text(r['codTecnologiaSalud']);
      if (!cod || cod.length > 20 || medicamentos.has(cod)) continue;
      medicamentos.set(cod, {
        codTecnologiaSalud: cod,
        nomTecnologiaSalud: text(r['nomTecnologiaSalud'])?.slice(0, 250) ?? null,
        formaFarmaceutica: text(r['formaFarmaceutica'])?.slice(0, 20) ?? null,
        concentracionMedicamento: int(r['concentracionMedicamento']),
        unidadMedida: int(r['unidadMedida']),
        unidadMinDispensa: int(r['unidadMinDispensa']),
        tipoMedicamento: text(r['tipoMedicamento'])?.slice(0, 2) ?? null,
      });
    }
  }
  return { pacientes: [...pacientes.values()], medicamentos: [...medicamentos.values()] };
}

// ---- the engine's analysis of a draft -----------------------------------------------------------------------------

const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What the engine says of a draft before the REPS table is asked (the structure the pre-validator decides, the
 * findings of `checkRead`, the totals against the invoice, the list facts), or `invalido` when it is no RIPS at all.
 * The REPS check (RVC012, a database lookup of `codigosPrestador`) is added by service.ts analizarBorrador.
 */
export type TAnalisisRips =
  | { invalido: true }
  | {
      invalido: false;
      version: TRipsSchemaVersion;
      hallazgos: THallazgoRips[];
      conciliacion: TConciliacion;
      codigosPrestador: TCodPrestadorVisto[];
      numDocumentoIdObligado: string | null;
      facts: {
        estructura: TRipsSchemaVersion;
        formato: string | null;
        numFactura: string | null;
        tipoNota: string | null;
        numNota: string | null;
        cantidadUsuarios: number;
        cantidadServicios: number;
        totalValorServicios: string;
      };
    };

/** The engine's analysis of a draft's RIPS with its invoice (see {@link TAnalisisRips}). Pure; CPU-bound on big RIPS. */
export function analizarRips(rips: Record<string, unknown>, xml: TFevXml | null): TAnalisisRips {
  const version = resolveRipsVersion(xml, { rips });
  let chequeo: ReturnType<typeof checkRead>;
  try {
    chequeo = checkRead({ xml, rips: parseRipsHead(rips), error: null }, { version });
  } catch (e) {
    if (e instanceof FevRipsError) return { invalido: true };
    throw e;
  }
  if (chequeo.error || !chequeo.rips) return { invalido: true };
  const parsed = chequeo.rips;
  const r = parsed.resumen;
  return {
    invalido: false,
    version,
    hallazgos: chequeo.hallazgos,
    codigosPrestador: chequeo.codigosPrestador,
    numDocumentoIdObligado: parsed.numDocumentoIdObligado,
    conciliacion: {
      cantidadUsuarios: r.cantidadUsuarios,
      cantidadServicios: r.cantidadAtenciones,
      totalValorServicios: r.totalValorServicios,
      totalPagoModerador: r.totalPagoModerador,
      pagoModeradorPorConcepto: r.pagoModeradorPorConcepto,
      diferenciaValorServicios: xml?.totals.lineExtensionAmount != null ? round(xml.totals.lineExtensionAmount - r.totalValorServicios) : null,
      diferenciaPagosModeradores: xml ? round((xml.totals.prepaidAmount ?? 0) - r.totalPagoModerador) : null,
    },
    facts: {
      estructura: version,
      formato: xml?.formato ?? formatoDelDocumento(parsed),
      numFactura: parsed.numFactura,
      tipoNota: parsed.tipoNota,
      numNota: parsed.numNota,
      cantidadUsuarios: r.cantidadUsuarios,
      cantidadServicios: r.cantidadAtenciones,
      totalValorServicios: Number.isFinite(r.totalValorServicios) && Math.abs(r.totalValorServicios) < 1e16 ? r.totalValorServicios.toFixed(2) : '0',
    },
  };
}

/** A draft's status from its rejections: CON_HALLAZGOS with any, else LISTO with its invoice, else BORRADOR. */
export const estadoDeBorrador = (rechazos: number, conXml: boolean): TEstadoBorrador => (rechazos > 0 ? 'CON_HALLAZGOS' : conXml ? 'LISTO' : 'BORRADOR');
