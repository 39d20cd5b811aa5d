import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { ripsToCsv, ripsToXlsx, EXAMPLE_RIPS } from '@radica/fevrips/sheet-io';
import { PAR1_JSON, PAR1_XML, PROVIDER_CONFIG, client, fileForm, par1Copy, registerAndLogin, sample, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/**
 * The RIPS module over real HTTP: a draft from par1's XML filled with par1's users, exported exactly as the
 * real par1 RIPS and radicated through the ministry upload path to a CUV; tenant isolation; concurrent saves;
 * spreadsheets oversized, malformed, with errors or formulas; CSV injection; patients (auto-filled, logged,
 * administrators' export, deletion).
 */
let t: TTestApp;
let a: ReturnType<typeof client>;
let b: ReturnType<typeof client>;
const par1 = () => JSON.parse(sample(PAR1_JSON).toString('utf8')) as Record<string, unknown> & { usuarios: Record<string, unknown>[] };

beforeAll(async () => {
  t = await startTestApp();
  a = (await registerAndLogin(t.url, 'rips-a@ips.co', '901019681')).c;
  b = (await registerAndLogin(t.url, 'rips-b@ips.co', '900000002')).c;
  await a.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
}, 60_000);
afterAll(async () => t?.close());

async function nuevo(c: ReturnType<typeof client>, origen: string, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  form.append('origen', origen);
  if (file) form.append('archivo', new Blob([new Uint8Array(file.bytes)]), file.name);
  return c.post('/api/rips/borradores', form);
}

describe('RIPS drafts', () => {
  let id = 0;
  it("starts from par1's XML: the invoice fields prefilled, no users yet, findings of the engine", async () => {
    const r = await nuevo(a, 'xml', { name: 'A01E5687.xml', bytes: sample(PAR1_XML) });
    expect(r.status).toBe(200);
    id = r.body.data.id;
    const d = await a.get(`/api/rips/borradores/${id}`);
    expect(d.body.data.rips).toMatchObject({ numDocumentoIdObligado: '901019681', numFactura: 'A01E5687', tipoNota: null, numNota: null, usuarios: [] });
    expect(d.body.data).toMatchObject({ version: 1, estructura: 'res2275-2023', editable: true, factura: { formato: 'A01E5687', codigoPrestador: expect.any(String) } });
    expect(d.body.data.hallazgos.some((h: { clase: string }) => h.clase === 'RECHAZADO')).toBe(true);
  });

  it("saves par1's users one by one; a second save on the same version is told it changed and overwrites nothing", async () => {
    const rips = par1();
    let version = 1;
    for (const [i, usuario] of rips.usuarios.entries()) {
      const r = await a.call('PATCH', `/api/rips/borradores/${id}`, { version, cambios: [{ op: 'insertarUsuario', indice: i, usuario }] });
      expect(r.status).toBe(200);
      version = r.body.data.version;
    }
    const saved = await a.get(`/api/rips/borradores/${id}`);
    expect(saved.body.data.rips).toEqual(rips);
    expect(saved.body.data.hallazgos.filter((h: { clase: string }) => h.clase === 'RECHAZADO')).toEqual([]);
    expect(saved.body.data.estado).toBe('LISTO');
    expect(saved.body.data.conciliacion).toMatchObject({ cantidadUsuarios: 4, diferenciaValorServicios: 0 });

    // two tabs save on the same version at once: one wins, the other gets 409 and the winner's version
    const change = (n: string) => ({ version, cambios: [{ op: 'transaccion', campos: { numNota: n } }] });
    const [x, y] = await Promise.all([a.call('PATCH', `/api/rips/borradores/${id}`, change('1')), a.call('PATCH', `/api/rips/borradores/${id}`, change('2'))]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const lost = x.status === 409 ? x : y;
    expect(lost.body).toMatchObject({ code: 'BORRADOR_CAMBIO', message: MSG_RIPS.borradorCambio, data: { version: version + 1 } });
    const back = await a.call('PATCH', `/api/rips/borradores/${id}`, { version: version + 1, cambios: [{ op: 'transaccion', campos: { numNota: null } }] });
    expect(back.status).toBe(200);
  });

  it("exports the JSON exactly as the real par1 RIPS (UTF-8, no BOM, the ministry's keys in order)", async () => {
    const r = await fetch(`${t.url}/api/rips/borradores/${id}/json`, { headers: { authorization: `Bearer ${a.token}`, 'x-validator': a.validator } });
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="RIPS_A01E5687.json"');
    const bytes = Buffer.from(await r.arrayBuffer());
    expect(bytes[0]).not.toBe(0xef);
    expect(bytes.toString('utf8').trimEnd()).toBe(sample(PAR1_JSON).toString('utf8').replace(/\r\n/g, '\n').trimEnd());
  });

  it('keeps drafts to their tenant: another tenant gets 404 for every call on the id', async () => {
    expect((await b.get(`/api/rips/borradores/${id}`)).status).toBe(404);
    expect((await b.call('PATCH', `/api/rips/borradores/${id}`, { version: 1, cambios: [{ op: 'eliminarUsuario', indice: 0 }] })).status).toBe(404);
    expect((await b.call('DELETE', `/api/rips/borradores/${id}`)).status).toBe(404);
    expect((await b.get(`/api/rips/borradores/${id}/json`)).status).toBe(404);
    expect((await b.post(`/api/rips/borradores/${id}/radicar`)).status).toBe(404);
    expect((await b.get('/api/rips/borradores')).body.data.total).toBe(0);
    expect((await client(t.url).get(`/api/rips/borradores/${id}`)).status).toBe(401);
  });

  it("radicates through the ministry upload path: one document, the draft's RIPS is its JSON; the send gets the CUV", async () => {
    const r = await a.post(`/api/rips/borradores/${id}/radicar`);
    expect(r.status).toBe(200);
    const fevRipsId = r.body.data.fevRipsId;
    const again = await a.post(`/api/rips/borradores/${id}/radicar`);
    expect(again.body.code).toBe('BORRADOR_RADICADO');
    const d = await a.get(`/api/rips/borradores/${id}`);
    expect(d.body.data).toMatchObject({ estado: 'RADICADO', fevRipsId, editable: false });
    expect(d.body.data.rips).toEqual(par1());
    expect((await a.call('PATCH', `/api/rips/borradores/${id}`, { version: d.body.data.version, cambios: [{ op: 'eliminarUsuario', indice: 0 }] })).body.code).toBe('BORRADOR_RADICADO');
    const send = await a.post(`/api/FevRips/${fevRipsId}/enviar`);
    expect(send.body.data.exitoso).toBe(true);
    expect(send.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
  });

  it('completes a document whose invoice was uploaded before on /ministerio/nuevo: still one document', async () => {
    const pair = par1Copy('A01E7001');
    const xmlOnly = await a.post('/api/FevRips/subir-archivo', fileForm('A01E7001.xml', pair.xml));
    const documentId = xmlOnly.body.data.fevRipsId;
    const created = await nuevo(a, 'xml', { name: 'A01E7001.xml', bytes: pair.xml });
    const draft = created.body.data.id;
    const saved = await a.call('PATCH', `/api/rips/borradores/${draft}`, { version: 1, cambios: [{ op: 'reemplazar', rips: JSON.parse(pair.json.toString('utf8')) }] });
    expect(saved.status).toBe(200);
    const r = await a.post(`/api/rips/borradores/${draft}/radicar`);
    expect(r.body.data.fevRipsId).toBe(documentId);
    const detail = await a.get(`/api/FevRips/${documentId}/detail`);
    expect(detail.body.data).toMatchObject({ xml: true, json: true });
    // the spreadsheet of a radicated RIPS is the document's JSON
    const headers = { authorization: `Bearer ${a.token}`, 'x-validator': a.validator };
    const csv = await (await fetch(`${t.url}/api/rips/borradores/${draft}/hoja?formato=csv`, { headers })).text();
    expect(csv).toContain('A01E7001');
  });

  it('filled the patients from the RIPS; patient data stay in the tenant, every access is logged, only the owner exports', async () => {
    const list = await a.get('/api/rips/pacientes');
    expect(list.body.data.total).toBe(4);
    expect(list.body.data.puedeExportar).toBe(true);
    expect((await b.get('/api/rips/pacientes')).body.data.total).toBe(0);
    const paciente = list.body.data.items[0];
    expect((await b.call('DELETE', `/api/rips/pacientes/${paciente.id}`)).status).toBe(404);
    const csv = await fetch(`${t.url}/api/rips/pacientes/exportar`, { headers: { authorization: `Bearer ${a.token}`, 'x-validator': a.validator } });
    expect(csv.status).toBe(200);
    expect((await csv.text()).split('\r\n').filter(Boolean)).toHaveLength(5);
    expect((await b.put(`/api/rips/pacientes/${paciente.id}`, { ...paciente, nombre: 'Intruso' })).status).toBe(404);
    // A medication of the tenant (par1 has none): the other tenant can neither see, change nor delete it.
    const med = { codTecnologiaSalud: '19943544-1', nomTecnologiaSalud: 'ACETAMINOFEN 500 MG', formaFarmaceutica: 'COC', concentracionMedicamento: 500, unidadMedida: 168, unidadMinDispensa: 1, tipoMedicamento: '01' };
    expect((await a.post('/api/rips/medicamentos', med)).status).toBe(200);
    const meds = (await a.get('/api/rips/medicamentos')).body.data;
    expect(meds.items.map((m: { codTecnologiaSalud: string }) => m.codTecnologiaSalud)).toContain('19943544-1');
    const medId = meds.items.find((m: { codTecnologiaSalud: string }) => m.codTecnologiaSalud === '19943544-1').id;
    expect((await b.get('/api/rips/medicamentos')).body.data.total).toBe(0);
    expect((await b.put(`/api/rips/medicamentos/${medId}`, { ...med, nomTecnologiaSalud: 'Intruso' })).status).toBe(404);
    expect((await b.call('DELETE', `/api/rips/medicamentos/${medId}`)).status).toBe(404);
    expect((await a.get('/api/rips/medicamentos')).body.data.items.find((m: { id: number }) => m.id === medId).nomTecnologiaSalud).toBe('ACETAMINOFEN 500 MG');
    const del = await a.call('DELETE', `/api/rips/pacientes/${paciente.id}`);
    expect(del.status).toBe(200);
    expect((await a.get('/api/rips/pacientes')).body.data.total).toBe(3);
    const accesos = (await a.get('/api/rips/pacientes/accesos')).body.data.items.map((x: { accion: string; pacienteId: number | null }) => [x.accion, x.pacienteId]);
    expect(accesos).toEqual(expect.arrayContaining([['eliminar', paciente.id], ['exportar', null], ['listar', null], ['registrar-desde-rips', null]]));
    expect((await b.get('/api/rips/pacientes/accesos')).body.data.items.every((x: { accion: string }) => x.accion !== 'eliminar')).toBe(true);
  });
});

describe('spreadsheets over HTTP', () => {
  it('imports the XLSX of a RIPS; a sheet with errors answers 422 per row and column and creates nothing', async () => {
    const ok = await nuevo(a, 'hoja', { name: 'rips.xlsx', bytes: Buffer.from(ripsToXlsx(EXAMPLE_RIPS).bytes) });
    expect(ok.status).toBe(200);
    const before = (await a.get('/api/rips/borradores')).body.data.total;
    const bad = ripsToCsv(EXAMPLE_RIPS).csv.replace('2025-06-02 09:10', '2025-13-02 09:10').replace('903841', '999999');
    const r = await nuevo(a, 'hoja', { name: 'rips.csv', bytes: Buffer.from(bad) });
    expect(r.status).toBe(422);
    expect(r.body.code).toBe('HOJA_CON_ERRORES');
    expect(r.body.data.errores.map((e: { fila: number; columna: string }) => [e.fila, e.columna])).toEqual([
      [3, 'fechaDispensAdmon'],
      [4, 'codProcedimiento'],
    ]);
    expect((await a.get('/api/rips/borradores')).body.data.total).toBe(before);
  });

  it('refuses oversized and malformed sheets with a Spanish 4xx, never a 500', async () => {
    const big = await nuevo(a, 'hoja', { name: 'rips.csv', bytes: Buffer.alloc(26 * 1_048_576, 0x41) });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG_RIPS.hojaMuyGrande(25));
    const broken = await nuevo(a, 'hoja', { name: 'rips.xlsx', bytes: Buffer.from('PK esto no es un libro') });
    expect([broken.status, broken.body.message]).toEqual([400, MSG_RIPS.hojaIlegible]);
    const pdf = await nuevo(a, 'hoja', { name: 'rips.pdf', bytes: Buffer.from('%PDF') });
    expect(pdf.status).toBe(400);
    const none = await nuevo(a, 'hoja');
    expect(none.status).toBe(400);
    const json = await nuevo(a, 'json', { name: 'rips.json', bytes: Buffer.from('[1,2]') });
    expect([json.status, json.body.message]).toEqual([400, MSG_RIPS.borradorJsonInvalido]);
  });

  it('never exports a formula: text starting with = + - @ is escaped in the CSV and the XLSX', async () => {
    const rips = structuredClone(EXAMPLE_RIPS) as { usuarios: { servicios: { medicamentos: Record<string, unknown>[] } }[] };
    rips.usuarios[0]!.servicios.medicamentos[0]!['nomTecnologiaSalud'] = '=cmd|/c calc!A1';
    rips.usuarios[0]!.servicios.medicamentos[0]!['formaFarmaceutica'] = '@SUM(A1)';
    const created = await nuevo(a, 'json', { name: 'rips.json', bytes: Buffer.from(JSON.stringify(rips)) });
    const id = created.body.data.id;
    const headers = { authorization: `Bearer ${a.token}`, 'x-validator': a.validator };
    const csv = await (await fetch(`${t.url}/api/rips/borradores/${id}/hoja?formato=csv`, { headers })).text();
    expect(csv).toContain(";'=cmd|/c calc!A1;");
    expect(csv).toContain(";'@SUM(A1);");
    const xlsx = await fetch(`${t.url}/api/rips/borradores/${id}/hoja?formato=xlsx`, { headers });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    const template = await fetch(`${t.url}/api/rips/plantilla?formato=csv`, { headers });
    const bytes = Buffer.from(await template.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // a BOM, so spreadsheet programs read accents
    expect(bytes.subarray(3).toString('utf8').startsWith('numDocumentoIdObligado;')).toBe(true);
  });

  it('imports patients from CSV all or nothing and needs the ministerio product for everything', async () => {
    const form = (text: string) => fileForm('pacientes.csv', Buffer.from(text));
    const bad = await a.post('/api/rips/pacientes/importar', form('tipoDocumentoIdentificacion;numDocumentoIdentificacion;fechaNacimiento\nCC;123456;1990-01-01\nCC;12;1990-13-01\n'));
    expect(bad.status).toBe(422);
    expect(bad.body.data.errores[0]).toMatchObject({ fila: 3 });
    const good = await a.post('/api/rips/pacientes/importar', form('tipoDocumentoIdentificacion;numDocumentoIdentificacion;nombre\nCC;123456;Ana\nTI;654321;Luis\n'));
    expect(good.body.data).toEqual({ creados: 2, actualizados: 0 });
    const sinModulo = (await registerAndLogin(t.url, 'rips-c@ips.co', '900000003', undefined, [])).c;
    expect((await sinModulo.get('/api/rips/borradores')).status).toBe(403);
    expect((await sinModulo.get('/api/rips/pacientes')).status).toBe(403);
  });
});
