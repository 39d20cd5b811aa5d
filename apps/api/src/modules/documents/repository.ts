import { and, count, desc, eq, inArray, isNotNull, isNull, like, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { fevRips, fevRipsFiles, fevRipsResults, muvAttempts } from '../../db/schema-documents.ts';
import { envioCola } from '../../db/schema-runtime.ts';
import type { TTipoArchivo } from './analysis.ts';

/**
 * The documents module's queries (DESIGN.md "routes → services → repositories"). Every function takes the tenant
 * and scopes its rows by it, so a foreign id finds nothing; the only exceptions are the crash-recovery functions
 * named `…AllTenants`, which a process runs for the whole database. `q` is the database or an open transaction.
 */
export type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TQuery = TDb | TTx;
export type TDoc = typeof fevRips.$inferSelect;
export type TFinding = { clase: string; codigo: string; descripcion: string; observaciones: string; pathFuente: string; fuente: string };
/** A send's hold on a document: the claim time identifies it (a claim released and taken again has another). */
export type TClaim = { tenantId: number; fevRipsId: number; at: Date };

// ---- documents (fev_rips) ------------------------------------------------------------------------------------

export async function findDocument(q: TQuery, tenantId: number, id: number): Promise<TDoc | undefined> {
  const [doc] = await q.select().from(fevRips).where(and(eq(fevRips.id, id), eq(fevRips.tenantId, tenantId))).limit(1);
  return doc;
}

/** The document, its row locked for the rest of the transaction. */
export async function lockDocument(tx: TTx, tenantId: number, id: number): Promise<TDoc | undefined> {
  const [doc] = await tx
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, tenantId)))
    .for('update')
    .limit(1);
  return doc;
}

export async function findDocumentByFormato(q: TQuery, tenantId: number, formato: string): Promise<TDoc | undefined> {
  const [doc] = await q.select().from(fevRips).where(and(eq(fevRips.tenantId, tenantId), eq(fevRips.formato, formato))).limit(1);
  return doc;
}

export function findDocumentsByFormatos(q: TQuery, tenantId: number, formatos: string[], opts: { estado?: string } = {}): Promise<TDoc[]> {
  return q
    .select()
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), inArray(fevRips.formato, formatos), ...(opts.estado ? [eq(fevRips.estado, opts.estado)] : [])));
}

/** Id, formato and status of the tenant's documents named by id or by formato. */
export function findDocumentsByIdsOrFormatos(q: TQuery, tenantId: number, ids: number[], formatos: string[]) {
  const selected = or(...(ids.length ? [inArray(fevRips.id, ids)] : []), ...(formatos.length ? [inArray(fevRips.formato, formatos)] : []));
  return q.select({ id: fevRips.id, formato: fevRips.formato, estado: fevRips.estado, muvEndpoint: fevRips.muvEndpoint }).from(fevRips).where(and(eq(fevRips.tenantId, tenantId), selected));
}

/** The status and last send time of the tenant's documents `ids` (a bulk send's summary). */
export function findSendStates(q: TQuery, tenantId: number, ids: number[]) {
  return q
    .select({ id: fevRips.id, formato: fevRips.formato, estado: fevRips.estado, fechaEnvio: fevRips.fechaEnvio, reintentoDesde: fevRips.reintentoDesde })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), inArray(fevRips.id, ids)));
}

export async function insertDocument(tx: TTx, tenantId: number, values: Omit<typeof fevRips.$inferInsert, 'tenantId'>): Promise<TDoc> {
  const [doc] = await tx
    .insert(fevRips)
    .values({ ...values, tenantId })
    .returning();
  return doc!;
}

/** Update the tenant's document; returns it, or undefined when it is not the tenant's. */
export async function updateDocument(q: TQuery, tenantId: number, id: number, patch: Partial<typeof fevRips.$inferInsert>): Promise<TDoc | undefined> {
  const [doc] = await q
    .update(fevRips)
    .set(patch)
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, tenantId)))
    .returning();
  return doc;
}

/** Rows of a filter (list and formatos-pagina build it with the tenant first). */
export async function countDocuments(q: TQuery, filter: SQL): Promise<number> {
  const [row] = await q.select({ total: count() }).from(fevRips).where(filter);
  return Number(row?.total ?? 0);
}

// ---- send claims ----------------------------------------------------------------------------------------------

/** The document is still held by this claim. */
const held = (claim: TClaim) =>
  and(eq(fevRips.id, claim.fevRipsId), eq(fevRips.tenantId, claim.tenantId), eq(fevRips.estado, 'ENPROCESO'), eq(fevRips.envioIniciadoAt, claim.at));

