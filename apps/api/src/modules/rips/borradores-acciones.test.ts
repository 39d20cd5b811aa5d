import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import {
  PAR1_JSON,
  PAR1_XML,
  PROVIDER_CONFIG,
  client,
  fileForm,
  operatorHeaders,
  outbox,
  par1Copy,
  registerAndLogin,
  sample,
  startTestApp,
  type TTestApp,
} from '../../../test/helpers.ts';
import { VERSIONES_MAX } from './service.ts';

/**
 * What the RIPS editor refuses, keeps and imports (docs/decisions/050): a RIPS JSON whose keys differ in case from the
 * norm («Servicios») is imported and uploaded as the ministry reads it, with no finding on a field the editor cannot
 * show; removing a user keeps the content before it as a version that can be restored (tenant, role and concurrency
 * attacked); 'Radicar' of an invoice already filed answers why, with the document to open.
 */
let t: TTestApp;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
let consulta: ReturnType<typeof client>;
const SERVICIOS_MAYUSCULA = 'invalido_rips_sintetico-Servicios-mayuscula-fecha-2024-05-32_nit520001_12222.json';
const par1 = () => JSON.parse(sample(PAR1_JSON).toString('utf8')) as Record<string, unknown> & { usuarios: Record<string, unknown>[] };

async function nuevo(c: ReturnType<typeof client>, origen: string, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('origen', origen);
  if (file) form.append('archivo', new Blob([new Uint8Array(file.bytes)]), file.name);
  return c.post('/api/rips/borradores', form);
}

