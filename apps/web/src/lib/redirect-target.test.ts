import { afterEach, describe, expect, it } from 'vitest';
import {
  BILLING_RETURN_KEY,
  isFromPayment,
  paymentContinueTarget,
  resolveRedirectTarget,
} from './redirect-target';

afterEach(() => sessionStorage.clear());

describe('redirect priority (seed 000 §2 "Guards")', () => {
  it('return parameter → billing return address → redirectTo → /Inicio', () => {
    sessionStorage.setItem(BILLING_RETURN_KEY, '/billing/info');
    expect(resolveRedirectTarget('?return=/billing/payment', { redirectTo: '/settings' })).toBe(
      '/billing/payment',
    );
    expect(resolveRedirectTarget('', { redirectTo: '/settings' })).toBe('/billing/info');
    sessionStorage.clear();
    expect(resolveRedirectTarget('', { redirectTo: '/settings?tab=ministerio' })).toBe(
      '/settings?tab=ministerio',
    );
    expect(resolveRedirectTarget('', null)).toBe('/Inicio');
  });

  it('skips unsafe targets', () => {
    expect(resolveRedirectTarget('?return=//evil.example', { redirectTo: 'https://evil.example' })).toBe(
      '/Inicio',
    );
    expect(resolveRedirectTarget('?return=/%5Cevil', null)).toBe('/Inicio');
  });

  it("'Todo listo': from payment, and the 'Continuar al pago' target", () => {
    expect(isFromPayment('')).toBe(false);
    expect(isFromPayment('?return=/billing/info')).toBe(true);
    expect(paymentContinueTarget('?return=/billing/info')).toBe('/billing/info');
    expect(paymentContinueTarget('')).toBe('/billing/cart');
    sessionStorage.setItem(BILLING_RETURN_KEY, '/billing/payment');
    expect(isFromPayment('')).toBe(true);
    expect(paymentContinueTarget('?return=/billing/info')).toBe('/billing/payment');
  });
});