/**
 * Move the document to ENPROCESO for `claim` in one conditional UPDATE, only from one of `from` (decision 002), with
 * a lease until `leaseUntil`. Returns false when another send holds it or its status does not allow a send.
 */
/**
 * Claim the document for a send (decision 002): ENPROCESO from one of `from`, with the lease. `reintento` (an automatic
 * retry of a wait for the ministry, docs/decisions/047) claims only while the document still waits for that very retry.
 */
export async function claimForSend(
  q: TQuery,
  claim: TClaim,
  from: readonly string[],
  estadoPrevio: string,
  leaseUntil: Date,
  reintento?: { desde: Date; numero: number },
): Promise<boolean> {
  const rows = await q
    .update(fevRips)
    .set({
      estado: 'ENPROCESO',
      estadoPrevio,
      envioIniciadoAt: claim.at,
      envioLeaseHasta: leaseUntil,
      intentosEnvio: sql`${fevRips.intentosEnvio} + 1`,
      fechaModificacion: claim.at,
    })
    .where(
      and(
        eq(fevRips.id, claim.fevRipsId),
        eq(fevRips.tenantId, claim.tenantId),
        inArray(fevRips.estado, [...from]),
        ...(reintento ? [eq(fevRips.reintentoDesde, reintento.desde), eq(fevRips.reintentoNumero, reintento.numero)] : []),
      ),
    )
    .returning({ id: fevRips.id });
  return rows.length === 1;
}

/** Update the document only while `claim` still holds it; false when it does not. */
export async function updateClaimed(q: TQuery, claim: TClaim, patch: Partial<typeof fevRips.$inferInsert>): Promise<boolean> {
  const rows = await q.update(fevRips).set(patch).where(held(claim)).returning({ id: fevRips.id });
  return rows.length === 1;
}

/** Lock the document if `claim` still holds it (for writing a ministry answer in one transaction). */
export async function lockClaimed(tx: TTx, claim: TClaim): Promise<boolean> {
  const rows = await tx.select({ id: fevRips.id }).from(fevRips).where(held(claim)).for('update');
  return rows.length === 1;
}

/**
 * Documents left ENPROCESO whose lease lapsed `leaseS` ago or more (or every one, `all`), in every tenant: the
 * crash recovery of a process run for the whole database.
 */
export function findLapsedClaimsAllTenants(q: TQuery, leaseS: number, all: boolean) {
  const lapsed = sql`coalesce(${fevRips.envioLeaseHasta}, coalesce(${fevRips.envioIniciadoAt}, ${fevRips.fechaModificacion}) + make_interval(secs => ${leaseS})) < now()`;
  return q
    .select({ id: fevRips.id, estadoPrevio: fevRips.estadoPrevio, tenantId: fevRips.tenantId, envioIniciadoAt: fevRips.envioIniciadoAt })
    .from(fevRips)
    .where(and(eq(fevRips.estado, 'ENPROCESO'), ...(all ? [] : [lapsed])));
}

/** End the document's wait for the ministry, if it still waits for retry `r` (its retry could not send). */
export async function endWait(q: TQuery, tenantId: number, id: number, r: { desde: Date; numero: number }): Promise<void> {
  await q
    .update(fevRips)
    .set({ reintentoDesde: null, reintentoTexto: null, reintentoProximo: null, reintentoNumero: 0 })
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, tenantId), eq(fevRips.reintentoDesde, r.desde), eq(fevRips.reintentoNumero, r.numero)));
}

/**
 * Waits for the ministry (docs/decisions/047), in every tenant, whose next retry is more than `graceS` overdue while no
 * send of theirs is queued (envio_cola): their retry was never queued, or its job ended without sending.
 */
export async function findOverdueWaitsAllTenants(q: TQuery, graceS: number) {
  const rows = await q
    .select({ id: fevRips.id, tenantId: fevRips.tenantId, idUsuario: fevRips.idUsuario, reintentoDesde: fevRips.reintentoDesde, reintentoNumero: fevRips.reintentoNumero })
    .from(fevRips)
    .where(
      and(
        isNotNull(fevRips.reintentoProximo),
        sql`${fevRips.reintentoProximo} < now() - make_interval(secs => ${graceS})`,
        sql`${fevRips.estado} <> 'ENPROCESO'`,
        sql`not exists (select 1 from ${envioCola} e where e.tenant_id = ${fevRips.tenantId} and e.fev_rips_id = ${fevRips.id})`,
      ),
    )
    .limit(500);
  return rows.filter((r): r is typeof r & { reintentoDesde: Date } => r.reintentoDesde !== null);
}

