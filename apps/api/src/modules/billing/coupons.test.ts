import { describe, expect, it } from 'vitest';
import { PLANES } from '@radica/contracts/payments';
import { addMonths } from '../products/service.ts';
import { MIN_CHARGE_COP, normalizeCouponCode, priceWith } from './coupons.ts';

const plan = PLANES.profesional as typeof PLANES.profesional & { yearlyPrice: number };

describe('coupon prices (decided on the server)', () => {
  it('FINAL_PRICE sets the price, DISCOUNT takes its value off, never below the gateway minimum nor above the plan', () => {
    expect(priceWith(plan, null)).toEqual({ couponCode: '', originalPrice: 400000, discountAmount: 0, finalPrice: 400000 });
    expect(priceWith(plan, { code: 'L', kind: 'FINAL_PRICE', value: 1500 })).toMatchObject({ discountAmount: 398500, finalPrice: 1500 });
    expect(priceWith(plan, { code: 'D', kind: 'DISCOUNT', value: 100000 })).toMatchObject({ discountAmount: 100000, finalPrice: 300000 });
    expect(priceWith(plan, { code: 'D', kind: 'DISCOUNT', value: 10_000_000 }).finalPrice).toBe(MIN_CHARGE_COP);
    expect(priceWith(plan, { code: 'F', kind: 'FINAL_PRICE', value: 0 }).finalPrice).toBe(MIN_CHARGE_COP);
    expect(priceWith(plan, { code: 'F', kind: 'FINAL_PRICE', value: 900000 }).finalPrice).toBe(400000);
    expect(priceWith(plan, { code: 'N', kind: 'DISCOUNT', value: -5000 }).finalPrice).toBe(400000);
  });

  it('normalizes codes and adds calendar months (the 31st of a shorter month is its last day)', () => {
    expect(normalizeCouponCode('  lanzamiento-2026 ')).toBe('LANZAMIENTO-2026');
    expect(addMonths(new Date('2026-11-23T15:00:00Z'), 12).toISOString()).toBe('2027-11-23T15:00:00.000Z');
    expect(addMonths(new Date('2027-01-31T00:00:00Z'), 1).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-02-29T00:00:00Z'), 12).toISOString()).toBe('2029-02-28T00:00:00.000Z');
  });
});
