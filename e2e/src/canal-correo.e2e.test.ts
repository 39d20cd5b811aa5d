import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';
import { createMinisterioAccount, loginInUi, par1As } from './ministerio-helpers.ts';

/**
 * The e-mail channel in Chromium. A signed-in user with the ministry module and a provider
 * configuration opens Configuración › Canales, copies the inbound address, allows a sender, turns on automatic
 * sending and saves; the test's own SMTP client (nodemailer) mails a par1 copy (XML + JSON) to that address over
 * real SMTP; the sender's reply carries the CUV; the card's inbox log shows the message as processed, and the
 * document is in /ministerio with channel 'Correo'.
 */
let h: THarness;
/** The server's inbound SMTP port (the test's SMTP client mails there). */
let smtpPort: number;
const EMAIL = 'canal-correo.e2e@example.co';
const PASSWORD = 'Clave#CanalCorreo2026';
const SENDER = 'facturacion@ips-e2e.co';
const FORMATO = 'CO4001';

beforeAll(async () => {
  smtpPort = await freePort();
  h = await startHarness({ env: { INBOUND_SMTP_ENABLED: 'true', INBOUND_SMTP_PORT: String(smtpPort), INBOUND_MAIL_DOMAIN: 'radica.test' } });
  await createMinisterioAccount(h, EMAIL, PASSWORD);
  await loginInUi(h.page, h.url, EMAIL, PASSWORD);
  await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.url });
});
afterAll(async () => h?.close());

let address = '';

describe('e-mail channel', () => {
  it('configures the channel in Configuración › Canales: copies the address, allows a sender, automatic sending', async () => {
    const { page, url } = h;
    await page.goto(`${url}/settings?tab=canales`);
    await page.getByRole('tab', { name: 'Canales', selected: true }).waitFor();
    const card = page.getByTestId('canal-correo');
    await card.getByText('Aún no ha llegado ningún correo').waitFor();
    // The registered account's e-mail is authorised from the start.
    await card.getByRole('list', { name: 'Remitentes autorizados' }).getByText(EMAIL).waitFor();
    expect(await card.getByText('Aún no hay remitentes autorizados: ningún correo se procesará.').count()).toBe(0);
    await card.getByRole('button', { name: 'Copiar dirección' }).click();
    await page.getByText('Dirección copiada al portapapeles').waitFor();
    address = await page.evaluate(() => navigator.clipboard.readText());
    expect(address).toMatch(/^radicar\+[a-z2-7]{26}@radica\.test$/);
    expect(await card.getByTestId('direccion-correo').inputValue()).toBe(address);

    const field = card.getByLabel('Correo del remitente');
    await field.fill('no-es-un-correo');
    await field.press('Enter');
    await card.getByText('«no-es-un-correo» no es una dirección de correo válida.').waitFor();
    await field.fill('Facturacion@IPS-e2e.co');
    await field.press('Enter');
    await card.getByRole('list', { name: 'Remitentes autorizados' }).getByText(SENDER).waitFor();
    expect(await field.inputValue()).toBe('');
    await card.getByLabel('Enviar al Ministerio lo que llegue completo por correo').check();
    await card.getByRole('button', { name: 'Guardar canal de correo' }).click();
    await page.getByText('Canal de correo actualizado.').waitFor();
    await screenshot(page, 'canales-correo-configurado');

    await page.reload();
    await card.getByRole('list', { name: 'Remitentes autorizados' }).getByText(SENDER).waitFor();
    expect(await card.getByLabel('Enviar al Ministerio lo que llegue completo por correo').isChecked()).toBe(true);
  });

  it('a mailed pair arrives over SMTP, the sender gets the CUV, the inbox log shows it', async () => {
    const pair = par1As(FORMATO);
    const info = await nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, secure: false, ignoreTLS: true }).sendMail({
      from: `Facturación <${SENDER}>`,
      to: address,
      subject: `Factura ${FORMATO}`,
      text: 'Adjunto factura y RIPS.',
      attachments: [
        { filename: `${FORMATO}.xml`, content: pair.xml },
        { filename: `${FORMATO}.json`, content: pair.json },
      ],
    });
    expect(info.accepted).toEqual([address]);
    // The message is filed by a job: the reply comes when it is done.
    await expect.poll(async () => (await outboxTexts(h.url, SENDER))[0] ?? '', { timeout: 30_000, interval: 300 }).toMatch(/CUV: [0-9a-f]{96}/);
    const reply = (await outboxTexts(h.url, SENDER))[0] ?? '';
    expect(reply).toMatch(/CUV: [0-9a-f]{96}/);
    expect(reply).toContain(`Formato ${FORMATO}`);

    const { page } = h;
    await page.reload();
    const card = page.getByTestId('canal-correo');
    const row = card.getByTestId('correo-recibido').first();
    await row.getByText('Procesado').waitFor();
    expect(await row.textContent()).toContain(SENDER);
    await row.getByRole('button', { name: 'Ver detalle' }).click();
    await card.getByText(`${FORMATO}.xml`).waitFor();
    await card.getByText('Se respondió al remitente.').waitFor();
    await screenshot(page, 'canales-correo-recibido');
  });

  it("the mailed document is in /ministerio with channel 'Correo'", async () => {
    const { page, url } = h;
    await page.goto(`${url}/ministerio`);
    const row = page.getByTestId('fila-documento').filter({ hasText: FORMATO });
    await row.waitFor();
    expect(await row.getByTestId('canal-documento').textContent()).toBe('Correo');
    await page.getByLabel('Canal', { exact: true }).selectOption({ label: 'Correo' });
    await page.getByText('Mostrando 1 de 1 documentos').waitFor();
    await screenshot(page, 'ministerio-canal-correo');
  });
});
