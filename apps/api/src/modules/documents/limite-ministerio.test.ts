import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { fevRips, users } from '../../db/schema.ts';
import { loadConfig } from '../../config.ts';
import { PROVIDER_CONFIG, fileForm, par1Copy, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';
import { radicarLote } from './lote.ts';

/**
 * The ministry's size limit for one RIPS JSON (reference §9: 200 MB reported; config MUV_MAX_RIPS_BYTES): a bigger RIPS
 * is refused on upload, in every intake (the web upload, the API channel, e-mail and SFTP through radicarLote), with
 * what to do, before anything is filed or sent. The limit is lowered here below par1's RIPS so a small file trips it;
 * par1's XML (not a RIPS) still goes through.
 */
const LIMITE = 2_048;
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ muvMaxRipsBytes: LIMITE });
});
afterAll(async () => t?.close());

const pair = par1Copy('LIM001');
const docsOf = async (email: string) => {
  const [u] = await t.app.deps.db.select().from(users).where(eq(users.email, email));
  return { ctx: { tenantId: u!.tenantId, userId: u!.id }, docs: await t.app.deps.db.select().from(fevRips).where(eq(fevRips.tenantId, u!.tenantId)) };
};

describe('a RIPS over the ministry size limit', () => {
  it('the fixture is over the test limit and the XML is not a RIPS', () => {
    expect(pair.json.length).toBeGreaterThan(LIMITE);
  });

  it('web upload: 413 with the limit and what to do; nothing is filed; the invoice XML still uploads', async () => {
    const { c } = await registerAndLogin(t.url, 'limite-web@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const res = await c.post('/api/FevRips/subir-archivo', fileForm('LIM001.json', pair.json));
    expect([res.status, res.body.code]).toEqual([413, 'RIPS_EXCEDE_LIMITE_MINISTERIO']);
    expect(res.body.message).toMatch(/^El RIPS pesa [\d,]+ MB y supera el límite del Ministerio para un archivo JSON \(0 MB\)/);
    expect(res.body.message).toContain('Divide los servicios en varias facturas electrónicas');
    expect((await docsOf('limite-web@example.co')).docs).toEqual([]);
    // into an existing document too: the XML files, its RIPS is refused and the document keeps waiting for one
    const xml = await c.post('/api/FevRips/subir-archivo', fileForm('LIM001.xml', pair.xml));
    expect(xml.status).toBe(200);
    const again = await c.post('/api/FevRips/subir-archivo', fileForm('LIM001.json', pair.json, xml.body.data.fevRipsId));
    expect(again.status).toBe(413);
    expect((await c.get(`/api/FevRips/${xml.body.data.fevRipsId}/detail`)).body.data).toMatchObject({ json: false, estado: 'PENDIENTE_RIPS' });
    // the ministry's CargarFevRips body uploaded as one JSON (its RIPS compact, smaller than the file): the RIPS side
    // is refused the same way
    const otro = par1Copy('LIM002');
    const rips = JSON.stringify(JSON.parse(otro.json.toString('utf8').replace(/^\uFEFF/, '')));
    expect(rips.length).toBeGreaterThan(LIMITE);
    const body = await c.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', JSON.stringify({ rips: JSON.parse(rips), xmlFevFile: otro.xml.toString('base64') })));
    expect(body.status).toBe(413);
    expect(body.body.message).toContain('supera el límite del Ministerio');
  });

  it('API channel: the filing is refused with the same answer, nothing is sent', async () => {
    const session = await registerAndLogin(t.url, 'limite-api@example.co', '901019681');
    await session.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const created = await session.c.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 });
    const form = new FormData();
    form.append('xml', new Blob([new Uint8Array(pair.xml)]), 'LIM001.xml');
    form.append('rips', new Blob([new Uint8Array(pair.json)]), 'LIM001.json');
    form.append('enviar', 'true');
    const res = await fetch(`${t.url}/api/v1/paquetes`, { method: 'POST', headers: { authorization: `Bearer ${created.body.data.clave}` }, body: form });
    const json = (await res.json()) as { code?: string; message?: string; data?: unknown };
    expect([res.status, json.code]).toEqual([413, 'RIPS_EXCEDE_LIMITE_MINISTERIO']);
    expect(json.message).toContain('Divide los servicios');
    expect(json.data).toEqual({ tamanoBytes: pair.json.length, limiteBytes: LIMITE });
    // the XML filed before its RIPS waits for one; nothing reached the ministry
    const { docs } = await docsOf('limite-api@example.co');
    expect(docs.map((d) => [d.estado, d.cuv ?? null])).toEqual([['PENDIENTE_RIPS', null]]);
  });

  it('e-mail and SFTP (radicarLote): the RIPS is reported refused with the message, the XML waits, nothing is sent', async () => {
    for (const canal of ['email', 'sftp'] as const) {
      const email = `limite-${canal}@example.co`;
      const { c } = await registerAndLogin(t.url, email, '901019681');
      await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
      const { ctx } = await docsOf(email);
      const r = await radicarLote(t.app.deps, ctx, [{ filename: 'LIM001.xml', bytes: pair.xml }, { filename: 'LIM001.json', bytes: pair.json }], { canal, enviar: true });
      const rips = r.archivos.find((a) => a.archivo === 'LIM001.json');
      expect(rips, canal).toMatchObject({ codigo: 'RIPS_EXCEDE_LIMITE_MINISTERIO', fevRipsId: null });
      expect(rips?.mensaje, canal).toContain('Divide los servicios');
      expect(r.archivos.find((a) => a.archivo === 'LIM001.xml')?.codigo ?? null, canal).toBeNull();
      const { docs } = await docsOf(email);
      expect(docs.map((d) => [d.estado, d.cuv ?? null]), canal).toEqual([['PENDIENTE_RIPS', null]]);
    }
  });

  it('the setting: 200 MB by default, read from MUV_MAX_RIPS_BYTES, at least 1 MB; the 10 MB upload cap still comes first', () => {
    expect(loadConfig({}).muvMaxRipsBytes).toBe(209_715_200);
    expect(loadConfig({ MUV_MAX_RIPS_BYTES: '5242880' }).muvMaxRipsBytes).toBe(5_242_880);
    expect(() => loadConfig({ MUV_MAX_RIPS_BYTES: '1000' })).toThrow();
    expect(() => loadConfig({ MUV_MAX_RIPS_BYTES: 'doscientos' })).toThrow();
    expect(MSG.fileTooLarge).toContain('10MB');
  });
});
