import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { PLAN_EN_LINEA } from '@radica/contracts/payments';
import { formatCop } from '../../../lib/format';
import {
  BILLING,
  CONFIG,
  GATEWAY_HANDLERS,
  SALE_RESPONSE,
  json,
  renderAt,
  signOut,
  stubFetch,
  type TFetchCall,
} from '../test/helpers';
import {
  readSaleData,
  readSelectedPlan,
  selectPlan,
  writeBillingData,
  writeSelectedPlan,
} from '../utils/purchase-storage';
import { PaymentRoute } from './payment';

const ROUTES = [{ path: '/billing/payment', element: <PaymentRoute /> }];
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const CARD_TOKEN = {
  id: 'tok_test_123',
  brand: 'VISA',
  name: 'VISA-4242',
  last_four: '4242',
  bin: '424242',
  exp_month: '12',
  exp_year: '30',
  card_holder: 'Ana Gómez',
  expires_at: '2030-12-31T00:00:00Z',
};

function stub(extra: Record<string, (call: TFetchCall) => Response | Promise<Response>> = {}) {
  const stubbed = stubFetch({
    ...GATEWAY_HANDLERS,
    'POST /_sim/wompi/v1/tokens/cards': () => json(201, { status: 'CREATED', data: CARD_TOKEN }),
    'POST /api/payment/create-sale': () => json(200, SALE_RESPONSE),
    ...extra,
  });
  vi.stubGlobal('fetch', stubbed.fetchMock);
  return stubbed.calls;
}

async function openPage() {
  renderAt('/billing/payment', ROUTES);
  await screen.findByRole('checkbox', { name: 'Acepto el reglamento de uso de la pasarela de pagos' });
}
function fillCard(number = '4242424242424242') {
  fireEvent.change(field('Número de tarjeta'), { target: { value: number } });
  fireEvent.change(field('Fecha de vencimiento'), { target: { value: '1230' } });
  fireEvent.change(field('CVC'), { target: { value: '123' } });
  fireEvent.change(field('Nombre del titular'), { target: { value: 'Ana Gómez' } });
}
function acceptAll() {
  fireEvent.click(
    screen.getByRole('checkbox', { name: 'Acepto el reglamento de uso de la pasarela de pagos' }),
  );
  fireEvent.click(screen.getByRole('checkbox', { name: 'Autorizo el tratamiento de mis datos personales' }));
}
const payButton = () => screen.getByRole('button', { name: `Pagar ${formatCop(400_000)}` });

