import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { SAMPLES, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';
import { PAR1_JSON, createMinisterioAccount, loginInUi, par1As, uploadFile, type TApiSession } from './ministerio-helpers.ts';

/**
 * The RIPS editor's majors as a newcomer met them, in Chromium: a reference search that fails says so in the field and
 * works again on retry; a Consulta user gets a read-only editor and no creation options; 'Radicar' of an invoice already
 * filed says why and links to its document; «Eliminar usuario» confirms and can be undone, also from «Versiones
 * anteriores»; a RIPS JSON with «Servicios» imports its services; on a 390×844 phone long file names, amounts and file
 * cards stay on the screen. Only the harness's URL, pages and browser, HTTP calls and the samples are used.
 */
let h: THarness;
let api: TApiSession;
const EMAIL = 'rips.acciones@example.co';
const PASSWORD = 'Clave#Segura2026';
const CONSULTA = 'consulta.rips@example.co';
const SERVICIOS_MAYUSCULA = 'invalido_rips_sintetico-Servicios-mayuscula-fecha-2024-05-32_nit520001_12222.json';
const par1 = () => JSON.parse(readFileSync(join(SAMPLES, PAR1_JSON), 'utf8')) as { usuarios: Record<string, unknown>[] };

/** A draft from par1's invoice XML (renamed to `formato`, under `nombre`), filled with par1's users over the API. */
async function borradorPar1(formato: string, nombre = `${formato}.xml`): Promise<number> {
  const pair = par1As(formato);
  const form = new FormData();
  form.append('origen', 'xml');
  form.append('archivo', new Blob([new Uint8Array(pair.xml)]), nombre);
  const id = (await api.call('POST', '/api/rips/borradores', form)).data.id as number;
  await api.call('PATCH', `/api/rips/borradores/${id}`, { version: 1, cambios: [{ op: 'reemplazar', rips: JSON.parse(pair.json.toString('utf8')) }] });
  return id;
}

async function esperarGuardado(page: Page) {
  await expect.poll(() => page.getByTestId('estado-guardado').getAttribute('data-estado'), { timeout: 15_000 }).toBe('guardado');
}
const usuariosEnLista = (page: Page) => page.getByRole('navigation', { name: 'Usuarios del RIPS' }).getByRole('button').count();

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD, { plan: 'business' });
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
}, 120_000);
afterAll(async () => h?.close());

describe('a reference search that fails says so in the field', () => {
  it('a 500 from the CUPS search shows the message and Reintentar; once the API answers, the suggestions come', async () => {
    const { page, url } = h;
    const id = await borradorPar1('A01E6001');
    await page.goto(`${url}/listado-rips/${id}`);
    await esperarGuardado(page);
    let falla = true;
    await page.route('**/api/rips/referencias/**', (route) =>
      falla ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, code: 'INTERNAL', message: 'Error interno' }) }) : route.fallback(),
    );
    const campo = page.locator('#u0-procedimientos0-codProcedimiento');
    await campo.fill('');
    await campo.pressSequentially('8938', { delay: 30 });
    const aviso = page.locator('#u0-procedimientos0-codProcedimiento-busqueda');
    await aviso.getByText(MSG_RIPS.busquedaFallida).waitFor({ timeout: 10_000 });
    expect(await aviso.getAttribute('role')).toBe('alert');
    expect(await campo.inputValue()).toBe('8938');
    await screenshot(page, 'rips-busqueda-fallida');
    falla = false;
    await aviso.getByRole('button', { name: 'Reintentar' }).click();
    await page.getByRole('listbox').getByRole('option').first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole('listbox').textContent()).toContain('8938');
    await expect.poll(() => aviso.count()).toBe(0);
    await page.unroute('**/api/rips/referencias/**');
  });
});

