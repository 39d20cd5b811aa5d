import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_SESSION_COOKIE, CHAT_SESSION_DAYS } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { reglaDe } from '@radica/contracts/reglas';
import { screenshot, startHarness, type THarness } from './harness.ts';
import {
  createMinisterioAccount,
  loginInUi,
  par1As,
  uploadFile,
  type TApiSession,
} from './ministerio-helpers.ts';

/**
 * The chat journeys in Chromium: a visitor asks the sales assistant on the sales page about prices; a
 * signed-in user asks the technical assistant on /ministerio why the ministry rejected one of their invoices and gets
 * the rejection code with its fix, then follows the reply's link to the document with the conversation kept. Real API
 * (the built-in assistant: no CHAT_WEBHOOK_URL), built SPA, the MUV simulator.
 */
let h: THarness;
let api: TApiSession;
const EMAIL = 'chat.e2e@example.co';
const PASSWORD = 'Clave#Segura2026';
const FORMATO = 'A01E5901';
let rejectedId = 0;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

beforeAll(async () => {
  h = await startHarness();
  api = await createMinisterioAccount(h, EMAIL, PASSWORD);
  // A par1 copy whose first user has an identification type outside TipoIDPISIS: the ministry rejects it (RVG01).
  const pair = par1As(FORMATO);
  const rips = JSON.parse(pair.json.toString('utf8').replace(/^\uFEFF/, '')) as {
    usuarios: Array<Record<string, unknown>>;
  };
  rips.usuarios[0]!.tipoDocumentoIdentificacion = 'ZZ';
  rejectedId = await uploadFile(api, `${FORMATO}.xml`, pair.xml);
  await uploadFile(api, `${FORMATO}.json`, Buffer.from(JSON.stringify(rips)), rejectedId);
  await api.call('POST', `/api/FevRips/${rejectedId}/enviar`).catch(() => undefined);
  for (let i = 0; i < 60; i++) {
    const detail = await api.call('GET', `/api/FevRips/${rejectedId}/detail`);
    if (detail.data.estado === 'NO_APROBADO') break;
    if (i === 59) throw new Error(`the document was not rejected: ${detail.data.estado}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});
afterAll(async () => h?.close());

const chatCookie = async () =>
  (await h.page.context().cookies()).find((cookie) => cookie.name === CHAT_SESSION_COOKIE);

describe('chat assistants (seed 001 §2 "Chat assistants")', () => {
  it('a visitor on the sales page asks the sales assistant about prices and gets the plans', async () => {
    const { page, url } = h;
    await page.goto(`${url}/`);
    await page.getByRole('button', { name: MSG_CHAT.chatOpen }).click();
    const dialog = page.getByRole('dialog', { name: MSG_CHAT.chatSalesTitle });
    const input = dialog.getByRole('textbox', { name: MSG_CHAT.chatInputLabel });
    await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
    await dialog.getByRole('button', { name: '¿Cuánto cuesta el plan Profesional?' }).waitFor();
    expect(await dialog.getByRole('button', { name: MSG_CHAT.chatAttach }).count()).toBe(0); // no attachments here

    await input.fill('¿Cuánto cuestan los planes?');
    await input.press('Enter');
    const log = dialog.getByRole('log', { name: MSG_CHAT.chatMessagesLabel });
    await log.getByText(MSG_CHAT.chatFuentes).waitFor({ timeout: 15_000 });
    const answer = (await log.textContent()) ?? '';
    expect(answer).toContain('Profesional');
    expect(answer).toContain('Business');
    expect(answer.replace(/\s/g, ' ')).toContain('400.000');
    await log.getByRole('link', { name: 'Planes y precios' }).waitFor();
    expect(await dialog.getByRole('list', { name: MSG_CHAT.chatSuggestionsLabel }).count()).toBe(0);

    // The session id: a UUID in the 30-day cookie, replaced by 'Nueva conversación'.
    const first = await chatCookie();
    expect(first?.value).toMatch(UUID);
    expect(first!.expires * 1000 - Date.now()).toBeGreaterThan((CHAT_SESSION_DAYS - 1) * 86_400_000);
    expect(first?.sameSite).toBe('Lax');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'chat-ventas-telefono');
    await page.setViewportSize({ width: 1366, height: 900 });
    await dialog.getByRole('button', { name: MSG_CHAT.chatReset }).click();
    expect(await log.getByRole('listitem').count()).toBe(0);
    expect((await chatCookie())?.value).not.toBe(first?.value);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(
      await page
        .getByRole('button', { name: MSG_CHAT.chatOpen })
        .evaluate((el) => el === document.activeElement),
    ).toBe(true);
  });

  it('a signed-in user asks why the ministry rejected an invoice and gets the code and its fix', async () => {
    const { page, url } = h;
    await loginInUi(page, url, EMAIL, PASSWORD);
    await page.goto(`${url}/ministerio`);
    await page.getByText(FORMATO).first().waitFor();
    await page.getByRole('button', { name: MSG_CHAT.chatOpen }).click();
    const dialog = page.getByRole('dialog', { name: MSG_CHAT.chatTechnicalTitle });
    await dialog.getByRole('button', { name: MSG_CHAT.chatAttach }).waitFor();
    // The ministerio module is owned: its suggestions come first.
    await dialog.getByRole('button', { name: '¿Cómo envío una factura al Ministerio?' }).waitFor();

    const input = dialog.getByRole('textbox', { name: MSG_CHAT.chatInputLabel });
    await input.fill(`¿por qué rechazaron la factura ${FORMATO}?`);
    await input.press('Enter');
    const log = dialog.getByRole('log', { name: MSG_CHAT.chatMessagesLabel });
    const toDocument = log.getByRole('link', { name: `Ver el documento ${FORMATO}` });
    await toDocument.waitFor({ timeout: 15_000 });
    const answer = (await log.textContent()) ?? '';
    expect(answer).toContain('RVG01');
    expect(answer).toContain(reglaDe('RVG01')!.comoCorregir);
    expect(answer).not.toContain(MSG_CHAT.chatError);
    await screenshot(page, 'chat-tecnico-rechazo');

    // The reply's link is a router link: the document opens without a reload, the conversation stays.
    await page.evaluate(() => Object.assign(window, { sinRecargar: true }));
    await toDocument.click();
    await page.waitForURL(new RegExp(`/ministerio/${rejectedId}$`));
    await page.getByTestId('estado-documento').first().waitFor();
    expect(await page.evaluate(() => 'sinRecargar' in window)).toBe(true);
    expect(await log.getByText(/RVG01/).count()).toBeGreaterThan(0);
  });

  it("a signed-in user asking how to set up SFTP is led to Configuración › Canales, never to the sales page", async () => {
    const { page } = h;
    const dialog = page.getByRole('dialog', { name: MSG_CHAT.chatTechnicalTitle });
    if (!(await dialog.isVisible())) await page.getByRole('button', { name: MSG_CHAT.chatOpen }).click();
    const input = dialog.getByRole('textbox', { name: MSG_CHAT.chatInputLabel });
    await input.fill('hola');
    await input.press('Enter');
    const log = dialog.getByRole('log', { name: MSG_CHAT.chatMessagesLabel });
    await log.getByText(/Soy el asistente de Radica/).waitFor({ timeout: 15_000 });
    await input.fill('¿cómo configuro el SFTP?');
    await input.press('Enter');
    const toCanales = log.getByRole('link', { name: 'Ir a Configuración › Canales' }).last();
    await toCanales.waitFor({ timeout: 15_000 });
    const hrefs = await log.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).not.toContain('/');
    await toCanales.click();
    await page.waitForURL(/\/settings\?tab=canales$/);
    await page.getByRole('tab', { name: 'Canales', selected: true }).waitFor();
  });
});
