import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { fevRips, muvAttempts } from '../../db/schema.ts';
import {
  PAR1_JSON,
  PAR1_XML,
  PROVIDER_CONFIG,
  fileForm,
  par1Copy,
  registerAndLogin,
  sample,
  startTestApp,
  type TTestApp,
} from '../../../test/helpers.ts';
import { notaDeFactura, type TLineaNotaPrueba } from '../../../../../packages/fevrips/test/notas.ts';
import { notaRips } from '../../../../../packages/fevrips/test/paquetes.ts';

/**
 * Notes built from a filed invoice (docs/decisions/051), through the product over real HTTP with the local ministry
 * simulator: the invoice of the real par1 pair (four users with one procedimiento 893815 of 280,000 COP each; payable
 * 1,055,600 after a 64,400 copago) is sent and gets its CUV, then notes are built on it. No real note is public: each
 * note XML is par1's AttachedDocument rewritten with DIAN's note structure (packages/fevrips/test/notas.ts).
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TClient = Awaited<ReturnType<typeof registerAndLogin>>['c'];
const P = (u: number) => `usuarios[${u}].servicios.procedimientos[0]`;
const FACTURA_XML = sample(PAR1_XML).toString('utf8');

/** par1's invoice, or a copy renumbered to `formato`, uploaded and sent: APROBADO with its CUV. Returns its id. */
async function facturaAprobada(c: TClient, formato = 'A01E5687'): Promise<number> {
  const pair = formato === 'A01E5687' ? { xml: sample(PAR1_XML), json: sample(PAR1_JSON) } : par1Copy(formato);
  const xml = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.xml`, pair.xml));
  const id = xml.body.data.fevRipsId as number;
  await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.json`, pair.json, id));
  const sent = await c.post(`/api/FevRips/${id}/enviar`);
  expect(sent.body.data?.cuv, JSON.stringify(sent.body)).toMatch(/^[0-9a-f]{96}$/);
  return id;
}

async function tenant(email: string, nit = '901019681') {
  const s = await registerAndLogin(t.url, email, nit);
  await s.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  return s;
}

/** A note XML on par1's invoice (or its copy `factura`). */
function notaXml(numero: string, lineas: TLineaNotaPrueba[], o: { tipo?: 'NC' | 'ND'; factura?: string; referencia?: string | null; nit?: string } = {}) {
  const base = o.factura ? par1Copy(o.factura).xml.toString('utf8') : FACTURA_XML;
  return notaDeFactura(base, { tipo: o.tipo ?? 'NC', numero, lineas, referencia: o.referencia, nit: o.nit });
}

/** The multipart body of POST /api/FevRips/{id}/notas. */
function notaForm(o: { tipo: string; xml?: string | null; servicios?: unknown; numNota?: string; destino?: string; nombre?: string }) {
  const form = new FormData();
  form.append('tipo', o.tipo);
  if (o.servicios !== undefined) form.append('servicios', typeof o.servicios === 'string' ? o.servicios : JSON.stringify(o.servicios));
  if (o.numNota) form.append('numNota', o.numNota);
  if (o.destino) form.append('destino', o.destino);
  if (o.xml) form.append('archivo', new Blob([o.xml]), o.nombre ?? 'nota.xml');
  return form;
}

const operations = async (id: number) =>
  (await t.app.deps.db.select({ operation: muvAttempts.operation }).from(muvAttempts).where(eq(muvAttempts.fevRipsId, id))).map((r) => r.operation);

