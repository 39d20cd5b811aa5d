import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeFromOutbox, outboxTexts, screenshot, startHarness, type THarness } from './harness.ts';

/**
 * journeys: a visitor becomes a paying customer with no operator. Sales page → cart → register → billing →
 * card 4242 → success → the ministerio module opens; then a declined card (4111), Nequi approved, and PSE through the
 * bank's page. Real API, built SPA, the Wompi simulator over HTTP, Chromium.
 */
let h: THarness;
beforeAll(async () => {
  h = await startHarness({ timings: { salePollMs: 500 } });
});
afterAll(async () => h?.close());

const EMAIL = 'compras.journey@example.co';
const PASSWORD = 'Clave#Compra2026';

/** The manual registration wizard (as in the accounts journey), ending signed in. */
async function registerInWizard(page: Page, url: string) {
  await page.getByLabel('Email', { exact: true }).fill(EMAIL);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByText('Contraseña fuerte').waitFor();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Primer nombre').fill('Ana');
  await page.getByLabel('Segundo nombre').fill('Fernanda');
  await page.getByLabel('Primer apellido').fill('Gómez');
  await page.getByLabel('Nombre o nombre comercial').fill('IPS Compras');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Tipo de identificación').selectOption('NI');
  await page.getByLabel('Número de identificación').fill('900373115');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const city = page.getByRole('combobox', { name: 'Ciudad' });
  await city.fill('Bucaramanga');
  await page.getByRole('option', { name: /^Bucaramanga, Santander/i }).click();
  await page.getByLabel('Dirección', { exact: true }).fill('Calle 36 # 27-52');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByLabel('Teléfono').fill('3001234567');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const code = await codeFromOutbox(url, EMAIL);
  await page.getByLabel('Código de verificación').fill(code);
  await page.getByRole('button', { name: 'Verificar código' }).click();
}

/**
 * /billing/info: everything comes prefilled for a signed-in buyer: names as registered — the second given
 * name stays in the first name —, e-mail, phone, city and address from the account (or from the last purchase).
 */
