import { parse as parseCsv } from 'csv-parse/sync';
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import {
  PACIENTE_COLUMNAS,
  PACIENTES_POR_PAGINA,
  ZPacienteCampos,
  type TMedicamento,
  type TMedicamentoCampos,
  type TMedicamentosData,
  type TPaciente,
  type TPacienteCampos,
  type TPacientesData,
} from '@radica/contracts/rips';
import { encodeText } from '@radica/fevrips/sheet';
import { decodeUtf8 } from '@radica/fevrips/shared';
import type { TDeps } from '../../deps.ts';
import type { TRol } from '@radica/contracts/enums';
import { AppError } from '../../lib/errors.ts';
import {
  addMedicamentos,
  allPacientes,
  deleteMedicamento,
  deletePaciente,
  findPaciente,
  insertMedicamento,
  insertPaciente,
  listAccesos,
  listDocumentJsons,
  listMedicamentos,
  listPacientes,
  logAcceso,
  searchPacientes,
  updateMedicamento,
  updatePaciente,
  upsertPacientes,
  type TMedicamentoRow,
  type TPacienteRow,
} from './repository.ts';

/**
 * The tenant's patients and medications (issue 27 §6, §7). Patient data are sensitive health data (Ley 1581): every
 * read, change, import, export and deletion is logged (rips_pacientes_accesos), exports are for the account's
 * administrators only ({@link puedeExportarPacientes}), and a patient is deleted with its data on request.
 */

type TCtx = { tenantId: number; userId: number };

/**
 * Whether the caller may export the tenant's patients and read their access log: its administrators (issue 28: the
 * caller's role, as the server enforces it; the routes declare the same role).
 */
export async function puedeExportarPacientes(_deps: Pick<TDeps, 'db'>, ctx: TCtx & { rol?: TRol }): Promise<boolean> {
  return ctx.rol === 'administrador';
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null);

function toPaciente(r: TPacienteRow): TPaciente {
  return {
    id: r.id,
    tipoDocumentoIdentificacion: r.tipoDocumentoIdentificacion,
    numDocumentoIdentificacion: r.numDocumentoIdentificacion,
    fechaNacimiento: r.fechaNacimiento,
    codSexo: r.codSexo,
    tipoUsuario: r.tipoUsuario,
    codPaisResidencia: r.codPaisResidencia,
    codMunicipioResidencia: r.codMunicipioResidencia,
    codZonaTerritorialResidencia: r.codZonaTerritorialResidencia,
    codPaisOrigen: r.codPaisOrigen,
    nombre: r.nombre,
    origen: r.origen,
    fechaModificacion: r.fechaModificacion.toISOString(),
  };
}

/** The patient fields of a RIPS user, or null when it has no document type and number. */
function pacienteDeUsuario(u: Record<string, unknown>) {
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
    nombre: null,
    origen: 'rips',
    fechaModificacion: new Date(),
  };
}

const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 2_147_483_647 ? v : null);

/**
 * Records the patients (users) and medications of a RIPS created or filed on the platform (issue 27 §6 "filled
 * automatically", §7). Known patients are updated with what the RIPS says (a stored name is kept); known medications
 * keep what the tenant edited. Never throws for odd content: what is not a user or medication is skipped.
 */
export async function registrarDesdeRips(deps: Pick<TDeps, 'db'>, ctx: TCtx, rips: Record<string, unknown>): Promise<void> {
  const usuarios = Array.isArray(rips['usuarios']) ? (rips['usuarios'] as unknown[]) : [];
  const pacientes = new Map<string, NonNullable<ReturnType<typeof pacienteDeUsuario>>>();
  const medicamentos = new Map<string, Omit<TMedicamentoRow, 'id' | 'tenantId'>>();
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
        fechaModificacion: new Date(),
      });
    }
  }
  if (pacientes.size > 0) {
    await upsertPacientes(deps.db, ctx.tenantId, [...pacientes.values()]);
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'registrar-desde-rips', null, `${pacientes.size} paciente(s)`);
  }
  if (medicamentos.size > 0) await addMedicamentos(deps.db, ctx.tenantId, [...medicamentos.values()]);
}

/**
 * POST /api/rips/pacientes/sincronizar: the patients and medications of every RIPS filed in the ministry area (uploads,
 * e-mail, SFTP, API), read 100 files at a time. Returns how many files were read.
 */
export async function sincronizarDesdeDocumentos(deps: Pick<TDeps, 'db'>, ctx: TCtx): Promise<{ archivos: number }> {
  let after = 0;
  let archivos = 0;
  for (;;) {
    const batch = await listDocumentJsons(deps.db, ctx.tenantId, after, 100);
    if (batch.length === 0) break;
    for (const f of batch) {
      after = f.id;
      archivos++;
      try {
        const rips = JSON.parse(decodeUtf8(f.content)) as unknown;
        if (typeof rips === 'object' && rips !== null && !Array.isArray(rips)) await registrarDesdeRips(deps, ctx, rips as Record<string, unknown>);
      } catch {
        // a filed JSON that does not parse has no patients to give
      }
    }
  }
  return { archivos };
}

