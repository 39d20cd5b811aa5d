import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { latestCode, loginInUi, logoutInUi, registerOverApi } from './accounts-helpers.ts';

/** journey: forgot password → 'Código Enviado' → reset with the mailed code → login with the new password. */
let h: THarness;
beforeAll(async () => {
  h = await startHarness();
  await registerOverApi(h.url, EMAIL, OLD_PASSWORD);
});
afterAll(async () => h?.close());

const EMAIL = 'cuentas.reset@example.co';
const OLD_PASSWORD = 'Clave#Vieja2026';
const NEW_PASSWORD = 'ClaveNueva2027';

describe('forgot → reset → login with the new password', () => {
  it('answers the same for an unknown e-mail (never reveals existence)', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/forgot-password`);
    await page.getByLabel('Email').fill('nadie@example.co');
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Código Enviado').waitFor();
    const unknownText = await page.getByRole('status').first().textContent();
    await page.getByRole('button', { name: 'Usar otro email' }).click();

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('Código Enviado').waitFor();
    expect(await page.getByRole('status').first().textContent()).toBe(unknownText);
    await page.getByRole('link', { name: 'Ingresar el código' }).click();
    await page.waitForURL(/\/auth\/reset-password\?email=/);
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
  });

  it('rejects a wrong code, then resets with the mailed one and redirects after 3 s', async () => {
    const { page, url } = h;
    const code = await latestCode(url, EMAIL);
    await page.getByLabel('Código de recuperación').fill('000000');
    await page.getByLabel('Nueva contraseña').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmar contraseña').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByText('Código inválido o expirado').waitFor();

    await page.getByLabel('Código de recuperación').fill(code);
    await page.getByRole('button', { name: 'Restablecer contraseña' }).click();
    await page.getByText('¡Contraseña cambiada exitosamente!').waitFor();
    await page.waitForURL(/\/auth\/login/, { timeout: 10_000 });
    await page.getByText('Tu contraseña fue restablecida').waitFor();
    await screenshot(page, 'accounts-02-reset');
  });

  it('signs in with the new password (the old one no longer works)', async () => {
    const { page, url } = h;
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(OLD_PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('alert').first().waitFor();
    await loginInUi(page, url, EMAIL, NEW_PASSWORD);
    await logoutInUi(page);
  });
});
