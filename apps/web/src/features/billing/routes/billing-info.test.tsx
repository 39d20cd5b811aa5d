import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { PLAN_EN_LINEA } from '@radica/contracts/payments';
import { formatCop } from '../../../lib/format';
import { BILLING_RETURN_KEY } from '../../../lib/redirect-target';
import { resetTimings } from '../../../lib/timings';
import { BILLING, json, renderAt, signIn, signOut, stubFetch } from '../test/helpers';
import {
  readBillingData,
  readSelectedPlan,
  selectPlan,
  writeBillingData,
  writeSelectedPlan,
} from '../utils/purchase-storage';
import { BillingInfoRoute } from './billing-info';

const ROUTES = [{ path: '/billing/info', element: <BillingInfoRoute /> }];
const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  resetTimings();
  signOut();
});

describe('billing info (seed 002 §2 "Billing info", §5)', () => {
  it('sends the visitor to the cart when no plan is stored', async () => {
    signOut();
    renderAt('/billing/info', ROUTES);
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/cart');
  });

  it('shows step 1 of 2 and prefills the signed-in name (first word, rest) and e-mail', async () => {
    // Without the server's prefill the session's name is split by the seed's rule.
    vi.stubGlobal('fetch', stubFetch({}).fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    sessionStorage.setItem(BILLING_RETURN_KEY, '/billing/info');
    signIn('Ana María Gómez', 'ana@ips.co');
    renderAt('/billing/info', ROUTES);
    const current = await screen.findByText('Dirección de facturación', {
      selector: 'li[aria-current="step"] span',
    });
    expect(current).toBeTruthy();
    expect(screen.getByText('Pago').closest('li')?.getAttribute('aria-current')).toBeNull();
    expect(input('Nombre').value).toBe('Ana');
    expect(input('Apellido').value).toBe('María Gómez');
    expect(input('Email').value).toBe('ana@ips.co');
    expect(screen.getByText(MSG_PAGOS.impuestosNota)).toBeTruthy();
    expect(screen.getByText(MSG_PAGOS.pagoSeguro)).toBeTruthy();
    expect(sessionStorage.getItem(BILLING_RETURN_KEY)).toBeNull();
  });

  it('prefills from the account: second given name stays in the first name; phone, city and address too', async () => {
    const prefill = {
      origen: 'cuenta',
      datos: {
        firstName: 'Luisa Fernanda',
        lastName: 'Ríos',
        email: 'luisa@ips.co',
        phone: '+573001234567',
        address: 'Carrera 7 # 12-34',
        city: 'BOGOTÁ, D.C.',
        region: 'BOGOTÁ, D.C.',
        country: 'Colombia',
        codPais: 'CO',
        codDepartamento: '11',
        codCiudad: '11001',
      },
    };
    const { fetchMock, calls } = stubFetch({
      'GET /api/payment/datos-facturacion': () => json(200, { success: true, data: prefill }),
    });
    vi.stubGlobal('fetch', fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signIn('Luisa Fernanda Ríos', 'luisa@ips.co');
    renderAt('/billing/info', ROUTES);
    expect((await screen.findByLabelText('Nombre') as HTMLInputElement).value).toBe('Luisa Fernanda');
    expect(input('Apellido').value).toBe('Ríos');
    expect(input('Email').value).toBe('luisa@ips.co');
    expect(input('Teléfono').value).toBe('3001234567');
    expect(input('Dirección').value).toBe('Carrera 7 # 12-34');
    expect(input('Ubicación').value).toBe('BOGOTÁ, D.C., BOGOTÁ, D.C., Colombia');
    expect(calls.some((c) => c.url === '/api/payment/datos-facturacion')).toBe(true);
    // Nothing to type: Continuar stores the prefilled data as they are.
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/payment');
    expect(readBillingData()).toEqual(prefill.datos);
  });

  it('without the server prefill, a four-word name gives two given names and two surnames', async () => {
    const { fetchMock } = stubFetch({
      'GET /api/payment/datos-facturacion': () => json(403, { success: false, code: 'ROL_REQUERIDO', message: 'No' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signIn('María Fernanda Ríos Gómez', 'mf@ips.co');
    renderAt('/billing/info', ROUTES);
    expect((await screen.findByLabelText('Nombre') as HTMLInputElement).value).toBe('María Fernanda');
    expect(input('Apellido').value).toBe('Ríos Gómez');
  });

  it("says the company already used the coupon with the server's message", async () => {
    const { fetchMock } = stubFetch({
      'POST /api/payment/validate-coupon': () =>
        json(409, { success: false, message: MSG_PAGOS.cuponYaUsado, code: 'COUPON_ALREADY_USED' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    writeBillingData(BILLING);
    signOut();
    renderAt('/billing/info', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: '¿Tienes un código de cupón?' }));
    fireEvent.change(input('Código de cupón'), { target: { value: 'LANZAMIENTO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(await screen.findByText(MSG_PAGOS.cuponYaUsado)).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));
  });
});

describe('billing info: validation, the country and saving', () => {
  it('shows the seed messages, focuses the first invalid field and clears a message when its field is edited', async () => {
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signOut();
    renderAt('/billing/info', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    for (const text of [
      'El nombre es requerido',
      'El apellido es requerido',
      'El email es requerido',
      'El teléfono es requerido',
      'Debes seleccionar una ubicación',
      'La dirección es requerida',
    ])
      expect(screen.getByText(text)).toBeTruthy();
    const nombre = input('Nombre');
    expect(document.activeElement).toBe(nombre);
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(nombre.getAttribute('aria-describedby')).toBe('billing-firstName-error');
    fireEvent.change(nombre, { target: { value: 'A' } });
    expect(screen.queryByText('El nombre es requerido')).toBeNull();
    expect(nombre.getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input('Email'), { target: { value: 'ana@' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByText('El email no es válido')).toBeTruthy();
    expect(document.activeElement).toBe(input('Apellido'));
  });

  it('has the fixed +57 prefix and Colombia as the only country', async () => {
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signOut();
    renderAt('/billing/info', ROUTES);
    const country = (await screen.findByLabelText('País')) as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(['Colombia']);
    expect(screen.getByText('+57')).toBeTruthy();
    fireEvent.change(input('Teléfono'), { target: { value: '300 123 45 67 89' } });
    expect(input('Teléfono').value).toBe('3001234567');
  });

  it('chooses a city, saves billing data and the plan, and goes to the payment', async () => {
    resetTimings({ searchDebounceMs: 0 });
    const { fetchMock } = stubFetch({
      'GET /api/Geografia/autocomplete': () =>
        json(200, {
          success: true,
          data: {
            ubicaciones: [
              {
                tipo: 'ciudad',
                ciudad: { codigo: '001', descripcion: 'MEDELLÍN', codDepartamento: '05', codPais: 'CO' },
                departamento: { codigo: '05', descripcion: 'ANTIOQUIA' },
                pais: { codigo: 'CO', descripcion: 'Colombia' },
              },
            ],
          },
        }),
    });
    vi.stubGlobal('fetch', fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signOut();
    renderAt('/billing/info', ROUTES);
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Ana' } });
    fireEvent.change(input('Apellido'), { target: { value: 'Gómez' } });
    fireEvent.change(input('Email'), { target: { value: 'ana@ips.co' } });
    fireEvent.change(input('Teléfono'), { target: { value: '3001234567' } });
    fireEvent.change(input('Dirección'), { target: { value: 'Calle 10 # 20-30' } });
    const location = screen.getByRole('combobox', { name: 'Ubicación' });
    fireEvent.focus(location);
    fireEvent.change(location, { target: { value: 'Mede' } });
    fireEvent.click(await screen.findByRole('option', { name: 'MEDELLÍN, ANTIOQUIA, Colombia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/payment');
    expect(readBillingData()).toEqual(BILLING);
    expect(readSelectedPlan()?.amount).toBe(400_000);
  });
});

describe('billing info: coupons and going back', () => {
  it('applies a coupon, rejects an unknown one inline and removes it', async () => {
    const { fetchMock, calls } = stubFetch({
      'POST /api/payment/validate-coupon': ({ body }) =>
        (body as { couponCode: string }).couponCode === 'RADICA1500'
          ? json(200, {
              success: true,
              data: {
                couponCode: 'RADICA1500',
                originalPrice: 400_000,
                discountAmount: 398_500,
                finalPrice: 1500,
              },
            })
          : json(400, { success: false, message: 'Código de cupón inválido', code: 'COUPON_INVALID' }),
    });
    vi.stubGlobal('fetch', fetchMock);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    writeBillingData(BILLING);
    signOut();
    renderAt('/billing/info', ROUTES);

    fireEvent.click(await screen.findByRole('button', { name: '¿Tienes un código de cupón?' }));
    const apply = screen.getByRole('button', { name: 'Aplicar' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    const code = input('Código de cupón');
    fireEvent.change(code, { target: { value: 'NOEXISTE' } });
    expect(apply.disabled).toBe(false);
    fireEvent.keyDown(code, { key: 'Enter' });
    expect(await screen.findByText('Código de cupón inválido')).toBeTruthy();
    expect(input('Código de cupón').value).toBe('');
    expect(input('Código de cupón').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));

    fireEvent.change(input('Código de cupón'), { target: { value: 'RADICA1500' } });
    expect(screen.queryByText('Código de cupón inválido')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(1500)));
    expect(screen.getByTestId('summary-discount').textContent).toBe(`-${formatCop(398_500)}`);
    expect(calls.filter((c) => c.url === '/api/payment/validate-coupon').map((c) => c.body)).toEqual([
      { couponCode: 'NOEXISTE', productoTitulo: 'Profesional' },
      { couponCode: 'RADICA1500', productoTitulo: 'Profesional' },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Remover' }));
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));
    fireEvent.click(screen.getByRole('button', { name: '¿Tienes un código de cupón?' }));
    fireEvent.change(input('Código de cupón'), { target: { value: 'RADICA1500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(1500)));
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/payment');
    expect(readSelectedPlan()).toMatchObject({
      amount: 1500,
      couponApplied: 'RADICA1500',
      discountAmount: 398_500,
    });
  });

  it('goes back to the cart', async () => {
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    signOut();
    renderAt('/billing/info', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Volver' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/cart?plan=profesional');
  });
});
