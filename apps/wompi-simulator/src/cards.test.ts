import { describe, expect, it } from 'vitest';
import { cardBrand, cardOutcome, isLuhnValid, validateCardRequest } from './cards.ts';

const card = {
  number: '4242424242424242',
  cvc: '123',
  exp_month: '08',
  exp_year: '28',
  card_holder: 'Ana Pérez',
};
const NOW = new Date('2028-08-15T12:00:00Z');

describe('card rules', () => {
  it('checks the Luhn digit', () => {
    expect(isLuhnValid('4242424242424242')).toBe(true);
    expect(isLuhnValid('4111111111111111')).toBe(true);
    expect(isLuhnValid('4242424242424241')).toBe(false);
    expect(isLuhnValid('4242 4242')).toBe(false);
  });

  it('names the brand by its leading digits and maps sandbox numbers to outcomes', () => {
    expect(cardBrand('4242424242424242')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('2223003122003222')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('36227206271667')).toBe('DINERS');
    expect(cardBrand('6011111111111117')).toBe('DISCOVER');
    expect(cardBrand('9999999999999995')).toBe('UNKNOWN');
    expect(cardOutcome('4242424242424242')).toBe('APPROVED');
    expect(cardOutcome('4111111111111111')).toBe('DECLINED');
    expect(cardOutcome('5555555555554444')).toBe('ERROR');
  });

  it('accepts a card valid through the end of its month, Bogotá time', () => {
    expect(validateCardRequest(card, NOW)).toEqual({});
    // 1 September 03:00 UTC is still 31 August in Bogotá.
    expect(validateCardRequest(card, new Date('2028-09-01T03:00:00Z'))).toEqual({});
    expect(validateCardRequest(card, new Date('2028-09-01T06:00:00Z'))).toEqual({
      exp_year: ['La tarjeta está vencida.'],
    });
  });

  it('reports every bad field at once', () => {
    const messages = validateCardRequest(
      { number: '4242424242424241', cvc: '12', exp_month: '13', exp_year: '2028', card_holder: ' Ana ' },
      NOW,
    );
    expect(Object.keys(messages).sort()).toEqual(['card_holder', 'cvc', 'exp_month', 'exp_year', 'number']);
    expect(validateCardRequest({ ...card, number: '424242424242' }, NOW).number?.[0]).toMatch(/13 y 19/);
    expect(validateCardRequest({ ...card, cvc: '1234' }, NOW)).toEqual({});
  });
});