async function fillBilling(page: Page) {
  await page.waitForURL(/\/billing\/info/, { timeout: 30_000 });
  await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(EMAIL);
  expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Ana Fernanda');
  expect(await page.getByLabel('Apellido', { exact: true }).inputValue()).toBe('Gómez');
  expect(await page.getByLabel('Teléfono').inputValue()).toBe('3001234567');
  expect(await page.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Calle 36 # 27-52');
  expect(await page.getByLabel('Ubicación', { exact: true }).inputValue()).toMatch(/^Bucaramanga, Santander/i);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL(/\/billing\/payment/);
}

/** The method selector: visually a card per method (the radio inside is visually hidden), clicked as a user does. */
async function chooseMethod(page: Page, name: string) {
  const radio = page.getByRole('radio', { name, exact: true });
  await page.locator('label').filter({ has: radio }).click();
  expect(await radio.isChecked()).toBe(true);
}

async function acceptGateway(page: Page) {
  await page.getByLabel('Acepto el reglamento de uso de la pasarela de pagos').check();
  await page.getByLabel('Autorizo el tratamiento de mis datos personales').check();
}

async function payByCard(page: Page, number: string) {
  await page.getByLabel('Número de tarjeta').fill(number);
  await page.getByLabel('Fecha de vencimiento').fill('1230');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Nombre del titular').fill('Ana Gómez');
  await acceptGateway(page);
  await page.getByRole('button', { name: /^Pagar / }).click();
}

/** A signed-in buyer starts again from the cart (the plan is kept in the browser session). */
async function startCheckout(page: Page, url: string) {
  await page.goto(`${url}/billing/cart?plan=profesional`);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await fillBilling(page);
}

describe('a visitor becomes a paying customer', () => {
  it('sales page → cart → register → billing → card 4242 → success → ministerio unlocked without the operator', async () => {
    const { page, url } = h;
    await page.goto(`${url}/`);
    await page.locator('a[href="/billing/cart?plan=profesional"]').first().click();
    await page.waitForURL(/\/billing\/cart\?plan=profesional/);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('link', { name: 'Crear cuenta' }).click();
    await page.waitForURL(/\/auth\/register\?return=%2Fbilling%2Finfo|\/auth\/register\?return=\/billing\/info/);
    await registerInWizard(page, url);
    await fillBilling(page);
    await page.getByText('Plan de 12 meses').first().waitFor();
    // Before paying, the ministry module is not there: the guard sends the buyer to its coming-soon page.
    await payByCard(page, '4242 4242 4242 4242');
    await page.waitForURL(/\/billing\/success/, { timeout: 30_000 });
    await page.getByText('¡Pago Exitoso!', { exact: true }).waitFor({ timeout: 30_000 });
    await page.getByText('Aprobado', { exact: true }).first().waitFor();
    await page.getByText('¿Qué sigue?', { exact: true }).waitFor();
    // The sale number of the e-mail and the transaction number, both on the page and both in the e-mail.
    const numeroVenta = (await page.getByTestId('sale-numero-venta').textContent())!.trim();
    const reference = (await page.getByTestId('sale-reference').textContent())!.trim();
    expect(numeroVenta).toMatch(/^V-\d{8}-/);
    expect(reference).toMatch(/^RAD-/);
    await screenshot(page, 'purchase-01-success');
    await page.getByRole('button', { name: 'Ir al panel' }).click();
    await page.waitForURL(/\/Inicio/);
    await page.goto(`${url}/ministerio`);
    await page.waitForLoadState('networkidle');
    expect(page.url()).toMatch(/\/ministerio$/);
    expect(await page.getByText('Gestión de RIPS y envío al Ministerio').count()).toBe(0);
    // Configuración › Mi plan: the plan, until when, and this payment with both numbers.
    await page.goto(`${url}/settings?tab=plan`);
    await page.getByTestId('mi-plan-nombre').getByText('Plan Profesional').waitFor();
    expect(await page.getByTestId('mi-plan-vigencia').textContent()).toMatch(/^Vigente hasta el \d{2}\/\d{2}\/\d{4}$/);
    const row = page.getByTestId('mi-plan-pago').filter({ hasText: numeroVenta });
    await row.waitFor();
    expect(await row.textContent()).toContain(reference);
    expect(await row.textContent()).toContain('Tarjeta');
    await screenshot(page, 'purchase-01b-mi-plan');
    // The buyer got the confirmation e-mail with the same two numbers, labelled as on the page.
    await expect
      .poll(async () => (await outboxTexts(url, EMAIL)).some((t) => t.includes(`Número de venta: ${numeroVenta}`) && t.includes(`Número de transacción: ${reference}`)), { timeout: 10_000 })
      .toBe(true);
  });

  it('card 4111 is declined and the page says so with the seed text', async () => {
    const { page, url } = h;
    await startCheckout(page, url);
    await payByCard(page, '4111 1111 1111 1111');
    await page.getByText(/Error procesando el pago: /).first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('Pago Exitoso!').count()).toBe(0);
    await screenshot(page, 'purchase-02-declined');
  });

  it('Nequi 3991111111 is approved', async () => {
    const { page, url } = h;
    await startCheckout(page, url);
    await chooseMethod(page, 'Nequi');
    await page.getByLabel('Número de celular Nequi').fill('3991111111');
    await acceptGateway(page);
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.getByText('Pago Exitoso!').waitFor({ timeout: 30_000 });
  });

  it('PSE goes through the bank page and comes back approved', async () => {
    const { page, url } = h;
    await startCheckout(page, url);
    await chooseMethod(page, 'PSE');
    await page.getByLabel('Banco', { exact: true }).selectOption({ label: 'Banco que aprueba' });
    await page.getByLabel('Número de documento').fill('1020304050');
    await acceptGateway(page);
    await page.getByRole('button', { name: /^Pagar / }).click();
    await page.waitForURL(/\/_sim\/wompi\/checkout\//, { timeout: 30_000 });
    await screenshot(page, 'purchase-03-pse-bank');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL(/\/billing\/success\?reference=/, { timeout: 30_000 });
    await page.getByText('Pago Exitoso!').waitFor({ timeout: 30_000 });
  });
});
