import type { ReactNode } from 'react';
import { ShieldCheck } from 'lucide-react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TSelectedPlan } from '@radica/contracts/payments';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { formatCop } from '../../../lib/format';

/**
 * The order summary (seed 002 §2 "Billing info", "Payment"): plan name, 'Plan de 12 meses', price in COP without
 * decimals, discount line, taxes (the note before the address is known, 0 on the payment page), 'Total anual',
 * the coupon section and 'Pago seguro y protegido'.
 */
export function OrderSummary({
  selected,
  taxMode,
  coupon,
  notice,
}: {
  selected: TSelectedPlan;
  taxMode: 'pending' | 'zero';
  coupon?: ReactNode;
  /** Shown above the lines (the price-changed notice of the payment page). */
  notice?: ReactNode;
}) {
  return (
    <Card aria-labelledby="order-summary-title">
      <CardHeader id="order-summary-title" title="Resumen del pedido" />
      <CardBody className="space-y-4">
        {notice}
        <dl className="space-y-3 text-sm">
          <div className="flex items-start justify-between gap-4">
            <dt>
              <span className="block font-medium text-slate-900">Plan {selected.plan.name}</span>
              <span className="block text-xs text-slate-500">{MSG_PAGOS.plan12Meses}</span>
            </dt>
            <dd className="font-medium text-slate-900" data-testid="summary-price">
              {formatCop(selected.originalPrice)}
            </dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-600">
              Descuento
              {selected.couponApplied && (
                <span className="ml-1 font-mono text-xs">({selected.couponApplied})</span>
              )}
            </dt>
            <dd
              className={
                selected.discountAmount > 0 ? 'text-emerald-700 dark:text-emerald-400' : 'text-slate-600'
              }
              data-testid="summary-discount"
            >
              {selected.discountAmount > 0 ? `-${formatCop(selected.discountAmount)}` : formatCop(0)}
            </dd>
          </div>
          <div className="flex items-start justify-between gap-4">
            <dt className="text-slate-600">Impuestos</dt>
            <dd className="max-w-[60%] text-right text-slate-600">
              {taxMode === 'zero' ? formatCop(0) : <span className="text-xs">{MSG_PAGOS.impuestosNota}</span>}
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4 border-t border-slate-200 pt-3">
            <dt className="font-semibold text-slate-900">{MSG_PAGOS.totalAnual}</dt>
            <dd className="text-lg font-bold text-slate-900" data-testid="summary-total">
              {formatCop(selected.amount)}
            </dd>
          </div>
        </dl>
        {coupon}
        <p className="flex items-center gap-2 text-xs text-slate-500">
          <ShieldCheck aria-hidden="true" className="size-4 text-emerald-600" />
          {MSG_PAGOS.pagoSeguro}
        </p>
      </CardBody>
    </Card>
  );
}
