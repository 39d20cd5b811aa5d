import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES, screenshot, startHarness, type THarness } from './harness.ts';
import { PAR1_JSON, PAR1_XML, createMinisterioAccount, loginInUi, type TApiSession } from './ministerio-helpers.ts';

/**
 * The RIPS editor in Chromium: from par1's invoice XML a clerk enters par1's four users and their
 * services by keyboard only, sees a finding appear on a field and disappear once the field is corrected, downloads a
 * JSON equal to the real par1 RIPS, radicates it and gets the CUV; then the same for one user on a 390 px phone.
 */
let h: THarness;
let api: TApiSession;
const EMAIL = 'rips.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
const par1 = JSON.parse(readFileSync(join(SAMPLES, PAR1_JSON), 'utf8')) as {
  usuarios: (Record<string, unknown> & { servicios: Record<string, Record<string, unknown>[]> })[];
};

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
});
afterAll(async () => h?.close());

/** The user's fields in the order of the structure (the editor's tab order). */
const USUARIO = ['tipoDocumentoIdentificacion', 'numDocumentoIdentificacion', 'tipoUsuario', 'fechaNacimiento', 'codSexo', 'codPaisResidencia', 'codMunicipioResidencia', 'codZonaTerritorialResidencia', 'incapacidad', 'consecutivo', 'codPaisOrigen'];
const PROCEDIMIENTO = ['codPrestador', 'fechaInicioAtencion', 'idMIPRES', 'numAutorizacion', 'codProcedimiento', 'viaIngresoServicioSalud', 'modalidadGrupoServicioTecSal', 'grupoServicios', 'codServicio', 'finalidadTecnologiaSalud', 'tipoDocumentoIdentificacion', 'numDocumentoIdentificacion', 'codDiagnosticoPrincipal', 'codDiagnosticoRelacionado', 'codComplicacion', 'vrServicio', 'conceptoRecaudo', 'valorPagoModerador', 'numFEVPagoModerador', 'consecutivo'];

/**
 * Types the values of `campos` into the focused field and the next ones, moving with Tab only: a select takes the
 * code typed (type-ahead on '01 · …'), a text field is selected whole first (prefilled values are replaced), a null
 * is skipped. Ends on the field after the last one.
 */
async function teclear(page: Page, campos: string[], valores: Record<string, unknown>) {
  for (const campo of campos) {
    const value = valores[campo];
    const foco = () => page.evaluate(() => ({ tag: document.activeElement?.tagName, label: document.activeElement?.getAttribute('aria-label'), html: document.activeElement?.outerHTML.slice(0, 200) }));
    // The first field of a new service gets its focus after the editor renders it (a key press earlier): wait for it.
    await expect.poll(async () => (await foco()).label, { timeout: 5_000 }).toBe(campo);
    const focused = await foco();
    expect(focused.label, focused.html).toBe(campo);
    if (value !== null && value !== undefined) {
      if (focused.tag !== 'SELECT') await page.keyboard.press('Control+A');
      await page.keyboard.type(String(value), { delay: focused.tag === 'SELECT' ? 60 : 0 });
    } else if (focused.tag !== 'SELECT') {
      await page.keyboard.press('Control+A');
      await page.keyboard.press('Delete');
    }
    await page.keyboard.press('Tab');
  }
}

async function esperarGuardado(page: Page) {
  await expect.poll(() => page.getByTestId('estado-guardado').getAttribute('data-estado'), { timeout: 15_000 }).toBe('guardado');
}

