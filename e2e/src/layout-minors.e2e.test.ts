import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { SAMPLES, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';
import { PAR1_JSON, createMinisterioAccount, loginInUi, seedDocument, type TApiSession } from './ministerio-helpers.ts';

/**
 * What a newcomer saw on a phone (390×844) and a desktop (1366×768), in the light and the dark theme, and what must
 * hold now:
 * - the floating chat button lives in a band of its own that no page content shows in, so it never covers a control
 *   ('+ Usuario' and 'Agregar medicamentos' in the RIPS editor, 'Ver planes' on the sales page, the footer's links);
 * - Configuración › Usuarios on a phone: one card per user, e-mails wrapped at their '@' and dots (never mid-word), the
 *   role select whole, nothing scrolling sideways; the seats counter in line with the card's text;
 * - the dark theme: row dividers dark, toasts dark (a warning too), and two toasts never drawn over each other.
 * Only the product's pages and HTTP calls: the harness's URL, page and browser, the outbox, the samples.
 */
let h: THarness;
let api: TApiSession;
let draftId = 0;
const EMAIL = 'administradora.de.facturacion.clinica@ips-ejemplo-largo.com.co';
const PASSWORD = 'Clave#Segura2026';
const VIEWPORTS = [
  { name: 'telefono', width: 390, height: 844 },
  { name: 'escritorio', width: 1366, height: 768 },
] as const;
const THEMES = ['light', 'dark'] as const;

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD, { plan: 'business' });
  // Two more users with long e-mails (invited, and signed up through the mailed link), and one invitation pending.
  for (const [email, rol] of [
    ['facturadora.principal.sede.norte@ips-ejemplo-largo.com.co', 'facturador'],
    ['auditor.externo.cuentas.medicas@consultores-asociados.com.co', 'consulta'],
  ] as const) {
    await api.call('POST', '/api/usuarios/invitaciones', { email, rol });
    const token = /token=([A-Za-z0-9_-]+)/.exec((await outboxTexts(h.url, email))[0] ?? '')?.[1];
    expect(token).toBeTruthy();
    const accepted = await fetch(`${h.url}/api/usuarios/invitaciones/aceptar`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, nombre: `Persona ${rol} con un nombre largo`, password: PASSWORD }),
    });
    expect(accepted.status).toBe(200);
  }
  await api.call('POST', '/api/usuarios/invitaciones', { email: 'pendiente.de.aceptar@ips-ejemplo-largo.com.co', rol: 'consulta' });
  // A RIPS in the editor: par1's four users and their services.
  const form = new FormData();
  form.append('origen', 'json');
  form.append('archivo', new Blob([new Uint8Array(readFileSync(join(SAMPLES, PAR1_JSON)))]), 'par1.json');
  draftId = (await api.call('POST', '/api/rips/borradores', form)).data.id as number;
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
  // The phone's "turn your device" notice is not what these checks look at.
  await h.page.evaluate(() => localStorage.setItem('radica.orientationNever', '1'));
}, 240_000);
afterAll(async () => h?.close());

async function show(page: Page, viewport: (typeof VIEWPORTS)[number], theme: (typeof THEMES)[number], path: string) {
  await page.setViewportSize({ width: viewport.width, height: viewport.height });
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.goto(`${h.url}${path}`);
}

/**
 * At the chat button's centre and corners, what lies right under the button is its band (never page content), and
 * the band is opaque. Returns what was found under each point, for the message.
 */
async function underTheButton(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const button = document.querySelector<HTMLElement>('button[aria-label][aria-expanded][title]');
    if (!button) return ['no chat button'];
    const r = button.getBoundingClientRect();
    const points = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 4, r.top + 4],
      [r.right - 4, r.top + 4],
      [r.left + 4, r.bottom - 4],
      [r.right - 4, r.bottom - 4],
    ] as const;
    return points.map(([x, y]) => {
      const stack = document.elementsFromPoint(x, y).filter((e) => e !== button && !button.contains(e));
      const first = stack[0] as HTMLElement | undefined;
      if (!first) return 'nothing';
      if (first.dataset.testid !== 'chat-band') return `${first.tagName}.${first.className}`.slice(0, 80);
      const bg = getComputedStyle(first).backgroundColor;
      const alpha = /rgba\([^)]*,\s*([\d.]+)\)/.exec(bg)?.[1];
      // The shell's band is a spacer beside the scrolling page (nothing scrolls under it); an overlay band is opaque.
      const isOverlay = getComputedStyle(first).position === 'fixed';
      return isOverlay && alpha !== undefined && Number(alpha) < 1 ? `translucent band ${bg}` : 'band';
    });
  });
}

