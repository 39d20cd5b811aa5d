import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { muvAttempts } from '../../db/schema.ts';
import {
  PAR1_XML,
  PROVIDER_CONFIG,
  fileForm,
  sample,
  registerAndLogin,
  startTestApp,
  type TTestApp,
} from '../../../test/helpers.ts';
import { notaRips, notaXml, ripsSinFactura } from '../../../../../packages/fevrips/test/paquetes.ts';
import { SAMPLE, readSampleJson } from '../../../../../packages/fevrips/test/samples.ts';

/**
 * through the product: a package that the ministry takes with one file (a total credit
 * note, a RIPS without invoice) is complete with that file (EN_ESPERA, sendable) and goes to its own endpoint with the
 * other side null; a note's RIPS is filed under the note's number, so it pairs with the note's XML and never collides
 * with the invoice it corrects; a file that is half of a pair still waits for the other half.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const json = (o: unknown) => Buffer.from(JSON.stringify(o));
/** The MUV operations recorded for document `id` (document ids are unique across tenants). */
const operations = async (id: number) =>
  (
    await t.app.deps.db
      .select({ operation: muvAttempts.operation })
      .from(muvAttempts)
      .where(eq(muvAttempts.fevRipsId, id))
  ).map((r) => r.operation);

describe('package types in the product: credit notes', () => {
  it('total credit note: the NC XML alone is complete, shows its package type and is sent to CargarNCTotal', async () => {
    const { c } = await registerAndLogin(t.url, 'nctotal@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const up = await c.post(
      '/api/FevRips/subir-archivo',
      fileForm('nc16.xml', notaXml('NC', 'NC16', 1120000)),
    );
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ formato: 'NC16', tipoDocumento: 'NC', estado: 'EN_ESPERA' });
    const id = up.body.data.fevRipsId as number;

    const detail = await c.get(`/api/FevRips/${id}/detail`);
    expect(detail.body.data).toMatchObject({ servicioCarga: 'CargarNCTotal', xml: true, json: false });
    expect(detail.body.data.prevalidacion.filter((h: { clase: string }) => h.clase === 'RECHAZADO')).toEqual(
      [],
    );

    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await operations(id)).toContain('CargarNCTotal');
  });

  it('partial credit note: the NC RIPS pairs with the NC XML under the note number, next to its invoice', async () => {
    const { c } = await registerAndLogin(t.url, 'ncparcial@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    // The invoice the note corrects is already filed (formato A01E5687).
    const factura = await c.post('/api/FevRips/subir-archivo', fileForm('factura.xml', sample(PAR1_XML)));
    expect(factura.body.data).toMatchObject({ formato: 'A01E5687' });
    // The note's RIPS first: filed under NC15, not under the invoice A01E5687 it corrects (no FORMATO_EXISTS).
    const rips = await c.post(
      '/api/FevRips/subir-archivo',
      fileForm('nc15.json', json(notaRips('NC', 'NC15', 2))),
    );
    expect(rips.status).toBe(200);
    expect(rips.body.data).toMatchObject({ formato: 'NC15', estado: 'PENDIENTE_XML' });
    const id = rips.body.data.fevRipsId as number;
    // A RIPS of a credit note needs its XML (CargarNC takes both): not sendable yet.
    const early = await c.post(`/api/FevRips/${id}/enviar`);
    expect([early.status, early.body.message]).toEqual([422, MSG.sendNeedsBothFiles]);

    const xml = await c.post(
      '/api/FevRips/subir-archivo',
      fileForm('nc15.xml', notaXml('NC', 'NC15', 560000), id),
    );
    expect(xml.status).toBe(200);
    expect(xml.body.data).toMatchObject({ fevRipsId: id, estado: 'EN_ESPERA', tipoDocumento: 'NC' });
    const detail = await c.get(`/api/FevRips/${id}/detail`);
    expect(detail.body.data.servicioCarga).toBe('CargarNC');
    expect(detail.body.data.prevalidacion.filter((h: { clase: string }) => h.clase === 'RECHAZADO')).toEqual(
      [],
    );

    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.exitoso).toBe(true);
    expect(await operations(id)).toContain('CargarNC');
  });

  it("a credit note's RIPS repeating a diagnosis: the pre-check gives the note's class (RECHAZADO RVC086), and the ministry rejects it", async () => {
    const { c } = await registerAndLogin(t.url, 'ncrvc086@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const repetido = (r: Record<string, unknown>) => {
      const proc = (r['usuarios'] as { servicios: Record<string, Record<string, unknown>[]> }[])[0]!.servicios['procedimientos']![0]!;
      proc['codDiagnosticoRelacionado'] = proc['codDiagnosticoPrincipal'];
      return r;
    };
    const rips = await c.post('/api/FevRips/subir-archivo', fileForm('nc31.json', json(repetido(notaRips('NC', 'NC31', 2)))));
    const id = rips.body.data.fevRipsId as number;
    const clasesRvc086 = async (docId: number) =>
      ((await c.get(`/api/FevRips/${docId}/detail`)).body.data.prevalidacion as { codigo: string; clase: string }[])
        .filter((h) => h.codigo === 'RVC086')
        .map((h) => h.clase);
    // the RIPS alone already says it is a credit note (tipoNota NC)
    expect(await clasesRvc086(id)).toEqual(['RECHAZADO']);
    await c.post('/api/FevRips/subir-archivo', fileForm('nc31.xml', notaXml('NC', 'NC31', 560000), id));
    const detail = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(detail.servicioCarga).toBe('CargarNC');
    expect(await clasesRvc086(id)).toEqual(['RECHAZADO']);
    // the stand-in ministry applies the same classes to the endpoint the package goes to: no CUV for the note
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.body.data.exitoso).toBe(false);
    const after = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(after.estado).toBe('NO_APROBADO');
    expect(after.cuv ?? null).toBeNull();

    // the invoice with the same repeated diagnosis keeps the notice, and gets its CUV
    const fv = await c.post('/api/FevRips/subir-archivo', fileForm('factura.xml', sample(PAR1_XML)));
    const fvId = fv.body.data.fevRipsId as number;
    const fvRips = repetido(readSampleJson(SAMPLE.par1Json));
    await c.post('/api/FevRips/subir-archivo', fileForm('factura.json', json(fvRips), fvId));
    expect(await clasesRvc086(fvId)).toEqual(['NOTIFICACION']);
  });
});

