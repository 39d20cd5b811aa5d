/**
 * The list's keyset cursors (docs/decisions/052): every page of POST /api/FevRips/search carries signed cursors to the
 * next and previous page; sent back with that page's number they read the page after or before a row instead of by
 * OFFSET. A forged or altered cursor is refused with a Spanish message, another company's gives nothing of theirs, and
 * the pages a user walks through do not shift when documents are filed meanwhile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { registerAndLogin, SYNTHETIC_DOCUMENTS_SQL, startTestApp, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
type TSession = Awaited<ReturnType<typeof registerAndLogin>>;
let a: TSession;
let b: TSession;
type TPage = { results: { data: Array<{ id: number; formato: string }> }; pageIndex: number; totalPages: number; cursorSiguiente: string | null; cursorAnterior: string | null };

beforeAll(async () => {
  t = await startTestApp();
  a = await registerAndLogin(t.url, 'cursor-a@example.co', '901019681');
  b = await registerAndLogin(t.url, 'cursor-b@example.co', '901019681');
  for (const [email, n] of [['cursor-a@example.co', 100], ['cursor-b@example.co', 20]] as const) {
    const rows = await t.app.deps.dbRows<{ tenant_id: number; id: number }>(sql`select tenant_id, id from users where email = ${email}`);
    const me = rows[0]!;
    await t.app.deps.db.execute(sql.raw(SYNTHETIC_DOCUMENTS_SQL.replace('$1', String(me.tenant_id)).replace('$2', String(me.id)).replace('$3', String(n))));
    // Ten documents filed in the same instant: the order's tie is broken by id, and a cursor must not skip or repeat any.
    await t.app.deps.db.execute(
      sql.raw(`update fev_rips set fecha_creacion = (select fecha_creacion from fev_rips where tenant_id = ${me.tenant_id} order by id limit 1 offset 3)
        where tenant_id = ${me.tenant_id} and id in (select id from fev_rips where tenant_id = ${me.tenant_id} order by id limit 10 offset 5)`),
    );
  }
});
afterAll(async () => t?.close());

const search = async (s: TSession, body: Record<string, unknown>) => {
  const res = await s.c.post('/api/FevRips/search', { pageSize: 15, estado: '', ...body });
  return { status: res.status, body: res.body, page: res.body.data as TPage };
};
const ids = (p: TPage) => p.results.data.map((r) => r.id);

describe('list cursors (keyset pages)', () => {
  it('walking forward and back by cursor gives exactly the pages by number, and no cursor past either end', async () => {
    const byNumber: number[][] = [];
    for (let p = 1; p <= 7; p++) byNumber.push(ids((await search(a, { pageIndex: p })).page));
    // Non-ANULADO by default (every tenth synthetic document is ANULADO): 90 rows, 6 pages.
    expect(byNumber.flat()).toHaveLength(90);
    let page = (await search(a, { pageIndex: 1 })).page;
    expect(page.cursorAnterior).toBeNull();
    const walked = [ids(page)];
    for (let p = 2; p <= 6; p++) {
      expect(page.cursorSiguiente).toEqual(expect.any(String));
      page = (await search(a, { pageIndex: p, cursor: page.cursorSiguiente })).page;
      walked.push(ids(page));
    }
    expect(walked).toEqual(byNumber.slice(0, 6));
    expect(page.cursorSiguiente).toBeNull();
    for (let p = 5; p >= 1; p--) {
      page = (await search(a, { pageIndex: p, cursor: page.cursorAnterior })).page;
      expect(ids(page)).toEqual(byNumber[p - 1]);
    }
    expect(page.cursorAnterior).toBeNull();
  });

  it('pages walked by cursor do not shift when documents are filed meanwhile (by number they would)', async () => {
    const first = (await search(a, { pageIndex: 1, estado: 'APROBADO' })).page;
    const rows = await t.app.deps.dbRows<{ tenant_id: number; id_usuario: number }>(sql`select tenant_id, id_usuario from fev_rips where id = ${ids(first)[0]!}`);
    await t.app.deps.db.execute(
      sql`insert into fev_rips (tenant_id, id_usuario, formato, tipo_documento, estado) select ${rows[0]!.tenant_id}, ${rows[0]!.id_usuario}, 'NUEVO' || g, 'FV', 'APROBADO' from generate_series(1, 5) g`,
    );
    const next = (await search(a, { pageIndex: 2, estado: 'APROBADO', cursor: first.cursorSiguiente })).page;
    const byNumber = (await search(a, { pageIndex: 2, estado: 'APROBADO' })).page;
    expect(ids(next).some((id) => ids(first).includes(id))).toBe(false);
    // The page by number now repeats the last five rows of the page the user saw.
    expect(ids(byNumber).filter((id) => ids(first).includes(id))).toHaveLength(5);
    expect(ids(next).slice(0, 10)).toEqual(ids(byNumber).slice(5));
  });

  it('a cursor altered, forged or cut is refused (400, Spanish); one for other filters or another page is ignored', async () => {
    const cursor = (await search(a, { pageIndex: 1 })).page.cursorSiguiente!;
    const [body, sig] = cursor.split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...payload, i: 1 })).toString('base64url')}.${sig}`;
    for (const bad of [forged, `${body}.${sig!.slice(0, -2)}AA`, body!, 'no-es-un-cursor', `${body}.${sig}.x`]) {
      const res = await search(a, { pageIndex: 2, cursor: bad });
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', message: MSG_MINISTERIO.cursorInvalido });
    }
    // Made for the unfiltered list, sent with a filter or for another page: read by number, as without it.
    const filtered = await search(a, { pageIndex: 2, estado: 'APROBADO', cursor });
    expect(ids(filtered.page)).toEqual(ids((await search(a, { pageIndex: 2, estado: 'APROBADO' })).page));
    const other = await search(a, { pageIndex: 4, cursor });
    expect(ids(other.page)).toEqual(ids((await search(a, { pageIndex: 4 })).page));
  });

  it("another company's cursor gives nothing of theirs: refused", async () => {
    const fromA = (await search(a, { pageIndex: 1 })).page.cursorSiguiente!;
    const res = await search(b, { pageIndex: 2, cursor: fromA });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_MINISTERIO.cursorInvalido);
    const mine = (await search(b, { pageIndex: 1 })).page;
    const next = (await search(b, { pageIndex: 2, cursor: mine.cursorSiguiente })).page;
    const rows = await t.app.deps.dbRows<{ n: number }>(
      sql`select count(*)::int as n from fev_rips f join users u on u.tenant_id = f.tenant_id where u.email = 'cursor-a@example.co' and f.id = any(${sql.param(ids(next))}::int[])`,
    );
    expect(rows[0]!.n).toBe(0);
  });
});
