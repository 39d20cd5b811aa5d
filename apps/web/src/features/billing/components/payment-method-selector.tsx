import { Building2, CreditCard, Landmark, Smartphone } from 'lucide-react';
import type { TPaymentMethodType } from '@radica/contracts/payments';
import { cn } from '../../../lib/cn';
import { PAYMENT_METHODS } from '../utils/payment-method';

const ICONS = {
  CARD: CreditCard,
  PSE: Landmark,
  NEQUI: Smartphone,
  BANCOLOMBIA_TRANSFER: Building2,
} as const;

/**
 * The visible method selector (the seed shows only the card): native radio buttons, so arrow keys move
 * between methods and the choice is announced.
 */
export function PaymentMethodSelector({
  value,
  onChange,
  disabled,
}: {
  value: TPaymentMethodType;
  onChange: (method: TPaymentMethodType) => void;
  disabled?: boolean;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-medium text-slate-700">Método de pago</legend>
      <div className="grid grid-cols-2 gap-2 lg:grid-cols-4">
        {PAYMENT_METHODS.map((method) => {
          const Icon = ICONS[method.type];
          const isSelected = method.type === value;
          return (
            <label
              key={method.type}
              className={cn(
                'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border px-2 py-3 text-center text-sm transition-colors',
                'has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-brand-600',
                isSelected
                  ? 'border-brand-600 bg-brand-50 font-medium text-brand-800 dark:bg-brand-900/40 dark:text-brand-200'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              <input
                type="radio"
                name="payment-method"
                value={method.type}
                checked={isSelected}
                onChange={() => onChange(method.type)}
                className="sr-only"
              />
              <Icon aria-hidden="true" className="size-5" />
              {method.label}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
