import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { fevRips, fevRipsEventos } from '../../db/schema-documents.ts';
import { apiKeys } from '../../db/schema-integrations.ts';
import { users } from '../../db/schema-accounts.ts';
import type { TQuery } from './repository.ts';

/** The document-action audit's queries. Every function takes the tenant. */
export type TEventoRow = typeof fevRipsEventos.$inferSelect;

export async function insertEventos(q: TQuery, tenantId: number, rows: Array<Omit<typeof fevRipsEventos.$inferInsert, 'tenantId'>>): Promise<void> {
  if (rows.length === 0) return;
  await q.insert(fevRipsEventos).values(rows.map((r) => ({ ...r, tenantId })));
}

/** The newest `limit` events of the tenant's document, with the user's name and removal, and the API key's name. */
export function listEventos(q: TQuery, tenantId: number, fevRipsId: number, limit: number) {
  return q
    .select({ evento: fevRipsEventos, usuario: users.name, eliminadoEn: users.eliminadoEn, clave: apiKeys.nombre })
    .from(fevRipsEventos)
    .leftJoin(users, and(eq(users.id, fevRipsEventos.usuarioId), eq(users.tenantId, tenantId)))
    .leftJoin(apiKeys, and(eq(apiKeys.id, fevRipsEventos.apiKeyId), eq(apiKeys.tenantId, tenantId)))
    .where(and(eq(fevRipsEventos.tenantId, tenantId), eq(fevRipsEventos.fevRipsId, fevRipsId)))
    .orderBy(desc(fevRipsEventos.id))
    .limit(limit);
}

/** The tenant's documents sent to the ministry in [desde, hasta) (their last send), by status ("today's sends"). */
export async function countEnviadosEntre(q: TQuery, tenantId: number, desde: Date, hasta: Date): Promise<Record<string, number>> {
  const rows = await q
    .select({ estado: fevRips.estado, n: count() })
    .from(fevRips)
    .where(and(eq(fevRips.tenantId, tenantId), gte(fevRips.fechaEnvio, desde), lt(fevRips.fechaEnvio, hasta)))
    .groupBy(fevRips.estado);
  return Object.fromEntries(rows.map((r) => [r.estado, Number(r.n)]));
}
