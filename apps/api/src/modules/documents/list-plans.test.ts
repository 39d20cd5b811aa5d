/**
 * The list query runs as a named statement with a generic plan on PostgreSQL (db/client.ts TSqlRows,
 * docs/decisions/007-search-speed.md). A generic plan does not see the parameter values, so each filter shape's plan
 * must suit every value: read the page from an index in list order, then the rows by primary key; never a sequential
 * scan of the documents or a hash join over them. Checked on the database the tests use (PGlite, or PostgreSQL with
 * DATABASE_URL), with 20 000 documents and fresh statistics.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { TSearchRequest } from '@radica/contracts/documents';
import { listPageSql, listRowsSql, searchFilter } from './list-repository.ts';
import { registerAndLogin, startTestApp, SYNTHETIC_DOCUMENTS_SQL, type TTestApp } from '../../../test/helpers.ts';

type TPlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: TPlanNode[] };
const nodesOf = (n: TPlanNode): TPlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodesOf)];

/** A bound value written as an SQL literal (EXECUTE takes expressions). */
function literal(v: unknown): string {
  if (typeof v === 'number') return String(v);
  if (v instanceof Date) return `'${v.toISOString()}'`;
  if (Array.isArray(v)) return `array[${v.map(literal).join(',')}]`;
  return `'${String(v).replace(/'/g, "''")}'`;
}

let t: TTestApp;
let tenantId: number;
/** Run statements on one session (settings and PREPARE must share it). */
let session: (text: string) => Promise<Array<Record<string, unknown>>>;
let end = async () => {};

beforeAll(async () => {
  t = await startTestApp();
  await registerAndLogin(t.url, 'planes@example.co', '901019681');
  const [u] = await t.app.deps.dbRows<{ id: number; tenant_id: number }>(sql`select id, tenant_id from users where email = 'planes@example.co'`);
  tenantId = u!.tenant_id;
  if (t.config.databaseUrl) {
    const c = new pg.Client({ connectionString: t.config.databaseUrl });
    await c.connect();
    session = async (text) => (await c.query(text)).rows;
    end = () => c.end();
  } else {
    // PGlite has a single session.
    session = async (text) => ((await t.app.deps.db.execute(sql.raw(text))) as unknown as { rows: Array<Record<string, unknown>> }).rows;
  }
  await session(SYNTHETIC_DOCUMENTS_SQL.replace('$1', String(u!.tenant_id)).replace('$2', String(u!.id)).replace('$3::int', '20000'));
  await session('vacuum analyze fev_rips');
}, 60_000);

afterAll(async () => {
  await end();
  await t?.close();
});

const dialect = new PgDialect();
const SHAPES: Array<[string, TSearchRequest]> = [
  ['sin filtros', { estado: 'EXCLUDE_ANULADO' }],
  ['un estado', { estado: 'APROBADO' }],
  ['NO_APROBADO (tres estados)', { estado: 'NO_APROBADO' }],
  ['tipo de documento', { estado: 'EXCLUDE_ANULADO', tipoDocumento: 'NC' }],
  ['rango de creación', { estado: 'EXCLUDE_ANULADO', fechaCreacionDesde: '2026-01-01', fechaCreacionHasta: '2026-03-31' }],
  ['rango de radicación', { estado: 'APROBADO', fechaRadicacionDesde: '2026-01-01', fechaRadicacionHasta: '2026-03-31' }],
  ['todo junto', { estado: 'APROBADO', tipoDocumento: 'FV', fechaCreacionDesde: '2026-01-01', fechaCreacionHasta: '2026-12-31' }],
] as Array<[string, TSearchRequest]>;

describe('generic plans of the list query', () => {
  it.each(SHAPES)('%s: index in list order, rows by primary key, no sequential scan or hash join', async (_label, q) => {
    for (const offset of [0, 15_000]) {
      const { sql: text, params } = dialect.sqlToQuery(listRowsSql(listPageSql(searchFilter(tenantId, q), 15, offset)));
      const name = `plan_${Math.random().toString(36).slice(2)}`;
      await session('set plan_cache_mode = force_generic_plan');
      await session(`prepare ${name} as ${text}`);
      const [row] = await session(`explain (format json) execute ${name}(${params.map(literal).join(', ')})`);
      await session(`deallocate ${name}`);
      const plan = (JSON.parse(typeof row!['QUERY PLAN'] === 'string' ? (row!['QUERY PLAN'] as string) : JSON.stringify(row!['QUERY PLAN'])) as Array<{ Plan: TPlanNode }>)[0]!.Plan;
      const nodes = nodesOf(plan);
      const summary = nodes.map((n) => `${n['Node Type']}${n['Relation Name'] ? ` ${n['Relation Name']}` : ''}${n['Index Name'] ? ` (${n['Index Name']})` : ''}`);
      expect(summary.filter((s) => s.startsWith('Seq Scan') || s.startsWith('Hash Join')), summary.join(' | ')).toEqual([]);
      expect(summary.some((s) => s.includes('fev_rips_pkey')), summary.join(' | ')).toBe(true);
      expect(summary.some((s) => /Index( Only)? Scan.*fev_rips_tenant_/.test(s)), summary.join(' | ')).toBe(true);
    }
  });

  it.skipIf(!process.env.DATABASE_URL)('the pool plans named statements generically on every connection', async () => {
    const settings = await Promise.all(
      Array.from({ length: 12 }, () => t.app.deps.dbRows<{ v: string }>(sql`select current_setting('plan_cache_mode') as v, pg_sleep(0.05)`)),
    );
    expect(settings.map((r) => r[0]!.v)).toEqual(Array(12).fill('force_generic_plan'));
  });

  it('a formato "contains" filter of three or more characters uses the trigram index (pg_trgm is loaded)', async () => {
    const { sql: text, params } = dialect.sqlToQuery(listPageSql(searchFilter(tenantId, { estado: 'EXCLUDE_ANULADO', formato: '00123' } as TSearchRequest), 15, 0));
    let bound = text;
    params.forEach((p, i) => (bound = bound.replace(new RegExp(`\\$${i + 1}(?!\\d)`), literal(p))));
    const rows = await session(`explain ${bound}`);
    expect(rows.map((r) => String(r['QUERY PLAN'])).join('\n')).toContain('fev_rips_formato_trgm_idx');
  });
});
