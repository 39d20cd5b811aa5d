import { stringify as stringifyCsv } from 'csv-stringify/sync';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import {
  PACIENTE_COLUMNAS,
  PACIENTES_POR_PAGINA,
  type TMedicamento,
  type TMedicamentoCampos,
  type TMedicamentosData,
  type TPaciente,
  type TPacienteCampos,
  type TPacientesData,
} from '@radica/contracts/rips';
import { encodeText } from '@radica/fevrips/sheet';
import { decodeUtf8 } from '@radica/fevrips/shared';
import { yieldToEventLoop } from '../../lib/event-loop.ts';
import { datosDeRips, pacientesEnLotes, type TMedicamentoDeRips } from './lectura.ts';
import type { TSheetPool } from './sheet-pool.ts';
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
  upsertPacientesLote,
  type TMedicamentoRow,
  type TQuery,
  type TPacienteRow,
} from './repository.ts';

/**
 * The tenant's patients and medications. Patient data are sensitive health data (Ley 1581): every
 * read, change, import, export and deletion is logged (rips_pacientes_accesos), exports are for the account's
 * administrators only ({@link puedeExportarPacientes}), and a patient is deleted with its data on request.
 */

type TCtx = { tenantId: number; userId: number };

/**
 * Whether the caller may export the tenant's patients and read their access log: its administrators (the
 * caller's role, as the server enforces it; the routes declare the same role).
 */
export async function puedeExportarPacientes(_deps: Pick<TDeps, 'db'>, ctx: TCtx & { rol?: TRol }): Promise<boolean> {
  return ctx.rol === 'administrador';
}

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

/**
 * Records the patients (users) and medications of a RIPS created or filed on the platform ("filled
 * automatically", §7). Known patients are updated with what the RIPS says (a stored name is kept); known medications
 * keep what the tenant edited. Never throws for odd content: what is not a user or medication is skipped.
 */
export async function registrarDesdeRips(deps: Pick<TDeps, 'db'>, ctx: TCtx, rips: Record<string, unknown>): Promise<void> {
  const { pacientes, medicamentos } = datosDeRips(rips);
  await registrarDatos(deps, ctx, { pacientesLotes: pacientesEnLotes(pacientes), medicamentos });
}

/**
 * Records patients and medications read from a RIPS: the patients as batches of JSON rows (lectura.ts
 * pacientesEnLotes; written by the database itself, the event loop turning between batches: a new patient gets origen
 * 'rips', a known one keeps its name and any value the RIPS lacks), then logs the access; the medications are added
 * when their code is new.
 */
export async function registrarDatos(deps: Pick<TDeps, 'db'>, ctx: TCtx, datos: { pacientesLotes: string[]; medicamentos: TMedicamentoDeRips[] }): Promise<void> {
  let pacientes = 0;
  for (const lote of datos.pacientesLotes) {
    await yieldToEventLoop();
    const r = await upsertPacientesLote(deps.db, ctx.tenantId, lote, 'rips');
    pacientes += r.creados + r.actualizados;
  }
  if (pacientes > 0) await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'registrar-desde-rips', null, `${pacientes} paciente(s)`);
  if (datos.medicamentos.length > 0) await addMedicamentos(deps.db, ctx.tenantId, datos.medicamentos.map((m) => ({ ...m, fechaModificacion: new Date() })));
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
 * POST /api/rips/pacientes/importar: a CSV with the export's columns (`;` or `,`; at most 100,000 patients), all or
 * nothing on its content: any value that does not validate answers 422 HOJA_CON_ERRORES with every wrong value's row
 * and column, and nothing is stored. The file is read in the spreadsheet worker (never on the event loop) and written
 * in batches of PACIENTES_POR_LOTE (docs/decisions/044): on PostgreSQL all in one transaction (atomic; other requests
 * use other connections); on the embedded PGlite, whose single connection a long transaction would hold from every
 * other request, each batch is its own statement and the event loop turns between them. A database failure midway
 * there leaves the batches written so far (each whole) and answers 503 IMPORTACION_INTERRUMPIDA saying so: the import
 * is idempotent, so importing the same file again completes it. Logged.
 */
export async function importarPacientes(deps: Pick<TDeps, 'db' | 'dbKind' | 'log'> & { sheets: TSheetPool }, ctx: TCtx, bytes: Buffer): Promise<{ creados: number; actualizados: number }> {
  const answer = await deps.sheets.run({ op: 'pacientes', bytes });
  if (answer.op !== 'pacientes') throw new Error('unexpected sheet task answer');
  const leido = answer.leido;
  if (!leido.ok) {
    if ('ilegible' in leido) throw new AppError('HOJA_ILEGIBLE', leido.ilegible);
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'importar-rechazado', null, `${leido.totalErrores} error(es)`);
    const [primero] = leido.errores;
    throw new AppError('HOJA_CON_ERRORES', MSG_RIPS.hojaFila(primero!.fila, primero!.columna, primero!.mensaje), { errores: leido.errores, totalErrores: leido.totalErrores });
  }
  const result = { creados: 0, actualizados: 0 };
  const escribir = async (q: TQuery) => {
    for (const [i, lote] of leido.lotes.entries()) {
      if (i > 0) await yieldToEventLoop();
      const r = await upsertPacientesLote(q, ctx.tenantId, lote, 'csv');
      result.creados += r.creados;
      result.actualizados += r.actualizados;
    }
  };
  try {
    if (deps.dbKind === 'postgresql') await deps.db.transaction(escribir);
    else await escribir(deps.db);
  } catch (err) {
    const guardados = deps.dbKind === 'postgresql' ? 0 : result.creados + result.actualizados;
    deps.log.warn({ err: (err as Error).message, tenantId: ctx.tenantId, guardados, total: leido.total }, 'patients import interrupted');
    await logAcceso(deps.db, ctx.tenantId, ctx.userId, 'importar-interrumpido', null, `${guardados} de ${leido.total}`).catch(() => undefined);
    throw new AppError('IMPORTACION_INTERRUMPIDA', MSG_RIPS.pacientesImportacionInterrumpida(guardados, leido.total));
  }
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
