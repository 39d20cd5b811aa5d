import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { contrastReport } from './contrast.ts';
import {
  createMinisterioAccount,
  loginInUi,
  par1As,
  seedDocument,
  uploadFile,
  type TApiSession,
} from './ministerio-helpers.ts';

/**
 * Every signed-in screen a clerk uses,
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
    reducedMotion: 'reduce',
  });
  await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  page = await context.newPage();
});
afterAll(async () => h?.close());

describe('a phone in the dark theme', () => {
  it('the sales page and the sign-in page fit 390 px', async () => {
    for (const [path, name] of [
      ['/', 'telefono-oscuro-inicio'],
      ['/auth/login', 'telefono-oscuro-login'],
    ] as const) {
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
      // Every text, buttons and badges included, reads at 4.5:1 on the phone's dark screens too.
      const contrast = await contrastReport(page);
      expect(contrast.failures, `${path}: ${JSON.stringify(contrast.failures, null, 1)}`).toEqual([]);
      await screenshot(page, name);
    }
  });

  it('the list: the filters fold, the first card and its state show on the first screen, clear of the chat button', async () => {
    await page.goto(`${h.url}/ministerio`);
    const firstCard = page.getByTestId('tarjeta-documento').first();
    await firstCard.waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const toggle = page.getByRole('button', { name: /^Filtros/ });
    expect(await toggle.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByLabel('Estado', { exact: true }).isVisible()).toBe(false);
    const screenH = page.viewportSize()!.height;
    const state = await firstCard.getByTestId('estado-fila').boundingBox();
    const chat = await page.getByRole('button', { name: 'Abrir el chat de ayuda' }).boundingBox();
    expect(state, "the first card's state").toBeTruthy();
    expect(state!.y + state!.height, 'the state is on the first screen').toBeLessThanOrEqual(screenH);
    expect(chat, 'the chat button').toBeTruthy();
    const overlaps =
      state!.x < chat!.x + chat!.width &&
      chat!.x < state!.x + state!.width &&
      state!.y < chat!.y + chat!.height &&
      chat!.y < state!.y + state!.height;
    expect(overlaps, "the chat button covers the first card's state").toBe(false);
    // Row actions carry their words.
    const actions = firstCard.getByRole('button', { name: /^Ver detalles de / });
    expect((await actions.textContent())?.trim()).toBe('Ver detalles');
    await screenshot(page, 'telefono-oscuro-listado-plegado');

    await toggle.click();
    await page.getByLabel('Estado', { exact: true }).waitFor({ state: 'visible' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect((await overflow(page)).main).toBeLessThanOrEqual(1);
  });

  it("Configuración: every tab, 'Canales' included, is whole on the screen", async () => {
    await page.goto(`${h.url}/settings?tab=canales`);
    const tablist = page.getByRole('tablist', { name: 'Secciones de configuración' });
    await tablist.waitFor({ timeout: 20_000 });
    const clipped = await tablist.evaluate((list) => {
      const box = list.getBoundingClientRect();
      return [...list.querySelectorAll('[role="tab"]')]
        .filter((tab) => {
          const r = tab.getBoundingClientRect();
          return (
            r.left < Math.max(0, box.left) - 0.5 || r.right > Math.min(window.innerWidth, box.right) + 0.5
          );
        })
        .map((tab) => tab.textContent);
    });
    expect(clipped).toEqual([]);
    expect(await page.getByRole('tab', { name: 'Canales' }).getAttribute('aria-selected')).toBe('true');
  });
});
