import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { cn } from '../../../lib/cn';
import type { PasswordStrength } from '../utils/password-strength';

const BAR_COLORS = [
  'bg-red-500',
  'bg-red-500',
  'bg-amber-500',
  'bg-amber-500',
  'bg-emerald-500',
  'bg-emerald-600',
];

/**
 * Five bars for the 0–5 score and the helper text ('Falta: …', 'Contraseña fuerte'…). `isPristine` (nothing typed,
 * nothing submitted yet) shows the requirements instead of 'La contraseña es obligatoria' (the error
 * showed before the user had typed anything). `hideMessage`: the field shows the same words as its error, so the
 * meter keeps only its bars (one message under the field, not two).
 */
export function PasswordStrengthMeter({
  id,
  strength,
  isPristine = false,
  hideMessage = false,
}: {
  id: string;
  strength: PasswordStrength;
  isPristine?: boolean;
  hideMessage?: boolean;
}) {
  return (
    <div className="space-y-1">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span
            key={n}
            className={cn(
              'h-1.5 flex-1 rounded-full',
              n <= strength.score ? BAR_COLORS[strength.score] : 'bg-slate-200',
            )}
          />
        ))}
      </div>
      <p
        id={id}
        aria-live="polite"
        className={cn('text-xs', strength.isValid ? 'text-emerald-700' : 'text-slate-500', hideMessage && 'sr-only')}
      >
        {hideMessage ? '' : isPristine ? MSG_CUENTAS.passwordRequirementsHint : strength.message}
      </p>
    </div>
  );
}