/** A document ENPROCESO without a claim time (written before leases existed): released as it is. */
export async function releaseUnclaimed(q: TQuery, tenantId: number, id: number, patch: Partial<typeof fevRips.$inferInsert>): Promise<void> {
  await q
    .update(fevRips)
    .set(patch)
    .where(and(eq(fevRips.id, id), eq(fevRips.tenantId, tenantId), eq(fevRips.estado, 'ENPROCESO')));
}

// ---- files ----------------------------------------------------------------------------------------------------

/** Id, kind, name and size of the document's files (no content). */
export function listFileRefs(q: TQuery, tenantId: number, fevRipsId: number) {
  return q
    .select({ id: fevRipsFiles.id, tipo: fevRipsFiles.tipo, nombre: fevRipsFiles.nombre, sizeBytes: fevRipsFiles.sizeBytes })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.fevRipsId, fevRipsId), eq(fevRipsFiles.tenantId, tenantId)));
}

/** Kind and content of the document's files. */
export function readFiles(q: TQuery, tenantId: number, fevRipsId: number) {
  return q
    .select({ id: fevRipsFiles.id, tipo: fevRipsFiles.tipo, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.fevRipsId, fevRipsId), eq(fevRipsFiles.tenantId, tenantId)));
}

/** The document's file that is not of kind `tipo` (id, kind, content), if any. */
export async function readOtherFile(q: TQuery, tenantId: number, fevRipsId: number, tipo: TTipoArchivo) {
  const [row] = await q
    .select({ id: fevRipsFiles.id, tipo: fevRipsFiles.tipo, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.fevRipsId, fevRipsId), eq(fevRipsFiles.tenantId, tenantId), ne(fevRipsFiles.tipo, tipo)))
    .limit(1);
  return row;
}

/** Which kinds of file each of the documents has. */
export function listFileKinds(q: TQuery, tenantId: number, fevRipsIds: number[]) {
  return q
    .select({ fevRipsId: fevRipsFiles.fevRipsId, tipo: fevRipsFiles.tipo })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.tenantId, tenantId), inArray(fevRipsFiles.fevRipsId, fevRipsIds)));
}

/** The XML content of each of the documents that has one. */
export function readXmlFiles(q: TQuery, tenantId: number, fevRipsIds: number[]) {
  return q
    .select({ fevRipsId: fevRipsFiles.fevRipsId, content: fevRipsFiles.content })
    .from(fevRipsFiles)
    .where(and(eq(fevRipsFiles.tenantId, tenantId), inArray(fevRipsFiles.fevRipsId, fevRipsIds), eq(fevRipsFiles.tipo, 'xml')));
}

export async function insertFile(tx: TTx, tenantId: number, values: Omit<typeof fevRipsFiles.$inferInsert, 'tenantId'>): Promise<void> {
  await tx.insert(fevRipsFiles).values({ ...values, tenantId });
}

/** Delete the document's file of kind `tipo`; false when there was none. */
export async function deleteFileOfKind(tx: TTx, tenantId: number, fevRipsId: number, tipo: TTipoArchivo): Promise<boolean> {
  const rows = await tx
    .delete(fevRipsFiles)
    .where(and(eq(fevRipsFiles.fevRipsId, fevRipsId), eq(fevRipsFiles.tenantId, tenantId), eq(fevRipsFiles.tipo, tipo)))
    .returning({ id: fevRipsFiles.id });
  return rows.length > 0;
}

// ---- findings (fev_rips_results) -------------------------------------------------------------------------------

/** Replace the document's findings of one origin (LOCAL: Radica's prevalidation; MUV: the ministry's answer). */
export async function replaceFindings(
  tx: TQuery,
  tenantId: number,
  fevRipsId: number,
  origen: 'LOCAL' | 'MUV',
  findings: TFinding[],
  attemptId: number | null = null,
): Promise<void> {
  await tx
    .delete(fevRipsResults)
    .where(and(eq(fevRipsResults.fevRipsId, fevRipsId), eq(fevRipsResults.tenantId, tenantId), eq(fevRipsResults.origen, origen)));
  await addFindings(tx, tenantId, fevRipsId, origen, findings, attemptId);
}

export async function addFindings(q: TQuery, tenantId: number, fevRipsId: number, origen: 'LOCAL' | 'MUV', findings: TFinding[], attemptId: number | null = null) {
  if (findings.length === 0) return;
  await q.insert(fevRipsResults).values(findings.map((f) => ({ ...f, tenantId, fevRipsId, origen, attemptId })));
}

