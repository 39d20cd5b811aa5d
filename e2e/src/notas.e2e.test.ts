import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { notaDeFactura } from '../../packages/fevrips/test/notas.ts';
import { SAMPLES, screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi, uploadFile, type TApiSession } from './ministerio-helpers.ts';

/**
 * A credit note built and sent from the invoice page (docs/decisions/051), in Chromium: the real par1 invoice is filed
 * and approved over HTTP; the user opens it, 'Crear nota', loads the note's XML (par1 rewritten with DIAN's note
 * structure: no real note is public, packages/fevrips/test/notas.ts), keeps the proposal from its lines, opens the
 * note's RIPS in the RIPS editor, files it and sends it; the ministry simulator gives it a CUV and the invoice lists it
 * with the net value.
 */
let h: THarness;
let api: TApiSession;
let facturaId = 0;
const EMAIL = 'notas.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
const PAR1_XML = 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml';
const PAR1_JSON = 'par1_rips_evento_nit901019681_A01E5687.json';

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  facturaId = await uploadFile(api, 'A01E5687.xml', readFileSync(join(SAMPLES, PAR1_XML)));
  await uploadFile(api, 'A01E5687.json', readFileSync(join(SAMPLES, PAR1_JSON)), facturaId);
  const sent = await api.call('POST', `/api/FevRips/${facturaId}/enviar`);
  expect(sent.data.cuv).toMatch(/^[0-9a-f]{96}$/);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
});
afterAll(async () => h?.close());

describe('a credit note from the invoice page', () => {
  it('builds the note from the XML and the proposal, files it from the RIPS editor, sends it and sees it in the family', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/${facturaId}`);
    await page.getByRole('heading', { name: MSG_NOTAS.familiaTitulo }).waitFor();
    await page.getByRole('link', { name: MSG_NOTAS.crearNota }).click();
    await page.waitForURL(/\/ministerio\/\d+\/nota$/);
    await page.getByRole('heading', { name: MSG_NOTAS.crearNotaTitulo('A01E5687') }).waitFor();

    const xml = notaDeFactura(readFileSync(join(SAMPLES, PAR1_XML), 'utf8'), {
      tipo: 'NC',
      numero: 'NCE2E1',
      lineas: [
        { codigo: '893815', valor: 100000 },
        { codigo: '893815', valor: 200000 },
      ],
    });
    await page.getByLabel(MSG_NOTAS.xmlNotaEtiqueta).setInputFiles({ name: 'NCE2E1.xml', mimeType: 'text/xml', buffer: Buffer.from(xml) });
    await page.getByTestId('propuesta-lineas').waitFor();
    await expect.poll(() => page.getByTestId('nota-diferencia').textContent(), { timeout: 10_000 }).toBe(MSG_NOTAS.cuadraConXml);
    const primero = page.getByLabel(MSG_NOTAS.seleccionarServicio('usuarios[0].servicios.procedimientos[0]'));
    expect(await primero.isChecked()).toBe(true);
    expect(await page.getByLabel(MSG_NOTAS.valorServicio('usuarios[1].servicios.procedimientos[0]')).inputValue()).toBe('200000');
    await screenshot(page, 'nota-crear');
    await page.getByRole('button', { name: MSG_NOTAS.crearYEditar }).click();

    // The note's RIPS in the RIPS editor, with the engine's findings: filed from there.
    await page.waitForURL(/\/listado-rips\/\d+$/, { timeout: 30_000 });
    await expect.poll(() => page.getByTestId('estado-guardado').getAttribute('data-estado'), { timeout: 15_000 }).toBe('guardado');
    await page.getByRole('button', { name: 'Radicar' }).click();
    await page.waitForURL(/\/ministerio\/\d+$/, { timeout: 30_000 });
    const send = page.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const estado = page.getByTestId('estado-documento').first();
    await expect.poll(() => estado.getAttribute('data-estado'), { timeout: 30_000 }).toBe('APROBADO');
    expect((await page.getByTestId('cuv').first().textContent())?.trim()).toMatch(/^[0-9a-f]{96}$/);
    expect(await page.getByTestId('familia-nota').textContent()).toContain(MSG_NOTAS.notaDeFactura('A01E5687'));

    // Back on the invoice: the note, its status and the net value (1,055,600 − 300,000).
    await page.getByRole('link', { name: MSG_NOTAS.verFactura }).click();
    await page.waitForURL(new RegExp(`/ministerio/${facturaId}$`));
    const fila = page.getByTestId('fila-nota').filter({ hasText: 'NCE2E1' });
    await fila.waitFor();
    await expect.poll(() => fila.textContent(), { timeout: 15_000 }).toContain('Aprobado');
    expect(await page.getByTestId('valor-neto').textContent()).toMatch(/755\.600/);
    await screenshot(page, 'nota-familia');
  });
});
