import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { TDb } from '../../db/client.ts';
import { tenants } from '../../db/schema-accounts.ts';
import { fevRips } from '../../db/schema-documents.ts';

/** The backups module's queries: whole-database facts of an operator's restore (no tenant's data is returned). */

/** Documents and tenant accounts in the database (printed after a restore). */
export async function countRestored(db: TDb): Promise<{ documentos: number; cuentas: number }> {
  const [docs] = await db.select({ n: sql<number>`count(*)::int` }).from(fevRips);
  const [accounts] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return { documentos: Number(docs?.n ?? 0), cuentas: Number(accounts?.n ?? 0) };
}

/**
 * Relations (tables, sequences, views…) and schemas other than `public` a restore would collide with, on a raw
 * connection to the target PostgreSQL database. 0 = empty (a fresh `createdb`).
 */
export async function userRelationCount(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%')
          + (select count(*) from pg_namespace where nspname not in ('public', 'pg_catalog', 'information_schema')
              and nspname not like 'pg_toast%' and nspname not like 'pg_temp%')::int as n`,
  );
  return Number(rows[0]?.n ?? 0);
}
