import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot, startHarness, type THarness } from './harness.ts';
import { contrastReport, type TContrastReport } from './contrast.ts';
import {
  createMinisterioAccount,
  loginInUi,
  par1As,
  seedDocument,
  uploadFile,
  type TApiSession,
} from './ministerio-helpers.ts';

/**
 * In both themes, every text of the sales page (its buttons and badges included: the
 * hero's and the last 'Comprar plan Profesional', the 'Envíos de hoy' badges) and of the document screens (the
 * approved CUV box, the findings of a rejected document, the list's state badges, the alert boxes) reaches the WCAG
 * contrast (4.5:1, 3:1 for large text), measured on Chromium's computed styles with translucent backgrounds
 * composited over what is beneath them (e2e/src/contrast.ts). Desktop 1366×768, where the hero's sketch shows.
 */
let h: THarness;
let api: TApiSession;
let approvedId = 0;
let rejectedId = 0;
let partialId = 0;
const EMAIL = 'contraste.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
const contexts: BrowserContext[] = [];

async function themedPage(theme: 'light' | 'dark'): Promise<Page> {
  const context = await h.browser.newContext({
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
    viewport: { width: 1366, height: 768 },
    colorScheme: theme,
    // No fades: a carousel slide caught mid-transition would be measured at part opacity.
    reducedMotion: 'reduce',
  });
  contexts.push(context);
  await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
  return context.newPage();
}

/** The report, with the failures spelled out in the assertion message. */
function expectReadable(report: TContrastReport, where: string) {
  expect(report.checked, `${where}: texts checked`).toBeGreaterThan(5);
  expect(report.failures, `${where}: ${JSON.stringify(report.failures, null, 1)}`).toEqual([]);
}

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  approvedId = await seedDocument(api, 'CON0001');
  await api.call('POST', `/api/FevRips/${approvedId}/enviar`);
  const pair = par1As('CON0002');
  const rips = JSON.parse(pair.json.toString('utf8'));
  rips.usuarios[0].servicios.procedimientos[0].codPrestador = '76001126940'; // 11 digits: rejected (RVG01)
  rejectedId = await uploadFile(api, 'CON0002.xml', pair.xml);
  await uploadFile(api, 'CON0002.json', Buffer.from(JSON.stringify(rips)), rejectedId);
  await api.call('POST', `/api/FevRips/${rejectedId}/enviar`);
  partialId = await seedDocument(api, 'CON0003', true); // only the XML: a 'Parcial' badge in the list
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await h?.close();
});

describe.each(['light', 'dark'] as const)('the %s theme', (theme) => {
  let page: Page;
  beforeAll(async () => {
    page = await themedPage(theme);
  });

  it('the sales page: every button and badge, the buy buttons and the hero badges included', async () => {
    await page.goto(`${h.url}/`);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      theme === 'dark',
    );
    const report = await contrastReport(page);
    await screenshot(page, `contraste-${theme}-inicio`);
    const buy = report.items.filter((i) => i.text === 'Comprar plan Profesional');
    expect(buy.length, 'hero and last call to action').toBeGreaterThanOrEqual(2);
    for (const b of buy) expect(b.ratio, 'Comprar plan Profesional').toBeGreaterThanOrEqual(4.5);
    for (const estado of ['Aprobado', 'Validando', 'Enviado']) {
      const badge = report.items.find((i) => i.text === estado);
      expect(badge?.kind, `'Envíos de hoy' badge ${estado}`).toBe('badge');
      expect(badge!.ratio, `'Envíos de hoy' badge ${estado}`).toBeGreaterThanOrEqual(4.5);
    }
    expect(report.buttons).toBeGreaterThan(10);
    expectReadable(report, `/ (${theme})`);
  });

  it('the list, the approved CUV box, the findings and the alert boxes', async () => {
    // A pink box: the sign-in's error.
    await page.goto(`${h.url}/auth/login`);
    await page.getByLabel('Email', { exact: true }).fill(EMAIL);
    await page.getByLabel('Contraseña', { exact: true }).fill('Clave#Incorrecta2026');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('alert').first().waitFor({ timeout: 20_000 });
    const signInError = await contrastReport(page);
    expect(signInError.items.some((i) => i.kind === 'text' && i.ratio > 0)).toBe(true);
    expectReadable(signInError, `sign-in error (${theme})`);

    await loginInUi(page, h.url, EMAIL, PASSWORD);
    await page.goto(`${h.url}/ministerio`);
    await page.getByText('CON0002').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const list = await contrastReport(page);
    expect(list.badges, 'state badges').toBeGreaterThanOrEqual(3);
    expectReadable(list, `/ministerio (${theme})`);

    await page.goto(`${h.url}/ministerio/${approvedId}`);
    await page.getByTestId('cuv').waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const approved = await contrastReport(page);
    await page.getByTestId('cuv').scrollIntoViewIfNeeded();
    await screenshot(page, `contraste-${theme}-aprobado`);
    for (const label of ['CUV (Código Único de Validación)', 'Fecha de radicación', 'ID del proceso']) {
      const item = approved.items.find((i) => i.text === label);
      expect(item, label).toBeTruthy();
      expect(item!.ratio, label).toBeGreaterThanOrEqual(4.5);
    }
    expectReadable(approved, `approved document (${theme})`);

    await page.goto(`${h.url}/ministerio/${rejectedId}`);
    await page.getByText('RVG01').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    const rejected = await contrastReport(page);
    await screenshot(page, `contraste-${theme}-rechazado`);
    expect(rejected.items.some((i) => i.text.includes('RVG01'))).toBe(true);
    expectReadable(rejected, `rejected document (${theme})`);

    // A light green box: the filled XML slot of a document still missing its JSON.
    await page.goto(`${h.url}/ministerio/${partialId}`);
    await page.getByText('CON0003.xml').first().waitFor({ timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expectReadable(await contrastReport(page), `partial document (${theme})`);

    // /Inicio's teal banner; the settings tabs hold the info, success and warning boxes (channels, webhooks, the provider).
    for (const [path, text] of [
      ['/Inicio', 'Reportes al Ministerio'],
      ['/settings?tab=ministerio', 'Ministerio'],
      ['/settings?tab=canales', 'Canales'],
      ['/settings?tab=integraciones', 'Webhooks de resultados'],
    ] as const) {
      await page.goto(`${h.url}${path}`);
      await page.getByText(text).first().waitFor({ timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      expectReadable(await contrastReport(page), `${path} (${theme})`);
    }
  });
});
