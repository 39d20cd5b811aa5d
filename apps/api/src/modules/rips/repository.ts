import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { yieldToEventLoop } from '../../lib/event-loop.ts';
import { fevRips, fevRipsFiles } from '../../db/schema-documents.ts';
import { ripsBorradores, ripsBorradoresVersiones, ripsMedicamentos, ripsPacientes, ripsPacientesAccesos } from '../../db/schema-rips.ts';

/**
 * The RIPS module's queries. Every function takes the tenant and scopes its rows by it, so a foreign id
 * finds nothing. `q` is the database or an open transaction.
 */
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TQuery = TDb | TTx;
export type TBorradorRow = typeof ripsBorradores.$inferSelect;
export type TBorradorInsert = Omit<typeof ripsBorradores.$inferInsert, 'tenantId' | 'id'>;
export type TPacienteRow = typeof ripsPacientes.$inferSelect;
export type TMedicamentoRow = typeof ripsMedicamentos.$inferSelect;

// ---- drafts ---------------------------------------------------------------------------------------------------

/**
 * Stores a new draft; returns its id. `contenidoJson`, when given, is the RIPS's stored text already made (a big
 * imported sheet's, serialised and compressed in the worker: lib/json-text.ts) and stored as it is instead of
 * `values.contenido`. Nothing of the row is
 * read back (megabytes of it).
 */
export async function insertBorrador(q: TQuery, tenantId: number, values: TBorradorInsert, contenidoJson?: string): Promise<{ id: number }> {
  const [row] = await q
    .insert(ripsBorradores)
    .values({ ...values, tenantId, ...(contenidoJson !== undefined ? { contenido: sql`${contenidoJson}` } : {}) })
    .returning({ id: ripsBorradores.id });
  return row!;
}

export async function findBorrador(q: TQuery, tenantId: number, id: number): Promise<TBorradorRow | undefined> {
  const [row] = await q
    .select()
    .from(ripsBorradores)
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId)))
    .limit(1);
  return row;
}

/** The draft's row locked for the rest of the transaction. */
export async function lockBorrador(tx: TTx, tenantId: number, id: number): Promise<TBorradorRow | undefined> {
  const [row] = await tx
    .select()
    .from(ripsBorradores)
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId)))
    .for('update')
    .limit(1);
  return row;
}

/**
 * Writes `patch` only if the draft is still at `version` (optimistic concurrency); the new version, or undefined.
 * (Only the version comes back: the content can be megabytes.)
 */
export async function updateBorradorAt(
  q: TQuery,
  tenantId: number,
  id: number,
  version: number,
  patch: Partial<TBorradorInsert>,
): Promise<{ version: number } | undefined> {
  const [row] = await q
    .update(ripsBorradores)
    .set({ ...patch, version: version + 1 })
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId), eq(ripsBorradores.version, version)))
    .returning({ version: ripsBorradores.version });
  return row;
}

/** The draft without its content and XML (what an autosave checks before using its cached content). */
export async function findBorradorMeta(q: TQuery, tenantId: number, id: number) {
  const [row] = await q
    .select({ id: ripsBorradores.id, version: ripsBorradores.version, estado: ripsBorradores.estado, fevRipsId: ripsBorradores.fevRipsId, fechaModificacion: ripsBorradores.fechaModificacion })
    .from(ripsBorradores)
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId)))
    .limit(1);
  return row;
}

/**
 * Moves the draft to RADICANDO unless it is radicated or being radicated (a claim older than `staleS` seconds is a
 * dead process's and may be taken again). Returns the row as it was, or undefined when the claim failed.
 */
export async function claimRadicacion(q: TQuery, tenantId: number, id: number, staleS: number): Promise<TBorradorRow | undefined> {
  const [row] = await q
    .update(ripsBorradores)
    .set({ estado: 'RADICANDO', fechaModificacion: new Date() })
    .where(
      and(
        eq(ripsBorradores.id, id),
        eq(ripsBorradores.tenantId, tenantId),
        isNull(ripsBorradores.fevRipsId),
        or(ne(ripsBorradores.estado, 'RADICANDO'), sql`${ripsBorradores.fechaModificacion} < now() - make_interval(secs => ${staleS})`),
      ),
    )
    .returning();
  return row;
}

