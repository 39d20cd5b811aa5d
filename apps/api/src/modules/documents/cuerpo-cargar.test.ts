import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { PAR1_JSON, PAR1_XML, PROVIDER_CONFIG, fileForm, registerAndLogin, sample, startTestApp, type TTestApp } from '../../../test/helpers.ts';

const PAR2_BODY = 'par2_cuerpo-peticion-CargarFevRips_nit891856372_FECE214626_xmlFevFile-base64.json';

let t: TTestApp;
let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
let otro: Awaited<ReturnType<typeof registerAndLogin>>['c'];
beforeAll(async () => {
  t = await startTestApp();
  ({ c } = await registerAndLogin(t.url, 'cuerpo@example.co', '891856372'));
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  ({ c: otro } = await registerAndLogin(t.url, 'cuerpo-otro@example.co', '901019681'));
});
afterAll(async () => t?.close());

/** The ministry's own CargarFevRips body, as par2's body file. */
const body = () => JSON.parse(sample(PAR2_BODY).toString('utf8')) as { rips: Record<string, unknown>; xmlFevFile: string };

describe('a JSON that is the CargarFevRips body { rips, xmlFevFile } on the web upload', () => {
  it('files both of its files into one new document: the XML from xmlFevFile, the RIPS from rips', async () => {
    const res = await c.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY)));
    expect([res.status, res.body.message]).toEqual([200, MSG_MINISTERIO.cuerpoCargado(['xml', 'json'])]);
    expect(res.body.data).toMatchObject({ formato: 'FECE214626', archivos: ['xml', 'json'], tipoArchivo: 'json', tipoDocumento: 'FV' });
    const detail = await c.get(`/api/FevRips/${res.body.data.fevRipsId}/detail`);
    expect(detail.body.data).toMatchObject({ formato: 'FECE214626', xml: true, json: true, canal: 'plataforma' });
    expect(detail.body.data.estado).not.toBe('PENDIENTE_XML');
    expect(detail.body.data.estado).not.toBe('PENDIENTE_RIPS');
    // The XML filed is the base64's bytes, exactly.
    const again = await c.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY)));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG_MINISTERIO.cuerpoParteFallo('XML', MSG.formatoExists));
  });

  it('on the RIPS slot of a document that holds the same XML, files only the RIPS', async () => {
    const { c: b } = await registerAndLogin(t.url, 'cuerpo-b@example.co', '891856372');
    await b.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const cuerpo = body();
    const xml = await b.post('/api/FevRips/subir-archivo', fileForm('f.xml', Buffer.from(cuerpo.xmlFevFile, 'base64')));
    expect(xml.status).toBe(200);
    const id = xml.body.data.fevRipsId as number;
    const res = await b.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY), id));
    expect([res.status, res.body.data?.archivos, res.body.data?.fevRipsId]).toEqual([200, ['json'], id]);
    expect((await b.get(`/api/FevRips/${id}/detail`)).body.data).toMatchObject({ xml: true, json: true });
  });

  it('the web upload and the API channel read the body alike: same formato, same findings', async () => {
    const { c: web } = await registerAndLogin(t.url, 'cuerpo-web@example.co', '891856372');
    await web.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const { c: api } = await registerAndLogin(t.url, 'cuerpo-api@example.co', '891856372');
    await api.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const viaApi = await api.post('/api/v1/paquetes', body());
    expect(viaApi.status).toBe(201);
    const viaWeb = await web.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY)));
    const detail = (await web.get(`/api/FevRips/${viaWeb.body.data.fevRipsId}/detail`)).body.data;
    const codigos = (h: { codigo: string }[]) => h.map((x) => x.codigo).sort();
    expect([detail.formato, detail.estado, codigos(detail.prevalidacion)]).toEqual([viaApi.body.data.formato, viaApi.body.data.estado, codigos(viaApi.body.data.hallazgos)]);
  });

  it('says exactly what is wrong in a body: no files, a bad base64, another NIT', async () => {
    const vacio = await c.post('/api/FevRips/subir-archivo', fileForm('v.json', JSON.stringify({ rips: null, xmlFevFile: null })));
    expect([vacio.status, vacio.body.message]).toEqual([400, MSG_MINISTERIO.cuerpoVacio]);
    const malo = await c.post('/api/FevRips/subir-archivo', fileForm('m.json', JSON.stringify({ rips: null, xmlFevFile: '¡no es base64!' })));
    expect([malo.status, malo.body.message]).toEqual([400, MSG_MINISTERIO.cuerpoBase64Invalido]);
    // A body whose files belong to another company is refused as its file would be, naming the side.
    const ajeno = await otro.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY)));
    expect([ajeno.status, ajeno.body.message]).toEqual([422, MSG_MINISTERIO.cuerpoParteFallo('XML', MSG.identityMismatch)]);
  });

  it('an attacker: another tenant’s document id, no session, a body that is not JSON', async () => {
    const { c: b } = await registerAndLogin(t.url, 'cuerpo-c@example.co', '901019681');
    await b.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const ajeno = (await b.post('/api/FevRips/subir-archivo', fileForm('f.xml', sample(PAR1_XML)))).body.data.fevRipsId as number;
    const res = await c.post('/api/FevRips/subir-archivo', fileForm('cuerpo.json', sample(PAR2_BODY), ajeno));
    expect([res.status, res.body.message]).toEqual([404, MSG.documentNotFound]);
    const anon = await fetch(`${t.url}/api/FevRips/subir-archivo`, { method: 'POST', body: fileForm('cuerpo.json', sample(PAR2_BODY)) as never });
    expect(anon.status).toBe(401);
    // Text that names xmlFevFile but does not parse is read as a RIPS and refused as one: 400, never 500.
    const roto = await c.post('/api/FevRips/subir-archivo', fileForm('r.json', '{"xmlFevFile": "abc", '));
    expect(roto.status).toBe(400);
    // A real RIPS is still a RIPS.
    const rips = await b.post('/api/FevRips/subir-archivo', fileForm('r.json', sample(PAR1_JSON), ajeno));
    expect([rips.status, rips.body.data.archivos]).toEqual([200, undefined]);
  });
});
