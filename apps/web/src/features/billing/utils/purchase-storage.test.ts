import { afterEach, describe, expect, it } from 'vitest';
import { PLAN_EN_LINEA } from '@radica/contracts/payments';
import { BILLING_RETURN_KEY } from '../../../lib/redirect-target';
import {
  BILLING_DATA_KEY,
  SALE_DATA_KEY,
  SELECTED_PLAN_KEY,
  clearPurchaseData,
  planIdOf,
  readBillingData,
  readSaleData,
  readSelectedPlan,
  selectPlan,
  writeBillingData,
  writeSaleData,
  writeSelectedPlan,
} from './purchase-storage';

afterEach(() => sessionStorage.clear());

const BILLING = {
  firstName: 'Ana',
  lastName: 'Gómez',
  email: 'ana@ips.co',
  phone: '+573001234567',
  country: 'Colombia',
  address: 'Calle 1',
  city: 'MEDELLÍN',
  region: 'ANTIOQUIA',
  codPais: 'CO',
  codDepartamento: '05',
  codCiudad: '05001',
};

describe('purchase session storage (seed 002 §1, §3)', () => {
  it('keeps the selected plan in the seed shape', () => {
    const selected = selectPlan(PLAN_EN_LINEA);
    expect(selected).toEqual({
      plan: { name: 'Profesional', yearlyPrice: 400_000 },
      amount: 400_000,
      couponApplied: null,
      originalPrice: 400_000,
      discountAmount: 0,
      billingPeriod: 'yearly',
    });
    writeSelectedPlan(selected);
    expect(readSelectedPlan()).toEqual(selected);
    expect(planIdOf(selected)).toBe('profesional');
  });

  it('treats a corrupted or ill-shaped value as missing and removes it', () => {
    sessionStorage.setItem(SELECTED_PLAN_KEY, '{not json');
    expect(readSelectedPlan()).toBeNull();
    expect(sessionStorage.getItem(SELECTED_PLAN_KEY)).toBeNull();
    sessionStorage.setItem(SELECTED_PLAN_KEY, JSON.stringify({ plan: { name: 'X' }, amount: 'caro' }));
    expect(readSelectedPlan()).toBeNull();
    sessionStorage.setItem(BILLING_DATA_KEY, JSON.stringify({ ...BILLING, codCiudad: '' }));
    expect(readBillingData()).toBeNull();
    sessionStorage.setItem(SALE_DATA_KEY, JSON.stringify({ success: true }));
    expect(readSaleData()).toBeNull();
  });

  it('round-trips billing and sale data and clears everything after the purchase', () => {
    writeBillingData(BILLING);
    expect(readBillingData()).toMatchObject(BILLING);
    const sale = {
      success: true,
      message: 'ok',
      paymentResult: {
        transactionId: 't1',
        reference: 'RAD-1',
        redirectUrl: null,
        status: 'PENDING' as const,
      },
      saleData: { numeroVenta: 'V-1', numeroFactura: null, total: 400_000, email: 'ana@ips.co' },
    };
    writeSaleData(sale);
    expect(readSaleData()).toEqual(sale);
    writeSelectedPlan(selectPlan(PLAN_EN_LINEA));
    sessionStorage.setItem(BILLING_RETURN_KEY, '/billing/info');
    clearPurchaseData();
    expect(sessionStorage.length).toBe(0);
  });
});
