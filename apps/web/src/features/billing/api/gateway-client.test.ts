import { describe, expect, it } from 'vitest';
import { describeGatewayError } from './gateway-client';

describe("the gateway's error body (Wompi `{ error: { type, reason?, messages? } }`)", () => {
  it('joins the field messages as sentences, else the reason, else the type', () => {
    expect(
      describeGatewayError({
        error: {
          type: 'INPUT_VALIDATION_ERROR',
          messages: {
            number: ['La tarjeta no es válida.'],
            cvc: ['CVC inválido'],
            card_holder: ['Muy corto'],
          },
        },
      }),
    ).toBe('La tarjeta no es válida. CVC inválido. Muy corto');
    expect(describeGatewayError({ error: { type: 'NOT_FOUND_ERROR', reason: 'La entidad no existe' } })).toBe(
      'La entidad no existe',
    );
    expect(describeGatewayError({ error: { type: 'INVALID_ACCESS_TOKEN' } })).toBe('INVALID_ACCESS_TOKEN');
    expect(describeGatewayError({ message: 'otra cosa' })).toBeUndefined();
  });
});
