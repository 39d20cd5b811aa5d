import { and, asc, eq, gt, isNull, max, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { purchases, users } from '../../db/schema-accounts.ts';

/** The products module's queries: a tenant's purchases of modules. Every function takes the tenant, except the operator's lookup by e-mail. */

/** Every purchase of the tenant, oldest first. */
export function listPurchases(db: TDb, tenantId: number) {
  return db.select().from(purchases).where(eq(purchases.tenantId, tenantId)).orderBy(asc(purchases.id));
}

/** A purchase that grants its module now: active, approved, and not past its period (`vigente_hasta`). */
const grantsNow = () =>
  and(eq(purchases.activo, true), eq(purchases.estado, 'APROBADO'), or(isNull(purchases.vigenteHasta), gt(purchases.vigenteHasta, sql`now()`)));

/** The tenant has a purchase of the module that grants it now. */
export async function hasActivePurchase(db: TDb, tenantId: number, modulo: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(purchases)
    .where(and(eq(purchases.tenantId, tenantId), eq(purchases.modulo, modulo), grantsNow()))
    .limit(1);
  return Boolean(row);
}

/** The plans of the tenant's purchases that grant their module now (seed 002 §1 'profesional', 'business'). */
export async function activePlans(db: TDb, tenantId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ plan: purchases.plan })
    .from(purchases)
    .where(and(eq(purchases.tenantId, tenantId), grantsNow()));
  return rows.map((r) => r.plan);
}

/**
 * The plans of every purchase that grants its module now, all tenants together (backup retention is set by
 * the longest promise any tenant holds). An operator-side query: it reveals no tenant's data, only which plans run.
 */
export async function activePlansAnyTenant(db: TDb): Promise<string[]> {
  const rows = await db.selectDistinct({ plan: purchases.plan }).from(purchases).where(grantsNow());
  return rows.map((r) => r.plan);
}

/**
 * The latest end of the tenant's current periods of the module: null when none runs now; 'forever' when a purchase
 * without end (a manual grant) grants it.
 */
export async function currentPeriodEnd(db: TDb, tenantId: number, modulo: string): Promise<Date | 'forever' | null> {
  const [row] = await db
    .select({ open: sql<number>`count(*) filter (where ${purchases.vigenteHasta} is null)`, until: max(purchases.vigenteHasta) })
    .from(purchases)
    .where(and(eq(purchases.tenantId, tenantId), eq(purchases.modulo, modulo), grantsNow()));
  if (!row) return null;
  if (Number(row.open) > 0) return 'forever';
  return row.until ?? null;
}

/** The purchase rows a sale already recorded for the tenant (a sale grants once). */
export async function countSalePurchases(db: TDb, tenantId: number, saleId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(purchases)
    .where(and(eq(purchases.tenantId, tenantId), eq(purchases.saleId, saleId)));
  return Number(row?.n ?? 0);
}

export async function insertPurchase(db: TDb, tenantId: number, values: Omit<typeof purchases.$inferInsert, 'tenantId'>): Promise<void> {
  await db.insert(purchases).values({ ...values, tenantId });
}

/** The tenant of the user with that e-mail (case-insensitive): the operator's grant names a user, not a tenant. */
export async function findTenantIdByEmail(db: TDb, email: string): Promise<number | null> {
  const [user] = await db.select({ tenantId: users.tenantId }).from(users).where(sql`lower(${users.email}) = ${email} and ${users.eliminadoEn} is null`).limit(1);
  return user?.tenantId ?? null;
}
