import type { TDb } from '../../db/client.ts';
import { aceptacionesLegales } from '../../db/schema-legal.ts';

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
export type TAceptacionRow = typeof aceptacionesLegales.$inferSelect;

export async function insertAceptacion(q: TDb | TTx, values: typeof aceptacionesLegales.$inferInsert): Promise<TAceptacionRow> {
  const [row] = await q.insert(aceptacionesLegales).values(values).returning();
  return row!;
}
