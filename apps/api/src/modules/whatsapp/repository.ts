import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { whatsappMensajes } from '../../db/schema-canales.ts';
import type { TDb } from '../../db/client.ts';

/**
 * The WhatsApp assistant's queries. An inbound message names no tenant until its number is found linked:
 * {@link insertMensajes}, {@link findMensaje} and {@link claimMensaje} are identity lookups by the Cloud API's ids;
 * the counts by tenant take the tenant.
 */
export type TMensajeRow = typeof whatsappMensajes.$inferSelect;

/**
 * Stores inbound messages once each, in one statement: the row ids of the new ones (a message id, wamid, already
 * received is a replay and stores nothing; the same wamid twice in `mensajes` is stored once).
 */
export async function insertMensajes(
  db: TDb,
  mensajes: { wamid: string; numero: string; tipo: string; texto: string; enviadoEn: Date }[],
): Promise<number[]> {
  if (mensajes.length === 0) return [];
  const rows = await db.insert(whatsappMensajes).values(mensajes).onConflictDoNothing().returning({ id: whatsappMensajes.id });
  return rows.map((r) => r.id);
}

export async function findMensaje(db: TDb, id: number): Promise<TMensajeRow | undefined> {
  const [row] = await db.select().from(whatsappMensajes).where(eq(whatsappMensajes.id, id)).limit(1);
  return row;
}

/**
 * Take the message for answering, once: sets `procesado_en` and the linked tenant and user when nobody took it yet.
 * False when another job took it (a duplicate job never answers twice).
 */
export async function claimMensaje(db: TDb, id: number, o: { tenantId: number | null; usuarioId: number | null }): Promise<boolean> {
  const rows = await db
    .update(whatsappMensajes)
    .set({ procesadoEn: new Date(), tenantId: o.tenantId, usuarioId: o.usuarioId })
    .where(and(eq(whatsappMensajes.id, id), isNull(whatsappMensajes.procesadoEn)))
    .returning({ id: whatsappMensajes.id });
  return rows.length === 1;
}

/** Give the message back (its answer could not be sent and will be retried). */
export async function releaseMensaje(db: TDb, id: number): Promise<void> {
  await db.update(whatsappMensajes).set({ procesadoEn: null }).where(eq(whatsappMensajes.id, id));
}

/** How the message was answered: `resultado` and the answer's message id. */
export async function finishMensaje(db: TDb, id: number, o: { resultado: string; respuestaWamid: string | null }): Promise<void> {
  await db.update(whatsappMensajes).set(o).where(eq(whatsappMensajes.id, id));
}

/** Messages received from `numero` since `desde`, this one included. */
export async function countPorNumero(db: TDb, numero: string, desde: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(whatsappMensajes)
    .where(and(eq(whatsappMensajes.numero, numero), gt(whatsappMensajes.recibidoEn, desde)));
  return row?.n ?? 0;
}

/** Messages of the tenant's linked users since `desde`, this one included (set by {@link claimMensaje}). */
export async function countPorEmpresa(db: TDb, tenantId: number, desde: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(whatsappMensajes)
    .where(and(eq(whatsappMensajes.tenantId, tenantId), gt(whatsappMensajes.recibidoEn, desde), sql`${whatsappMensajes.procesadoEn} is not null`));
  return row?.n ?? 0;
}
