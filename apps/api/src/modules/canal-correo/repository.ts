import { and, asc, count, desc, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema-accounts.ts';
import { canalCorreo, correoEntrantes, correoRespuestasLimite } from '../../db/schema-canales.ts';
import { correosRecibidos } from '../../db/schema-runtime.ts';
import { sinControles } from '../../lib/texto.ts';

/**
 * The e-mail channel's queries. Every function takes the tenant and scopes its rows by it, except
 * {@link findCanalByToken}, which is how an inbound address names its tenant.
 */
export type TCanalCorreoRow = typeof canalCorreo.$inferSelect;
export type TCorreoEntranteRow = typeof correoEntrantes.$inferSelect;

export async function findCanal(db: TDb, tenantId: number): Promise<TCanalCorreoRow | undefined> {
  const [row] = await db.select().from(canalCorreo).where(eq(canalCorreo.tenantId, tenantId)).limit(1);
  return row;
}

/**
 * Creates the tenant's channel with `token` and the first allowed senders `remitentes` unless it exists (a concurrent
 * first GET keeps the first); returns the row.
 */
export async function ensureCanal(db: TDb, tenantId: number, token: string, remitentes: string[] = []): Promise<TCanalCorreoRow> {
  await db.insert(canalCorreo).values({ tenantId, token, remitentes }).onConflictDoNothing({ target: canalCorreo.tenantId });
  return (await findCanal(db, tenantId))!;
}

/** The e-mail of the account that registered the tenant (its first user still active), lower case; undefined if none. */
export async function findCorreoCuenta(db: TDb, tenantId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .orderBy(asc(users.id))
    .limit(1);
  return row?.email.trim().toLowerCase();
}

export async function updateCanal(
  db: TDb,
  tenantId: number,
  values: { remitentes: string[]; envioAutomatico: boolean; activo: boolean },
): Promise<TCanalCorreoRow | undefined> {
  const [row] = await db
    .update(canalCorreo)
    .set({ ...values, actualizadoEn: new Date() })
    .where(eq(canalCorreo.tenantId, tenantId))
    .returning();
  return row;
}

/** Replaces the tenant's token: the old address stops matching at once. */
export async function updateToken(db: TDb, tenantId: number, token: string): Promise<TCanalCorreoRow | undefined> {
  const [row] = await db
    .update(canalCorreo)
    .set({ token, actualizadoEn: new Date() })
    .where(eq(canalCorreo.tenantId, tenantId))
    .returning();
  return row;
}

/** The active channel whose token is `token` (lower case), or undefined. */
export async function findCanalByToken(db: TDb, token: string): Promise<TCanalCorreoRow | undefined> {
  const [row] = await db
    .select()
    .from(canalCorreo)
    .where(and(eq(canalCorreo.token, token), eq(canalCorreo.activo, true)))
    .limit(1);
  return row;
}

/** The tenant's first user (the account's owner, who registered it): the documents a channel files are theirs. */
export async function findOwnerUserId(db: TDb, tenantId: number): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId)).orderBy(asc(users.id)).limit(1);
  return row?.id;
}

/** A value with every string in it cleaned by {@link sinControles} (the log's jsonb detail comes from outside). */
function limpio<T>(v: T): T {
  if (typeof v === 'string') return sinControles(v) as T;
  if (Array.isArray(v)) return v.map(limpio) as T;
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, limpio(x)])) as T;
  return v;
}

/**
 * Logs one inbound message. Every string is cleaned of control characters first (a NUL in an
 * attachment's name must not make the log, and so the SMTP answer, fail).
 */
export async function insertEntrante(
  db: TDb,
  tenantId: number,
  values: {
    messageId: string | null;
    remitente: string;
    asunto: string;
    estado: string;
    motivo: string | null;
    detalle: unknown[];
    respuestaEnviada: boolean;
  },
): Promise<TCorreoEntranteRow> {
  const [row] = await db
    .insert(correoEntrantes)
    .values({ ...limpio(values), tenantId })
    .returning();
  return row!;
}

/**
 * Claims one automatic reply to `destinatario` for the tenant: true while that address got fewer
 * than `maxDestinatario` replies in the current hour (from all tenants together) and the tenant sent fewer than
 * `maxTenant`. Each key's count is one atomic upsert (its row lock orders concurrent claims, across processes); a
 * window older than an hour starts again at 1. A refused recipient does not count against the tenant.
 */
