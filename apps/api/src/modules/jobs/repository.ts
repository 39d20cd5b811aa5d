import { and, count, eq, inArray, lte, max, min, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { envioCola, trabajosActivos } from '../../db/schema-runtime.ts';

/**
 * The job module's own tables (docs/decisions/027): the send queue's fair turns (`envio_cola`) and which process runs
 * which job (`trabajos_activos`). pg-boss's tables are only read here, never written.
 */

/**
 * The first fair-order turn of a tenant's new sends (they take consecutive turns from it): max(its last turn + 1, the
 * turn at the head of the sends that may start now), or the head's turn when `adelante` (a user waiting on the page).
 */
export async function firstTurn(db: TDb, tenantId: number, adelante: boolean): Promise<number> {
  const now = new Date();
  const [head] = await db.select({ v: min(envioCola.turno) }).from(envioCola).where(lte(envioCola.disponibleDesde, now));
  const cabeza = head?.v ?? 0;
  if (adelante) return cabeza;
  const [last] = await db.select({ f: max(envioCola.turno) }).from(envioCola).where(eq(envioCola.tenantId, tenantId));
  return Math.max(cabeza, (last?.f ?? -1) + 1);
}

/** Record queued sends; a job id already recorded (an idempotent enqueue done twice) is kept as it is. */
export async function insertEnvioCola(db: TDb, rows: Array<typeof envioCola.$inferInsert>): Promise<void> {
  if (rows.length) await db.insert(envioCola).values(rows).onConflictDoNothing();
}

export async function deleteEnvioCola(db: TDb, jobIds: string[]): Promise<void> {
  if (jobIds.length) await db.delete(envioCola).where(inArray(envioCola.jobId, jobIds));
}

/**
 * Which of `fevRipsIds` (of the tenant) have a send queued, waiting to retry or running; with `disponibles`, only those
 * that may start now (not a retry scheduled for later).
 */
export async function queuedDocuments(db: TDb, tenantId: number, fevRipsIds: number[], opts: { disponibles?: boolean } = {}): Promise<Set<number>> {
  if (fevRipsIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: envioCola.fevRipsId })
    .from(envioCola)
    .where(
      and(
        eq(envioCola.tenantId, tenantId),
        inArray(envioCola.fevRipsId, fevRipsIds),
        ...(opts.disponibles ? [lte(envioCola.disponibleDesde, new Date())] : []),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Sends queued (all tenants), for tests and benches. */
export async function countEnvioCola(db: TDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(envioCola);
  return row?.n ?? 0;
}

/**
 * Rows whose pg-boss job no longer waits or runs (it ended while its process could not delete the row: a crash, a
 * job failed for good by the maintenance), older than a minute. Reads pg-boss's table, writes only ours.
 */
export async function deleteOrphanEnvioCola(db: TDb, queue: string): Promise<number> {
  const rows = await db.execute(sql`
    delete from envio_cola e
    where e.creado_en < now() - interval '1 minute'
      and not exists (select 1 from pgboss.job j where j.name = ${queue} and j.id = e.job_id and j.state < 'completed')
    returning e.job_id`);
  return (rows as unknown as { rows?: unknown[] }).rows?.length ?? (rows as unknown as unknown[]).length ?? 0;
}

export async function insertTrabajosActivos(db: TDb, cola: string, proceso: number, jobIds: string[]): Promise<void> {
  if (jobIds.length) await db.insert(trabajosActivos).values(jobIds.map((jobId) => ({ jobId, cola, proceso }))).onConflictDoNothing();
}

export async function deleteTrabajoActivo(db: TDb, jobId: string): Promise<void> {
  await db.delete(trabajosActivos).where(eq(trabajosActivos.jobId, jobId));
}

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: unknown[] }).rows ?? (result as unknown[])) as T[];

/**
 * The running jobs whose process does not hold its liveness lock now (`classid` `lockKey`, objid the process number,
 * in this database): that process died, or its lock's connection is being taken again (the caller confirms).
 */
export async function findJobsOfDeadProcesses(db: TDb, lockKey: number): Promise<Array<{ jobId: string; cola: string }>> {
  const result = await db.execute(sql`
    select t.job_id as "jobId", t.cola from trabajos_activos t
    where not exists (
      select 1 from pg_locks l
      where l.locktype = 'advisory' and l.database = (select oid from pg_database where datname = current_database())
        and l.classid::bigint = ${lockKey} and l.objid::bigint = t.proceso and l.objsubid = 2 and l.granted)`);
  return rowsOf<{ jobId: string; cola: string }>(result);
}

export async function deleteTrabajosActivos(db: TDb, jobIds: string[]): Promise<void> {
  if (jobIds.length) await db.delete(trabajosActivos).where(inArray(trabajosActivos.jobId, jobIds));
}

/**
 * Jobs of `queues` pg-boss has active for more than `graceS` seconds that no process records as running
 * (trabajos_activos): their fetch's answer was lost with a dropped connection, or their end could not be written. Read
 * from pg-boss's table; nothing else runs them, so only failing them (pg-boss retries) gets them done before the expiry
 * (docs/decisions/048).
 */
export async function findUnownedActiveJobs(db: TDb, queues: string[], graceS: number): Promise<Array<{ jobId: string; cola: string }>> {
  if (queues.length === 0) return [];
  const result = await db.execute(sql`
    select j.id::text as "jobId", j.name as cola from pgboss.job j
    where j.name in (${sql.join(
      queues.map((q) => sql`${q}`),
      sql`, `,
    )}) and j.state = 'active' and j.started_on < now() - make_interval(secs => ${graceS})
      and not exists (select 1 from trabajos_activos t where t.job_id = j.id)
    limit 500`);
  return rowsOf<{ jobId: string; cola: string }>(result);
}
