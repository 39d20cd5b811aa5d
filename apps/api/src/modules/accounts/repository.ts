import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { terceros, users } from '../../db/schema-accounts.ts';

/** The accounts module's queries: the tercero (company or person) of a tenant's user. Every function takes the tenant. */
export type TTerceroRow = typeof terceros.$inferSelect;

/** The tercero of the tenant's user `userId`, or undefined. */
export async function findTerceroOfUser(db: TDb, tenantId: number, userId: number): Promise<TTerceroRow | undefined> {
  const [row] = await db
    .select({ tercero: terceros })
    .from(users)
    .innerJoin(terceros, eq(users.terceroId, terceros.id))
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId), eq(terceros.tenantId, tenantId)))
    .limit(1);
  return row?.tercero;
}

/** Update the tercero of the tenant's user `userId`; returns it, or undefined when the user is not the tenant's. */
export async function updateTerceroOfUser(
  db: TDb,
  tenantId: number,
  userId: number,
  patch: Partial<typeof terceros.$inferInsert>,
): Promise<TTerceroRow | undefined> {
  const [user] = await db
    .select({ terceroId: users.terceroId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.tenantId, tenantId)))
    .limit(1);
  if (!user) return undefined;
  const [tercero] = await db
    .update(terceros)
    .set(patch)
    .where(and(eq(terceros.id, user.terceroId), eq(terceros.tenantId, tenantId)))
    .returning();
  return tercero;
}
