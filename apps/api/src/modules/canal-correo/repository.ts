import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { users } from '../../db/schema-accounts.ts';
import { canalCorreo, correoEntrantes } from '../../db/schema-canales.ts';

/**
 * The e-mail channel's queries (issue 16). Every function takes the tenant and scopes its rows by it, except
 * {@link findCanalByToken}, which is how an inbound address names its tenant.
 */
export type TCanalCorreoRow = typeof canalCorreo.$inferSelect;
export type TCorreoEntranteRow = typeof correoEntrantes.$inferSelect;

export async function findCanal(db: TDb, tenantId: number): Promise<TCanalCorreoRow | undefined> {
  const [row] = await db.select().from(canalCorreo).where(eq(canalCorreo.tenantId, tenantId)).limit(1);
  return row;
}

/** Creates the tenant's channel with `token` unless it exists (a concurrent first GET keeps the first); returns the row. */
export async function ensureCanal(db: TDb, tenantId: number, token: string): Promise<TCanalCorreoRow> {
  await db.insert(canalCorreo).values({ tenantId, token }).onConflictDoNothing({ target: canalCorreo.tenantId });
  return (await findCanal(db, tenantId))!;
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
    .values({ ...values, tenantId })
    .returning();
  return row!;
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