describe('a partial credit note built from an approved invoice', () => {
  it('holds only the chosen services with the note values, is sent with CargarNC, gets its CUV and joins the family', async () => {
    const { c, login } = await tenant('nota-nc@example.co');
    const facturaId = await facturaAprobada(c);

    const servicios = await c.get(`/api/FevRips/${facturaId}/servicios`);
    expect(servicios.status).toBe(200);
    expect(servicios.body.data.factura).toMatchObject({ id: facturaId, formato: 'A01E5687', numFactura: 'A01E5687', estado: 'APROBADO' });
    expect(servicios.body.data.servicios.map((s: { pathFuente: string; disponible: number }) => [s.pathFuente, s.disponible])).toEqual(
      [0, 1, 2, 3].map((u) => [P(u), 280000]),
    );

    const xml = notaXml('NCA100', [
      { codigo: '893815', valor: 100000 },
      { codigo: '893815', valor: 200000 },
    ]);
    const propuesta = await c.post(`/api/FevRips/${facturaId}/notas/propuesta`, notaForm({ tipo: 'NC', xml }));
    expect(propuesta.status).toBe(200);
    expect(propuesta.body.data.nota).toMatchObject({ numero: 'NCA100', tipoDocumento: 'NC', valor: 300000, facturaReferenciada: 'A01E5687' });
    expect(propuesta.body.data.servicios).toEqual([
      { pathFuente: P(0), valor: 100000 },
      { pathFuente: P(1), valor: 200000 },
    ]);

    // The user credits the second and the fourth users instead.
    const elegidos = [
      { pathFuente: P(1), valor: 100000 },
      { pathFuente: P(3), valor: 200000 },
    ];
    const creada = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml, servicios: elegidos }));
    expect(creada.status, JSON.stringify(creada.body)).toBe(200);
    const nota = creada.body.data;
    expect(creada.body.message).toBe(MSG_NOTAS.notaCreada('NCA100'));
    expect(nota).toMatchObject({
      formato: 'NCA100',
      tipo: 'NC',
      numNota: 'NCA100',
      numFactura: 'A01E5687',
      estado: 'EN_ESPERA',
      servicioCarga: 'CargarNC',
      valorNota: 300000,
      totalServicios: 300000,
      diferencia: 0,
      borradorId: null,
    });
    expect(nota.rips).toMatchObject({ tipoNota: 'NC', numNota: 'NCA100', numFactura: 'A01E5687', numDocumentoIdObligado: '901019681' });
    const factura = JSON.parse(sample(PAR1_JSON).toString('utf8'));
    expect(nota.rips.usuarios.map((u: { numDocumentoIdentificacion: string }) => u.numDocumentoIdentificacion)).toEqual([
      factura.usuarios[1].numDocumentoIdentificacion,
      factura.usuarios[3].numDocumentoIdentificacion,
    ]);
    expect(nota.rips.usuarios.map((u: { servicios: { procedimientos: { vrServicio: number; valorPagoModerador: number }[] } }) => u.servicios.procedimientos)).toEqual([
      [expect.objectContaining({ vrServicio: 100000, valorPagoModerador: 0 })],
      [expect.objectContaining({ vrServicio: 200000, valorPagoModerador: 0 })],
    ]);
    expect(nota.hallazgos.filter((h: { clase: string }) => h.clase === 'RECHAZADO')).toEqual([]);

    const sent = await c.post(`/api/FevRips/${nota.fevRipsId}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await operations(nota.fevRipsId)).toContain('CargarNC');

    const detalle = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data;
    expect(detalle.familia).toMatchObject({
      factura: null,
      valorFactura: 1055600,
      creditos: 300000,
      debitos: 0,
      valorNeto: 755600,
      valorNetoRadicado: 755600,
    });
    expect(detalle.familia.notas).toEqual([
      expect.objectContaining({ id: nota.fevRipsId, formato: 'NCA100', tipoDocumento: 'NC', servicioCarga: 'CargarNC', valor: 300000, estado: 'APROBADO', cuv: sent.body.data.cuv }),
    ]);
    // The invoice's history says who created the note; the note links back to its invoice.
    expect(detalle.historial.find((e: { accion: string }) => e.accion === 'nota')).toMatchObject({
      usuario: login.user?.name ?? expect.any(String),
      canal: 'plataforma',
    });
    expect(detalle.historial.find((e: { accion: string }) => e.accion === 'nota').descripcion).toContain('NCA100');
    const notaDetalle = (await c.get(`/api/FevRips/${nota.fevRipsId}/detail`)).body.data;
    expect(notaDetalle.familia).toMatchObject({ factura: { id: facturaId, formato: 'A01E5687' }, notas: [] });

    // What is left to credit follows the note: the second user has 180,000 left, the fourth 80,000.
    const despues = (await c.get(`/api/FevRips/${facturaId}/servicios`)).body.data.servicios;
    expect(despues.map((s: { disponible: number }) => s.disponible)).toEqual([280000, 180000, 280000, 80000]);
    const excede = await c.post(
      `/api/FevRips/${facturaId}/notas`,
      notaForm({ tipo: 'NC', xml: notaXml('NCA101', [{ codigo: '893815', valor: 90000 }]), servicios: [{ pathFuente: P(3), valor: 90000 }] }),
    );
    expect([excede.status, excede.body.code]).toEqual([422, 'NOTA_SERVICIOS_INVALIDOS']);
    expect(excede.body.message).toContain('80.000');
  });
});

describe('a partial credit note: what is refused', () => {
  it('refuses a note XML that references another invoice, another issuer, or is of the wrong kind, with a message', async () => {
    const { c } = await tenant('nota-otra@example.co');
    const facturaId = await facturaAprobada(c);
    await facturaAprobada(c, 'A01E7001');
    const servicios = [{ pathFuente: P(0), valor: 1000 }];
    const otra = await c.post(
      `/api/FevRips/${facturaId}/notas`,
      notaForm({ tipo: 'NC', xml: notaXml('NCB1', [{ codigo: '893815', valor: 1000 }], { factura: 'A01E7001' }), servicios }),
    );
    expect([otra.status, otra.body.code, otra.body.message]).toEqual([422, 'NOTA_NO_CORRESPONDE', MSG_NOTAS.otraFactura('A01E7001', 'A01E5687')]);
    const nit = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml: notaXml('NCB2', [{ codigo: '893815', valor: 1000 }], { nit: '900123456' }), servicios }));
    expect([nit.status, nit.body.message]).toEqual([422, MSG_NOTAS.otroNit('900123456', '901019681')]);
    const sinRef = await c.post(`/api/FevRips/${facturaId}/notas/propuesta`, notaForm({ tipo: 'NC', xml: notaXml('NCB3', [{ codigo: '893815', valor: 1000 }], { referencia: null }) }));
    expect([sinRef.status, sinRef.body.message]).toEqual([422, MSG_NOTAS.sinReferencia]);
    const debito = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml: notaXml('NDB4', [{ codigo: '893815', valor: 1000 }], { tipo: 'ND' }), servicios }));
    expect([debito.status, debito.body.code]).toEqual([422, 'NOTA_NO_CORRESPONDE']);
    const factura = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml: FACTURA_XML, servicios }));
    expect([factura.status, factura.body.code]).toEqual([422, 'NOTA_NO_CORRESPONDE']);
    // Nothing was filed.
    const filed = await t.app.deps.db.select({ formato: fevRips.formato }).from(fevRips).where(eq(fevRips.facturaId, facturaId));
    expect(filed).toEqual([]);
  });

  it('refuses bad service choices, values, types, duplicates and invoices that are not approved', async () => {
    const { c } = await tenant('nota-mal@example.co');
    const facturaId = await facturaAprobada(c);
    const xml = notaXml('NCC1', [{ codigo: '893815', valor: 280000 }]);
    const post = (o: Parameters<typeof notaForm>[0]) => c.post(`/api/FevRips/${facturaId}/notas`, notaForm(o));
    const cases: [Parameters<typeof notaForm>[0], number, string, string][] = [
      [{ tipo: 'NC', xml, servicios: [{ pathFuente: 'usuarios[9].servicios.procedimientos[0]' }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.servicioDesconocido('usuarios[9].servicios.procedimientos[0]')],
      [{ tipo: 'NC', xml, servicios: [{ pathFuente: P(0), valor: 0 }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.valorNoPositivo(P(0))],
      [{ tipo: 'NC', xml, servicios: [{ pathFuente: P(0), valor: -1 }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.valorNoPositivo(P(0))],
      [{ tipo: 'NC', xml, servicios: [{ pathFuente: P(0) }, { pathFuente: P(0) }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.servicioRepetido(P(0))],
      [{ tipo: 'NC', xml, servicios: [] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.serviciosRequeridos],
      [{ tipo: 'NC', xml, servicios: '{"pathFuente":' }, 400, 'NOTA_SERVICIOS_JSON', MSG_NOTAS.serviciosJson],
      [{ tipo: 'NC', xml, servicios: [{ path: P(0) }] }, 400, 'NOTA_SERVICIOS_JSON', MSG_NOTAS.serviciosJson],
      [{ tipo: 'NX', xml, servicios: [] }, 400, 'VALIDATION', MSG_NOTAS.tipoInvalido],
      [{ tipo: 'NC', xml: null, servicios: [{ pathFuente: P(0) }] }, 400, 'FILE_MISSING', MSG_NOTAS.xmlRequerido],
      [{ tipo: 'NA', xml: null, servicios: [{ pathFuente: P(0) }] }, 400, 'NOTA_NUM_REQUERIDO', MSG_NOTAS.numNotaRequerido],
      [{ tipo: 'NA', xml, servicios: [{ pathFuente: P(0), valor: 5 }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.valorEnAjuste(P(0))],
      [{ tipo: 'NCTotal', xml, servicios: [{ pathFuente: P(0) }] }, 422, 'NOTA_SERVICIOS_INVALIDOS', MSG_NOTAS.serviciosNoAplican],
      [{ tipo: 'NC', xml: '<no-es-xml', servicios: [{ pathFuente: P(0) }] }, 400, 'XML_INVALID', expect.any(String) as unknown as string],
    ];
    for (const [form, status, code, message] of cases) {
      const r = await post(form);
      expect([r.status, r.body.code, r.body.message], JSON.stringify(form.servicios)).toEqual([status, code, message]);
    }
    const above = await post({ tipo: 'NC', xml, servicios: [{ pathFuente: P(0), valor: 280000.01 }] });
    const cop = (n: number) => new Intl.NumberFormat('es-CO', { style: 'currency', currency: 'COP', maximumFractionDigits: 2 }).format(n);
    expect([above.status, above.body.message]).toEqual([422, MSG_NOTAS.valorExcedeServicio(P(0), cop(280000.01), cop(280000))]);

    // The same note twice: the second is refused.
    expect((await post({ tipo: 'NC', xml, servicios: [{ pathFuente: P(0) }] })).status).toBe(200);
    const twice = await post({ tipo: 'NC', xml, servicios: [{ pathFuente: P(1) }] });
    expect([twice.status, twice.body.code, twice.body.message]).toEqual([409, 'NOTA_EXISTE', MSG_NOTAS.notaExiste('NCC1')]);

    // A note is not built on a note, nor on an invoice the ministry has not approved.
    const notaId = (await c.post('/api/FevRips/search', { formato: 'NCC1' })).body.data.results.data[0].id as number;
    expect((await c.get(`/api/FevRips/${notaId}/servicios`)).body.code).toBe('NOTA_SOBRE_NOTA');
    const pendiente = await c.post('/api/FevRips/subir-archivo', fileForm('A01E7100.xml', par1Copy('A01E7100').xml));
    const noAprobada = await c.get(`/api/FevRips/${pendiente.body.data.fevRipsId}/servicios`);
    expect([noAprobada.status, noAprobada.body.code]).toEqual([409, 'NOTA_FACTURA_NO_APROBADA']);
    expect(noAprobada.body.message).toContain('Pendiente JSON');
  });

  it('refuses an oversized field and a malformed body with a Spanish message, never a 500', async () => {
    const { c } = await tenant('nota-grande@example.co');
    const facturaId = await facturaAprobada(c);
    const grande = await c.post(
      `/api/FevRips/${facturaId}/notas`,
      notaForm({ tipo: 'NC', xml: notaXml('NCD1', [{ codigo: '893815', valor: 1 }]), servicios: 'x'.repeat(600 * 1024) }),
    );
    expect([grande.status, grande.body.message]).toEqual([400, MSG_NOTAS.campoMuyLargo('servicios')]);
    const roto = await c.call('POST', `/api/FevRips/${facturaId}/notas`, '--x\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nNC', {
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(roto.status).toBe(400);
    const sinMultipart = await c.post(`/api/FevRips/${facturaId}/notas`, { tipo: 'NC' });
    expect(sinMultipart.status).toBe(400);
  });

  it('two identical notes at once: one is filed, the other refused', async () => {
    const { c } = await tenant('nota-doble@example.co');
    const facturaId = await facturaAprobada(c);
    const xml = notaXml('NCE1', [{ codigo: '893815', valor: 280000 }]);
    const [a, b] = await Promise.all([0, 1].map(() => c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml, servicios: [{ pathFuente: P(2) }] }))));
    expect([a!.status, b!.status].sort()).toEqual([200, 409]);
    const family = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(family.notas).toHaveLength(1);
  });
});

describe('the other note types', () => {
  it('a total credit note is the XML alone (CargarNCTotal); afterwards nothing is left to credit', async () => {
    const { c } = await tenant('nota-total@example.co');
    const facturaId = await facturaAprobada(c);
    const xml = notaXml('NCT1', [{ codigo: '893815', cantidad: 4, valor: 1055600 }]);
    const r = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NCTotal', xml }));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ tipo: 'NCTotal', rips: null, servicioCarga: 'CargarNCTotal', estado: 'EN_ESPERA', valorNota: 1055600 });
    const sent = await c.post(`/api/FevRips/${r.body.data.fevRipsId}/enviar`);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await operations(r.body.data.fevRipsId)).toContain('CargarNCTotal');
    const familia = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(familia).toMatchObject({ creditos: 1055600, valorNeto: 0, valorNetoRadicado: 0 });
    const servicios = (await c.get(`/api/FevRips/${facturaId}/servicios`)).body.data.servicios;
    expect(servicios.every((s: { disponible: number }) => s.disponible === 0)).toBe(true);
  });

  it('a debit note adds to the net value and may go above the service; an adjustment note moves nothing', async () => {
    const { c } = await tenant('nota-debito@example.co');
    const facturaId = await facturaAprobada(c);
    const before = t.app.deps.analysis.porTarea();
    const nd = await c.post(
      `/api/FevRips/${facturaId}/notas`,
      notaForm({ tipo: 'ND', xml: notaXml('NDF1', [{ codigo: '893815', valor: 300000 }], { tipo: 'ND' }), servicios: [{ pathFuente: P(0), valor: 300000 }] }),
    );
    expect(nd.status, JSON.stringify(nd.body)).toBe(200);
    expect(nd.body.data).toMatchObject({ servicioCarga: 'CargarND', rips: { tipoNota: 'ND', numNota: 'NDF1' } });
    // The invoice, the note's XML and the note's RIPS are read and written in the worker pool, never on the event loop.
    const after = t.app.deps.analysis.porTarea();
    expect([after.leerFactura - before.leerFactura, after.leerNota - before.leerNota, after.construirNota - before.construirNota]).toEqual([1, 1, 1]);
    const sent = await c.post(`/api/FevRips/${nd.body.data.fevRipsId}/enviar`);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await operations(nd.body.data.fevRipsId)).toContain('CargarND');
    // An adjustment note without XML: its number, the services as invoiced.
    const na = await c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NA', numNota: 'NAF2', servicios: [{ pathFuente: P(1) }] }));
    expect(na.status, JSON.stringify(na.body)).toBe(200);
    expect(na.body.data).toMatchObject({ servicioCarga: 'CargarNotaAjuste', formato: 'NAF2', rips: { tipoNota: 'NA', numNota: 'NAF2', numFactura: 'A01E5687' } });
    const familia = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(familia).toMatchObject({ creditos: 0, debitos: 300000, valorNeto: 1355600, valorNetoRadicado: 1355600 });
    expect(familia.notas.map((n: { formato: string }) => n.formato)).toEqual(['NDF1', 'NAF2']);
  });

  it("the web's way: the note's RIPS waits in the RIPS editor, and filing it there joins the invoice's family", async () => {
    const { c } = await tenant('nota-borrador@example.co');
    const facturaId = await facturaAprobada(c);
    const xml = notaXml('NCG1', [{ codigo: '893815', cantidad: 2, valor: 560000 }]);
    const r = await c.post(
      `/api/FevRips/${facturaId}/notas`,
      notaForm({ tipo: 'NC', xml, destino: 'borrador', servicios: [{ pathFuente: P(0) }, { pathFuente: P(2) }] }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(MSG_NOTAS.borradorNotaCreado('NCG1'));
    expect(r.body.data).toMatchObject({ fevRipsId: null, servicioCarga: 'CargarNC', diferencia: 0 });
    const borrador = (await c.get(`/api/rips/borradores/${r.body.data.borradorId}`)).body.data;
    expect(borrador.rips).toMatchObject({ tipoNota: 'NC', numNota: 'NCG1', numFactura: 'A01E5687' });
    expect(borrador.factura).toMatchObject({ formato: 'NCG1', tipoDocumento: 'NC' });
    expect(borrador.conciliacion.diferenciaValorServicios).toBe(0);
    const historial = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.historial;
    expect(historial[0]).toMatchObject({ accion: 'nota' });
    expect(historial[0].descripcion).toContain('NCG1');

    const radicado = await c.post(`/api/rips/borradores/${r.body.data.borradorId}/radicar`);
    expect(radicado.status, JSON.stringify(radicado.body)).toBe(200);
    const familia = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(familia.notas).toEqual([expect.objectContaining({ id: radicado.body.data.fevRipsId, formato: 'NCG1', estado: 'EN_ESPERA' })]);
    expect(familia).toMatchObject({ creditos: 560000, valorNeto: 495600, valorNetoRadicado: 1055600 });
  });

  it('a note filed through the ordinary upload joins its family too, and the list filters notes', async () => {
    const { c } = await tenant('nota-subida@example.co');
    const facturaId = await facturaAprobada(c);
    const xml = notaXml('NCH1', [{ codigo: '893815', valor: 280000 }]);
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('nch1.xml', xml));
    expect(up.status).toBe(200);
    const familia = (await c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(familia.notas.map((n: { formato: string }) => n.formato)).toEqual(['NCH1']);
    const notas = await c.post('/api/FevRips/search', { tipoDocumento: 'NOTAS' });
    expect(notas.body.data.results.data.map((d: { formato: string }) => d.formato)).toEqual(['NCH1']);
    const informe = await c.post('/api/fevrips/informe-listado', { formatos: ['A01E5687', 'NCH1'] });
    expect(informe.body.data.datos).toEqual([
      expect.objectContaining({ formato: 'A01E5687', paquete: 'Factura con RIPS', cantidadNotas: 1, creditos: 280000, debitos: 0, valorNeto: 775600, facturaNota: null }),
      expect.objectContaining({ formato: 'NCH1', paquete: 'Nota crédito total', facturaNota: 'A01E5687', numDocumentoReferenciado: 'A01E5687', valorNeto: null }),
    ]);
  });
});

describe('access', () => {
  it("another tenant's invoice is 404, a forged id 400, no credentials 401; an API key builds notes but not drafts", async () => {
    const owner = await tenant('nota-dueno@example.co');
    const facturaId = await facturaAprobada(owner.c);
    const other = await tenant('nota-otro@example.co');
    const xml = notaXml('NCI1', [{ codigo: '893815', valor: 1000 }]);
    expect((await other.c.get(`/api/FevRips/${facturaId}/servicios`)).status).toBe(404);
    expect((await other.c.post(`/api/FevRips/${facturaId}/notas/propuesta`, notaForm({ tipo: 'NC', xml }))).status).toBe(404);
    expect((await other.c.post(`/api/FevRips/${facturaId}/notas`, notaForm({ tipo: 'NC', xml, servicios: [{ pathFuente: P(0) }] }))).status).toBe(404);
    expect((await owner.c.get('/api/FevRips/abc/servicios')).status).toBe(400);
    const anonymous = await fetch(`${t.url}/api/FevRips/${facturaId}/notas`, { method: 'POST', body: notaForm({ tipo: 'NC', xml }) });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${t.url}/api/FevRips/${facturaId}/servicios`, { headers: { authorization: 'Bearer rk_live_forjada' } });
    expect(forged.status).toBe(401);

    const created = await owner.c.post('/api/integraciones/claves', { nombre: 'HIS notas', diasVigencia: 30 });
    const key = created.body.data.clave as string;
    const withKey = (body: FormData) => fetch(`${t.url}/api/FevRips/${facturaId}/notas`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body });
    const borrador = await withKey(notaForm({ tipo: 'NC', xml, destino: 'borrador', servicios: [{ pathFuente: P(0) }] }));
    expect([borrador.status, ((await borrador.json()) as { message: string }).message]).toEqual([403, MSG_INTEGRACIONES.apiKeyNoPermitida]);
    const api = await withKey(notaForm({ tipo: 'NC', xml, servicios: [{ pathFuente: P(0), valor: 1000 }] }));
    const body = (await api.json()) as { data: { fevRipsId: number; estado: string } };
    expect(api.status).toBe(200);
    expect(body.data.estado).toBe('EN_ESPERA');
    const historial = (await owner.c.get(`/api/FevRips/${facturaId}/detail`)).body.data.historial;
    const evento = historial.find((e: { accion: string }) => e.accion === 'nota');
    expect(evento).toMatchObject({ canal: 'api' });
    expect(evento.descripcion).toContain('HIS notas');
    // The API channel's one filing call takes a note package (its XML and its RIPS) and sends it to CargarNC; the note
    // joins the invoice's family from its reference.
    const paquete = new FormData();
    paquete.append('xml', new Blob([notaXml('NCI2', [{ codigo: '893815', valor: 280000 }])]), 'NCI2.xml');
    paquete.append('rips', new Blob([JSON.stringify(notaRips('NC', 'NCI2', 1))]), 'NCI2.json');
    paquete.append('enviar', 'true');
    const v1 = await fetch(`${t.url}/api/v1/paquetes`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: paquete });
    const v1Body = (await v1.json()) as { data: { id: number; servicioCarga: string; resultado: { cuv: string } | null } };
    expect(v1.status, JSON.stringify(v1Body)).toBe(201);
    expect(v1Body.data.servicioCarga).toBe('CargarNC');
    expect(v1Body.data.resultado?.cuv).toMatch(/^[0-9a-f]{96}$/);
    const familia = (await owner.c.get(`/api/FevRips/${facturaId}/detail`)).body.data.familia;
    expect(familia.notas.map((n: { formato: string; estado: string }) => [n.formato, n.estado])).toEqual([
      ['NCI1', 'EN_ESPERA'],
      ['NCI2', 'APROBADO'],
    ]);

    // The bulk send takes notes like any document.
    const masivo = await owner.c.post('/api/FevRips/envio-masivo', { ids: [body.data.fevRipsId] });
    expect(masivo.body.data).toMatchObject({ encolados: 1, omitidos: 0 });
  });
});

