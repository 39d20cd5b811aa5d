import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFromOutbox, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';
import { loginInUi, logoutInUi } from './accounts-helpers.ts';

/**
 * journey: manual registration (4 sub-steps, location from suggestions, e-mail code, creating progress,
 * automatic login) → logout → login with the password → logout. Real API, built SPA, Chromium.
 */
let h: THarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const EMAIL = 'cuentas.registro@example.co';
const PASSWORD = 'Clave#Registro2026';

describe('manual registration → login → logout', () => {
  it('registers through the wizard and lands signed in on /Inicio', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/register`);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await page.getByText('Falta: al menos 8 caracteres', { exact: false }).waitFor();
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByText('Contraseña fuerte').waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();

    await page.getByLabel('Primer nombre').fill('Ana');
    await page.getByLabel('Primer apellido').fill('Gómez');
    await page.getByLabel('Nombre o nombre comercial').fill('IPS Cuentas');
    expect(await page.getByLabel('Razón social').inputValue()).toBe('IPS Cuentas');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('alert').getByText('Selecciona un tipo de documento').waitFor();
    await page.getByLabel('Tipo de identificación').selectOption('NI');
    await page.getByLabel('Número de identificación').fill('900373115');
    await expect.poll(() => page.getByLabel('DV').inputValue()).toBe('3');
    await page.getByRole('button', { name: 'Siguiente' }).click();

    const city = page.getByRole('combobox', { name: 'Ciudad' });
    await city.fill('Bucaramanga');
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByRole('alert').getByText('Selecciona tu ciudad').waitFor();
    await city.click(); // the suggestions closed on blur; focusing opens them again
    await page.getByRole('option', { name: /^Bucaramanga, Santander/i }).click();
    await page.getByRole('button', { name: 'Siguiente' }).click();

    await page.getByLabel('Teléfono').fill('3001234567');
    await page.getByRole('button', { name: 'Continuar' }).click();

    const code = await codeFromOutbox(url, EMAIL);
    // The mail greets the person by the name just typed, not by the e-mail's local part.
    expect((await outboxTexts(url, EMAIL))[0]).toMatch(/^Hola Ana Gómez:\n/);
    await page.getByLabel('Código de verificación').fill(code);
    await page.getByRole('button', { name: 'Verificar código' }).click();
    await page.getByText('Creando tu cuenta...').waitFor();
    await page.waitForURL(/\/Inicio/, { timeout: 30_000 });
    await page
      .getByText('Bienvenido, Ana Gómez')
      .or(page.getByText(/^Bienvenido/))
      .first()
      .waitFor();
    await screenshot(page, 'accounts-01-registered');
  });

  it('shows the shell: collapsed sidebar with every entry, profile menu, header title', async () => {
    const { page } = h;
    const sidebar = page.locator('#app-sidebar');
    expect(await sidebar.getAttribute('data-collapsed')).toBe('true');
    expect(Math.round((await sidebar.boundingBox())?.width ?? 0)).toBe(70);
    for (const label of [
      'Inicio',
      'Automatizaciones',
      'Ministerio',
      'RIPS',
      'Facturación',
      'Marketing',
      'Configuración',
    ])
      await page
        .getByRole('navigation', { name: 'Menú principal' })
        .getByText(label, { exact: true })
        .first()
        .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: /Menú de usuario/ }).click();
    await page.getByRole('menuitem', { name: 'Configuración' }).waitFor();
    await page.getByRole('menuitem', { name: 'Soporte' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await page.getByText('Administrador').first().isVisible()).toBe(true);
  });

  it('logs out, then signs in again with the password, and logs out', async () => {
    const { page, url } = h;
    await logoutInUi(page);
    // The protected page now asks for the login.
    await page.goto(`${url}/settings?tab=ministerio`);
    await page.waitForURL(/\/auth\/login/);
    // Signing in there returns to the requested page (redirectTo keeps path and query).
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL(/\/settings\?tab=ministerio/, { timeout: 30_000 });
    await logoutInUi(page);
    // After a logout no return target is kept: the login lands on /Inicio.
    await loginInUi(page, url, EMAIL, PASSWORD);
    await page
      .getByText(/^Bienvenido/)
      .first()
      .waitFor();
    await logoutInUi(page);
  });

  it('a wrong password shows the server message after the 800 ms wait', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/login`);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill('NoEsLaClave1!');
    const started = Date.now();
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(800);
    expect(page.url()).toMatch(/\/auth\/login/);
  });

  it('an unknown path inside the app shows 404 with a link to /Inicio', async () => {
    const { page, url } = h;
    await loginInUi(page, url, EMAIL, PASSWORD);
    await page.goto(`${url}/no-existe`);
    await page.getByText('Página no encontrada').waitFor();
    await page.getByRole('link', { name: 'Ir a Inicio' }).click();
    await page.waitForURL(/\/Inicio/);
  });
});
