import { useRef, useState } from 'react';
import { TicketPercent } from 'lucide-react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TSelectedPlan } from '@radica/contracts/payments';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/form-field';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useValidateCoupon } from '../api/validate-coupon';

/** The selection with a server quote applied (seed 002 §4: the price becomes the coupon's fixed value). */
export function applyCouponQuote(
  selected: TSelectedPlan,
  quote: { couponCode: string; originalPrice: number; discountAmount: number; finalPrice: number },
): TSelectedPlan {
  return {
    ...selected,
    amount: quote.finalPrice,
    couponApplied: quote.couponCode,
    originalPrice: quote.originalPrice,
    discountAmount: quote.discountAmount,
  };
}

/** The selection without a coupon (Remover, or a rejected code). */
export function removeCoupon(selected: TSelectedPlan): TSelectedPlan {
  return { ...selected, amount: selected.originalPrice, couponApplied: null, discountAmount: 0 };
}

/**
 * Coupon (seed 002 §2, §4): '¿Tienes un código de cupón?' opens the input; Aplicar (disabled when empty, Enter also
 * applies) asks the server; an unknown code shows 'Código de cupón inválido' inline and resets the coupon; the
 * applied state shows Remover unless `canRemove` is false (payment page).
 */
export function CouponSection({
  selected,
  productoTitulo,
  onChange,
  canRemove,
}: {
  selected: TSelectedPlan;
  productoTitulo: string;
  onChange: (next: TSelectedPlan) => void;
  canRemove: boolean;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const validateCoupon = useValidateCoupon();

  const onApply = async () => {
    const couponCode = code.trim();
    if (!couponCode || validateCoupon.isPending) return;
    setError(null);
    try {
      const quote = await validateCoupon.mutateAsync({ couponCode, productoTitulo });
      onChange(applyCouponQuote(selected, quote));
      setCode('');
      setIsOpen(false);
    } catch (failure) {
      const isInvalid = failure instanceof HttpError && failure.code === 'COUPON_INVALID';
      setError(isInvalid ? MSG_PAGOS.cuponInvalido : getErrorMessage(failure, MSG_PAGOS.cuponInvalido));
      setCode('');
      onChange(removeCoupon(selected));
      inputRef.current?.focus();
    }
  };

  if (selected.couponApplied) {
    return (
      <CuponAplicado
        couponCode={selected.couponApplied}
        onRemove={canRemove ? () => onChange(removeCoupon(selected)) : null}
      />
    );
  }

  if (!isOpen) {
    return (
      <div className="space-y-1">
        <button
          type="button"
          aria-expanded={false}
          onClick={() => {
            setIsOpen(true);
            setError(null);
          }}
          className="rounded-md text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300"
        >
          {MSG_PAGOS.cuponPregunta}
        </button>
      </div>
    );
  }

  return (
    <div className="space-y-2">
      <label htmlFor="coupon-code" className="text-sm font-medium text-slate-700">
        Código de cupón
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          ref={inputRef}
          id="coupon-code"
          autoFocus
          autoComplete="off"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'coupon-code-error' : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setError(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void onApply();
            }
          }}
          className="min-w-0 flex-1"
        />
        <Button
          variant="secondary"
          onClick={() => void onApply()}
          disabled={!code.trim()}
          isLoading={validateCoupon.isPending}
        >
          {MSG_PAGOS.cuponAplicar}
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setIsOpen(false);
            setCode('');
            setError(null);
          }}
        >
          {MSG_MINISTERIO.cancelAction}
        </Button>
      </div>
      {error && (
        <p id="coupon-code-error" role="alert" className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** The applied coupon's line, with 'Remover' when `onRemove` is given. */
function CuponAplicado({ couponCode, onRemove }: { couponCode: string; onRemove: (() => void) | null }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-300">
      <span className="flex items-center gap-2">
        <TicketPercent aria-hidden="true" className="size-4" />
        Cupón <span className="font-mono font-semibold">{couponCode}</span> aplicado
      </span>
      {onRemove && (
        <Button variant="ghost" size="sm" onClick={onRemove}>
          {MSG_PAGOS.cuponRemover}
        </Button>
      )}
    </div>
  );
}
