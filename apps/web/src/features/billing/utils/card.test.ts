import { describe, expect, it } from 'vitest';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import {
  detectCardBrand,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  isExpiryValid,
  isLuhnValid,
  parseExpiry,
  toCardTokenRequest,
  validateCard,
} from './card';

const NOW = new Date(2026, 4, 15); // 15 May 2026

describe('Luhn check (seed 002 §5)', () => {
  it('accepts the sandbox cards and rejects a changed digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('5555555555554444')).toBe(true);
    expect(isLuhnValid('378282246310005')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('4242 4242')).toBe(false);
  });
});

describe('brand detection (seed 002 §5)', () => {
  it.each([
    ['4242', 'VISA'],
    ['5105', 'MASTERCARD'],
    ['5599', 'MASTERCARD'],
    ['2221', 'MASTERCARD'],
    ['2720', 'MASTERCARD'],
    ['3400', 'AMEX'],
    ['3712', 'AMEX'],
    ['6011', 'DISCOVER'],
    ['5000', 'UNKNOWN'],
    ['2100', 'UNKNOWN'],
    ['3500', 'UNKNOWN'],
    ['', 'UNKNOWN'],
  ])('%s → %s', (number, brand) => expect(detectCardBrand(number)).toBe(brand));

  it('ignores the spaces of the formatted number', () => expect(detectCardBrand('4 242')).toBe('VISA'));
});

describe('card number formatting (seed 002 §5)', () => {
  it('groups digits by 4 and stops at 19 characters', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-4242 42ab42')).toBe('4242 4242 4242');
    expect(formatCardNumber('42424242424242421234')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('42424')).toBe('4242 4');
    expect(formatCardNumber('4242 ')).toBe('4242');
  });
});

describe('expiry (seed 002 §5)', () => {
  it('inserts the slash as the month is typed and lets it be deleted', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12', '1')).toBe('12/');
    expect(formatExpiry('12', '12/')).toBe('12');
    expect(formatExpiry('123', '12/')).toBe('12/3');
    expect(formatExpiry('1228')).toBe('12/28');
    expect(formatExpiry('12/289')).toBe('12/28');
  });

  it('parses MM/YY with a month 1–12', () => {
    expect(parseExpiry('08/28')).toEqual({ month: 8, year: 2028 });
    expect(parseExpiry('13/28')).toBeNull();
    expect(parseExpiry('00/28')).toBeNull();
    expect(parseExpiry('8/28')).toBeNull();
    expect(parseExpiry('0828')).toBeNull();
  });

  it('is valid through the end of its month, not in the past', () => {
    expect(isExpiryValid('05/26', NOW)).toBe(true);
    expect(isExpiryValid('04/26', NOW)).toBe(false);
    expect(isExpiryValid('01/27', NOW)).toBe(true);
    expect(isExpiryValid('12/25', NOW)).toBe(false);
  });
});

describe('card validation (seed 002 §5)', () => {
  const valid = { number: '4242 4242 4242 4242', expiry: '12/30', cvc: '123', holderName: 'Ana Gómez' };

  it('accepts a good card', () => expect(validateCard(valid, NOW)).toEqual({}));

  it('gives the seed texts', () => {
    expect(
      validateCard({ number: '4242 4242 4242 4241', expiry: '13/30', cvc: '12', holderName: '' }, NOW),
    ).toEqual({
      number: MSG_PAGOS.tarjetaInvalida,
      expiry: MSG_PAGOS.vencimientoInvalido,
      cvc: MSG_PAGOS.cvcInvalido,
      holderName: MSG_PAGOS.titularRequerido,
    });
    expect(validateCard({ ...valid, holderName: ' Ana ' }, NOW).holderName).toBe(MSG_PAGOS.titularCorto);
    expect(validateCard({ ...valid, number: '4242 4242 42' }, NOW).number).toBe(MSG_PAGOS.tarjetaInvalida);
    expect(validateCard({ ...valid, cvc: '1234' }, NOW)).toEqual({});
  });

  it('limits the CVC to 4 digits', () => expect(formatCvc('12a345')).toBe('1234'));

  it('builds the gateway token body', () =>
    expect(toCardTokenRequest({ ...valid, holderName: ' Ana Gómez ' })).toEqual({
      number: '4242424242424242',
      cvc: '123',
      exp_month: '12',
      exp_year: '30',
      card_holder: 'Ana Gómez',
    }));
});
