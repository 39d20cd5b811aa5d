import { describe, expect, it } from 'vitest';
import { computeDv, dvToStore, isDvConsistent } from './nit.ts';

describe('computeDv (seed 000 §5)', () => {
  it('gives the DIAN example 900373115 → 3', () => {
    expect(computeDv('900373115')).toBe('3');
  });

  it('matches the DV written in the sample invoices', () => {
    // shared/samples: schemeID="8" for 901019681, schemeID="1" for 891856372 and 840000269.
    expect(computeDv('901019681')).toBe('8');
    expect(computeDv('891856372')).toBe('1');
    expect(computeDv('840000269')).toBe('1');
  });

  it('keeps the digits only', () => {
    expect(computeDv('900.373.115')).toBe('3');
    expect(computeDv(' 901-019-681 ')).toBe('8');
  });

  it('returns the remainder itself when it is 0 or 1', () => {
    // 1 → 1·3 = 3 → 11 − 3 = 8; 4 → 12 mod 11 = 1 → 1; 11 → 1·3 + 1·7 = 10 → 1; 0 → 0.
    expect(computeDv('1')).toBe('8');
    expect(computeDv('4')).toBe('1');
    expect(computeDv('0')).toBe('0');
  });

  it('returns empty for no digits or more than 15', () => {
    expect(computeDv('')).toBe('');
    expect(computeDv('abc')).toBe('');
    expect(computeDv('1234567890123456')).toBe('');
  });
});

describe('isDvConsistent / dvToStore (seed 000 §5)', () => {
  it('accepts the right DV or none for a NIT and refuses any other digit', () => {
    expect(isDvConsistent({ tipoIdentidad: 'NI', numeroIdentificacion: '900373115', dv: '3' })).toBe(true);
    expect(isDvConsistent({ tipoIdentidad: 'NI', numeroIdentificacion: '900373115', dv: '' })).toBe(true);
    for (const dv of ['0', '1', '2', '4', '9', 'X'])
      expect(isDvConsistent({ tipoIdentidad: 'NI', numeroIdentificacion: '900373115', dv })).toBe(false);
  });

  it('does not check other identity types, and stores the computed DV for a NIT only', () => {
    expect(isDvConsistent({ tipoIdentidad: 'CC', numeroIdentificacion: '1010101010', dv: '5' })).toBe(true);
    expect(dvToStore({ tipoIdentidad: 'NI', numeroIdentificacion: '900.373.115', dv: '' })).toBe('3');
    expect(dvToStore({ tipoIdentidad: 'CC', numeroIdentificacion: '1010101010', dv: '' })).toBe('');
  });
});