describe('package types in the product: RIPS without invoice, a lone XML, and access', () => {
  it('RIPS without invoice: the RS RIPS alone is sent to CargarRipsSinFactura; no XML travels', async () => {
    const { c } = await registerAndLogin(t.url, 'rs@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const up = await c.post(
      '/api/FevRips/subir-archivo',
      fileForm('rs77.json', json(ripsSinFactura('RS77'))),
    );
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ formato: 'RS77', estado: 'EN_ESPERA' });
    const id = up.body.data.fevRipsId as number;
    const detalle = (await c.get(`/api/FevRips/${id}/detail`)).body.data;
    expect(detalle.servicioCarga).toBe('CargarRipsSinFactura');
    // Not a 'Factura de Venta': its package type names it.
    expect(detalle.tipoDocumentoNombre).toBe('RIPS sin factura');

    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status).toBe(200);
    expect(sent.body.data.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(await operations(id)).toContain('CargarRipsSinFactura');
  });

  it('an invoice XML alone still waits for its RIPS, and the bulk send skips it for missing files', async () => {
    const { c } = await registerAndLogin(t.url, 'fvsola@example.co', '901019681');
    await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const xml = notaXml('NC', 'NC20', 1000)
      .replace('<CreditNote ', '<Invoice ')
      .replace('</CreditNote>', '</Invoice>')
      .replace('xsd:CreditNote-2"', 'xsd:Invoice-2"')
      .replace('<cbc:CustomizationID>20<', '<cbc:CustomizationID>SS-CUFE<')
      .replace('Nota Crédito de Factura Electrónica de Venta<', 'Factura Electrónica de Venta<');
    const up = await c.post('/api/FevRips/subir-archivo', fileForm('fv.xml', xml));
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ tipoDocumento: 'FV', estado: 'PENDIENTE_RIPS' });
    const id = up.body.data.fevRipsId as number;
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data.servicioCarga).toBe('CargarFevRips');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect([sent.status, sent.body.message]).toEqual([422, MSG.sendNeedsBothFiles]);
  });

  it('another tenant can neither see nor send a single-file package (404), and a forged id is 400', async () => {
    const owner = await registerAndLogin(t.url, 'owner-rs@example.co', '901019681');
    await owner.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const up = await owner.c.post(
      '/api/FevRips/subir-archivo',
      fileForm('rs78.json', json(ripsSinFactura('RS78'))),
    );
    const id = up.body.data.fevRipsId as number;
    const other = await registerAndLogin(t.url, 'other-rs@example.co', '900123456');
    await other.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    expect((await other.c.get(`/api/FevRips/${id}/detail`)).status).toBe(404);
    expect((await other.c.post(`/api/FevRips/${id}/enviar`)).status).toBe(404);
    expect((await other.c.post('/api/FevRips/abc/enviar')).status).toBe(400);
    expect((await owner.c.get(`/api/FevRips/${id}/detail`)).body.data.estado).toBe('EN_ESPERA');
  });
});