describe('docs/integracion-api.md §5', () => {
  it("the guide's note examples work as written: services, the note with its XML, its send", async () => {
    const owner = await tenant('nota-guia@example.co');
    const facturaId = await facturaAprobada(owner.c);
    const clave = (await owner.c.post('/api/integraciones/claves', { nombre: 'Guía notas', diasVigencia: 30 })).body.data.clave as string;
    const guide = readFileSync(join(import.meta.dirname, '../../../../../docs/integracion-api.md'), 'utf8');
    const section = guide.slice(guide.indexOf('## 5. Notas'), guide.indexOf('## Errores'));
    const [servicios, nota, enviar] = [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect([servicios, nota, enviar].every(Boolean)).toBe(true);
    const dir = mkdtempSync(join(tmpdir(), 'radica-guia-notas-'));
    try {
      writeFileSync(join(dir, 'NC1001.xml'), notaXml('NC1001', [{ codigo: '893815', valor: 100000 }, { codigo: '893815', valor: 200000 }]));
      const run = async (script: string, env: Record<string, string> = {}) => {
        const { stdout } = await promisify(execFile)('bash', ['-c', script], {
          cwd: dir,
          env: { ...process.env, RADICA_URL: t.url, RADICA_CLAVE: clave, FACTURA_ID: String(facturaId), ...env },
          encoding: 'utf8',
          timeout: 60_000,
        });
        return JSON.parse(stdout) as { success: boolean; data: Record<string, unknown> & { fevRipsId: number; cuv: string } };
      };
      expect((await run(servicios!)).data['servicios']).toHaveLength(4);
      const creada = await run(nota!);
      expect(creada).toMatchObject({ success: true, data: { numNota: 'NC1001', servicioCarga: 'CargarNC', diferencia: 0 } });
      const sent = await run(enviar!, { NOTA_ID: String(creada.data.fevRipsId) });
      expect(sent.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
