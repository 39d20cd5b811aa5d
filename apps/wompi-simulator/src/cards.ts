import type { TWompiCardTokenRequest } from '@radica/contracts/wompi';
import { isLuhnValid } from '@radica/contracts/cards';
import { relojBogota } from '@radica/contracts/bogota';

export { isLuhnValid };

/**
 * Card rules of the simulated `POST /v1/tokens/cards`. The full number and the CVC are read here and never leave:
 * callers keep only `cardOutcome`, `cardBrand` and the last four digits.
 */

/** Sandbox cards (docs.wompi.co "Datos de prueba en Sandbox"): any other valid card ends in ERROR. */
export const SANDBOX_APPROVED_CARD = '4242424242424242';
export const SANDBOX_DECLINED_CARD = '4111111111111111';

/** Final status a sandbox payment reaches (never PENDING or VOIDED). */
export type TSandboxOutcome = 'APPROVED' | 'DECLINED' | 'ERROR';

export type TCardBrand = 'VISA' | 'MASTERCARD' | 'AMEX' | 'DINERS' | 'DISCOVER' | 'UNKNOWN';


/**
 * The card network of a number by its leading digits (IIN ranges published by each network): VISA 4; MASTERCARD
 * 51–55 and 2221–2720; AMEX 34, 37; DINERS 300–305, 36, 38; DISCOVER 6011, 65. Anything else is `UNKNOWN`.
 */
export function cardBrand(digits: string): TCardBrand {
  const two = Number(digits.slice(0, 2));
  const three = Number(digits.slice(0, 3));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'VISA';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'MASTERCARD';
  if (two === 34 || two === 37) return 'AMEX';
  if ((three >= 300 && three <= 305) || two === 36 || two === 38) return 'DINERS';
  if (four === 6011 || two === 65) return 'DISCOVER';
  return 'UNKNOWN';
}

/** The status a payment with this (valid) card reaches in the sandbox: 4242… APPROVED, 4111… DECLINED, else ERROR. */
export function cardOutcome(digits: string): TSandboxOutcome {
  if (digits === SANDBOX_APPROVED_CARD) return 'APPROVED';
  if (digits === SANDBOX_DECLINED_CARD) return 'DECLINED';
  return 'ERROR';
}

/**
 * Checks a card-token request the way the gateway's tokenizer does: number of 13–19 digits passing Luhn, month
 * "01"–"12", two-digit year, not expired at `now` (valid through the last day of its month, Bogotá time), CVC of 3–4
 * digits, holder name of at least 5 characters.
 * @returns Spanish messages per field (`{ number: [...] }`); empty when the card is acceptable.
 */
export function validateCardRequest(card: TWompiCardTokenRequest, now: Date): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  const add = (field: string, text: string) => (messages[field] ??= []).push(text);

  if (!/^\d{13,19}$/.test(card.number))
    add('number', 'El número de tarjeta debe tener entre 13 y 19 dígitos, sin espacios.');
  else if (!isLuhnValid(card.number))
    add('number', 'El número de tarjeta no es válido (falla el dígito de control Luhn).');

  const isMonthValid = /^(0[1-9]|1[0-2])$/.test(card.exp_month);
  const isYearValid = /^\d{2}$/.test(card.exp_year);
  if (!isMonthValid) add('exp_month', 'El mes de vencimiento debe tener dos dígitos, de 01 a 12.');
  if (!isYearValid) add('exp_year', 'El año de vencimiento debe tener dos dígitos.');
  if (isMonthValid && isYearValid) {
    // A card "expires" at the end of its month, Bogotá time.
    const bogota = relojBogota(now);
    const current = bogota.getUTCFullYear() * 12 + bogota.getUTCMonth();
    const expiry = (2000 + Number(card.exp_year)) * 12 + (Number(card.exp_month) - 1);
    if (expiry < current) add('exp_year', 'La tarjeta está vencida.');
  }

  if (!/^\d{3,4}$/.test(card.cvc)) add('cvc', 'El código de seguridad (CVC) debe tener 3 o 4 dígitos.');
  if (card.card_holder.trim().length < 5)
    add('card_holder', 'El nombre del titular debe tener al menos 5 caracteres.');
  return messages;
}