beforeEach(() => {
  signOut();
  writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
  writeBillingData(BILLING);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('payment page (seed 002 §2 "Payment", §5)', () => {
  it('sends the visitor to the cart without billing data', async () => {
    sessionStorage.clear();
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    stub();
    renderAt('/billing/payment', ROUTES);
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/cart');
  });

  it('shows the billing summary with Edit, the order summary with tax 0, the acceptances and the sandbox data', async () => {
    stub();
    await openPage();
    expect(screen.getByText('Ana Gómez')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Editar datos de facturación' }).getAttribute('href')).toBe(
      '/billing/info',
    );
    expect(screen.getByRole('heading', { name: 'Pago instantáneo' })).toBeTruthy();
    expect(screen.queryByText(MSG_PAGOS.impuestosNota)).toBeNull();
    expect(screen.getByText('Impuestos').nextElementSibling?.textContent).toBe(formatCop(0));
    expect(screen.getByRole('link', { name: /leer reglamento/ }).getAttribute('href')).toBe(
      'https://wompi.example/reglamento.pdf',
    );
    expect(screen.getByRole('complementary', { name: 'Datos de prueba' }).textContent).toContain(
      '4242 4242 4242 4242',
    );
    expect(screen.getByText('Pago').closest('li')?.getAttribute('aria-current')).toBe('step');
  });

  it('hides the sandbox data in production', async () => {
    stub({
      'GET /api/payment/config': () =>
        json(200, { success: true, data: { ...CONFIG, environment: 'production' } }),
    });
    await openPage();
    expect(screen.queryByRole('complementary', { name: 'Datos de prueba' })).toBeNull();
  });

  it('formats the card as typed and shows the brand', async () => {
    stub();
    await openPage();
    fireEvent.change(field('Número de tarjeta'), { target: { value: '5555555555554444999' } });
    expect(field('Número de tarjeta').value).toBe('5555 5555 5555 4444');
    expect(screen.getByTestId('card-brand').textContent).toBe('Mastercard');
    fireEvent.change(field('Fecha de vencimiento'), { target: { value: '12' } });
    expect(field('Fecha de vencimiento').value).toBe('12/');
    fireEvent.change(field('CVC'), { target: { value: '12345' } });
    expect(field('CVC').value).toBe('1234');
    expect(screen.getByText('Mínimo 5 caracteres requeridos')).toBeTruthy();
  });

  it('shows the card messages and the acceptance message, focusing the card number', async () => {
    const calls = stub();
    await openPage();
    fireEvent.change(field('Número de tarjeta'), { target: { value: '4242424242424241' } });
    fireEvent.change(field('Fecha de vencimiento'), { target: { value: '1320' } });
    fireEvent.change(field('CVC'), { target: { value: '12' } });
    fireEvent.change(field('Nombre del titular'), { target: { value: 'Ana' } });
    fireEvent.click(payButton());
    for (const text of [
      'Número de tarjeta inválido',
      'Fecha de vencimiento inválida',
      'CVC inválido',
      'El nombre del titular debe tener al menos 5 caracteres',
      MSG_PAGOS.aceptacionRequerida,
    ])
      expect(screen.getByText(text)).toBeTruthy();
    expect(document.activeElement).toBe(field('Número de tarjeta'));
    expect(field('Número de tarjeta').getAttribute('aria-describedby')).toBe('card-number-error');
    fireEvent.change(field('Nombre del titular'), { target: { value: '' } });
    fireEvent.click(payButton());
    expect(screen.getByText('Nombre del titular requerido')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('sends the card only to the gateway and the token to create-sale, then goes to the success page', async () => {
    const calls = stub();
    await openPage();
    fillCard();
    acceptAll();
    fireEvent.click(payButton());
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/success?reference=RAD-REF-1');

    const tokenCall = calls.find((c) => c.url === '/_sim/wompi/v1/tokens/cards')!;
    expect(tokenCall.body).toEqual({
      number: '4242424242424242',
      cvc: '123',
      exp_month: '12',
      exp_year: '30',
      card_holder: 'Ana Gómez',
    });
    expect(tokenCall.headers.Authorization).toBe('Bearer pub_test_abc');

    const saleCall = calls.find((c) => c.url === '/api/payment/create-sale')!;
    expect(saleCall.body).toEqual({
      productoTitulo: 'Profesional',
      billingData: BILLING,
      paymentMethod: { type: 'CARD', cardData: { token: 'tok_test_123', installments: 1 } },
      acceptanceToken: 'acc_tok',
      acceptPersonalAuth: 'pda_tok',
      expectedTotal: 400_000,
    });
    for (const call of calls.filter((c) => !c.url.startsWith('/_sim/wompi/v1/tokens'))) {
      const text = JSON.stringify(call.body ?? '') + call.url;
      expect(text).not.toContain('4242424242424242');
      expect(text).not.toContain('"123"');
    }
    expect(readSaleData()?.paymentResult.reference).toBe('RAD-REF-1');
  });
});

describe('payment page: coupons, redirects and the other methods', () => {
  it('sends discountInfo only with a coupon, and follows a redirect URL', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    writeSelectedPlan({
      ...selectPlan(PLAN_EN_LINEA),
      amount: 1500,
      couponApplied: 'RADICA1500',
      discountAmount: 398_500,
    });
    const calls = stub({
      'POST /api/payment/create-sale': () =>
        json(200, {
          ...SALE_RESPONSE,
          paymentResult: { ...SALE_RESPONSE.paymentResult, redirectUrl: 'https://banco.example/pse?id=1' },
        }),
    });
    await openPage();
    expect(screen.getByText('RADICA1500')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remover' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'Transferencia Bancolombia' }));
    acceptAll();
    fireEvent.click(screen.getByRole('button', { name: `Pagar ${formatCop(1500)}` }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://banco.example/pse?id=1'));
    expect(calls.find((c) => c.url === '/api/payment/create-sale')!.body).toMatchObject({
      paymentMethod: { type: 'BANCOLOMBIA_TRANSFER' },
      expectedTotal: 1500,
      discountInfo: {
        couponCode: 'RADICA1500',
        discountAmount: 398_500,
        originalPrice: 400_000,
        finalPrice: 1500,
      },
    });
    expect(screen.getByRole('button', { name: 'Procesando...' })).toBeTruthy();
  });

  it('switches methods with the selector: PSE, Nequi and Bancolombia forms and messages', async () => {
    const calls = stub();
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'PSE' }));
    expect(screen.queryByLabelText('Número de tarjeta')).toBeNull();
    expect((screen.getByLabelText('Tipo de persona') as HTMLSelectElement).value).toBe('0');
    expect((screen.getByLabelText('Tipo de documento') as HTMLSelectElement).value).toBe('CC');
    const bank = screen.getByLabelText('Banco') as HTMLSelectElement;
    await waitFor(() => expect(within(bank).getAllByRole('option').length).toBe(3));
    expect(within(bank).queryByText('A continuación seleccione su banco')).toBeNull();
    acceptAll();
    fireEvent.click(payButton());
    expect(screen.getByText('Número de documento requerido')).toBeTruthy();
    expect(screen.getByText('Selecciona una institución financiera')).toBeTruthy();
    expect(document.activeElement).toBe(field('Número de documento'));

    fireEvent.click(screen.getByRole('radio', { name: 'Nequi' }));
    expect(screen.queryByText('Número de documento requerido')).toBeNull();
    fireEvent.change(field('Número de celular Nequi'), { target: { value: '399111' } });
    fireEvent.click(payButton());
    expect(screen.getByText('Número de teléfono inválido')).toBeTruthy();

    fireEvent.click(screen.getByRole('radio', { name: 'Transferencia Bancolombia' }));
    expect(screen.getByText(MSG_PAGOS.bancolombiaPista)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();

    fireEvent.click(screen.getByRole('radio', { name: 'PSE' }));
    fireEvent.change(field('Número de documento'), { target: { value: '1020304050' } });
    fireEvent.change(screen.getByLabelText('Banco'), { target: { value: '1' } });
    fireEvent.click(payButton());
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/success?reference=RAD-REF-1');
    expect(calls.find((c) => c.url === '/api/payment/create-sale')!.body).toMatchObject({
      paymentMethod: {
        type: 'PSE',
        pseData: { userType: '0', documentType: 'CC', documentNumber: '1020304050', institution: '1' },
      },
    });
  });

  it('falls back to the four seed banks when the gateway list fails', async () => {
    stub({ 'GET /_sim/wompi/v1/pse/financial_institutions': () => json(500, {}) });
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'PSE' }));
    const bank = screen.getByLabelText('Banco') as HTMLSelectElement;
    await waitFor(() => expect(within(bank).getAllByRole('option').length).toBe(5));
    expect(within(bank).getByText('Banco Agrario')).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.bancosRespaldo)).toBeTruthy();
  });

  it("shows the method's failure alert and lets the buyer pay again", async () => {
    stub({
      'POST /_sim/wompi/v1/tokens/cards': () =>
        json(422, {
          error: { type: 'INPUT_VALIDATION_ERROR', messages: { number: ['Número de tarjeta no soportado'] } },
        }),
    });
    await openPage();
    fillCard();
    acceptAll();
    fireEvent.click(payButton());
    expect(await screen.findByText('Error procesando el pago: Número de tarjeta no soportado')).toBeTruthy();
    expect((payButton() as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('payment page: failures, double presses and price changes', () => {
  it('Nequi failure from the API reads the Nequi alert', async () => {
    stub({
      'POST /api/payment/create-sale': () =>
        json(502, { success: false, message: MSG_PAGOS.pasarelaNoDisponible, code: 'GATEWAY_UNAVAILABLE' }),
    });
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Nequi' }));
    fireEvent.change(field('Número de celular Nequi'), { target: { value: '3991111111' } });
    acceptAll();
    fireEvent.click(payButton());
    expect(
      await screen.findByText(`Error procesando el pago Nequi: ${MSG_PAGOS.pasarelaNoDisponible}`),
    ).toBeTruthy();
  });

  it('pays once even when the button is pressed twice', async () => {
    let release: () => void = () => {};
    const calls = stub({
      'POST /api/payment/create-sale': () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, SALE_RESPONSE));
        }),
    });
    await openPage();
    fillCard();
    acceptAll();
    const button = payButton();
    fireEvent.click(button);
    fireEvent.click(button);
    await screen.findByRole('button', { name: 'Procesando...' });
    expect((screen.getByRole('button', { name: 'Procesando...' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/payment/create-sale').length).toBe(1));
    release();
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/success?reference=RAD-REF-1');
    expect(calls.filter((c) => c.url === '/_sim/wompi/v1/tokens/cards').length).toBe(1);
  });

  it('on PRICE_CHANGED shows the message by the summary with the current price', async () => {
    writeSelectedPlan({
      ...selectPlan(PLAN_EN_LINEA),
      amount: 1500,
      couponApplied: 'VIEJO',
      discountAmount: 398_500,
    });
    stub({
      'POST /api/payment/create-sale': () =>
        json(409, { success: false, message: MSG_PAGOS.precioCambio, code: 'PRICE_CHANGED' }),
    });
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Transferencia Bancolombia' }));
    acceptAll();
    fireEvent.click(screen.getByRole('button', { name: `Pagar ${formatCop(1500)}` }));
    expect(await screen.findByText(MSG_PAGOS.precioCambio)).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));
    expect(readSelectedPlan()).toMatchObject({ amount: 400_000, couponApplied: null });
    expect(payButton()).toBeTruthy();
  });

  it('on COUPON_ALREADY_USED drops the coupon and says the company already used it', async () => {
    writeSelectedPlan({ ...selectPlan(PLAN_EN_LINEA), amount: 1500, couponApplied: 'LANZAMIENTO', discountAmount: 398_500 });
    stub({
      'POST /api/payment/create-sale': () =>
        json(409, { success: false, message: MSG_PAGOS.cuponYaUsado, code: 'COUPON_ALREADY_USED' }),
    });
    await openPage();
    fireEvent.click(screen.getByRole('radio', { name: 'Transferencia Bancolombia' }));
    acceptAll();
    fireEvent.click(screen.getByRole('button', { name: `Pagar ${formatCop(1500)}` }));
    expect(await screen.findByText(MSG_PAGOS.cuponYaUsado)).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));
    expect(readSelectedPlan()).toMatchObject({ amount: 400_000, couponApplied: null });
  });

  it('goes back to /billing/info', async () => {
    stub();
    await openPage();
    fireEvent.click(screen.getByRole('button', { name: 'Volver' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/info');
  });
});