export async function claimReplySlot(
  db: TDb,
  tenantId: number,
  destinatario: string,
  limits: { maxDestinatario: number; maxTenant: number },
): Promise<boolean> {
  const claim = async (clave: string, max: number) => {
    const vencida = sql`${correoRespuestasLimite.desde} <= now() - interval '1 hour'`;
    const [row] = await db
      .insert(correoRespuestasLimite)
      .values({ clave, n: 1 })
      .onConflictDoUpdate({
        target: correoRespuestasLimite.clave,
        set: {
          desde: sql`case when ${vencida} then now() else ${correoRespuestasLimite.desde} end`,
          n: sql`case when ${vencida} then 1 else ${correoRespuestasLimite.n} + 1 end`,
        },
      })
      .returning({ n: correoRespuestasLimite.n });
    return (row?.n ?? Infinity) <= max;
  };
  return (await claim(`r:${destinatario.toLowerCase()}`, limits.maxDestinatario)) && (await claim(`t:${tenantId}`, limits.maxTenant));
}

export async function setRespuestaEnviada(db: TDb, tenantId: number, id: number): Promise<void> {
  await db
    .update(correoEntrantes)
    .set({ respuestaEnviada: true })
    .where(and(eq(correoEntrantes.tenantId, tenantId), eq(correoEntrantes.id, id)));
}

/** Has the tenant already filed a message with this Message-ID (a refused one may come again once allowed)? */
export async function hasMessageId(db: TDb, tenantId: number, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: correoEntrantes.id })
    .from(correoEntrantes)
    .where(
      and(eq(correoEntrantes.tenantId, tenantId), eq(correoEntrantes.messageId, messageId), ne(correoEntrantes.estado, 'RECHAZADO')),
    )
    .limit(1);
  return row !== undefined;
}

/** One page of the tenant's inbox log, newest first, and the total count. */
export async function listEntrantes(
  db: TDb,
  tenantId: number,
  page: { offset: number; limit: number },
): Promise<{ rows: TCorreoEntranteRow[]; total: number }> {
  const rows = await db
    .select()
    .from(correoEntrantes)
    .where(eq(correoEntrantes.tenantId, tenantId))
    .orderBy(desc(correoEntrantes.id))
    .limit(page.limit)
    .offset(page.offset);
  const [c] = await db.select({ n: count() }).from(correoEntrantes).where(eq(correoEntrantes.tenantId, tenantId));
  return { rows, total: c?.n ?? 0 };
}

// ---- messages accepted and waiting for their job (docs/decisions/029) ----

export type TCorreoRecibidoRow = typeof correosRecibidos.$inferSelect;

/** Records an accepted message (before the transport answers success). */
export async function insertCorreoRecibido(db: TDb, values: { remitenteSobre: string | null; tenantIds: number[]; crudo: Buffer | null }): Promise<number> {
  const [row] = await db.insert(correosRecibidos).values(values).returning({ id: correosRecibidos.id });
  return row!.id;
}

export async function findCorreoRecibido(db: TDb, id: number): Promise<TCorreoRecibidoRow | undefined> {
  const [row] = await db.select().from(correosRecibidos).where(eq(correosRecibidos.id, id)).limit(1);
  return row;
}

/** Notes that the copy of `tenantId` was filed. */
export async function addCorreoHecho(db: TDb, id: number, tenantId: number): Promise<void> {
  await db
    .update(correosRecibidos)
    .set({ hechos: sql`${correosRecibidos.hechos} || ${JSON.stringify([tenantId])}::jsonb` })
    .where(eq(correosRecibidos.id, id));
}

/** Marks a message processed and drops its bytes (the inbox log keeps what the tenant sees). */
export async function markCorreoProcesado(db: TDb, id: number): Promise<void> {
  await db.update(correosRecibidos).set({ procesadoEn: new Date(), crudo: null }).where(eq(correosRecibidos.id, id));
}

/** Accepted messages not processed yet, received before `before` (the sweep enqueues their job again). */
export async function findCorreosSinProcesar(db: TDb, before: Date): Promise<number[]> {
  const rows = await db
    .select({ id: correosRecibidos.id })
    .from(correosRecibidos)
    .where(and(isNull(correosRecibidos.procesadoEn), lt(correosRecibidos.recibidoEn, before)))
    .limit(1000);
  return rows.map((r) => r.id);
}

/** Accepted messages not processed yet (tests wait for none). */
export async function countCorreosSinProcesar(db: TDb): Promise<number> {
  const [row] = await db.select({ n: count() }).from(correosRecibidos).where(isNull(correosRecibidos.procesadoEn));
  return row?.n ?? 0;
}