/** Every finding of the document, oldest first. */
export function listFindings(q: TQuery, tenantId: number, fevRipsId: number, origen?: 'LOCAL' | 'MUV') {
  return q
    .select()
    .from(fevRipsResults)
    .where(and(eq(fevRipsResults.fevRipsId, fevRipsId), eq(fevRipsResults.tenantId, tenantId), ...(origen ? [eq(fevRipsResults.origen, origen)] : [])))
    .orderBy(fevRipsResults.id);
}

// ---- ministry attempts (muv_attempts) -------------------------------------------------------------------------

export async function insertAttempt(q: TQuery, tenantId: number, fevRipsId: number, operation: string, requestSummary: Record<string, unknown>): Promise<number> {
  const [row] = await q.insert(muvAttempts).values({ tenantId, fevRipsId, operation, requestSummary }).returning({ id: muvAttempts.id });
  return row!.id;
}

export async function finishAttempt(
  q: TQuery,
  tenantId: number,
  id: number,
  r: { httpStatus: number | null; outcome: string; rawResponse: string | null; error: string | null; durationMs: number },
): Promise<void> {
  await q
    .update(muvAttempts)
    .set({ finishedAt: new Date(), durationMs: r.durationMs, httpStatus: r.httpStatus, outcome: r.outcome, rawResponse: r.rawResponse, error: r.error })
    .where(and(eq(muvAttempts.id, id), eq(muvAttempts.tenantId, tenantId)));
}

/** Mark the document's unfinished attempts as interrupted (their process died). */
export async function interruptOpenAttempts(q: TQuery, tenantId: number, fevRipsId: number, error: string): Promise<void> {
  await q
    .update(muvAttempts)
    .set({ finishedAt: new Date(), outcome: 'INTERRUMPIDO', error })
    .where(and(eq(muvAttempts.fevRipsId, fevRipsId), eq(muvAttempts.tenantId, tenantId), isNull(muvAttempts.finishedAt)));
}

/**
 * The document's newest `limit` Cargar* attempts that received an answer, newest first: what the ministry already said
 * about this package (a send looks here before it uploads again, docs/decisions/048).
 */
export function answeredUploads(q: TQuery, tenantId: number, fevRipsId: number, limit: number) {
  return q
    .select({ id: muvAttempts.id, httpStatus: muvAttempts.httpStatus, rawResponse: muvAttempts.rawResponse })
    .from(muvAttempts)
    .where(and(eq(muvAttempts.fevRipsId, fevRipsId), eq(muvAttempts.tenantId, tenantId), like(muvAttempts.operation, 'Cargar%'), isNotNull(muvAttempts.rawResponse)))
    .orderBy(desc(muvAttempts.id))
    .limit(limit);
}

/** The newest Cargar* attempt of the document started at or after `since` that received an answer. */
export async function lastAnsweredUpload(q: TQuery, tenantId: number, fevRipsId: number, since: Date) {
  const [row] = await q
    .select({ id: muvAttempts.id, httpStatus: muvAttempts.httpStatus, rawResponse: muvAttempts.rawResponse })
    .from(muvAttempts)
    .where(
      and(
        eq(muvAttempts.fevRipsId, fevRipsId),
        eq(muvAttempts.tenantId, tenantId),
        like(muvAttempts.operation, 'Cargar%'),
        sql`${muvAttempts.startedAt} >= ${since}`,
        isNotNull(muvAttempts.rawResponse),
      ),
    )
    .orderBy(desc(muvAttempts.id))
    .limit(1);
  return row;
}

/**
 * For each document, the raw answer of the send that approved it: the latest upload attempt answered 200, else the
 * latest 400 (an RVG18 answer that recovered the CUV).
 */
export function approvingAnswers(q: TQuery, tenantId: number, fevRipsIds: number[]) {
  return q
    .selectDistinctOn([muvAttempts.fevRipsId], { fevRipsId: muvAttempts.fevRipsId, raw: muvAttempts.rawResponse })
    .from(muvAttempts)
    .where(
      and(
        eq(muvAttempts.tenantId, tenantId),
        inArray(muvAttempts.fevRipsId, fevRipsIds),
        isNotNull(muvAttempts.rawResponse),
        ne(muvAttempts.operation, 'LoginSISPRO'),
        ne(muvAttempts.operation, 'ConsultarCUV'),
        sql`${muvAttempts.httpStatus} in (200, 400)`,
      ),
    )
    .orderBy(muvAttempts.fevRipsId, desc(sql`(${muvAttempts.httpStatus} = 200)`), desc(muvAttempts.id));
}