/** Scrolls the page's scrolling area (the shell's main, or the window) to `where` of its height. */
async function scrollTo(page: Page, where: number) {
  await page.evaluate((f) => {
    const main = document.getElementById('contenido');
    const el = main && main.scrollHeight > main.clientHeight ? main : document.scrollingElement!;
    el.scrollTop = (el.scrollHeight - el.clientHeight) * f;
  }, where);
  await page.waitForTimeout(150);
}

/**
 * Relative luminance (0 black … 1 white) of any CSS colour (Tailwind's are oklch()), measured by the browser: painted
 * on a 1×1 canvas and read back as sRGB.
 */
const luminance = (page: Page, css: string) =>
  page.evaluate((color) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = color;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3).map((v) => v / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
  }, css);

describe('the chat button keeps a band of its own', () => {
  for (const viewport of VIEWPORTS)
    for (const theme of THEMES)
      it(`covers no control on the editor, the users page, the sales page and the terms (${viewport.name}, ${theme})`, async () => {
        const { page } = h;
        const pages = [`/listado-rips/${draftId}`, '/settings?tab=usuarios', '/', '/terms'];
        for (const path of pages) {
          await show(page, viewport, theme, path);
          await page.locator('button[aria-label][aria-expanded][title]').waitFor();
          if (path.startsWith('/listado-rips')) await page.getByRole('heading', { name: 'RIPS A01E5687' }).waitFor();
          for (const where of [0, 0.25, 0.5, 0.75, 1]) {
            await scrollTo(page, where);
            expect(await underTheButton(page), `${path} at ${where * 100}% (${viewport.name}, ${theme})`).toEqual(['band', 'band', 'band', 'band', 'band']);
          }
        }
        // The controls the newcomer found covered answer a click where they are shown (Playwright scrolls each into
        // view and refuses when another element would take the click).
        await show(page, viewport, theme, `/listado-rips/${draftId}`);
        await page.getByRole('heading', { name: 'RIPS A01E5687' }).waitFor();
        await scrollTo(page, 0);
        await page.getByRole('button', { name: 'Usuario', exact: true }).click({ trial: true, timeout: 5_000 });
        await page.getByRole('button', { name: /Agregar medicamentos/ }).click({ trial: true, timeout: 5_000 });
        await screenshot(page, `chat-banda-editor-${viewport.name}-${theme}`);
        await show(page, viewport, theme, '/');
        await page.getByRole('link', { name: 'Ver planes' }).click({ trial: true, timeout: 5_000 });
        await screenshot(page, `chat-banda-inicio-${viewport.name}-${theme}`);
        await show(page, viewport, theme, '/terms');
        await scrollTo(page, 1);
        for (const link of await page.getByRole('contentinfo').getByRole('link').all()) await link.click({ trial: true, timeout: 5_000 });
      });
});

