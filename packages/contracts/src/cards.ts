/**
 * Card-number arithmetic shared by the payment form (apps/web) and the gateway simulator: the Luhn check digit
 * (ISO/IEC 7812-1 Annex B). Brand rules differ on purpose (the form follows seed 002 §5, the simulator the networks'
 * IIN ranges), so they stay with each side.
 */

/** True when `digits` (digits only) passes the Luhn (mod 10) check; false for an empty or non-digit string. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
