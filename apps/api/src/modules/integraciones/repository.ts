import { and, asc, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { tenants, users } from '../../db/schema-accounts.ts';
import { apiKeys, idempotencyKeys } from '../../db/schema-integrations.ts';

/**
 * The integrations module's queries: API keys and Idempotency-Keys. Every function takes the tenant and
 * scopes its rows by it, except {@link findActiveKeyByHash}, which is how a key names its tenant.
 */
export type TApiKeyRow = typeof apiKeys.$inferSelect;
export type TIdempotencyRow = typeof idempotencyKeys.$inferSelect;

/** The tenant's keys, oldest first, with the name of the user who created each. */
export function listApiKeys(db: TDb, tenantId: number): Promise<Array<{ key: TApiKeyRow; creadaPor: string }>> {
  return db
    .select({ key: apiKeys, creadaPor: users.name })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.creadaPor))
    .where(eq(apiKeys.tenantId, tenantId))
    .orderBy(asc(apiKeys.id));
}

/**
 * An administrator confirms the tenant's suspended key `id` (docs/decisions/039): it works again and passes
 * to `adminId`. Returns the row, or undefined when it is not the tenant's or not suspended.
 */
export async function confirmApiKey(db: TDb, tenantId: number, id: number, adminId: number): Promise<TApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ suspendidaEn: null, creadaPor: adminId })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, tenantId), isNotNull(apiKeys.suspendidaEn), isNull(apiKeys.revocadaEn)))
    .returning();
  return row;
}

/** How many keys of the tenant are usable now (not revoked, not expired). */
export async function countActiveApiKeys(db: TDb, tenantId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.tenantId, tenantId), isNull(apiKeys.revocadaEn), gt(apiKeys.expiraEn, now)));
  return row?.n ?? 0;
}

export async function insertApiKey(
  db: TDb,
  tenantId: number,
  values: { creadaPor: number; nombre: string; prefijo: string; hash: string; expiraEn: Date },
): Promise<TApiKeyRow> {
  const [row] = await db.insert(apiKeys).values({ ...values, tenantId }).returning();
  return row!;
}

/** Revokes the tenant's key `id` (at once; a revoked key stays revoked). Returns the row, or undefined when not the tenant's. */
export async function revokeApiKey(db: TDb, tenantId: number, id: number, now: Date): Promise<TApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revocadaEn: sql`coalesce(${apiKeys.revocadaEn}, ${now})` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.tenantId, tenantId)))
    .returning();
  return row;
}

/**
 * The usable key with this hash (not revoked, not expired at `now`) and its tenant's validator, or undefined. Marks
 * its last use, at most once a minute (one indexed update).
 */
export async function findActiveKeyByHash(
  db: TDb,
  hash: string,
  now: Date,
): Promise<{ id: number; tenantId: number; creadaPor: number; validator: string; suspendidaEn: Date | null } | undefined> {
  const [row] = await db
    .select({ id: apiKeys.id, tenantId: apiKeys.tenantId, creadaPor: apiKeys.creadaPor, validator: tenants.validator, suspendidaEn: apiKeys.suspendidaEn })
    .from(apiKeys)
    .innerJoin(tenants, eq(tenants.id, apiKeys.tenantId))
    .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revocadaEn), gt(apiKeys.expiraEn, now)))
    .limit(1);
  if (!row || row.suspendidaEn) return row;
  const aMinuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(apiKeys)
    .set({ ultimoUso: now })
    .where(and(eq(apiKeys.id, row.id), or(isNull(apiKeys.ultimoUso), lt(apiKeys.ultimoUso, aMinuteAgo))));
  return row;
}

const leaseFrom = (leaseS: number) => sql`now() + make_interval(secs => ${leaseS})`;

/**
 * Claims an Idempotency-Key for the tenant with a lease of `leaseS` seconds: the new row, or null when the key was
 * already claimed (then {@link findIdempotencyKey} tells by whom and with what). The unique (tenant, clave) index
 * makes concurrent claims of one key end with exactly one winner.
 */
export async function claimIdempotencyKey(db: TDb, tenantId: number, clave: string, cuerpoHash: string, leaseS: number): Promise<TIdempotencyRow | null> {
  const [row] = await db
    .insert(idempotencyKeys)
    .values({ tenantId, clave, cuerpoHash, leaseHasta: leaseFrom(leaseS) })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/**
 * Takes over a claim whose request died: the row of key `clave` with the same body, still without
 * an answer, whose lease has passed, now leased for `leaseS` seconds to the caller; null when there is none (answered,
 * alive, or taken over first: the row lock lets one of concurrent callers win).
 */
export async function takeOverIdempotencyKey(db: TDb, tenantId: number, clave: string, cuerpoHash: string, leaseS: number): Promise<TIdempotencyRow | null> {
  const [row] = await db
    .update(idempotencyKeys)
    .set({ leaseHasta: leaseFrom(leaseS) })
    .where(
      and(
        eq(idempotencyKeys.tenantId, tenantId),
        eq(idempotencyKeys.clave, clave),
        eq(idempotencyKeys.cuerpoHash, cuerpoHash),
        isNull(idempotencyKeys.respuesta),
        lt(idempotencyKeys.leaseHasta, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

/** Pushes the lease of an unanswered claim `leaseS` seconds from now (the request is still working). */
export async function renewIdempotencyLease(db: TDb, tenantId: number, id: number, leaseS: number): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set({ leaseHasta: leaseFrom(leaseS) })
    .where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.tenantId, tenantId), isNull(idempotencyKeys.respuesta)));
}

/** Records the document a claimed filing has made so far (a takeover resumes from it). */
export async function setIdempotencyDocument(db: TDb, tenantId: number, id: number, fevRipsId: number): Promise<void> {
  await db.update(idempotencyKeys).set({ fevRipsId }).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.tenantId, tenantId)));
}

export async function findIdempotencyKey(db: TDb, tenantId: number, clave: string): Promise<TIdempotencyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.tenantId, tenantId), eq(idempotencyKeys.clave, clave)))
    .limit(1);
  return row;
}

/** Stores the answer of a claimed key (the replays get it). */
export async function completeIdempotencyKey(
  db: TDb,
  tenantId: number,
  id: number,
  values: { fevRipsId: number; estadoHttp: number; respuesta: unknown },
): Promise<void> {
  await db.update(idempotencyKeys).set(values).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.tenantId, tenantId)));
}

/** Drops a claim whose request failed, so the same key may be used again once the caller fixes the request. */
export async function releaseIdempotencyKey(db: TDb, tenantId: number, id: number): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, id), eq(idempotencyKeys.tenantId, tenantId)));
}