describe('Configuración › Usuarios', () => {
  for (const theme of THEMES)
    it(`on a phone: one card per user, e-mails wrapped at '@', dots and hyphens, the role select whole, nothing sideways (${theme})`, async () => {
      const { page } = h;
      await show(page, VIEWPORTS[0], theme, '/settings?tab=usuarios');
      const cards = page.getByTestId('usuarios-tarjetas').locator('li');
      await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(3);
      expect(await page.locator('table').count()).toBe(0);
      const layout = await page.evaluate(() => {
        const main = document.getElementById('contenido')!;
        const cardsEl = document.querySelector('[data-testid="usuarios-tarjetas"]')!;
        // Each piece of an e-mail between its break points lies on one line: no word was cut.
        const cutPieces = [...cardsEl.querySelectorAll('.break-words > span')].filter((s) => s.getClientRects().length > 1).map((s) => s.textContent);
        const selects = [...cardsEl.querySelectorAll('select')].map((s) => s.getBoundingClientRect());
        return {
          pageSideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          mainSideways: main.scrollWidth - main.clientWidth,
          cutPieces,
          selectsInside: selects.every((r) => r.left >= 0 && r.right <= window.innerWidth),
          selectsWide: selects.every((r) => r.width >= 200),
        };
      });
      expect(layout).toEqual({ pageSideways: 0, mainSideways: 0, cutPieces: [], selectsInside: true, selectsWide: true });
      await expect.poll(() => page.getByLabel(MSG_USUARIOS.rolDe('Persona facturador con un nombre largo')).inputValue()).toBe('facturador');
      if (theme === 'dark') {
        const divider = await cards.first().evaluate((li) => getComputedStyle(li).borderBottomColor);
        expect(await luminance(page, divider), `divider ${divider}`).toBeLessThan(0.2);
      }
      await screenshot(page, `usuarios-telefono-${theme}`);
    });

  for (const viewport of VIEWPORTS)
    it(`puts the seats counter in line with the card's text (${viewport.name})`, async () => {
      const { page } = h;
      await show(page, viewport, 'light', '/settings?tab=usuarios');
      const counter = page.getByTestId('puestos');
      await counter.getByText(MSG_USUARIOS.puestos(4, 10)).waitFor();
      const title = await page.getByRole('heading', { name: MSG_USUARIOS.usuariosTitulo }).boundingBox();
      const count = await counter.boundingBox();
      expect(Math.abs(count!.x - title!.x)).toBeLessThanOrEqual(1);
      expect(await counter.evaluate((p) => getComputedStyle(p).textAlign)).not.toBe('right');
    });

  it('in the dark theme the table rows are divided by dark lines, not white ones (desktop)', async () => {
    const { page } = h;
    await show(page, VIEWPORTS[1], 'dark', '/settings?tab=usuarios');
    await page.getByRole('table').waitFor();
    const rows = page.getByRole('table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    const dividers = await rows.evaluateAll((trs) => trs.slice(0, -1).map((tr) => getComputedStyle(tr).borderBottomColor));
    for (const color of dividers) expect(await luminance(page, color), `divider ${color}`).toBeLessThan(0.2);
  });
});

describe('toasts in the dark theme', () => {
  for (const viewport of VIEWPORTS)
    it(`a warning is dark, and two toasts at once are listed one above the other (${viewport.name})`, async () => {
      const { page } = h;
      // A bulk send with one complete document and one missing its JSON: 'N documento en cola' and a warning at once.
      const formato = viewport.name === 'telefono' ? 'AVTEL301' : 'ESCR902';
      await seedDocument(api, formato);
      await seedDocument(api, `${formato}X`, true);
      await show(page, viewport, 'dark', '/ministerio');
      await page.getByPlaceholder('Buscar documentos...').fill(formato);
      const rows = page.getByTestId(viewport.name === 'telefono' ? 'tarjeta-documento' : 'fila-documento');
      // The search is by similarity: wait for exactly this pair (not the other viewport's).
      await expect.poll(async () => (await rows.allTextContents()).filter((t) => t.includes(formato)).length, { timeout: 15_000 }).toBe(2);
      await expect.poll(() => rows.count()).toBe(2);
      await page.getByLabel('Seleccionar todos los resultados').click();
      await page.getByRole('button', { name: 'Enviar Seleccionados' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Enviar al Ministerio' }).click();
      const warning = page.locator('[data-sonner-toast][data-type="warning"]');
      await warning.first().waitFor();
      await page.locator('[data-sonner-toast][data-type="success"]').first().waitFor();
      expect(await page.locator('[data-sonner-toaster]').first().getAttribute('data-sonner-theme')).toBe('dark');
      const background = await warning.first().evaluate((t) => getComputedStyle(t).backgroundColor);
      expect(await luminance(page, background), `warning ${background}`).toBeLessThan(0.2);
      // Wait for the toasts to settle, then no two overlap.
      await page.waitForTimeout(800);
      const boxes = await page.locator('[data-sonner-toast][data-visible="true"]').evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
      expect(boxes.length).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i]!;
          const b = boxes[j]!;
          const overlap = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
          expect(overlap, `toasts ${i} and ${j}`).toBeLessThanOrEqual(0);
        }
      await screenshot(page, `avisos-oscuro-${viewport.name}`);
    });
});
