import { TARJETA } from '@radica/contracts/payments';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { isLuhnValid } from '@radica/contracts/cards';

export { isLuhnValid };

/** Card rules of the payment form (seed 002 §5 "Card"); the card itself only ever goes to the gateway. */

export type TCardBrand = 'VISA' | 'MASTERCARD' | 'AMEX' | 'DISCOVER' | 'UNKNOWN';
export type TCardValues = { number: string; expiry: string; cvc: string; holderName: string };
export type TCardField = keyof TCardValues;
export type TCardErrors = Partial<Record<TCardField, string>>;

/** Keep only the digits of `value`. */
export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The brand by the first digits (seed 002 §5): 4 → VISA; 51–55 or 22–27 → MASTERCARD; 34 or 37 → AMEX;
 * 6 → DISCOVER; anything else (or nothing yet) → UNKNOWN. Spaces are ignored.
 */
export function detectCardBrand(number: string): TCardBrand {
  const digits = onlyDigits(number);
  if (digits.startsWith('4')) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (digits.startsWith('6')) return 'DISCOVER';
  return 'UNKNOWN';
}

/** Typed card number → digits in groups of 4 separated by spaces, at most 19 characters (seed 002 §5). */
export function formatCardNumber(value: string): string {
  const grouped = onlyDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
  return grouped.slice(0, TARJETA.maxChars).trimEnd();
}

/**
 * Typed expiry → 'MM/YY' (seed 002 §5 "A slash is inserted automatically"): at most 4 digits; the slash appears
 * after the month as it is typed, and deleting it (value shorter than `previous`) does not put it back.
 */
export function formatExpiry(value: string, previous = ''): string {
  const digits = onlyDigits(value).slice(0, 4);
  if (digits.length > 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  if (digits.length === 2 && value.length > previous.length) return `${digits}/`;
  return digits;
}

/** 'MM/YY' → { month, year (4 digits) }, or null when the text is not exactly that shape or the month is not 1–12. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^(\d{2})\/(\d{2})$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  return { month, year: 2000 + Number(match[2]) };
}

/** A card is valid through the last day of its expiry month: false for a malformed or past expiry (seed 002 §5). */
export function isExpiryValid(expiry: string, now: Date = new Date()): boolean {
  const parsed = parseExpiry(expiry);
  if (!parsed) return false;
  const currentYear = now.getFullYear();
  const currentMonth = now.getMonth() + 1;
  return parsed.year > currentYear || (parsed.year === currentYear && parsed.month >= currentMonth);
}

/** Typed CVC → digits only, at most 4 (seed 002 §5). */
export function formatCvc(value: string): string {
  return onlyDigits(value).slice(0, TARJETA.cvcMax);
}

/**
 * The card form's errors (seed 002 §5), keyed by field, in the form's order; empty when the card may be tokenized:
 * number 13–19 digits passing Luhn; expiry MM/YY not past; CVC 3–4 digits; holder required, at least 5 characters.
 */
export function validateCard(values: TCardValues, now: Date = new Date()): TCardErrors {
  const errors: TCardErrors = {};
  const digits = onlyDigits(values.number);
  if (digits.length < TARJETA.minDigits || digits.length > TARJETA.maxDigits || !isLuhnValid(digits))
    errors.number = MSG_PAGOS.tarjetaInvalida;
  if (!isExpiryValid(values.expiry, now)) errors.expiry = MSG_PAGOS.vencimientoInvalido;
  if (!new RegExp(`^\\d{${TARJETA.cvcMin},${TARJETA.cvcMax}}$`).test(values.cvc))
    errors.cvc = MSG_PAGOS.cvcInvalido;
  const holder = values.holderName.trim();
  if (!holder) errors.holderName = MSG_PAGOS.titularRequerido;
  else if (holder.length < TARJETA.titularMin) errors.holderName = MSG_PAGOS.titularCorto;
  return errors;
}

/** The gateway's card-token body (`POST /tokens/cards`): digits, two-digit month and year, trimmed holder. */
export function toCardTokenRequest(values: TCardValues) {
  const [month = '', year = ''] = values.expiry.split('/');
  return {
    number: onlyDigits(values.number),
    cvc: values.cvc,
    exp_month: month,
    exp_year: year,
    card_holder: values.holderName.trim(),
  };
}
