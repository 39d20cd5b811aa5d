import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { TRol } from '@radica/contracts/enums';
import { invitaciones, tenants, terceros, userIdentities, users } from '../../db/schema-accounts.ts';
import { apiKeys } from '../../db/schema-integrations.ts';
import type { TQuery, TTx } from '../auth/repository.ts';

/**
 * The users module's queries: a company's users, its invitations and what a removal or a role change does
 * to sessions and keys. Every function takes the tenant, except {@link findInvitacionPorToken}, the identity lookup of
 * an invitation link (its token names the tenant).
 */
export type TInvitacionRow = typeof invitaciones.$inferSelect;
export type TUsuarioRow = typeof users.$inferSelect;

/**
 * Serialise the user-management changes of one tenant (seats, the last administrator): `select … for update` on its
 * row, held until the caller's transaction ends. Two administrators demoting each other at once cannot leave none.
 */
export async function lockTenant(tx: TTx, tenantId: number): Promise<void> {
  await tx.execute(sql`select id from tenants where id = ${tenantId} for update`);
}

/** The tenant's active users, oldest first. */
export function listUsuarios(q: TQuery, tenantId: number): Promise<TUsuarioRow[]> {
  return q
    .select()
    .from(users)
    .where(and(eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .orderBy(asc(users.id));
}

/** The tenant's active user `id`, or undefined (another tenant's id or a removed user). */
export async function findUsuario(q: TQuery, tenantId: number, id: number): Promise<TUsuarioRow | undefined> {
  const [row] = await q
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .limit(1);
  return row;
}

/** Any user `id` of the tenant, removed or not, with its name (the audit names who acted). */
export async function namesOfUsers(q: TQuery, tenantId: number, ids: number[]): Promise<Map<number, { nombre: string; eliminado: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await q
    .select({ id: users.id, nombre: users.name, eliminadoEn: users.eliminadoEn })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.id, ids)));
  return new Map(rows.map((r) => [r.id, { nombre: r.nombre, eliminado: r.eliminadoEn !== null }]));
}

/** How many active administrators the tenant has. */
export async function countAdministradores(q: TQuery, tenantId: number): Promise<number> {
  const [row] = await q
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.rol, 'administrador'), isNull(users.eliminadoEn)));
  return row?.n ?? 0;
}

/** Seats in use: active users plus open invitations (pending or lapsed, until accepted or cancelled). */
export async function countPuestosUsados(q: TQuery, tenantId: number): Promise<number> {
  const [u] = await q.select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), isNull(users.eliminadoEn)));
  const [i] = await q
    .select({ n: count() })
    .from(invitaciones)
    .where(and(eq(invitaciones.tenantId, tenantId), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)));
  return (u?.n ?? 0) + (i?.n ?? 0);
}

/** Active users of the tenant. */
export async function countUsuarios(q: TQuery, tenantId: number): Promise<number> {
  const [u] = await q.select({ n: count() }).from(users).where(and(eq(users.tenantId, tenantId), isNull(users.eliminadoEn)));
  return u?.n ?? 0;
}

export async function setRol(q: TQuery, tenantId: number, id: number, rol: TRol): Promise<TUsuarioRow | undefined> {
  const [row] = await q
    .update(users)
    .set({ rol })
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .returning();
  return row;
}

/**
 * Remove the tenant's user `id`: the row stays (the audit names it) marked removed, its WhatsApp link and its sign-in
 * identities go (the Google account and the e-mail are free again).
 */
export async function markEliminado(q: TQuery, tenantId: number, id: number): Promise<TUsuarioRow | undefined> {
  const [row] = await q
    .update(users)
    .set({ eliminadoEn: new Date(), whatsappNumero: null, whatsappPendiente: null })
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId), isNull(users.eliminadoEn)))
    .returning();
  if (row) await q.delete(userIdentities).where(eq(userIdentities.userId, row.id));
  return row;
}

/**
 * Suspend the tenant's live API keys created by user `id` (docs/decisions/039): refused until an administrator confirms
 * them. Returns how many.
 */
export async function suspendKeysOf(q: TQuery, tenantId: number, id: number): Promise<number> {
  const rows = await q
    .update(apiKeys)
    .set({ suspendidaEn: new Date() })
    .where(and(eq(apiKeys.tenantId, tenantId), eq(apiKeys.creadaPor, id), isNull(apiKeys.revocadaEn), isNull(apiKeys.suspendidaEn)))
    .returning({ id: apiKeys.id });
  return rows.length;
}

// ---- invitations ------------------------------------------------------------------------------------------------

/** The tenant's open invitations (not accepted nor cancelled) with the inviter's name, oldest first. */
export function listInvitacionesAbiertas(q: TQuery, tenantId: number) {
  return q
    .select({ invitacion: invitaciones, invitadoPor: users.name })
    .from(invitaciones)
    .innerJoin(users, eq(users.id, invitaciones.invitadoPor))
    .where(and(eq(invitaciones.tenantId, tenantId), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)))
    .orderBy(asc(invitaciones.id));
}

export async function findInvitacionAbierta(q: TQuery, tenantId: number, id: number): Promise<TInvitacionRow | undefined> {
  const [row] = await q
    .select()
    .from(invitaciones)
    .where(and(eq(invitaciones.id, id), eq(invitaciones.tenantId, tenantId), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)))
    .limit(1);
  return row;
}

