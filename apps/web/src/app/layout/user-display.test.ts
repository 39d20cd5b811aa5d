import { describe, expect, it } from 'vitest';
import { displayName, initials } from './user-display';

const user = {
  id: 1,
  name: 'Ana María Pérez',
  email: 'a@b.co',
  tenant: { validator: 'T-1', database: 'db' },
  authType: 'manual' as const,
};

describe('user display', () => {
  it('takes the initials of the first two words', () => {
    expect(initials('Ana María Pérez')).toBe('AM');
    expect(initials('  clínica  ')).toBe('C');
  });
  it("falls back to the validator, then 'Usuario'", () => {
    expect(displayName(user)).toBe('Ana María Pérez');
    expect(displayName({ ...user, name: ' ' })).toBe('T-1');
    expect(displayName(null)).toBe('Usuario');
  });
});
