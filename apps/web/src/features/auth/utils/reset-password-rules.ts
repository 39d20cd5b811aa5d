import { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';

/** seed 000 §5 "Reset": code min 6, input max 10. */
export const RESET_CODE_MIN = 6;
export const RESET_CODE_MAX = 10;

/**
 * The reset form (seed 000 §5 "Reset"): e-mail required and valid; resetCode required ('El código de
 * recuperación es requerido'), ≥ 6 ('El código debe tener al menos 6 caracteres'), ≤ 10; newPassword ≥ 8 with a
 * lowercase, an uppercase and a digit; confirmPassword required ('Confirma tu nueva contraseña') and equal
 * ('Las contraseñas no coinciden').
 */
export const ZResetForm = z
  .object({
    email: z.string().trim().min(1, MSG.emailRequired).email(MSG.emailInvalid),
    resetCode: z
      .string()
      .trim()
      .min(1, MSG_CUENTAS.resetCodeRequired)
      .min(RESET_CODE_MIN, MSG_CUENTAS.resetCodeMin6)
      .max(RESET_CODE_MAX, MSG_CUENTAS.resetCodeMin6),
    newPassword: z
      .string()
      .min(8, MSG.passwordMin8)
      .max(200)
      .refine((v) => /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v), MSG_CUENTAS.resetPasswordRules),
    confirmPassword: z.string().min(1, MSG_CUENTAS.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG_CUENTAS.passwordsDoNotMatch,
  });
export type TResetForm = z.output<typeof ZResetForm>;

/**
 * Strength bars of the reset form: 0–5, one point each for length ≥ 8, a lowercase, an uppercase, a digit, and
 * a symbol or length ≥ 12.
 */
export function resetPasswordScore(password: string): number {
  if (!password) return 0;
  return [
    password.length >= 8,
    /[a-z]/.test(password),
    /[A-Z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password) || password.length >= 12,
  ].filter(Boolean).length;
}
