import { MSG } from '@radica/contracts/messages';

/** The symbols that count for the strength helper (seed 000 §5). */
export const PASSWORD_SYMBOLS = '!@#$%^&*()_+-[]{}|;:,.<>?';

export type PasswordStrength = {
  /** 0–5: length ≥ 8, a letter, a digit, a symbol, length ≥ 12. */
  score: number;
  /** All four requirements met (length 8, letter, digit, symbol). */
  isValid: boolean;
  /** Missing requirements, in Spanish ('al menos 8 caracteres', 'una letra'…). */
  missing: string[];
  /** 'La contraseña es obligatoria' | 'Falta: …' | 'Contraseña fuerte' | 'Contraseña válida'. */
  message: string;
};

/**
 * Registration password helper (seed 000 §5): score 0–5 (length 8, letter, digit, symbol from
 * !@#$%^&*()_+-[]{}|;:,.<>?, length 12); missing items reported as 'Falta: …'; when valid,
 * 'Contraseña fuerte' with score ≥ 4, else 'Contraseña válida'.
 */
export function evaluatePassword(password: string): PasswordStrength {
  if (!password) return { score: 0, isValid: false, missing: [], message: MSG.passwordObligatoria };
  const hasLength = password.length >= 8;
  const hasLetter = /[A-Za-zÀ-ÿ]/.test(password);
  const hasDigit = /\d/.test(password);
  const hasSymbol = [...password].some((c) => PASSWORD_SYMBOLS.includes(c));
  const isLong = password.length >= 12;
  const score = [hasLength, hasLetter, hasDigit, hasSymbol, isLong].filter(Boolean).length;
  const missing: string[] = [];
  if (!hasLength) missing.push('al menos 8 caracteres');
  if (!hasLetter) missing.push('una letra');
  if (!hasDigit) missing.push('un número');
  if (!hasSymbol) missing.push('un símbolo (!@#$%^&*…)');
  const isValid = missing.length === 0;
  const message = !isValid
    ? `Falta: ${missing.join(', ')}`
    : score >= 4
      ? MSG.passwordStrong
      : MSG.passwordValid;
  return { score, isValid, missing, message };
}
