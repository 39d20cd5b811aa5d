import { describe, expect, it } from 'vitest';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { describeSale, isFinalStatus, periodLabel } from './sale-status';

describe('success page status texts (seed 002 §2, §8)', () => {
  it('APPROVED reads ¡Pago Exitoso! / Aprobado', () =>
    expect(describeSale({ status: 'APPROVED', statusMessage: null, paymentMethodType: 'CARD' })).toEqual({
      kind: 'approved',
      title: '¡Pago Exitoso!',
      statusLabel: 'Aprobado',
    }));

  it('PENDING waits', () => {
    expect(describeSale({ status: 'PENDING', statusMessage: null, paymentMethodType: 'NEQUI' })).toEqual({
      kind: 'pending',
      message: MSG_PAGOS.pagoPendiente,
    });
    expect(isFinalStatus('PENDING')).toBe(false);
    expect(isFinalStatus('DECLINED')).toBe(true);
  });

  it("final failures read the method's alert with the gateway's message or Radica's", () => {
    expect(
      describeSale({ status: 'DECLINED', statusMessage: 'Fondos insuficientes', paymentMethodType: 'CARD' }),
    ).toEqual({
      kind: 'failed',
      message: 'Error procesando el pago: Fondos insuficientes',
    });
    expect(describeSale({ status: 'DECLINED', statusMessage: null, paymentMethodType: 'PSE' })).toEqual({
      kind: 'failed',
      message: `Error procesando el pago PSE: ${MSG_PAGOS.pagoRechazado}`,
    });
    expect(describeSale({ status: 'VOIDED', statusMessage: ' ', paymentMethodType: 'NEQUI' })).toEqual({
      kind: 'failed',
      message: `Error procesando el pago Nequi: ${MSG_PAGOS.pagoRechazado}`,
    });
    expect(
      describeSale({ status: 'ERROR', statusMessage: null, paymentMethodType: 'BANCOLOMBIA_TRANSFER' }),
    ).toEqual({
      kind: 'failed',
      message: `Error procesando el pago Bancolombia: ${MSG_PAGOS.pagoConError}`,
    });
  });

  it('labels the period Anual or Mensual', () => {
    expect(periodLabel('Anual')).toBe('Anual');
    expect(periodLabel('yearly')).toBe('Anual');
    expect(periodLabel('Mensual')).toBe('Mensual');
    expect(periodLabel('monthly')).toBe('Mensual');
  });
});