export async function updateBorrador(q: TQuery, tenantId: number, id: number, patch: Partial<TBorradorInsert>): Promise<void> {
  await q
    .update(ripsBorradores)
    .set(patch)
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId)));
}

/** Deletes a draft that is not radicated; false when there was none. */
export async function deleteBorrador(q: TQuery, tenantId: number, id: number): Promise<boolean> {
  const rows = await q
    .delete(ripsBorradores)
    .where(and(eq(ripsBorradores.id, id), eq(ripsBorradores.tenantId, tenantId), isNull(ripsBorradores.fevRipsId), ne(ripsBorradores.estado, 'RADICANDO')))
    .returning({ id: ripsBorradores.id });
  return rows.length > 0;
}

// ---- versions of a draft (docs/decisions/050) ---------------------------------------------------------------------

export type TVersionInsert = Omit<typeof ripsBorradoresVersiones.$inferInsert, 'tenantId' | 'id' | 'fecha'>;

/** Keeps an earlier content of a draft, then drops all but the newest `keep` of that draft. Returns the new row's id. */
export async function insertVersion(q: TQuery, tenantId: number, values: TVersionInsert, keep: number): Promise<number> {
  const [row] = await q
    .insert(ripsBorradoresVersiones)
    .values({ ...values, tenantId })
    .returning({ id: ripsBorradoresVersiones.id });
  const newest = q
    .select({ id: ripsBorradoresVersiones.id })
    .from(ripsBorradoresVersiones)
    .where(and(eq(ripsBorradoresVersiones.tenantId, tenantId), eq(ripsBorradoresVersiones.borradorId, values.borradorId)))
    .orderBy(desc(ripsBorradoresVersiones.id))
    .limit(keep);
  await q
    .delete(ripsBorradoresVersiones)
    .where(
      and(
        eq(ripsBorradoresVersiones.tenantId, tenantId),
        eq(ripsBorradoresVersiones.borradorId, values.borradorId),
        sql`${ripsBorradoresVersiones.id} not in (${newest})`,
      ),
    );
  return row!.id;
}

/** The kept versions of a draft, newest first, without their content. */
export function listVersiones(q: TQuery, tenantId: number, borradorId: number) {
  return q
    .select({
      id: ripsBorradoresVersiones.id,
      version: ripsBorradoresVersiones.version,
      motivo: ripsBorradoresVersiones.motivo,
      cantidadUsuarios: ripsBorradoresVersiones.cantidadUsuarios,
      cantidadServicios: ripsBorradoresVersiones.cantidadServicios,
      fecha: ripsBorradoresVersiones.fecha,
    })
    .from(ripsBorradoresVersiones)
    .where(and(eq(ripsBorradoresVersiones.tenantId, tenantId), eq(ripsBorradoresVersiones.borradorId, borradorId)))
    .orderBy(desc(ripsBorradoresVersiones.id));
}

/** One kept version with its content, or undefined (another tenant's, another draft's, or dropped). */
export async function findVersion(q: TQuery, tenantId: number, borradorId: number, id: number) {
  const [row] = await q
    .select()
    .from(ripsBorradoresVersiones)
    .where(and(eq(ripsBorradoresVersiones.id, id), eq(ripsBorradoresVersiones.tenantId, tenantId), eq(ripsBorradoresVersiones.borradorId, borradorId)))
    .limit(1);
  return row;
}

/** When the newest kept version of a draft was made, or null. */
export async function lastVersionFecha(q: TQuery, tenantId: number, borradorId: number): Promise<Date | null> {
  const [row] = await q
    .select({ fecha: ripsBorradoresVersiones.fecha })
    .from(ripsBorradoresVersiones)
    .where(and(eq(ripsBorradoresVersiones.tenantId, tenantId), eq(ripsBorradoresVersiones.borradorId, borradorId)))
    .orderBy(desc(ripsBorradoresVersiones.id))
    .limit(1);
  return row?.fecha ?? null;
}