export async function findInvitacionAbiertaPorEmail(q: TQuery, tenantId: number, email: string): Promise<TInvitacionRow | undefined> {
  const [row] = await q
    .select()
    .from(invitaciones)
    .where(and(eq(invitaciones.tenantId, tenantId), eq(invitaciones.email, email), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)))
    .limit(1);
  return row;
}

export async function insertInvitacion(
  q: TQuery,
  tenantId: number,
  values: { email: string; rol: TRol; tokenHash: string; invitadoPor: number; expiraEn: Date },
): Promise<TInvitacionRow> {
  const [row] = await q
    .insert(invitaciones)
    .values({ ...values, tenantId })
    .returning();
  return row!;
}

/** A resend: a new token and expiry for the tenant's open invitation `id` (the old link stops working). */
export async function renewInvitacion(q: TQuery, tenantId: number, id: number, tokenHash: string, expiraEn: Date): Promise<TInvitacionRow | undefined> {
  const [row] = await q
    .update(invitaciones)
    .set({ tokenHash, expiraEn })
    .where(and(eq(invitaciones.id, id), eq(invitaciones.tenantId, tenantId), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)))
    .returning();
  return row;
}

export async function cancelInvitacion(q: TQuery, tenantId: number, id: number): Promise<TInvitacionRow | undefined> {
  const [row] = await q
    .update(invitaciones)
    .set({ canceladaEn: new Date() })
    .where(and(eq(invitaciones.id, id), eq(invitaciones.tenantId, tenantId), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn)))
    .returning();
  return row;
}

/**
 * The open, unexpired invitation whose token has this hash, with its company's name and the inviter's (identity
 * lookup: the link names the tenant). Undefined for an unknown, used, cancelled or lapsed link.
 */
export async function findInvitacionPorToken(q: TQuery, tokenHash: string) {
  const [row] = await q
    .select({ invitacion: invitaciones, invitadoPor: users.name, terceroId: users.terceroId, empresa: terceros.razonSocial, tenant: tenants })
    .from(invitaciones)
    .innerJoin(users, eq(users.id, invitaciones.invitadoPor))
    .innerJoin(terceros, eq(terceros.id, users.terceroId))
    .innerJoin(tenants, eq(tenants.id, invitaciones.tenantId))
    .where(
      and(eq(invitaciones.tokenHash, tokenHash), isNull(invitaciones.aceptadaEn), isNull(invitaciones.canceladaEn), gt(invitaciones.expiraEn, sql`now()`)),
    )
    .limit(1);
  return row;
}

/** Use the tenant's invitation `id` once: false when it was used, cancelled or lapsed meanwhile. */
export async function claimInvitacion(q: TQuery, tenantId: number, id: number, usuarioId: number): Promise<boolean> {
  const rows = await q
    .update(invitaciones)
    .set({ aceptadaEn: new Date(), usuarioId })
    .where(
      and(
        eq(invitaciones.id, id),
        eq(invitaciones.tenantId, tenantId),
        isNull(invitaciones.aceptadaEn),
        isNull(invitaciones.canceladaEn),
        gt(invitaciones.expiraEn, sql`now()`),
      ),
    )
    .returning({ id: invitaciones.id });
  return rows.length === 1;
}

/** The tenant of the active user with that e-mail, if any (identity lookup: "never a second company"). */
export async function tenantOfEmail(q: TQuery, email: string): Promise<number | null> {
  const [row] = await q
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.eliminadoEn)))
    .limit(1);
  return row?.tenantId ?? null;
}

/** A new user of the tenant (an accepted invitation) and its Google identity, in the caller's transaction. */
export async function insertUsuario(
  tx: TTx,
  tenantId: number,
  values: { terceroId: number; email: string; name: string; passwordHash: string | null; authType: 'manual' | 'google'; rol: TRol },
  identity: { provider: 'google'; subject: string; email: string } | null,
): Promise<TUsuarioRow> {
  const [row] = await tx
    .insert(users)
    .values({ ...values, tenantId })
    .returning();
  if (identity) await tx.insert(userIdentities).values({ ...identity, userId: row!.id });
  return row!;
}

// ---- the WhatsApp link ------------------------------------------------------------------------------------------

/** Keep `numero` as the user's number waiting for its code (or clear it with null). */
export async function setWhatsappPendiente(q: TQuery, tenantId: number, id: number, numero: string | null): Promise<void> {
  await q
    .update(users)
    .set({ whatsappPendiente: numero })
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
}

/** Link the pending number (the code matched). False when the number is linked to another active user. */
export async function linkWhatsapp(q: TQuery, tenantId: number, id: number, numero: string): Promise<boolean> {
  const [other] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.whatsappNumero, numero), isNull(users.eliminadoEn), ne(users.id, id)))
    .limit(1);
  if (other) return false;
  await q
    .update(users)
    .set({ whatsappNumero: numero, whatsappPendiente: null })
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
  return true;
}

export async function unlinkWhatsapp(q: TQuery, tenantId: number, id: number): Promise<void> {
  await q
    .update(users)
    .set({ whatsappNumero: null, whatsappPendiente: null })
    .where(and(eq(users.id, id), eq(users.tenantId, tenantId)));
}

/** The active user linked to a WhatsApp number, with its tenant's validator (identity lookup of an inbound message). */
export async function findUsuarioPorWhatsapp(q: TQuery, numero: string) {
  const [row] = await q
    .select({ user: users, validator: tenants.validator })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.whatsappNumero, numero), isNull(users.eliminadoEn)))
    .limit(1);
  return row;
}
