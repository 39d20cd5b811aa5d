import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_CONFIG } from '../../apps/api/test/http-helpers.ts';
import { OPERATOR_HEADER, loadOperatorSecret } from '../../apps/api/src/plugins/operator.ts';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { loginInUi, registerOverApi } from './accounts-helpers.ts';

/**
 * in Chromium: with no configuration the ministry list offers the provider form in place ('← Volver');
 * in Configuración → Ministerio the provider is configured by searching the REPS (the seed providers every install
 * carries) and picking one, which pre-fills the form; 'Probar conexión' logs in to the local MUV simulator (accepted
 * with the test credentials, refused after saving a wrong password through 'Confirmar cambios importantes'); then
 * the company data is edited through the same confirmation.
 */
let h: THarness;
const EMAIL = 'prestador.e2e@example.co';
const PASSWORD = 'Clave#Prestador2026';
/** FUNDACION VALLE DEL LILI, Cali: REPS codigo_habilitacion 7600102870 (+ its main sede). */
const LILI_CODE = /^7600102870/;

beforeAll(async () => {
  h = await startHarness({ env: { REPS_SEED: 'true' } }); // the REPS providers an install loads at start
  await registerOverApi(h.url, EMAIL, PASSWORD);
  const grant = await fetch(`${h.url}/api/admin/grant`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [OPERATOR_HEADER]: loadOperatorSecret(h.dataDir),
    },
    body: JSON.stringify({ email: EMAIL, modulos: ['ministerio'] }),
  });
  expect(grant.status).toBe(200);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
});
afterAll(async () => h?.close());

describe('provider configuration with the REPS search', () => {
  it("the ministry list offers the form in place while no configuration exists, with '← Volver'", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    await page.getByText('No hay configuración del prestador').waitFor();
    await page.getByRole('button', { name: 'Configurar Prestador' }).click();
    await page.getByRole('heading', { name: 'Información del Prestador' }).waitFor();
    await page.getByText('Configuración Requerida').waitFor();
    await page.getByRole('button', { name: 'Continuar', exact: true }).click();
    await page.getByRole('combobox', { name: 'Código Prestador' }).waitFor();
    await screenshot(page, 'prestador-desde-ministerio');
    await page.getByRole('button', { name: '← Volver' }).click();
    await page.getByText('Reportes FEV/RIPS').waitFor();
    expect(
      await page.getByRole('link', { name: 'Ir a Configuración' }).getAttribute('href'),
    ).toBe('/settings?tab=ministerio');
  });

  it('configures the provider by picking a REPS entry, which pre-fills the form', async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings?tab=ministerio`);
    await page.getByText('No hay configuración del prestador').waitFor();
    await page.getByRole('button', { name: 'Configurar Prestador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración del Prestador de Servicios' });
    await dialog.getByText('Configuración Requerida').waitFor();
    await dialog.getByRole('button', { name: 'Continuar', exact: true }).click();

    const code = dialog.getByRole('combobox', { name: 'Código Prestador' });
    await code.click();
    // Before any search: the manual-entry option alone.
    const listbox = dialog.getByRole('listbox');
    const options = async () => (await listbox.getByRole('option').allTextContents()).map((t) => t.trim());
    await expect.poll(options).toEqual(['Ingresar la información manualmente']);
    await code.pressSequentially('valle del lili', { delay: 20 });
    const lili = listbox.getByRole('option', { name: /7600102870/ }).first();
    await lili.waitFor({ timeout: 10_000 }); // after the 1000 ms pause
    const names = await options();
    expect(names[0]).toBe('Ingresar la información manualmente');
    expect(names.length).toBeGreaterThan(1);
    expect(names.length).toBeLessThanOrEqual(11); // manual entry + 10 results
    await screenshot(page, 'prestador-busqueda-reps');
    await lili.click();

    await dialog.getByText('Seleccionado', { exact: true }).waitFor();
    expect(await dialog.getByLabel('Código Prestador').getAttribute('readonly')).not.toBeNull();
    expect(await dialog.getByLabel('Tipo de persona').inputValue()).toBe('J'); // JURIDICO in the REPS
    expect(await dialog.getByLabel('Fecha de radicación').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await dialog.getByLabel('Usuario Validador').fill(PROVIDER_CONFIG.userValidator);
    await dialog.getByLabel('Contraseña Validador', { exact: true }).fill(PROVIDER_CONFIG.passwordValidator);
    await screenshot(page, 'prestador-formulario-precargado');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Configuración guardada exitosamente').first().waitFor();
    await expect.poll(() => page.getByTestId('codigo-prestador').textContent()).toMatch(LILI_CODE);
  });

  it("'Probar conexión' says the ministry accepted the validator credentials", async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    await page.getByText('El Ministerio aceptó el usuario y la contraseña del validador.').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'El Ministerio aceptó' }).count()).toBe(1);
    await screenshot(page, 'prestador-conexion-ok');
  });

  it("a wrong password saved through 'Confirmar cambios importantes' is refused by the test", async () => {
    const { page } = h;
    await page.getByRole('button', { name: 'Editar configuración del prestador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Configuración del Prestador de Servicios' });
    expect(await dialog.getByLabel('Código Prestador').inputValue()).toMatch(LILI_CODE);
    await dialog.getByLabel('Contraseña Validador', { exact: true }).fill('clave-invalida');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar cambios importantes' });
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    // An update of the Ministerio card says so (seed 000 §8).
    await page.getByText('Configuración del ministerio actualizada exitosamente').first().waitFor();
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    const refused = page.getByRole('alert').filter({ hasText: 'El Ministerio rechazó el usuario o la contraseña' });
    await refused.waitFor();
    await screenshot(page, 'prestador-conexion-rechazada');

    // Back to the right password (an empty one would keep the wrong one).
    await page.getByRole('button', { name: 'Editar configuración del prestador' }).click();
    await dialog.getByLabel('Contraseña Validador', { exact: true }).fill(PROVIDER_CONFIG.passwordValidator);
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await refused.count()).toBe(0); // editing forgets the last answer
    await page.getByRole('button', { name: 'Probar conexión' }).click();
    await page.getByText('El Ministerio aceptó el usuario y la contraseña del validador.').waitFor();
  });

  it("edits the company data through 'Confirmar cambios importantes'", async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings`);
    await page.getByRole('button', { name: 'Editar información general' }).click();
    await page.getByLabel('Teléfono').fill('3109998877');
    await page.getByLabel('Dirección').fill('Carrera 98 # 18-49');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar cambios importantes' });
    await confirm.getByText('Reportes al Ministerio').waitFor();
    await screenshot(page, 'empresa-confirmar-cambios');
    await confirm.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Información general actualizada exitosamente').first().waitFor();
    await page.reload();
    await page.getByText('Carrera 98 # 18-49').waitFor();
    await page.getByText('3109998877').waitFor();
  });
});
