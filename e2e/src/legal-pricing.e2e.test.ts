import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VERSION_PRIVACIDAD, VERSION_TERMINOS } from '@radica/contracts/legal';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { aceptacionesLegales } from '../../apps/api/src/db/schema-legal.ts';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { loginInUi, registerOverApi } from './accounts-helpers.ts';

/**
 * in Chromium: the legal pages render with the sales page's header and footer and are
 * reached from the registration and the footer; a registered user who has not paid finds Ministerio on sale (plan,
 * price, Comprar into the cart) where it used to say the module was coming soon.
 */
let h: THarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const EMAIL = 'legal.e2e@example.co';
const PASSWORD = 'Clave#Legal2026';

describe('terms and privacy', () => {
  it('registration links both pages (new tab); each renders with the sales header, footer, version and a way back', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/register`);
    const consent = page.getByTestId('legal-consent');
    await consent.waitFor();
    expect(await consent.textContent()).toMatch(/^Al registrarte aceptas los Términos y condiciones/);

    for (const [name, path, title, version] of [
      ['Términos y condiciones', '/terms', 'Términos y condiciones del servicio', VERSION_TERMINOS],
      ['Política de privacidad', '/privacy', 'Política de tratamiento de datos personales', VERSION_PRIVACIDAD],
    ] as const) {
      const [tab] = await Promise.all([page.context().waitForEvent('page'), consent.getByRole('link', { name: new RegExp(name) }).click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(path);
      await tab.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await tab.getByTestId('legal-version').textContent()).toContain(`Versión ${version}`);
      expect(await tab.getByText('Esta sección estará disponible próximamente').count()).toBe(0);
      // the sales page's header and footer
      await tab.getByRole('navigation', { name: 'Principal' }).getByText('Precios').waitFor();
      await tab.getByRole('link', { name: 'Mi cuenta' }).waitFor();
      await tab.getByRole('contentinfo').getByRole('link', { name: 'Consultar un CUV' }).waitFor();
      if (path === '/privacy') {
        await tab.getByText(/Encargado del tratamiento de los datos de los pacientes/).waitFor();
        await screenshot(tab, 'legal-01-privacy');
      }
      await tab.getByRole('link', { name: 'Volver al inicio' }).click();
      await tab.waitForURL(`${url}/`);
      await tab.close();
    }
    // the registration form is still there, untouched
    expect(new URL(page.url()).pathname).toBe('/auth/register');
  });

  it("the sales page's footer leads to the privacy policy", async () => {
    const { page, url } = h;
    await page.goto(`${url}/`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }).click();
    await page.waitForURL(`${url}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Política de tratamiento de datos personales' }).waitFor();
  });
});

describe('an unpaid user finds Ministerio on sale', () => {
  it('the sidebar says where to buy it; /ministerio leads to the plan and price with Comprar into the cart', async () => {
    const { page, url } = h;
    await registerOverApi(url, EMAIL, PASSWORD);
    await loginInUi(page, url, EMAIL, PASSWORD);
    const menu = page.getByRole('navigation', { name: 'Menú principal' });
    const ministerio = menu.getByRole('link', { name: /Ministerio/ });
    await expect.poll(() => ministerio.getAttribute('href')).toBe('/app/pricing/ministerio');
    expect(await ministerio.textContent()).toContain('Disponible en el plan Profesional');
    expect(await menu.getByRole('link', { name: /Marketing/ }).textContent()).toContain('Próximamente disponible');

    await page.goto(`${url}/ministerio`);
    await page.waitForURL(/\/app\/pricing\/ministerio$/);
    await page.getByRole('heading', { level: 1, name: 'Gestión de RIPS y envío al Ministerio' }).waitFor();
    await expect.poll(async () => (await page.getByTestId('precio-plan').textContent())?.replace(/\s/g, ' ')).toBe('$ 400.000');
    expect(await page.getByText('Te notificaremos cuando este módulo esté disponible.').count()).toBe(0);
    await screenshot(page, 'legal-02-ministerio-on-sale');
    await page.getByRole('link', { name: /Comprar/ }).click();
    await page.waitForURL(/\/billing\/cart\?plan=profesional/);
    await page.getByRole('heading', { name: 'Plan Profesional' }).first().waitFor();

    await page.goto(`${url}/app/pricing/marketing`);
    await page.getByText('Te notificaremos cuando este módulo esté disponible.').waitFor();
    expect(await page.getByRole('link', { name: /Comprar/ }).count()).toBe(0);
  });

  it('the registration recorded the acceptance of the terms and privacy versions in force', async () => {
    // No route and no `npm run admin` command shows the legal acceptances (they are kept as evidence, not shown), and
    // a route only a test reads would be a backdoor. The server holds its embedded database while it runs (one owner),
    // so it is stopped and the database of its DATA_DIR is opened as `npm run admin` opens it when no server runs.
    await h.close();
    const database = await openDatabase({ databaseUrl: null, dataDir: h.dataDir, migrations: 'none' });
    try {
      const [accepted] = await database.db.select().from(aceptacionesLegales).where(eq(aceptacionesLegales.email, EMAIL));
      expect(accepted).toMatchObject({ origen: 'registro', versionTerminos: VERSION_TERMINOS, versionPrivacidad: VERSION_PRIVACIDAD });
    } finally {
      await database.close();
    }
  });
});
