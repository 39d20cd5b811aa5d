import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { apiKeys, fevRips, idempotencyKeys } from '../../db/schema.ts';
import { PROVIDER_CONFIG, fileForm, par1Copy, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';
import { hashBody } from './service.ts';

/**
 * API keys (lifecycle, isolation, what a key may not do), the one filing call (multipart
 * and the ministry-style JSON) and its idempotency, over real HTTP against the local ministry simulator.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** A call authenticated only by an API key (no session, no X-Validator). */
async function withKey(key: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const text = await res.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json };
}

/** A filing of a par1 copy renamed to `formato`, as multipart parts xml + rips. */
function paqueteForm(formato: string, enviar = false) {
  const pair = par1Copy(formato);
  const form = new FormData();
  form.append('xml', new Blob([new Uint8Array(pair.xml)]), `${formato}.xml`);
  form.append('rips', new Blob([new Uint8Array(pair.json)]), `${formato}.json`);
  form.append('enviar', String(enviar));
  return form;
}

async function tenantWithKey(email: string, nit = '901019681') {
  const session = await registerAndLogin(t.url, email, nit);
  await session.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  const created = await session.c.post('/api/integraciones/claves', { nombre: 'HIS principal', diasVigencia: 30 });
  expect(created.status).toBe(200);
  return { ...session, key: created.body.data.clave as string, keyId: created.body.data.id as number };
}