describe('«Eliminar usuario» confirms and can be undone', () => {
  it('Cancelar keeps the user; Eliminar removes it and Deshacer brings it back with its services, saved', async () => {
    const { page, url } = h;
    const id = await borradorPar1('A01E6002');
    await page.goto(`${url}/listado-rips/${id}`);
    await esperarGuardado(page);
    expect(await usuariosEnLista(page)).toBe(4);
    await page.getByRole('button', { name: 'Eliminar usuario' }).click();
    const dialogo = page.getByRole('dialog', { name: MSG_RIPS.eliminarUsuarioTitulo(1) });
    await dialogo.getByText(MSG_RIPS.eliminarUsuarioTexto('CC 39543270', 1)).waitFor();
    await dialogo.getByRole('button', { name: 'Cancelar' }).click();
    expect(await usuariosEnLista(page)).toBe(4);
    await page.getByRole('button', { name: 'Eliminar usuario' }).click();
    await dialogo.getByRole('button', { name: 'Eliminar usuario' }).click();
    await expect.poll(() => usuariosEnLista(page)).toBe(3);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect.poll(() => usuariosEnLista(page)).toBe(4);
    await esperarGuardado(page);
    const saved = await api.call('GET', `/api/rips/borradores/${id}`);
    expect(saved.data.rips.usuarios).toEqual(par1().usuarios);
  });

  it('after a reload, «Versiones anteriores» restores the RIPS from before the removal', async () => {
    const { page, url } = h;
    const id = await borradorPar1('A01E6003');
    await page.goto(`${url}/listado-rips/${id}`);
    await esperarGuardado(page);
    await page.getByRole('button', { name: 'Eliminar usuario' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar usuario' }).click();
    await esperarGuardado(page);
    await page.reload();
    await esperarGuardado(page);
    expect(await usuariosEnLista(page)).toBe(3);
    await page.getByRole('button', { name: 'Versiones anteriores' }).click();
    const versiones = page.getByTestId('versiones');
    const antes = versiones.getByRole('listitem').filter({ hasText: 'Antes de eliminar un usuario' });
    expect(await antes.textContent()).toContain('4 usuario(s), 4 servicio(s)');
    await screenshot(page, 'rips-versiones');
    await antes.getByRole('button', { name: 'Restaurar' }).click();
    await expect.poll(() => usuariosEnLista(page), { timeout: 15_000 }).toBe(4);
    expect((await api.call('GET', `/api/rips/borradores/${id}`)).data.rips.usuarios).toEqual(par1().usuarios);
  });
});

describe("'Radicar' of an invoice already filed says why and what to do", () => {
  it('shows the refusal on the page with a link that opens the existing document', async () => {
    const { page, url } = h;
    const pair = par1As('A01E6004');
    const documento = await uploadFile(api, 'A01E6004.xml', pair.xml);
    await uploadFile(api, 'A01E6004.json', pair.json, documento);
    const id = await borradorPar1('A01E6004');
    await page.goto(`${url}/listado-rips/${id}`);
    await esperarGuardado(page);
    await page.getByRole('button', { name: 'Radicar' }).click();
    // the copy's notices may ask first («¿Radicar con hallazgos?»): go on
    const confirmar = page.getByRole('dialog').getByRole('button', { name: 'Radicar de todos modos' });
    const alerta = page.getByRole('alert').filter({ hasText: MSG_RIPS.radicarNoSePudo });
    const primero = await Promise.race([confirmar.waitFor({ timeout: 15_000 }).then(() => 'confirmar'), alerta.waitFor({ timeout: 15_000 }).then(() => 'alerta')]);
    if (primero === 'confirmar') await confirmar.click();
    await alerta.getByText(MSG_RIPS.radicarFormatoExiste('A01E6004', 'Listo para envío')).waitFor({ timeout: 15_000 });
    await screenshot(page, 'rips-radicar-rechazado');
    await alerta.getByRole('link', { name: 'Abrir el documento A01E6004' }).click();
    await page.waitForURL(new RegExp(`/ministerio/${documento}$`));
    await page.getByRole('heading', { name: /A01E6004/ }).first().waitFor();
  });
});

describe('a RIPS JSON with «Servicios» (capital S)', () => {
  it('imports its services as the ministry reads them, says what it changed, and shows each finding at its field', async () => {
    const { page, url } = h;
    await page.goto(`${url}/listado-rips/nuevo`);
    await page.getByLabel('Desde un RIPS JSON').setInputFiles(join(SAMPLES, SERVICIOS_MAYUSCULA));
    await page.waitForURL(/\/listado-rips\/\d+$/, { timeout: 30_000 });
    const cambios = page.getByRole('status').filter({ hasText: 'Lo que cambió al importar' });
    await cambios.getByText(/Servicios → servicios/).waitFor();
    await cambios.getByText(/icIMIPRES/).waitFor();
    await page.getByRole('region', { name: 'Procedimientos' }).waitFor();
    expect(await page.getByTestId('conciliacion').textContent()).toContain('Servicios3');
    await page.locator('#u0-procedimientos0-fechaInicioAtencion-hallazgos').getByText(/2024-05-32/).waitFor();
    // allTextContents does not wait: the card is absent when every finding sits at its field
    const generales = (await page.getByTestId('hallazgos-generales').allTextContents()).join(' ');
    expect(generales).not.toMatch(/Servicios\./);
    await screenshot(page, 'rips-servicios-mayuscula');
  });
});

describe('a Consulta user reads the RIPS and cannot change them', () => {
  let consulta: Page;
  let id = 0;
  beforeAll(async () => {
    id = await borradorPar1('A01E6005');
    await api.call('POST', '/api/usuarios/invitaciones', { email: CONSULTA, rol: 'consulta' });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await outboxTexts(h.url, CONSULTA))[0] ?? '')?.[1];
    const accepted = await fetch(`${h.url}/api/usuarios/invitaciones/aceptar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, nombre: 'Carla Consulta', password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
    const context = await h.browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: { width: 1366, height: 900 } });
    consulta = await context.newPage();
    await loginInUi(consulta, h.url, CONSULTA, PASSWORD);
  });

  it('/listado-rips/nuevo says why instead of offering four options that would be refused', async () => {
    await consulta.goto(`${h.url}/listado-rips/nuevo`);
    await consulta.getByText(MSG_RIPS.nuevoSoloLectura('Consulta')).waitFor();
    expect(await consulta.getByRole('button', { name: /Elegir archivo|Empezar en blanco/ }).count()).toBe(0);
    await consulta.goto(`${h.url}/listado-rips`);
    await consulta.getByRole('link', { name: 'A01E6005' }).waitFor();
    expect(await consulta.getByRole('link', { name: 'Nuevo RIPS' }).count()).toBe(0);
  });

  it('the editor is read-only: disabled fields, no add, remove, restore or radicate, and says why', async () => {
    await consulta.goto(`${h.url}/listado-rips/${id}`);
    await consulta.getByText(MSG_RIPS.soloLecturaRol('Consulta')).waitFor();
    expect(await consulta.locator('#u0-numDocumentoIdentificacion').isDisabled()).toBe(true);
    expect(await consulta.locator('#tx-numFactura').isDisabled()).toBe(true);
    for (const name of ['Eliminar usuario', 'Duplicar usuario', 'Usuario', 'Radicar', 'Versiones anteriores', 'Cambiar XML'])
      expect(await consulta.getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await consulta.locator('[data-agregar]').count()).toBe(0);
    // reading still works: the JSON downloads
    const [download] = await Promise.all([consulta.waitForEvent('download'), consulta.getByRole('button', { name: 'JSON' }).click()]);
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8')).numFactura).toBe('A01E6005');
    await screenshot(consulta, 'rips-consulta-solo-lectura');
  });
});

describe('phone 390×844: long file names, amounts and file cards stay on the screen', () => {
  const LARGO = 'factura-electronica-de-venta-con-un-nombre-de-archivo-larguisimo-sin-espacios-version-final-definitiva';
  /** How far the page, and each element found by `selector`, is wider than it shows (0 when it fits). */
  async function desborde(p: Page, selector: string) {
    return p.evaluate((sel) => {
      const pagina = document.documentElement.scrollWidth - document.documentElement.clientWidth;
      const main = document.querySelector('main');
      const elementos = Array.from(document.querySelectorAll<HTMLElement>(sel)).map((el) => ({
        texto: (el.textContent ?? '').slice(0, 40),
        sobra: Math.max(el.scrollWidth - el.clientWidth, Math.round(el.getBoundingClientRect().right - document.documentElement.clientWidth)),
      }));
      return { pagina, main: main ? main.scrollWidth - main.clientWidth : 0, elementos };
    }, selector);
  }

  it('/ministerio/{id} and /listado-rips/{id} with a 100-character file name', async () => {
    const pair = par1As('A01E6006');
    const documento = await uploadFile(api, `${LARGO}.xml`, pair.xml);
    await uploadFile(api, `${LARGO}.json`, pair.json, documento);
    const id = await borradorPar1('A01E6007', `${LARGO}-2.xml`);
    const context = await h.browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await loginInUi(page, h.url, EMAIL, PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Entendido' }).click();

    await page.goto(`${h.url}/ministerio/${documento}`);
    await page.getByTestId('zona-xml').getByText(/larguisimo/).waitFor();
    const ministerio = await desborde(page, 'main section, [data-testid^="zona-"], [data-testid^="zona-"] p, main dd');
    expect(ministerio.pagina).toBeLessThanOrEqual(0);
    expect(ministerio.main).toBeLessThanOrEqual(0);
    expect(ministerio.elementos.filter((e) => e.sobra > 0)).toEqual([]);
    await screenshot(page, 'telefono-documento-nombre-largo');

    await page.goto(`${h.url}/listado-rips/${id}`);
    await esperarGuardado(page);
    await page.getByText(/larguisimo/).first().waitFor();
    const editor = await desborde(page, 'main section, [data-testid="conciliacion"] dd, main input:not(.sr-only), main label, [role="alert"], [role="note"]');
    expect(editor.pagina).toBeLessThanOrEqual(0);
    expect(editor.main).toBeLessThanOrEqual(0);
    expect(editor.elementos.filter((e) => e.sobra > 0)).toEqual([]);
    expect(await page.getByTestId('conciliacion').textContent()).toMatch(/\$\s1\.120\.000/);
    await screenshot(page, 'telefono-editor-nombre-largo');
    await context.close();
  });
});
