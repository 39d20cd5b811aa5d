import { describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { evaluatePassword } from './password-strength';

describe('evaluatePassword (seed 000 §5)', () => {
  it('asks for a password when empty', () => {
    expect(evaluatePassword('')).toMatchObject({
      score: 0,
      isValid: false,
      message: MSG.passwordObligatoria,
    });
  });

  it('scores length 8, letter, digit, symbol and length 12', () => {
    expect(evaluatePassword('a').score).toBe(1);
    expect(evaluatePassword('abcdefgh').score).toBe(2);
    expect(evaluatePassword('abcdefg1').score).toBe(3);
    expect(evaluatePassword('abcdef1!').score).toBe(4);
    expect(evaluatePassword('abcdefghi1!x').score).toBe(5);
    expect(evaluatePassword('12345678').score).toBe(2);
  });

  it("lists what is missing after 'Falta:'", () => {
    const result = evaluatePassword('abc');
    expect(result.isValid).toBe(false);
    expect(result.message).toBe('Falta: al menos 8 caracteres, un número, un símbolo (!@#$%^&*…)');
    expect(evaluatePassword('abcdefgh1').message).toBe('Falta: un símbolo (!@#$%^&*…)');
  });

  it('counts only the seed symbols', () => {
    expect(evaluatePassword('abcdefg1~').isValid).toBe(false);
    for (const symbol of '!@#$%^&*()_+-[]{}|;:,.<>?') {
      expect(evaluatePassword(`abcdefg1${symbol}`).isValid).toBe(true);
    }
  });

  it("says 'Contraseña fuerte' for a valid password (score ≥ 4)", () => {
    expect(evaluatePassword('Clave#2024')).toMatchObject({ isValid: true, message: MSG.passwordStrong });
    expect(evaluatePassword('Clave#Segura2024')).toMatchObject({
      isValid: true,
      score: 5,
      message: MSG.passwordStrong,
    });
  });
});