/** A Consulta user of `admin`'s company (Business plan), invited and signed in. */
async function consultaDe(admin: ReturnType<typeof client>, adminEmail: string, email: string) {
  expect((await client(t.url).post('/api/admin/grant', { email: adminEmail, modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url))).status).toBe(200);
  expect((await admin.post('/api/usuarios/invitaciones', { email, rol: 'consulta' })).status).toBe(200);
  const text = (await outbox(t.url, email))[0]?.text ?? '';
  const token = /token=([A-Za-z0-9_-]+)/.exec(text)?.[1];
  expect(token).toBeDefined();
  const c = client(t.url);
  expect((await c.post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Carla Consulta', password: 'Clave-Segura-2026' })).status).toBe(200);
  const login = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
  c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
  return c;
}

beforeAll(async () => {
  t = await startTestApp();
  a = (await registerAndLogin(t.url, 'acciones-a@ips.co', '901019681')).c;
  b = (await registerAndLogin(t.url, 'acciones-b@ips.co', '900000002')).c;
  await a.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  consulta = await consultaDe(a, 'acciones-a@ips.co', 'consulta@ips.co');
}, 90_000);
afterAll(async () => t?.close());

describe('a RIPS JSON with «Servicios» (capital S): read as the ministry reads keys, the same in the editor and the upload', () => {
  it('the editor imports its services, says what it changed, and shows no finding at a path it cannot show', async () => {
    const r = await nuevo(a, 'json', { name: 'rips.json', bytes: sample(SERVICIOS_MAYUSCULA) });
    expect(r.status).toBe(200);
    expect(r.body.data.avisos).toHaveLength(2);
    expect(r.body.data.avisos[0]).toContain('Servicios → servicios');
    expect(r.body.data.avisos[1]).toContain('icIMIPRES');
    const d = (await a.get(`/api/rips/borradores/${r.body.data.id}`)).body.data;
    const usuario = d.rips.usuarios[0];
    expect(Object.keys(usuario)).toContain('servicios');
    expect(Object.keys(usuario)).not.toContain('Servicios');
    expect(d.conciliacion.cantidadServicios).toBe(3);
    // every finding of the draft is at a field of the structure (or of the whole file): none at «Servicios», none at a
    // property the editor has no field for
    const paths: string[] = d.hallazgos.map((h: { pathFuente: string }) => h.pathFuente);
    expect(paths.some((p) => /\.Servicios(\.|$)/.test(p))).toBe(false);
    expect(d.hallazgos.map((h: { codigo: string }) => h.codigo)).not.toContain('PROPIEDAD_NO_DEFINIDA');
    expect(paths).toContain('usuarios[0].servicios.procedimientos[0].fechaInicioAtencion');
  });

  it('the ministerio upload reads the same services and reports the same fields (one parse, packages/fevrips)', async () => {
    const up = await a.post('/api/FevRips/subir-archivo', fileForm('12222.json', sample(SERVICIOS_MAYUSCULA)));
    // the file's NIT is not the tenant's: refused before anything is stored, as any upload of another company's file
    expect([up.status, up.body.code]).toEqual([422, 'IDENTITY_MISMATCH']);
    const own = JSON.parse(sample(SERVICIOS_MAYUSCULA).toString('utf8')) as Record<string, unknown>;
    own['numDocumentoIdObligado'] = '901019681';
    const ok = await a.post('/api/FevRips/subir-archivo', fileForm('12222.json', JSON.stringify(own)));
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const detail = (await a.get(`/api/FevRips/${ok.body.data.fevRipsId}/detail`)).body.data;
    const paths: string[] = detail.prevalidacion.map((h: { pathFuente: string }) => h.pathFuente);
    expect(paths).toContain('usuarios[0].servicios.procedimientos[0].fechaInicioAtencion');
    expect(paths.some((p) => /\.Servicios(\.|$)/.test(p))).toBe(false);
    expect(detail.prevalidacion.find((h: { codigo: string }) => h.codigo === 'PROPIEDAD_MAYUSCULAS')).toMatchObject({ clase: 'NOTIFICACION' });
  });
});

describe('versions of a draft: removing a user keeps what it removed, and a restore brings it back', () => {
  let id = 0;
  let version = 0;
  it('a removal keeps the content before it; restoring it brings the user and its services back', async () => {
    const created = await nuevo(a, 'xml', { name: 'A01E5687.xml', bytes: sample(PAR1_XML) });
    id = created.body.data.id;
    // a new service starts with the provider's code: the configuration's 12 digits, which begin with the invoice's 10
    expect((await a.get(`/api/rips/borradores/${id}`)).body.data.codPrestadorSugerido).toBe(PROVIDER_CONFIG.codigoPrestador);
    const filled = await a.call('PATCH', `/api/rips/borradores/${id}`, { version: 1, cambios: [{ op: 'reemplazar', rips: par1() }] });
    expect(filled.status).toBe(200);
    const removed = await a.call('PATCH', `/api/rips/borradores/${id}`, { version: filled.body.data.version, cambios: [{ op: 'eliminarUsuario', indice: 1 }] });
    expect(removed.status).toBe(200);
    expect(removed.body.data.conciliacion.cantidadUsuarios).toBe(3);
    const versiones = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    expect(versiones[0]).toMatchObject({ motivo: 'eliminar-usuario', version: filled.body.data.version, cantidadUsuarios: 4 });
    expect(versiones.map((v: { motivo: string }) => v.motivo)).toContain('reemplazar');
    const restored = await a.post(`/api/rips/borradores/${id}/versiones/${versiones[0].id}/restaurar`, { version: removed.body.data.version });
    expect(restored.status).toBe(200);
    expect(restored.body.data.conciliacion.cantidadUsuarios).toBe(4);
    expect((await a.get(`/api/rips/borradores/${id}`)).body.data.rips).toEqual(par1());
    // the restore kept what it replaced: undoing the undo is possible too
    const after = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    expect(after[0]).toMatchObject({ motivo: 'restaurar', cantidadUsuarios: 3 });
    version = restored.body.data.version;
  });

  it('removing one service keeps a version; editing a field does not', async () => {
    const rips = par1();
    const before = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items.length;
    const edited = structuredClone(rips.usuarios[0]!) as Record<string, unknown>;
    edited['codSexo'] = 'F';
    const e = await a.call('PATCH', `/api/rips/borradores/${id}`, { version, cambios: [{ op: 'usuario', indice: 0, usuario: edited }] });
    expect((await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items.length).toBe(before);
    const sinServicio = { ...edited, servicios: {} };
    const s = await a.call('PATCH', `/api/rips/borradores/${id}`, { version: e.body.data.version, cambios: [{ op: 'usuario', indice: 0, usuario: sinServicio }] });
    const items = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    expect(items).toHaveLength(before + 1);
    expect(items[0].motivo).toBe('eliminar-servicio');
    version = s.body.data.version;
  });

  it(`keeps only the newest ${VERSIONES_MAX} versions`, async () => {
    for (let i = 0; i < VERSIONES_MAX + 2; i++) {
      const r = await a.call('PATCH', `/api/rips/borradores/${id}`, { version, cambios: [{ op: 'reemplazar', rips: par1() }] });
      expect(r.status).toBe(200);
      version = r.body.data.version;
    }
    const items = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    expect(items).toHaveLength(VERSIONES_MAX);
    expect(items.every((v: { motivo: string }) => v.motivo === 'reemplazar')).toBe(true);
    const dropped = 1;
    const r = await a.post(`/api/rips/borradores/${id}/versiones/${dropped}/restaurar`, { version });
    expect([r.status, r.body.message]).toEqual([404, MSG_RIPS.versionNoEncontrada]);
  });

  it("another tenant, another draft's version, a Consulta user, forged ids and an old version are all refused", async () => {
    const [newest] = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    expect((await b.get(`/api/rips/borradores/${id}/versiones`)).status).toBe(404);
    expect((await b.post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, { version })).status).toBe(404);
    const other = (await nuevo(a, 'vacio')).body.data.id;
    const cross = await a.post(`/api/rips/borradores/${other}/versiones/${newest.id}/restaurar`, { version: 1 });
    expect([cross.status, cross.body.message]).toEqual([404, MSG_RIPS.versionNoEncontrada]);
    // a Consulta user reads the list but cannot restore (the role group the web reads too)
    expect((await consulta.get(`/api/rips/borradores/${id}/versiones`)).status).toBe(200);
    const denied = await consulta.post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, { version });
    expect([denied.status, denied.body.code]).toEqual([403, 'ROL_REQUERIDO']);
    expect(denied.body.message).toBe(MSG_USUARIOS.rolRequerido('Administrador o Facturador', 'Consulta'));
    expect((await client(t.url).post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, { version })).status).toBe(401);
    for (const bad of ['abc', '0', '-1', '99999999999'])
      expect((await a.post(`/api/rips/borradores/${id}/versiones/${bad}/restaurar`, { version })).status).toBe(400);
    expect((await a.post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, { version: 'x' })).status).toBe(400);
    expect((await a.post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, {})).status).toBe(400);
    // a restore made on an old version: another tab saved since, nothing is overwritten
    const stale = await a.post(`/api/rips/borradores/${id}/versiones/${newest.id}/restaurar`, { version: version - 1 });
    expect([stale.status, stale.body.code]).toEqual([409, 'BORRADOR_CAMBIO']);
  });

  it('two restores on the same version at once: one wins, the other is told the draft changed', async () => {
    const [x, y] = (await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items;
    const [r1, r2] = await Promise.all([
      a.post(`/api/rips/borradores/${id}/versiones/${x.id}/restaurar`, { version }),
      a.post(`/api/rips/borradores/${id}/versiones/${y.id}/restaurar`, { version }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
  });

  it('a radicated draft keeps no versions (its RIPS is the document JSON)', async () => {
    const d = (await a.get(`/api/rips/borradores/${id}`)).body.data;
    const reset = await a.call('PATCH', `/api/rips/borradores/${id}`, { version: d.version, cambios: [{ op: 'reemplazar', rips: par1() }] });
    expect((await a.post(`/api/rips/borradores/${id}/radicar`)).status).toBe(200);
    expect(reset.status).toBe(200);
    expect((await a.get(`/api/rips/borradores/${id}/versiones`)).body.data.items).toEqual([]);
  });
});

describe("'Radicar' refused: why, and the document to open", () => {
  it('the invoice is already a document with its RIPS: 409 naming it, with its id to link to', async () => {
    const pair = par1Copy('A01E8001');
    const xml = await a.post('/api/FevRips/subir-archivo', fileForm('A01E8001.xml', pair.xml));
    const documentId = xml.body.data.fevRipsId;
    await a.post('/api/FevRips/subir-archivo', fileForm('A01E8001.json', pair.json, documentId));
    const draft = (await nuevo(a, 'xml', { name: 'A01E8001.xml', bytes: pair.xml })).body.data.id;
    await a.call('PATCH', `/api/rips/borradores/${draft}`, { version: 1, cambios: [{ op: 'reemplazar', rips: JSON.parse(pair.json.toString('utf8')) }] });
    const r = await a.post(`/api/rips/borradores/${draft}/radicar`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'BORRADOR_FORMATO_EXISTE',
      message: MSG_RIPS.radicarFormatoExiste('A01E8001', 'Listo para envío'),
      data: { fevRipsId: documentId, formato: 'A01E8001', estado: 'EN_ESPERA' },
    });
    // the draft is left as it was: still editable
    expect((await a.get(`/api/rips/borradores/${draft}`)).body.data).toMatchObject({ editable: true, fevRipsId: null });
  });

  it('a draft radicated before: 409 with the document it went to', async () => {
    const pair = par1Copy('A01E8002');
    const draft = (await nuevo(a, 'xml', { name: 'A01E8002.xml', bytes: pair.xml })).body.data.id;
    await a.call('PATCH', `/api/rips/borradores/${draft}`, { version: 1, cambios: [{ op: 'reemplazar', rips: JSON.parse(pair.json.toString('utf8')) }] });
    const first = await a.post(`/api/rips/borradores/${draft}/radicar`);
    const again = await a.post(`/api/rips/borradores/${draft}/radicar`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'BORRADOR_RADICADO', message: MSG_RIPS.borradorRadicadoEn('A01E8002'), data: { fevRipsId: first.body.data.fevRipsId, formato: 'A01E8002' } });
    const del = await a.call('DELETE', `/api/rips/borradores/${draft}`);
    expect([del.status, del.body.code, del.body.data]).toEqual([409, 'BORRADOR_RADICADO', { fevRipsId: first.body.data.fevRipsId, formato: 'A01E8002', estado: 'EN_ESPERA' }]);
  });
});