export async function listarPacientes(deps: Pick<TDeps, 'db'>, ctx: TCtx, req: { texto?: string; pagina?: number }): Promise<TPacientesData> {
  const pagina = req.pagina ?? 1;
  const { rows, total } = await listPacientes(deps.db, ctx.tenantId, req.texto, { limit: PACIENTES_POR_PAGINA, offset: (pagina - 1) * PACIENTES_POR_PAGINA });
  await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'listar', null, req.texto ? `búsqueda «${req.texto}», página ${pagina}` : `página ${pagina}`);
  return { items: rows.map(toPaciente), total, paginas: Math.max(1, Math.ceil(total / PACIENTES_POR_PAGINA)), puedeExportar: await puedeExportarPacientes(deps, ctx) };
}

/** The editor's patient picker: patients whose document (or name) starts with `texto`. Logged. */
export async function buscarPacientes(deps: Pick<TDeps, 'db'>, ctx: TCtx, texto: string): Promise<TPaciente[]> {
  const rows = await searchPacientes(deps.db, ctx.tenantId, texto, 10);
  await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'buscar', null, `«${texto}», ${rows.length} resultado(s)`);
  return rows.map(toPaciente);
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

export async function crearPaciente(deps: Pick<TDeps, 'db'>, ctx: TCtx, campos: TPacienteCampos): Promise<TPaciente> {
  try {
    const row = await insertPaciente(deps.db, ctx.tenantId, { ...campos, origen: 'manual', fechaModificacion: new Date() });
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'crear', row.id);
    return toPaciente(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('REGISTRO_EXISTE', MSG_RIPS.pacienteExiste);
    throw e;
  }
}

export async function editarPaciente(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number, campos: TPacienteCampos): Promise<TPaciente> {
  try {
    const row = await updatePaciente(deps.db, ctx.tenantId, id, { ...campos, fechaModificacion: new Date() });
    if (!row) throw new AppError('NOT_FOUND', MSG_RIPS.pacienteNoEncontrado);
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'editar', id);
    return toPaciente(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('REGISTRO_EXISTE', MSG_RIPS.pacienteExiste);
    throw e;
  }
}

/** DELETE /api/rips/pacientes/{id} (deletion on request, Ley 1581): the row and its data go; the log keeps the id. */
export async function eliminarPaciente(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<void> {
  const row = await findPaciente(deps.db, ctx.tenantId, id);
  if (!row || !(await deletePaciente(deps.db, ctx.tenantId, id))) throw new AppError('NOT_FOUND', MSG_RIPS.pacienteNoEncontrado);
  await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'eliminar', id, 'eliminado a solicitud');
}

/** The columns of the patients CSV (import and export), the field names of the RIPS user plus `nombre`. */
const COLUMNAS = PACIENTE_COLUMNAS;

/**
 * GET /api/rips/pacientes/exportar: every patient as CSV (`;`, UTF-8 with BOM, formula-like text escaped), for the
 * account's administrators only (403 SOLO_ADMINISTRADOR otherwise). Logged.
 */
export async function exportarPacientes(deps: Pick<TDeps, 'db'>, ctx: TCtx): Promise<string> {
  if (!(await puedeExportarPacientes(deps, ctx))) {
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'exportar-denegado', null);
    throw new AppError('SOLO_ADMINISTRADOR', MSG_RIPS.soloAdministrador);
  }
  const rows = await allPacientes(deps.db, ctx.tenantId);
  await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'exportar', null, `${rows.length} paciente(s)`);
  const records = rows.map((r) => COLUMNAS.map((c) => (r[c] === null || r[c] === undefined ? '' : encodeText(String(r[c])))));
  return `\uFEFF${stringifyCsv([[...COLUMNAS], ...records], { delimiter: ';', record_delimiter: '\r\n' })}`;
}

/**
 * POST /api/rips/pacientes/importar: a CSV with the export's columns (`;` or `,`), all or nothing: any row that does
 * not validate answers 422 HOJA_CON_ERRORES with the rows and columns, and nothing is stored. Logged.
 */