/** Columns of the list (no content, no XML). */
const LIST_COLUMNS = {
  id: ripsBorradores.id,
  formato: ripsBorradores.formato,
  numFactura: ripsBorradores.numFactura,
  tipoNota: ripsBorradores.tipoNota,
  numNota: ripsBorradores.numNota,
  estructura: ripsBorradores.estructura,
  origen: ripsBorradores.origen,
  estado: ripsBorradores.estado,
  cantidadUsuarios: ripsBorradores.cantidadUsuarios,
  cantidadServicios: ripsBorradores.cantidadServicios,
  totalValorServicios: ripsBorradores.totalValorServicios,
  totalRechazos: ripsBorradores.totalRechazos,
  totalNotificaciones: ripsBorradores.totalNotificaciones,
  tieneXml: sql<boolean>`${ripsBorradores.xml} is not null`,
  fevRipsId: ripsBorradores.fevRipsId,
  fechaCreacion: ripsBorradores.fechaCreacion,
  fechaModificacion: ripsBorradores.fechaModificacion,
};

/** One page of the tenant's drafts, newest change first, with the total count. */
export async function listBorradores(
  q: TQuery,
  tenantId: number,
  filter: { texto?: string; estado?: string; estructura?: string },
  page: { limit: number; offset: number },
) {
  const conditions: SQL[] = [eq(ripsBorradores.tenantId, tenantId)];
  if (filter.texto) {
    const like = `%${filter.texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(ripsBorradores.formato, like), ilike(ripsBorradores.numFactura, like), ilike(ripsBorradores.numNota, like))!);
  }
  if (filter.estado) conditions.push(eq(ripsBorradores.estado, filter.estado));
  if (filter.estructura) conditions.push(eq(ripsBorradores.estructura, filter.estructura));
  const where = and(...conditions);
  const rows = await q.select(LIST_COLUMNS).from(ripsBorradores).where(where).orderBy(desc(ripsBorradores.fechaModificacion), desc(ripsBorradores.id)).limit(page.limit).offset(page.offset);
  const [total] = await q.select({ n: count() }).from(ripsBorradores).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

/** A ministry document's id, formato and status (what a refused action links to), or undefined. */
export async function findDocumentoResumen(q: TQuery, tenantId: number, fevRipsId: number) {
  const [row] = await q
    .select({ fevRipsId: fevRips.id, formato: fevRips.formato, estado: fevRips.estado })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), eq(fevRips.id, fevRipsId)))
    .limit(1);
  return row;
}

/** Drops every kept version of a draft (once radicated, its RIPS is the document's JSON: one copy). */
export async function deleteVersiones(q: TQuery, tenantId: number, borradorId: number): Promise<void> {
  await q.delete(ripsBorradoresVersiones).where(and(eq(ripsBorradoresVersiones.tenantId, tenantId), eq(ripsBorradoresVersiones.borradorId, borradorId)));
}

/** The JSON file of a ministry document (the RIPS of a radicated draft), or undefined. */
export async function readDocumentJson(q: TQuery, tenantId: number, fevRipsId: number): Promise<Buffer | undefined> {
  const [row] = await q
    .select({ content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.tenantId, tenantId), eq(fevRipsFiles.fevRipsId, fevRipsId), eq(fevRipsFiles.tipo, 'json')))
    .limit(1);
  return row?.content;
}

/** The JSON files of the tenant's ministry documents, `limit` at a time after id `afterId` (patients sync). */
export function listDocumentJsons(q: TQuery, tenantId: number, afterId: number, limit: number) {
  return q
    .select({ id: fevRipsFiles.id, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.tenantId, tenantId), eq(fevRipsFiles.tipo, 'json'), sql`${fevRipsFiles.id} > ${afterId}`))
    .orderBy(asc(fevRipsFiles.id))
    .limit(limit);
}

// ---- patients ---------------------------------------------------------------------------------------------------

type TPacienteValues = Omit<typeof ripsPacientes.$inferInsert, 'tenantId' | 'id' | 'fechaCreacion'>;

export async function listPacientes(q: TQuery, tenantId: number, texto: string | undefined, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(ripsPacientes.tenantId, tenantId)];
  if (texto) {
    const like = `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(ripsPacientes.numDocumentoIdentificacion, like), ilike(ripsPacientes.nombre, like))!);
  }
  const where = and(...conditions);
  const rows = await q.select().from(ripsPacientes).where(where).orderBy(desc(ripsPacientes.fechaModificacion), desc(ripsPacientes.id)).limit(page.limit).offset(page.offset);
  const [total] = await q.select({ n: count() }).from(ripsPacientes).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export function allPacientes(q: TQuery, tenantId: number) {
  return q.select().from(ripsPacientes).where(eq(ripsPacientes.tenantId, tenantId)).orderBy(asc(ripsPacientes.id));
}

