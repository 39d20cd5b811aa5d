import { describe, expect, it } from 'vitest';
import { countRechazados } from './prevalidacion';

describe('countRechazados', () => {
  it('counts RECHAZADO findings only', () => {
    expect(countRechazados([{ clase: 'RECHAZADO' }, { clase: 'NOTIFICACION' }, { clase: 'rechazado' }])).toBe(
      2,
    );
    expect(countRechazados(undefined)).toBe(0);
  });
});
