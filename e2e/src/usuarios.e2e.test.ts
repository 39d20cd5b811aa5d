import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { OPERATOR_HEADER, loadOperatorSecret } from '../../apps/api/src/plugins/operator.ts';
import { SAMPLES, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi } from './ministerio-helpers.ts';

/**
 * in Chromium: an administrator of a Business company invites a Facturador from Configuración › Usuarios; the
 * invitee opens the mailed link in a second browser (context), sets a name and a password, lands signed in, uploads
 * and sends a document, cannot open Configuración › Usuarios, and the administrator sees who sent it.
 */
let h: THarness;
let second: BrowserContext;
let fPage: Page;
const ADMIN = 'admin.usuarios@example.co';
const PASSWORD = 'Clave#Segura2026';
const FACTURADOR = 'facturador.e2e@example.co';

beforeAll(async () => {
  h = await startHarness();
  await createMinisterioAccount(h, ADMIN, PASSWORD);
  const grant = await fetch(`${h.url}/api/admin/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: loadOperatorSecret(h.dataDir) },
    body: JSON.stringify({ email: ADMIN, modulos: ['ministerio'], plan: 'business' }),
  });
  expect(grant.status).toBe(200);
  await loginInUi(h.page, h.url, ADMIN, PASSWORD);
  second = await h.browser.newContext({ locale: 'es-CO', timezoneId: 'America/Bogota', viewport: { width: 1366, height: 900 } });
  fPage = await second.newPage();
});
afterAll(async () => {
  await second?.close();
  await h?.close();
});

describe('users and roles in the browser', () => {
  it('the administrator invites a Facturador from Configuración › Usuarios', async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings`);
    await page.getByRole('tab', { name: 'Usuarios' }).click();
    await page.getByText(MSG_USUARIOS.puestos(1, 10)).waitFor();
    await page.getByLabel(MSG_USUARIOS.campoEmailInvitado).fill(FACTURADOR);
    await page.getByLabel(MSG_USUARIOS.campoRol, { exact: true }).selectOption('facturador');
    await page.getByRole('button', { name: MSG_USUARIOS.invitar }).click();
    await page.getByText(MSG_USUARIOS.invitacionEnviada(FACTURADOR)).first().waitFor();
    await page.getByRole('heading', { name: MSG_USUARIOS.invitacionesTitulo }).waitFor();
    await page.getByText(MSG_USUARIOS.puestos(2, 10)).waitFor();
    await screenshot(page, 'usuarios-invitacion');
  });

  it('the invitee accepts in a second browser, uploads and sends a document, and cannot open Configuración › Usuarios', async () => {
    const { url } = h;
    const mail = (await outboxTexts(url, FACTURADOR))[0] ?? '';
    const link = /(https?:\/\/\S+\/auth\/invitacion\?token=[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();
    await fPage.goto(link!);
    await fPage.getByText(/te invitó a MEDICAL ENERGY SAS con el rol Facturador/).waitFor();
    await fPage.getByLabel(MSG_USUARIOS.invitacionTuNombre).fill('Fabio Facturador');
    await fPage.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await fPage.getByRole('button', { name: MSG_USUARIOS.invitacionCrearCuenta }).click();
    await fPage.waitForURL(/\/Inicio/, { timeout: 30_000 });

    // The role is in the header's menu.
    await fPage.getByRole('button', { name: /Menú de usuario/ }).getByText('Facturador', { exact: true }).waitFor();

    await fPage.goto(`${url}/ministerio`);
    await fPage.getByRole('link', { name: 'Nuevo Reporte' }).first().click();
    await fPage.waitForURL(/\/ministerio\/nuevo/);
    await fPage.getByLabel('Archivo XML').setInputFiles(join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml'));
    await fPage.waitForURL(/\/ministerio\/\d+$/, { timeout: 30_000 });
    await fPage.getByText('Archivo XML cargado correctamente').first().waitFor();
    // The JSON slot is disabled while the XML's upload settles: a file set on a disabled input is lost, as a user's click would be.
    await expect.poll(() => fPage.getByLabel('Archivo JSON').isEnabled(), { timeout: 15_000 }).toBe(true);
    await fPage.getByLabel('Archivo JSON').setInputFiles(join(SAMPLES, 'par1_rips_evento_nit901019681_A01E5687.json'));
    await fPage.getByText('Archivo JSON cargado correctamente').first().waitFor();
    const send = fPage.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();
    const estado = fPage.getByTestId('estado-documento').first();
    await expect.poll(() => estado.getAttribute('data-estado'), { timeout: 30_000 }).toBe('APROBADO');
    const detailUrl = fPage.url();

    // Configuración shows General only; Usuarios typed by hand says it is for administrators.
    await fPage.goto(`${url}/settings`);
    await fPage.getByRole('tab', { name: 'General' }).waitFor();
    expect(await fPage.getByRole('tab', { name: 'Usuarios' }).count()).toBe(0);
    await fPage.goto(`${url}/settings?tab=usuarios`);
    await fPage.getByText(MSG_USUARIOS.soloAdministradores).waitFor();
    expect(await fPage.getByRole('heading', { name: MSG_USUARIOS.usuariosTitulo }).count()).toBe(0);
    await screenshot(fPage, 'usuarios-facturador-sin-acceso');

    // The administrator sees who uploaded and sent it.
    await h.page.goto(detailUrl);
    const historial = h.page.getByTestId('historial');
    await historial.getByText(/Fabio Facturador · Envió al Ministerio/).waitFor();
    await screenshot(h.page, 'usuarios-historial');
  });
});
