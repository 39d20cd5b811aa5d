import { describe, expect, it } from 'vitest';
import { newNumeroVenta } from '../modules/billing/sales.ts';
import { bogotaYmd } from './bogota.ts';

describe('Bogotá calendar day', () => {
  it('is the day of Bogotá’s wall clock (UTC−5), not UTC’s', () => {
    expect(bogotaYmd(new Date('2026-12-02T02:30:00Z'))).toBe('20261201');
    expect(bogotaYmd(new Date('2026-12-02T04:59:59Z'))).toBe('20261201');
    expect(bogotaYmd(new Date('2026-12-02T05:00:00Z'))).toBe('20261202');
    expect(bogotaYmd(new Date('2027-01-01T03:00:00Z'))).toBe('20261231');
  });

  it('dates a sale number: a purchase at 21:30 of 1 December in Bogotá is V-20261201-…', () => {
    expect(newNumeroVenta(new Date('2026-12-02T02:30:00Z'))).toMatch(/^V-20261201-[0-9A-F]{6}$/);
  });
});
