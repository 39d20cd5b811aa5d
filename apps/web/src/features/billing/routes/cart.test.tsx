import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { BILLING_RETURN_KEY } from '../../../lib/redirect-target';
import { formatCop } from '../../../lib/format';
import { CONFIG, json, renderAt, signIn, signOut, stubFetch } from '../test/helpers';
import { readSelectedPlan } from '../utils/purchase-storage';
import { CartRoute } from './cart';

const ROUTES = [{ path: '/billing/cart', element: <CartRoute /> }];

beforeEach(() => {
  const { fetchMock } = stubFetch({
    'GET /api/payment/config': () => json(200, { success: true, data: CONFIG }),
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  signOut();
});

describe('cart (seed 002 §2 "Cart")', () => {
  it('shows the plan and the order summary', async () => {
    signOut();
    renderAt('/billing/cart?plan=profesional', ROUTES);
    expect(await screen.findByRole('heading', { name: 'Plan Profesional' })).toBeTruthy();
    expect(screen.getByTestId('summary-total').textContent).toBe(formatCop(400_000));
    expect(screen.getByText('Total anual')).toBeTruthy();
    expect(screen.getAllByText('Plan de 12 meses').length).toBeGreaterThan(0);
  });

  it('offers login or register to a guest, both returning to /billing/info, and stores the plan', async () => {
    signOut();
    renderAt('/billing/cart?plan=profesional', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Iniciar sesión' }).getAttribute('href')).toBe(
      '/auth/login?return=/billing/info',
    );
    expect(within(dialog).getByRole('link', { name: 'Crear cuenta' }).getAttribute('href')).toBe(
      '/auth/register?return=/billing/info',
    );
    expect(readSelectedPlan()).toEqual({
      plan: { name: 'Profesional', yearlyPrice: 400_000 },
      amount: 400_000,
      couponApplied: null,
      originalPrice: 400_000,
      discountAmount: 0,
      billingPeriod: 'yearly',
    });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Crear cuenta' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/register?return=/billing/info');
    expect(sessionStorage.getItem(BILLING_RETURN_KEY)).toBe('/billing/info');
  });

  it('goes straight to /billing/info when signed in', async () => {
    signIn();
    renderAt('/billing/cart?plan=profesional', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/info');
    expect(readSelectedPlan()?.amount).toBe(400_000);
  });

  it('goes back to returnUrl (same-site only) or /', async () => {
    signOut();
    renderAt('/billing/cart?plan=profesional&returnUrl=/pricing/ministerio', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Volver' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/pricing/ministerio');
  });

  it('ignores an off-site returnUrl', async () => {
    signOut();
    renderAt('/billing/cart?plan=profesional&returnUrl=//evil.example', ROUTES);
    fireEvent.click(await screen.findByRole('button', { name: 'Volver' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/');
  });

  it('sends a plan not sold online back to the plans', async () => {
    signOut();
    renderAt('/billing/cart?plan=business', ROUTES);
    expect((await screen.findByTestId('where')).textContent).toBe('/#precios');
  });
});