export async function importarPacientes(deps: Pick<TDeps, 'db'>, ctx: TCtx, bytes: Buffer): Promise<{ creados: number; actualizados: number }> {
  const csvText = decodeUtf8(bytes);
  const firstLine = csvText.slice(0, csvText.search(/\r?\n|$/));
  const delimiter = firstLine.split(';').length >= firstLine.split(',').length ? ';' : ',';
  let records: string[][];
  try {
    records = parseCsv(csvText, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, to_line: 100_001 }) as string[][];
  } catch {
    throw new AppError('HOJA_ILEGIBLE', MSG_RIPS.hojaIlegible);
  }
  const [header = [], ...rows] = records;
  const names = header.map((h) => h.trim());
  const errores: { fila: number; columna: string | null; mensaje: string }[] = [];
  for (const c of ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion'])
    if (!names.includes(c)) errores.push({ fila: 1, columna: c, mensaje: MSG_RIPS.hojaColumnaFalta(c) });
  for (const n of names) if (n && !(COLUMNAS as readonly string[]).includes(n)) errores.push({ fila: 1, columna: n, mensaje: MSG_RIPS.hojaColumnaDesconocida(n) });
  const values: TPacienteCampos[] = [];
  if (errores.length === 0)
    rows.forEach((cells, i) => {
      const obj: Record<string, string | null> = {};
      names.forEach((n, j) => {
        const v = (cells[j] ?? '').trim();
        obj[n] = v === '' ? null : v.replace(/^'(?=[=+\-@'"])/, '');
      });
      for (const c of COLUMNAS) obj[c] ??= null;
      const parsed = ZPacienteCampos.safeParse(obj);
      if (parsed.success) values.push(parsed.data);
      else for (const issue of parsed.error.issues.slice(0, 3)) errores.push({ fila: i + 2, columna: String(issue.path[0] ?? ''), mensaje: issue.message });
    });
  if (errores.length > 0) {
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'importar-rechazado', null, `${errores.length} error(es)`);
    throw new AppError('HOJA_CON_ERRORES', MSG_RIPS.hojaFila(errores[0]!.fila, errores[0]!.columna, errores[0]!.mensaje), { errores: errores.slice(0, 200), totalErrores: errores.length });
  }
  const result = await deps.db.transaction((tx) => upsertPacientes(tx, ctx.tenantId, values.map((v) => ({ ...v, origen: 'csv', fechaModificacion: new Date() }))));
  await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'importar', null, `${result.creados} nuevo(s), ${result.actualizados} actualizado(s)`);
  return result;
}

/** GET /api/rips/pacientes/accesos: the latest 200 accesses to the tenant's patient data, for its administrators. */
export async function listarAccesos(deps: Pick<TDeps, 'db'>, ctx: TCtx) {
  if (!(await puedeExportarPacientes(deps, ctx))) throw new AppError('SOLO_ADMINISTRADOR', MSG_RIPS.soloAdministrador);
  const rows = await listAccesos(deps.db, ctx.tenantId, 200);
  return rows.map((r) => ({ id: r.id, userId: r.userId, accion: r.accion, pacienteId: r.pacienteId, detalle: r.detalle, fecha: r.fecha.toISOString() }));
}

// ---- medications ------------------------------------------------------------------------------------------------

function toMedicamento(r: TMedicamentoRow): TMedicamento {
  return {
    id: r.id,
    codTecnologiaSalud: r.codTecnologiaSalud,
    nomTecnologiaSalud: r.nomTecnologiaSalud,
    formaFarmaceutica: r.formaFarmaceutica,
    concentracionMedicamento: r.concentracionMedicamento,
    unidadMedida: r.unidadMedida,
    unidadMinDispensa: r.unidadMinDispensa,
    tipoMedicamento: r.tipoMedicamento,
    fechaModificacion: r.fechaModificacion.toISOString(),
  };
}

export async function listarMedicamentos(deps: Pick<TDeps, 'db'>, ctx: TCtx, req: { texto?: string; pagina?: number }): Promise<TMedicamentosData> {
  const pagina = req.pagina ?? 1;
  const { rows, total } = await listMedicamentos(deps.db, ctx.tenantId, req.texto, { limit: PACIENTES_POR_PAGINA, offset: (pagina - 1) * PACIENTES_POR_PAGINA });
  return { items: rows.map(toMedicamento), total, paginas: Math.max(1, Math.ceil(total / PACIENTES_POR_PAGINA)) };
}

export async function crearMedicamento(deps: Pick<TDeps, 'db'>, ctx: TCtx, campos: TMedicamentoCampos): Promise<TMedicamento> {
  try {
    return toMedicamento(await insertMedicamento(deps.db, ctx.tenantId, { ...campos, fechaModificacion: new Date() }));
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('REGISTRO_EXISTE', MSG_RIPS.medicamentoExiste);
    throw e;
  }
}

export async function editarMedicamento(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number, campos: TMedicamentoCampos): Promise<TMedicamento> {
  try {
    const row = await updateMedicamento(deps.db, ctx.tenantId, id, { ...campos, fechaModificacion: new Date() });
    if (!row) throw new AppError('NOT_FOUND', MSG_RIPS.medicamentoNoEncontrado);
    return toMedicamento(row);
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError('REGISTRO_EXISTE', MSG_RIPS.medicamentoExiste);
    throw e;
  }
}

export async function eliminarMedicamento(deps: Pick<TDeps, 'db'>, ctx: TCtx, id: number): Promise<void> {
  if (!(await deleteMedicamento(deps.db, ctx.tenantId, id))) throw new AppError('NOT_FOUND', MSG_RIPS.medicamentoNoEncontrado);
}