export async function findPaciente(q: TQuery, tenantId: number, id: number): Promise<TPacienteRow | undefined> {
  const [row] = await q
    .select()
    .from(ripsPacientes)
    .where(and(eq(ripsPacientes.id, id), eq(ripsPacientes.tenantId, tenantId)))
    .limit(1);
  return row;
}

export async function insertPaciente(q: TQuery, tenantId: number, values: TPacienteValues): Promise<TPacienteRow> {
  const [row] = await q
    .insert(ripsPacientes)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updatePaciente(q: TQuery, tenantId: number, id: number, values: Partial<TPacienteValues>): Promise<TPacienteRow | undefined> {
  const [row] = await q
    .update(ripsPacientes)
    .set(values)
    .where(and(eq(ripsPacientes.id, id), eq(ripsPacientes.tenantId, tenantId)))
    .returning();
  return row;
}

export async function deletePaciente(q: TQuery, tenantId: number, id: number): Promise<boolean> {
  const rows = await q
    .delete(ripsPacientes)
    .where(and(eq(ripsPacientes.id, id), eq(ripsPacientes.tenantId, tenantId)))
    .returning({ id: ripsPacientes.id });
  return rows.length > 0;
}

/**
 * Inserts or updates one batch of a patients CSV: `lote` is the JSON text of an array of rows in PACIENTE_COLUMNAS
 * order (rips/lectura.ts leerPacientesCsv), expanded by the database itself, so the event loop builds no objects for
 * them. A value left empty keeps the stored one; new patients get `origen`. Returns how many were new and updated.
 * The rows of one batch are distinct patients (the reader refuses a patient twice).
 */
export async function upsertPacientesLote(q: TQuery, tenantId: number, lote: string, origen: string): Promise<{ creados: number; actualizados: number }> {
  const result = (await q.execute(sql`
    with up as (
      insert into rips_pacientes (tenant_id, tipo_documento_identificacion, num_documento_identificacion, fecha_nacimiento, cod_sexo,
        tipo_usuario, cod_pais_residencia, cod_municipio_residencia, cod_zona_territorial_residencia, cod_pais_origen, nombre, origen,
        fecha_modificacion)
      select ${tenantId}::int, e->>0, e->>1, e->>2, e->>3, e->>4, e->>5, e->>6, e->>7, e->>8, e->>9, ${origen}, now()
      from jsonb_array_elements(${lote}::jsonb) as e
      on conflict (tenant_id, tipo_documento_identificacion, num_documento_identificacion) do update set
        fecha_nacimiento = coalesce(excluded.fecha_nacimiento, rips_pacientes.fecha_nacimiento),
        cod_sexo = coalesce(excluded.cod_sexo, rips_pacientes.cod_sexo),
        tipo_usuario = coalesce(excluded.tipo_usuario, rips_pacientes.tipo_usuario),
        cod_pais_residencia = coalesce(excluded.cod_pais_residencia, rips_pacientes.cod_pais_residencia),
        cod_municipio_residencia = coalesce(excluded.cod_municipio_residencia, rips_pacientes.cod_municipio_residencia),
        cod_zona_territorial_residencia = coalesce(excluded.cod_zona_territorial_residencia, rips_pacientes.cod_zona_territorial_residencia),
        cod_pais_origen = coalesce(excluded.cod_pais_origen, rips_pacientes.cod_pais_origen),
        nombre = coalesce(excluded.nombre, rips_pacientes.nombre),
        fecha_modificacion = now()
      returning (xmax = 0) as nuevo
    )
    select (count(*) filter (where nuevo))::int as creados, (count(*) filter (where not nuevo))::int as actualizados from up`)) as unknown as {
    rows: { creados: number; actualizados: number }[];
  };
  const r = result.rows[0];
  return { creados: Number(r?.creados ?? 0), actualizados: Number(r?.actualizados ?? 0) };
}

/** Patients whose document number starts with `prefix` (the editor's picker), at most `limit`. */
export function searchPacientes(q: TQuery, tenantId: number, prefix: string, limit: number) {
  const like = `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return q
    .select()
    .from(ripsPacientes)
    .where(and(eq(ripsPacientes.tenantId, tenantId), or(ilike(ripsPacientes.numDocumentoIdentificacion, like), ilike(ripsPacientes.nombre, `%${like}`))))
    .orderBy(asc(ripsPacientes.numDocumentoIdentificacion))
    .limit(limit);
}

export async function logAcceso(q: TQuery, tenantId: number, userId: number, accion: string, pacienteId: number | null, detalle = ''): Promise<void> {
  await q.insert(ripsPacientesAccesos).values({ tenantId, userId, accion, pacienteId, detalle });
}

export function listAccesos(q: TQuery, tenantId: number, limit: number) {
  return q.select().from(ripsPacientesAccesos).where(eq(ripsPacientesAccesos.tenantId, tenantId)).orderBy(desc(ripsPacientesAccesos.id)).limit(limit);
}

// ---- medications ------------------------------------------------------------------------------------------------

type TMedicamentoValues = Omit<typeof ripsMedicamentos.$inferInsert, 'tenantId' | 'id'>;

export async function listMedicamentos(q: TQuery, tenantId: number, texto: string | undefined, page: { limit: number; offset: number }) {
  const conditions: SQL[] = [eq(ripsMedicamentos.tenantId, tenantId)];
  if (texto) {
    const like = `%${texto.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(ripsMedicamentos.codTecnologiaSalud, like), ilike(ripsMedicamentos.nomTecnologiaSalud, like))!);
  }
  const where = and(...conditions);
  const rows = await q.select().from(ripsMedicamentos).where(where).orderBy(asc(ripsMedicamentos.nomTecnologiaSalud), asc(ripsMedicamentos.id)).limit(page.limit).offset(page.offset);
  const [total] = await q.select({ n: count() }).from(ripsMedicamentos).where(where);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function insertMedicamento(q: TQuery, tenantId: number, values: TMedicamentoValues): Promise<TMedicamentoRow> {
  const [row] = await q
    .insert(ripsMedicamentos)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

export async function updateMedicamento(q: TQuery, tenantId: number, id: number, values: Partial<TMedicamentoValues>): Promise<TMedicamentoRow | undefined> {
  const [row] = await q
    .update(ripsMedicamentos)
    .set(values)
    .where(and(eq(ripsMedicamentos.id, id), eq(ripsMedicamentos.tenantId, tenantId)))
    .returning();
  return row;
}

export async function deleteMedicamento(q: TQuery, tenantId: number, id: number): Promise<boolean> {
  const rows = await q
    .delete(ripsMedicamentos)
    .where(and(eq(ripsMedicamentos.id, id), eq(ripsMedicamentos.tenantId, tenantId)))
    .returning({ id: ripsMedicamentos.id });
  return rows.length > 0;
}

/** Adds medications not known yet (by code); known ones keep what the tenant edited. */
export async function addMedicamentos(q: TQuery, tenantId: number, values: TMedicamentoValues[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    if (i > 0) await yieldToEventLoop();
    await q
      .insert(ripsMedicamentos)
      .values(values.slice(i, i + 500).map((v) => ({ ...v, tenantId })))
      .onConflictDoNothing({ target: [ripsMedicamentos.tenantId, ripsMedicamentos.codTecnologiaSalud] });
  }
}

export function medicamentosByCodes(q: TQuery, tenantId: number, codes: string[]) {
  return q.select().from(ripsMedicamentos).where(and(eq(ripsMedicamentos.tenantId, tenantId), inArray(ripsMedicamentos.codTecnologiaSalud, codes)));
}
