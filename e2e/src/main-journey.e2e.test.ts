import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLES, codeFromOutbox, screenshot, startHarness, type THarness } from './harness.ts';
import { OPERATOR_HEADER, loadOperatorSecret } from '../../apps/api/src/plugins/operator.ts';

/**
 * The main job end to end in Chromium: register (code read from the outbox) → configure the provider
 * → upload the real par1 pair → send → the document is Aprobado with a 96-hex CUV.
 */
let h: THarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const EMAIL = 'prestador.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';

describe('register → configure provider → upload par1 → send → CUV', () => {
  it('an unauthenticated visitor is sent to the login page', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    await page.waitForURL(/\/auth\/login/);
    await expect.poll(() => page.getByRole('button', { name: 'Iniciar sesión' }).isVisible()).toBe(true);
  });

  it('registers with the e-mail code and lands signed in', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/register`);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByLabel('Primer nombre').fill('Ana');
    await page.getByLabel('Primer apellido').fill('Gómez');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByLabel('Tipo de identificación').selectOption('NI');
    await page.getByLabel('Número de identificación').fill('901019681');
    await expect.poll(() => page.getByLabel('DV').inputValue()).toBe('8');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    // Location: typed text alone is invalid, a suggestion must be chosen (seed 000 §5).
    await page.getByRole('combobox', { name: 'Ciudad' }).fill('Bucaramanga');
    await page.getByRole('option', { name: /^Bucaramanga, Santander/i }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByLabel('Teléfono').fill('3001234567');
    await page.getByRole('button', { name: 'Continuar' }).click();

    const code = await codeFromOutbox(url, EMAIL);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.waitForURL(/\/Inicio/, { timeout: 30_000 });
    await expect.poll(() => page.getByText('Bienvenido').first().isVisible()).toBe(true);
    await screenshot(page, '01-inicio');
  });

  it('configures the provider (validator credentials)', async () => {
    const { page, url } = h;
    // The ministry area needs the ministerio product: granted as `npm run admin -- grant` does.
    const grant = await fetch(`${url}/api/admin/grant`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [OPERATOR_HEADER]: loadOperatorSecret(h.dataDir) },
      body: JSON.stringify({ email: EMAIL, modulos: ['ministerio'] }),
    });
    expect(grant.status).toBe(200);
    await page.goto(`${url}/settings?tab=ministerio`);
    await page.getByText('No hay configuración del prestador').waitFor();
    await page.getByRole('button', { name: 'Configurar Prestador' }).click();
    // 'Configuración Requerida', then the code: typed by hand after choosing manual entry (seed 000 §2).
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.getByRole('combobox', { name: 'Código Prestador' }).click();
    await page.getByRole('option', { name: 'Ingresar la información manualmente' }).click();
    await page.getByLabel('Código Prestador').fill('110013120501');
    await page.getByLabel('Usuario Validador').fill('1010101010');
    await page.getByLabel('Contraseña Validador', { exact: true }).fill('clave-del-validador');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Configuración guardada exitosamente').first().waitFor();
    await screenshot(page, '02-configuracion');
  });

  it('uploads the real FEV + RIPS pair, sends it and shows Aprobado with the CUV', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    await page.getByRole('link', { name: 'Nuevo Reporte' }).first().click();
    await page.waitForURL(/\/ministerio\/nuevo/);
    await page
      .getByLabel('Archivo XML')
      .setInputFiles(join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml'));
    await page.waitForURL(/\/ministerio\/\d+$/, { timeout: 30_000 });
    await page.getByText('Archivo XML cargado correctamente').first().waitFor();
    // The JSON slot is disabled while the XML's upload settles: a file set on a disabled input is lost, as a user's click would be.
    await expect.poll(() => page.getByLabel('Archivo JSON').isEnabled(), { timeout: 15_000 }).toBe(true);
    await page
      .getByLabel('Archivo JSON')
      .setInputFiles(join(SAMPLES, 'par1_rips_evento_nit901019681_A01E5687.json'));
    await page.getByText('Archivo JSON cargado correctamente').first().waitFor();

    const send = page.getByRole('button', { name: 'Enviar al Ministerio' });
    await expect.poll(() => send.isEnabled(), { timeout: 15_000 }).toBe(true);
    await send.click();

    const estado = page.getByTestId('estado-documento').first();
    await expect.poll(() => estado.getAttribute('data-estado'), { timeout: 30_000 }).toBe('APROBADO');
    expect((await estado.textContent())?.trim()).toBe('Aprobado');
    const cuv = (await page.getByTestId('cuv').first().textContent())?.trim() ?? '';
    expect(cuv).toMatch(/^[0-9a-f]{96}$/);
    await screenshot(page, '03-aprobado');

    // The list shows it as approved too.
    await page.goto(`${url}/ministerio`);
    await page.getByText('A01E5687').first().waitFor();
    await expect.poll(() => page.getByText('Mostrando 1 de 1 documentos').isVisible()).toBe(true);
  });

  it('uploading the same invoice again as a new report opens "Formato Ya Existe"', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/nuevo`);
    await page
      .getByLabel('Archivo XML')
      .setInputFiles(join(SAMPLES, 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml'));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Formato Ya Existe').waitFor();
    await expect.poll(() => dialog.getByRole('button', { name: 'Ver Reporte' }).isVisible()).toBe(true);
  });

  it('an invoice of another NIT opens "Número de Identificación No Coincide" with both values', async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio/nuevo`);
    await page
      .getByLabel('Archivo XML')
      .setInputFiles(
        join(SAMPLES, 'par2_fev-attacheddocument_evento_nit891856372_FECE214626_bom-mojibake.xml'),
      );
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Número de Identificación No Coincide').waitFor();
    await expect.poll(() => dialog.getByText('891856372').isVisible()).toBe(true);
    await expect.poll(() => dialog.getByText('901019681').isVisible()).toBe(true);
  });
});
