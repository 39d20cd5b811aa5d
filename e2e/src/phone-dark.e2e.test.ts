import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi, par1As, seedDocument, uploadFile, type TApiSession } from './ministerio-helpers.ts';

/**
 * Issue 17 "Tried as a new user would … phone 390×844, light and dark themes": every signed-in screen a clerk uses,
 * on a phone in the dark theme, fits the screen (no sideways scrolling of the page or of its scrolling <main>), and
 * the sales and sign-in pages do too. Screenshots land in e2e/artifacts.
 */
let h: THarness;
let api: TApiSession;
let page: Page;
let approvedId = 0;
let rejectedId = 0;
const EMAIL = 'telefono.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';

/** The widest thing on screen beyond the viewport: the document and the app shell's scrolling <main>. */
async function overflow(p: Page): Promise<{ page: number; main: number }> {
  return p.evaluate(() => {
    const main = document.querySelector('main');
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      main: main ? main.scrollWidth - main.clientWidth : 0,
    };
  });
}

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  approvedId = await seedDocument(api, 'TEL0001');
  await api.call('POST', `/api/FevRips/${approvedId}/enviar`);
  // A rejected document with long ministry texts.
  const pair = par1As('TEL0002');
  const rips = JSON.parse(pair.json.toString('utf8'));
  rips.usuarios[0].servicios.procedimientos[0].codPrestador = '76001126940'; // 11 digits: RVG01, as in a real answer
  rejectedId = await uploadFile(api, 'TEL0002.xml', pair.xml);
  await uploadFile(api, 'TEL0002.json', Buffer.from(JSON.stringify(rips)), rejectedId);
  await api.call('POST', `/api/FevRips/${rejectedId}/enviar`);

  const context = await h.browser.newContext({
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    colorScheme: 'dark',
  });
  await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  page = await context.newPage();
});
afterAll(async () => h?.close());

describe('a phone in the dark theme (issue 17)', () => {
  it('the sales page and the sign-in page fit 390 px', async () => {
    for (const [path, name] of [['/', 'telefono-oscuro-inicio'], ['/auth/login', 'telefono-oscuro-login']] as const) {
      await page.goto(`${h.url}${path}`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => document.documentElement.classList.contains('dark')), path).toBe(true);
      expect((await overflow(page)).page, path).toBeLessThanOrEqual(1);
      await screenshot(page, name);
    }
  });

  it('the list, an approved and a rejected document, and every settings tab fit 390 px', async () => {
    await loginInUi(page, h.url, EMAIL, PASSWORD);
    const screens: Array<[string, string, string]> = [
      ['/ministerio', 'TEL0002', 'telefono-oscuro-listado'],
      [`/ministerio/${approvedId}`, 'TEL0001', 'telefono-oscuro-aprobado'],
      [`/ministerio/${rejectedId}`, 'TEL0002', 'telefono-oscuro-rechazado'],
      ['/settings', 'General', 'telefono-oscuro-ajustes'],
      ['/settings?tab=ministerio', 'Ministerio', 'telefono-oscuro-ajustes-ministerio'],
      ['/settings?tab=integraciones', 'Webhooks de resultados', 'telefono-oscuro-integraciones'],
      ['/settings?tab=canales', 'Canales', 'telefono-oscuro-canales'],
    ];
    for (const [path, text, name] of screens) {
      await page.goto(`${h.url}${path}`);
      await page.getByText(text).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const o = await overflow(page);
      expect(o.page, `${path}: page`).toBeLessThanOrEqual(1);
      expect(o.main, `${path}: main`).toBeLessThanOrEqual(1);
      await screenshot(page, name);
    }
  });
});