describe('RIPS editor: par1 by keyboard → JSON equal to the real one → radicate → CUV', () => {
  let draftUrl = '';
  it("opens from the sidebar's RIPS group and starts a RIPS from par1's invoice XML", async () => {
    const { page, url } = h;
    await page.goto(`${url}/Inicio`);
    await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('button', { name: 'RIPS' }).click();
    await page.getByRole('link', { name: 'Listado RIPS' }).click();
    await page.waitForURL(/\/listado-rips$/);
    await page.getByText('No hay RIPS').waitFor();
    await page.getByRole('link', { name: 'Nuevo RIPS' }).click();
    await page.getByLabel('Desde la factura (XML)').setInputFiles(join(SAMPLES, PAR1_XML));
    await page.waitForURL(/\/listado-rips\/\d+$/, { timeout: 30_000 });
    draftUrl = page.url();
    await page.getByRole('heading', { name: 'RIPS A01E5687' }).waitFor();
    expect(await page.getByLabel('numFactura', { exact: true }).inputValue()).toBe('A01E5687');
  });

  it('enters the four users and their procedures with the keyboard, a finding coming and going as a field is fixed', async () => {
    const { page } = h;
    for (const [u, usuario] of par1.usuarios.entries()) {
      await page.keyboard.press('Alt+U');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`u${u}-tipoDocumentoIdentificacion`);
      if (u === 0) {
        // a wrong birth date: the engine's finding shows on the field, with how to fix it, then goes when corrected
        await teclear(page, USUARIO.slice(0, 4), { ...usuario, fechaNacimiento: '1963-02-30' });
        const hallazgo = page.locator('#u0-fechaNacimiento-hallazgos');
        await hallazgo.getByText('RVG01').waitFor({ timeout: 5_000 });
        await hallazgo.getByText('Cómo corregir', { exact: true }).waitFor();
        await hallazgo.getByText(/1963-02-30/).waitFor({ timeout: 5_000 });
        await screenshot(page, 'rips-hallazgo-en-campo');
        await page.keyboard.press('Shift+Tab');
        await teclear(page, USUARIO.slice(3), usuario);
        await expect.poll(() => hallazgo.count(), { timeout: 5_000 }).toBe(0);
      } else {
        await teclear(page, USUARIO, usuario);
      }
      // Tab to 'Agregar consultas', once more to 'Agregar procedimientos', Enter: the new row's first field has focus
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`u${u}-procedimientos0-codPrestador`);
      await teclear(page, PROCEDIMIENTO, usuario.servicios['procedimientos']![0]!);
    }
    await esperarGuardado(page);
    await expect.poll(() => page.getByTestId('conciliacion').textContent()).toContain('Usuarios4');
  });

  it('downloads the JSON: byte for byte the real par1 RIPS', async () => {
    const { page } = h;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON' }).click()]);
    const text = readFileSync((await download.path())!, 'utf8');
    expect(text.trimEnd()).toBe(readFileSync(join(SAMPLES, PAR1_JSON), 'utf8').replace(/\r\n/g, '\n').trimEnd());
  });

  it('radicates it with its invoice and the ministry document gets the CUV', async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Radicar' }).click();
    await page.waitForURL(/\/ministerio\/\d+$/, { timeout: 30_000 });
    const send = page.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const estado = page.getByTestId('estado-documento').first();
    await expect.poll(() => estado.getAttribute('data-estado'), { timeout: 30_000 }).toBe('APROBADO');
    expect((await page.getByTestId('cuv').first().textContent())?.trim()).toMatch(/^[0-9a-f]{96}$/);
    await page.goto(draftUrl);
    await page.getByText('RIPS radicado').first().waitFor();
  });
});

describe('RIPS editor on a 390 px phone: one user by keyboard', () => {
  it('starts blank, enters par1 user 1 and its procedure, and saves them without horizontal scrolling', async () => {
    const context = await h.browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await loginInUi(page, h.url, EMAIL, PASSWORD);
    // the phone's orientation advice (seed 000 §2) comes once per session; close it first
    await page.getByRole('dialog').getByRole('button', { name: 'Entendido' }).click();
    await page.goto(`${h.url}/listado-rips/nuevo`);
    await page.getByRole('button', { name: 'Empezar en blanco' }).click();
    await page.waitForURL(/\/listado-rips\/\d+$/, { timeout: 30_000 });
    const id = Number(page.url().split('/').pop());
    const usuario = par1.usuarios[0]!;
    await page.getByRole('button', { name: 'Agregar usuario' }).focus();
    await page.keyboard.press('Alt+U');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('u0-tipoDocumentoIdentificacion');
    await teclear(page, USUARIO, usuario);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await teclear(page, PROCEDIMIENTO, usuario.servicios['procedimientos']![0]!);
    await esperarGuardado(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'rips-telefono');
    const saved = await api.call('GET', `/api/rips/borradores/${id}`);
    expect(saved.data.rips.usuarios).toEqual([usuario]);
    await context.close();
  });
});