describe('API keys', () => {
  it('are shown once, stored hashed, listed with their last use, and revoked at once', async () => {
    const a = await tenantWithKey('keys-a@example.co');
    expect(a.key).toMatch(/^rk_live_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.app.deps.db.select().from(apiKeys).where(eq(apiKeys.id, a.keyId));
    expect(row!.hash).not.toContain(a.key);
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);

    const listed = await a.c.get('/api/integraciones/claves');
    expect(JSON.stringify(listed.body)).not.toContain(a.key);
    expect(listed.body.data.claves[0]).toMatchObject({ id: a.keyId, nombre: 'HIS principal', prefijo: a.key.slice(0, 12), activa: true, ultimoUso: null });

    const used = await withKey(a.key, 'POST', '/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(used.status).toBe(200);
    expect((await a.c.get('/api/integraciones/claves')).body.data.claves[0].ultimoUso).not.toBeNull();

    const revoked = await a.c.call('DELETE', `/api/integraciones/claves/${a.keyId}`);
    expect([revoked.status, revoked.body.data.activa]).toEqual([200, false]);
    const after = await withKey(a.key, 'POST', '/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect([after.status, after.body.message]).toEqual([401, MSG_INTEGRACIONES.apiKeyInvalida]);
  });

  it('an expired key, a forged key and a key of another tenant get nothing', async () => {
    const a = await tenantWithKey('keys-exp@example.co');
    await t.app.deps.db.update(apiKeys).set({ expiraEn: new Date(Date.now() - 1000) }).where(eq(apiKeys.id, a.keyId));
    expect((await withKey(a.key, 'GET', '/api/v1/paquetes/1')).status).toBe(401);
    expect((await withKey(`rk_live_${'A'.repeat(43)}`, 'GET', '/api/v1/paquetes/1')).status).toBe(401);

    const owner = await tenantWithKey('keys-owner@example.co');
    const filed = await withKey(owner.key, 'POST', '/api/v1/paquetes', paqueteForm('AK1001'));
    expect(filed.status).toBe(201);
    const other = await tenantWithKey('keys-other@example.co', '891856372');
    expect((await withKey(other.key, 'GET', `/api/v1/paquetes/${filed.body.data.id}`)).status).toBe(404);
    expect((await withKey(other.key, 'GET', `/api/FevRips/${filed.body.data.id}/detail`)).status).toBe(404);
    // …nor revoke it.
    expect((await other.c.call('DELETE', `/api/integraciones/claves/${owner.keyId}`)).status).toBe(404);
    expect((await withKey(owner.key, 'GET', `/api/v1/paquetes/${filed.body.data.id}`)).status).toBe(200);
  });

  it('cannot manage accounts, keys or payments (403 with a message that says why)', async () => {
    const a = await tenantWithKey('keys-scope@example.co');
    for (const [method, path, body] of [
      ['GET', '/api/integraciones/claves', undefined],
      ['POST', '/api/integraciones/claves', { nombre: 'otra' }],
      ['GET', '/api/Auth/tercero-fevrips', undefined],
      ['PUT', '/api/Auth/actualizar-configuracion-fevrips', PROVIDER_CONFIG],
      ['GET', '/api/Auth/productos-comprados', undefined],
    ] as const) {
      const r = await withKey(a.key, method, path, body);
      expect([r.status, r.body.code], path).toEqual([403, 'API_KEY_FORBIDDEN']);
    }
  });

  it('refuses bad key requests with Spanish 4xx', async () => {
    const { c } = await registerAndLogin(t.url, 'keys-bad@example.co', '901019681');
    expect((await c.post('/api/integraciones/claves', { nombre: '' })).status).toBe(400);
    expect((await c.post('/api/integraciones/claves', { nombre: 'x', diasVigencia: 9999 })).status).toBe(400);
    expect((await c.call('DELETE', '/api/integraciones/claves/abc')).status).toBe(400);
    expect((await c.call('DELETE', '/api/integraciones/claves/999999')).status).toBe(404);
  });
});

describe('POST /api/v1/paquetes', () => {
  it('files a pair as channel API and sends it at once: the answer carries the CUV', async () => {
    const a = await tenantWithKey('file-a@example.co');
    const r = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AP2001', true));
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ formato: 'AP2001', canal: 'api', estado: 'APROBADO', servicioCarga: 'CargarFevRips', envio: { exitoso: true } });
    expect(r.body.data.resultado.cuv).toMatch(/^[0-9a-f]{96}$/);
    const status = await withKey(a.key, 'GET', `/api/v1/paquetes/${r.body.data.id}`);
    expect(status.body.data.resultado.cuv).toBe(r.body.data.resultado.cuv);
    // The channel shows in the list the web reads.
    const list = await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 });
    expect(list.body.data.results.data.find((d: { id: number }) => d.id === r.body.data.id).canal).toBe('api');
    // …and filters it: a document uploaded on the platform is left out of canal 'api', and the Excel rows name it.
    const web = par1Copy('AP2002');
    const x = await a.c.post('/api/FevRips/subir-archivo', fileForm('AP2002.xml', web.xml));
    expect(x.status).toBe(200);
    const soloApi = await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, canal: 'api' });
    expect(soloApi.body.data.results.data.map((d: { formato: string }) => d.formato)).toEqual(['AP2001']);
    const soloWeb = await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, canal: 'plataforma' });
    expect(soloWeb.body.data.results.data.map((d: { formato: string }) => d.formato)).toEqual(['AP2002']);
    expect((await a.c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15, canal: 'fax' })).status).toBe(400);
    const informe = await a.c.post('/api/fevrips/informe-listado', { formatos: ['AP2001', 'AP2002'] });
    expect(informe.body.data.datos.map((d: { canal: string }) => d.canal)).toEqual(['api', 'plataforma']);
  });

  it("takes the ministry's JSON shape (xmlFevFile in base64, rips as an object) and answers the local findings", async () => {
    const a = await tenantWithKey('file-json@example.co');
    const pair = par1Copy('AJ3001');
    const rips = JSON.parse(pair.json.toString('utf8')) as Record<string, unknown>;
    rips['numFactura'] = 'AJ3001';
    const r = await withKey(a.key, 'POST', '/api/v1/paquetes', { xmlFevFile: pair.xml.toString('base64'), rips });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ formato: 'AJ3001', canal: 'api', estado: 'EN_ESPERA', envio: null, resultado: null });
    expect(r.body.data.hallazgos.map((h: { codigo: string }) => h.codigo)).toEqual(['FED131']);
    expect((await withKey(a.key, 'POST', '/api/v1/paquetes', { xmlFevFile: '@@no-es-base64@@' })).body.code).toBe('PAQUETE_BASE64');
    expect((await withKey(a.key, 'POST', '/api/v1/paquetes', {})).body.code).toBe('PAQUETE_VACIO');
    expect((await withKey(a.key, 'POST', '/api/v1/paquetes', { rips: 'texto' })).status).toBe(400);
    expect((await withKey(a.key, 'POST', '/api/v1/paquetes', '{"xmlFevFile":')).status).toBe(400);
  });

  it('a multipart with wrong part names names the real parts xml and rips, and those that came', async () => {
    const a = await tenantWithKey('file-partes@example.co');
    const pair = par1Copy('AJ3002');
    const form = new FormData();
    form.append('enviar', 'false');
    form.append('xmlFevFile', new Blob([new Uint8Array(pair.xml)]), 'f.xml');
    form.append('archivo', new Blob([new Uint8Array(pair.json)]), 'r.json');
    const r = await withKey(a.key, 'POST', '/api/v1/paquetes', form);
    expect([r.status, r.body.code, r.body.message]).toEqual([400, 'PAQUETE_VACIO', MSG_INTEGRACIONES.paqueteSinPartes(['xmlFevFile', 'archivo'])]);
    expect(r.body.message).toMatch(/parte xml .* parte rips/);
  });

  it('Idempotency-Key: a replay answers the first result, another body is 409, concurrent duplicates file once', async () => {
    const a = await tenantWithKey('file-idem@example.co');
    const first = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AI4001'), { 'idempotency-key': 'pedido-4001' });
    const again = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AI4001'), { 'idempotency-key': 'pedido-4001' });
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.data).toEqual(first.body.data);
    const other = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AI4002'), { 'idempotency-key': 'pedido-4001' });
    expect([other.status, other.body.message]).toEqual([409, MSG_INTEGRACIONES.idempotenciaConflicto]);

    const burst = await Promise.all(
      Array.from({ length: 5 }, () => withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AI4003'), { 'idempotency-key': 'pedido-4003' })),
    );
    expect(burst.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(burst.map((r) => r.body.data.id)).size).toBe(1);
    const docs = await t.app.deps.db.select({ id: fevRips.id }).from(fevRips).where(eq(fevRips.formato, 'AI4003'));
    expect(docs).toHaveLength(1);

    const badHeader = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AI4004'), { 'idempotency-key': 'x'.repeat(101) });
    expect(badHeader.status).toBe(400);
  });

  it('a key claimed by a request that died expires with its lease: the replay finishes the filing and sends it', async () => {
    const a = await tenantWithKey('file-crash@example.co');
    // What a request killed after filing its XML leaves: the document with the XML only, the key claimed with that
    // document, no answer, and a lease nobody renews any more.
    const pair = par1Copy('AC6001');
    const x = await a.c.post('/api/FevRips/subir-archivo', fileForm('AC6001.xml', pair.xml));
    const id = x.body.data.fevRipsId as number;
    const [doc] = await t.app.deps.db.select({ tenantId: fevRips.tenantId }).from(fevRips).where(eq(fevRips.id, id));
    const body = (formato: string, enviar: boolean) => {
      const p = par1Copy(formato);
      return { xml: { filename: `${formato}.xml`, bytes: p.xml }, rips: { filename: `${formato}.json`, bytes: p.json }, enviar };
    };
    await t.app.deps.db
      .insert(idempotencyKeys)
      .values({ tenantId: doc!.tenantId, clave: 'pedido-6001', cuerpoHash: hashBody(body('AC6001', true)), fevRipsId: id, leaseHasta: new Date(Date.now() - 1000) });
    const replay = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AC6001', true), { 'idempotency-key': 'pedido-6001' });
    expect(replay.status).toBe(201);
    expect(replay.body.data).toMatchObject({ id, estado: 'APROBADO', envio: { exitoso: true } });
    expect(replay.body.data.resultado.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await t.app.deps.db.select({ id: fevRips.id }).from(fevRips).where(eq(fevRips.formato, 'AC6001'))).toHaveLength(1);
    const again = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AC6001', true), { 'idempotency-key': 'pedido-6001' });
    expect([again.status, again.body.data]).toEqual([200, replay.body.data]);

    // A claim still leased makes the replay wait; once the lease passes unrenewed, the replay files it from scratch.
    await t.app.deps.db
      .insert(idempotencyKeys)
      .values({ tenantId: doc!.tenantId, clave: 'pedido-6002', cuerpoHash: hashBody(body('AC6002', false)), leaseHasta: new Date(Date.now() + 1500) });
    const t0 = Date.now();
    const late = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AC6002'), { 'idempotency-key': 'pedido-6002' });
    expect(Date.now() - t0).toBeGreaterThanOrEqual(1000);
    expect([late.status, late.body.data.estado]).toEqual([201, 'EN_ESPERA']);
  });

  it('a failed filing releases its Idempotency-Key, and a tenant without the ministry module is refused', async () => {
    const a = await tenantWithKey('file-fail@example.co', '891856372');
    // par1 belongs to NIT 901019681: this tenant's identity does not match → 422, and the key is free again.
    const refused = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AF5001'), { 'idempotency-key': 'k-5001' });
    expect(refused.status).toBe(422);
    const retry = await withKey(a.key, 'POST', '/api/v1/paquetes', paqueteForm('AF5001'), { 'idempotency-key': 'k-5001' });
    expect(retry.status).toBe(422);

    const none = await registerAndLogin(t.url, 'file-nomodule@example.co', '901019681', 'Clave-Segura-2026', []);
    const key = (await none.c.post('/api/integraciones/claves', { nombre: 'sin módulo' })).body.data.clave as string;
    expect((await withKey(key, 'POST', '/api/v1/paquetes', paqueteForm('AF5002'))).status).toBe(403);
  });
});
