import { and, asc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { purchases, users } from '../../db/schema-accounts.ts';

/** The products module's queries: a tenant's purchases of modules. Every function takes the tenant, except the operator's lookup by e-mail. */

/** Every purchase of the tenant, oldest first. */
export function listPurchases(db: TDb, tenantId: number) {
  return db.select().from(purchases).where(eq(purchases.tenantId, tenantId)).orderBy(asc(purchases.id));
}

/** The tenant has an active, approved purchase of the module. */
export async function hasActivePurchase(db: TDb, tenantId: number, modulo: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(purchases)
    .where(and(eq(purchases.tenantId, tenantId), eq(purchases.modulo, modulo), eq(purchases.activo, true), eq(purchases.estado, 'APROBADO')))
    .limit(1);
  return Boolean(row);
}

export async function insertPurchase(db: TDb, tenantId: number, values: Omit<typeof purchases.$inferInsert, 'tenantId'>): Promise<void> {
  await db.insert(purchases).values({ ...values, tenantId });
}

/** The tenant of the user with that e-mail (case-insensitive): the operator's grant names a user, not a tenant. */
export async function findTenantIdByEmail(db: TDb, email: string): Promise<number | null> {
  const [user] = await db.select({ tenantId: users.tenantId }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return user?.tenantId ?? null;
}
