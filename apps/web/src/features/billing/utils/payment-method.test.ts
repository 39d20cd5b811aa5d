import { describe, expect, it } from 'vitest';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import {
  DEFAULT_PSE_VALUES,
  formatNequiPhone,
  paymentFailureText,
  validateNequiPhone,
  validatePse,
} from './payment-method';

describe('PSE and Nequi (seed 002 §5, §9)', () => {
  it("defaults to user type '0' and CC", () =>
    expect(DEFAULT_PSE_VALUES).toMatchObject({ userType: '0', documentType: 'CC' }));

  it('requires the document number and the institution', () => {
    expect(validatePse(DEFAULT_PSE_VALUES)).toEqual({
      documentNumber: MSG_PAGOS.documentoRequerido,
      institution: MSG_PAGOS.institucionRequerida,
    });
    expect(validatePse({ ...DEFAULT_PSE_VALUES, documentNumber: '1020', institution: '1' })).toEqual({});
  });

  it('wants exactly 10 Nequi digits', () => {
    expect(validateNequiPhone('3991111111')).toBeNull();
    expect(validateNequiPhone('399111111')).toBe(MSG_PAGOS.telefonoNequiInvalido);
    expect(formatNequiPhone('399 111 1111 9')).toBe('3991111111');
  });

  it('words the failure alert per method (seed 002 §8)', () => {
    expect(paymentFailureText('CARD', 'x')).toBe('Error procesando el pago: x');
    expect(paymentFailureText('PSE', 'x')).toBe('Error procesando el pago PSE: x');
    expect(paymentFailureText('NEQUI', 'x')).toBe('Error procesando el pago Nequi: x');
    expect(paymentFailureText('BANCOLOMBIA_TRANSFER', 'x')).toBe('Error procesando el pago Bancolombia: x');
  });
});
