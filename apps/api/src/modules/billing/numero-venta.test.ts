import { describe, expect, it } from 'vitest';
import { newNumeroVenta } from './sales.ts';

describe('sale number', () => {
  it('is dated in Bogotá: a purchase at 21:30 of 1 December in Bogotá is V-20261201-…', () => {
    expect(newNumeroVenta(new Date('2026-12-02T02:30:00Z'))).toMatch(/^V-20261201-[0-9A-F]{6}$/);
  });
});
