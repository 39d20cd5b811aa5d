import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { providerConfigs } from '../../db/schema-accounts.ts';

/** The providers module's queries: a tenant's provider configuration (one row per tenant). */
export type TProviderConfigRow = typeof providerConfigs.$inferSelect;

export async function findProviderConfig(db: TDb, tenantId: number): Promise<TProviderConfigRow | undefined> {
  const [row] = await db.select().from(providerConfigs).where(eq(providerConfigs.tenantId, tenantId)).limit(1);
  return row;
}

export async function insertProviderConfig(db: TDb, tenantId: number, values: Omit<typeof providerConfigs.$inferInsert, 'tenantId'>): Promise<void> {
  await db.insert(providerConfigs).values({ ...values, tenantId });
}

export async function updateProviderConfigRow(db: TDb, tenantId: number, patch: Partial<typeof providerConfigs.$inferInsert>): Promise<void> {
  await db.update(providerConfigs).set(patch).where(eq(providerConfigs.tenantId, tenantId));
}
