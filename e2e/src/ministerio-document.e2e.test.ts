import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { SAMPLES, screenshot, startHarness, type THarness } from './harness.ts';
import {
  createMinisterioAccount,
  loginInUi,
  PAR2_XML,
  par1As,
  seedDocument,
  uploadFile,
  type TApiSession,
} from './ministerio-helpers.ts';

/**
 * The ministry document journeys in Chromium: cancel and reactivate (detail and list), remove a
 * file, and upload mismatching files to see each modal; plus the 'Prevalidación' panel.
 */
let h: THarness;
let api: TApiSession;
const EMAIL = 'detalle.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
let cancelId = 0;
let xmlOnlyId = 0;

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  cancelId = await seedDocument(api, 'A01E5801');
  xmlOnlyId = await seedDocument(api, 'A01E5802', true);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
});
afterAll(async () => h?.close());

const estado = () => h.page.getByTestId('estado-documento').first();

describe('ministry document: cancel, reactivate, files and upload checks', () => {
  it("shows the 'Prevalidación' panel with the local findings before sending", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/${cancelId}`);
    await page.getByRole('heading', { name: /Prevalidación/ }).waitFor();
    await page.getByTestId('prevalidacion').getByText('FED131').first().waitFor(); // par1: empty NUMERO_POLIZA
  });

  it('cancels from the detail with the confirmation, finds it under Anulados and reactivates it from the list', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/${cancelId}`);
    await page.getByRole('button', { name: 'Anular' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('El estado del documento cambiará a ANULADO').waitFor();
    await dialog.getByRole('button', { name: 'Anular' }).click();
    await page.getByText('Documento anulado exitosamente').first().waitFor();
    await page.waitForURL(/\/ministerio$/, { timeout: 10_000 }); // back to the list after 1.5 s

    await page.getByLabel('Estado', { exact: true }).selectOption('ANULADO');
    await page.getByText('Mostrando 1 de 1 documentos').waitFor();
    const row = page.getByTestId('fila-documento').filter({ hasText: 'A01E5801' });
    await expect
      .poll(() => row.getByTestId('estado-fila').getAttribute('data-estado'), { timeout: 15_000 })
      .toBe('ANULADO');
    await screenshot(page, 'ministerio-anulados');
    await row.getByRole('button', { name: 'Reactivar A01E5801' }).click();
    await page.getByText('Documento reactivado exitosamente').first().waitFor();
    await page.getByText('No se encontraron documentos').waitFor();
    const detail = await api.call('GET', `/api/FevRips/${cancelId}/detail`);
    expect(detail.data.estado).not.toBe('ANULADO');
  });

  it("reactivates from the detail with 'Activar y Guardar'", async () => {
    const { page, url } = h;
    await api.call('POST', `/api/FevRips/${cancelId}/anular`);
    await page.goto(`${url}/ministerio/${cancelId}`);
    await expect.poll(() => estado().getAttribute('data-estado'), { timeout: 15_000 }).toBe('ANULADO');
    await page.getByRole('button', { name: 'Activar y Guardar' }).click();
    await page.getByText('Documento guardado y activado exitosamente').first().waitFor();
    await page.waitForURL(/\/ministerio$/, { timeout: 10_000 });
    const detail = await api.call('GET', `/api/FevRips/${cancelId}/detail`);
    expect(['PROCESADO', 'EN_ESPERA']).toContain(detail.data.estado);
  });

  it('removes a file with the X after confirming, and refuses a file on a filled slot', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/${cancelId}`);
    await page.getByRole('button', { name: 'Quitar archivo JSON' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Archivo JSON eliminado').first().waitFor();
    await expect.poll(() => estado().getAttribute('data-estado'), { timeout: 15_000 }).toBe('PENDIENTE_RIPS');
    // The JSON slot is empty again: the same file goes back in by drag-and-drop.
    const dropJson = async () => {
      const text = par1As('A01E5801').json.toString('utf8');
      const dataTransfer = await page.evaluateHandle((content) => {
        const dt = new DataTransfer();
        dt.items.add(new File([content], 'A01E5801.json', { type: 'application/json' }));
        return dt;
      }, text);
      await page.getByTestId('zona-json').dispatchEvent('drop', { dataTransfer });
    };
    await dropJson();
    await page.getByText('Archivo JSON cargado correctamente').first().waitFor();
    await expect
      .poll(() => estado().getAttribute('data-estado'), { timeout: 15_000 })
      .not.toBe('PENDIENTE_RIPS');
    // A drop on the filled slot is refused with an info message.
    await dropJson();
    await page
      .getByText('El documento ya tiene un archivo JSON. Elimínalo antes de cargar uno nuevo.')
      .first()
      .waitFor();
  });

  it("takes the ministry's CargarFevRips body { rips, xmlFevFile } on the JSON slot: one document with both files", async () => {
    const { page, url } = h;
    const pair = par1As('A01E5806');
    const cuerpo = {
      codigoUnicoValidacion: '0',
      rips: JSON.parse(pair.json.toString('utf8').replace(/^\uFEFF/, '')) as unknown,
      xmlFevFile: pair.xml.toString('base64'),
    };
    await page.goto(`${url}/ministerio/nuevo`);
    await page
      .getByLabel('Archivo JSON')
      .setInputFiles({ name: 'cuerpo-CargarFevRips.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(cuerpo)) });
    await page.getByText(MSG_MINISTERIO.cuerpoCargado(['xml', 'json'])).first().waitFor();
    await page.waitForURL(/\/ministerio\/\d+$/, { timeout: 10_000 });
    await expect.poll(() => estado().getAttribute('data-estado'), { timeout: 15_000 }).not.toMatch(/^PENDIENTE_/);
    expect(await page.getByText(MSG.jsonNoFormato).count()).toBe(0);
    const id = Number(/\/ministerio\/(\d+)$/.exec(page.url())![1]);
    expect((await api.call('GET', `/api/FevRips/${id}/detail`)).data).toMatchObject({ formato: 'A01E5806', xml: true, json: true });
  });

  it("opens 'Número de Identificación No Coincide' with both values for an invoice of another NIT", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/nuevo`);
    await page.getByLabel('Archivo XML').setInputFiles(join(SAMPLES, PAR2_XML));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Número de Identificación No Coincide').waitFor();
    await dialog.getByText('891856372').waitFor();
    await dialog.getByText('901019681').waitFor();
    await dialog.getByRole('button', { name: 'Entendido' }).click();
  });

  it("opens 'Formato No Coincide' when the JSON belongs to another invoice", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/${xmlOnlyId}`);
    await page
      .getByLabel('Archivo JSON')
      .setInputFiles({ name: 'otro.json', mimeType: 'application/json', buffer: par1As('A01E5899').json });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Formato No Coincide').waitFor();
    await dialog.getByText('A01E5899').waitFor();
    await dialog.getByText('A01E5802').waitFor();
    await screenshot(page, 'ministerio-formato-no-coincide');
    await dialog.getByRole('button', { name: 'Entendido' }).click();
  });

  it("opens 'Formato Ya Existe' on a new report with an existing invoice, and 'Ver Reporte' goes to it", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/nuevo`);
    await page
      .getByLabel('Archivo XML')
      .setInputFiles({ name: 'A01E5801.xml', mimeType: 'text/xml', buffer: par1As('A01E5801').xml });
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Formato Ya Existe').waitFor();
    await dialog.getByRole('button', { name: 'Ver Reporte' }).click();
    await page.waitForURL(new RegExp(`/ministerio/${cancelId}$`));
  });

  it('sends from the detail: Aprobado with the CUV, then back to the list after 2 s', async () => {
    const { page, url } = h;
    const id = await seedDocument(api, 'A01E5803');
    await page.goto(`${url}/ministerio/${id}`);
    const send = page.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    await expect.poll(() => estado().getAttribute('data-estado'), { timeout: 30_000 }).toBe('APROBADO');
    expect((await page.getByTestId('cuv').first().textContent())?.trim()).toMatch(/^[0-9a-f]{96}$/);
    await page.getByText('¡Documento enviado exitosamente al Ministerio!').first().waitFor();
    await page.waitForURL(/\/ministerio$/, { timeout: 10_000 });
  });

  it("asks 'Enviar de todos modos' when the pre-validation has a rejection, then shows the ministry's errors", async () => {
    const { page, url } = h;
    const pair = par1As('A01E5804');
    const rips = JSON.parse(pair.json.toString('utf8').replace(/^\uFEFF/, '')) as { usuarios: Array<Record<string, unknown>> };
    rips.usuarios[0]!.tipoDocumentoIdentificacion = 'ZZ'; // not in TipoIDPISIS: RVG01, RECHAZADO
    const id = await uploadFile(api, 'A01E5804.xml', pair.xml);
    await uploadFile(api, 'A01E5804.json', Buffer.from(JSON.stringify(rips)), id);
    await page.goto(`${url}/ministerio/${id}`);
    await page.getByTestId('prevalidacion').getByText('RVG01').first().waitFor();
    const send = page.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Enviar de todos modos' }).click();
    // The simulator checks with the same rules as the ministry: rejected, with the finding in 'Errores'.
    await expect.poll(() => estado().getAttribute('data-estado'), { timeout: 30_000 }).toBe('NO_APROBADO');
    // A rejection is said as one, once: not 'Error enviando documento al ministerio (N errores)' twice.
    await page.getByText(/^El Ministerio rechazó el documento: \d+ (error|errores)$/).first().waitFor();
    expect(await page.getByText(/Error enviando documento al ministerio/).count()).toBe(0);
    const errores = page.locator('section[aria-labelledby="errores-title"]');
    await errores.getByText('RVG01').first().waitFor();
    await errores.getByText(/tipoDocumentoIdentificacion/).first().waitFor();
  });

  it("says 'Documento no encontrado' for an unknown id", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/999999`);
    await page.getByText('Documento no encontrado').waitFor();
    await page.getByRole('link', { name: 'Volver al listado' }).waitFor();
  });
});
