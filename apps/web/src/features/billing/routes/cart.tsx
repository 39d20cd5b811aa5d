import { useEffect, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Check } from 'lucide-react';
import { toast } from 'sonner';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { MSG } from '@radica/contracts/messages';
import { PLANES, type TPlanId } from '@radica/contracts/payments';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatCop } from '../../../lib/format';
import { isSafePath } from '../../../lib/redirect-target';
import { useSession } from '../../../lib/session';
import { usePaymentConfig } from '../api/get-payment-config';
import { AccountRequiredModal } from '../components/account-required-modal';
import { CheckoutShell } from '../components/checkout-shell';
import { OrderSummary } from '../components/order-summary';
import { selectPlan, writeBillingReturn, writeSelectedPlan } from '../utils/purchase-storage';

/** Where the sales page lists the plans. */
export const PLANS_SECTION = { pathname: '/', hash: '#precios' } as const;

/** The plan of `?plan=` when it is sold online ('profesional'; absent means it); null for Business or unknown ids. */
export function purchasablePlan(planId: string | null) {
  const id = (planId ?? 'profesional') as TPlanId;
  const plan = Object.hasOwn(PLANES, id) ? PLANES[id] : undefined;
  if (!plan || plan.yearlyPrice === null) return null;
  return { ...plan, yearlyPrice: plan.yearlyPrice };
}

/**
 * /billing/cart?plan=profesional (seed 002 §2 "Cart"): plan and order summary. Back → `returnUrl` or '/'.
 * Continue stores the selected plan in the session, then goes to /billing/info when signed in, else opens the
 * modal offering login or register (which come back to /billing/info). No payment call here. The price is the
 * server's (GET /api/payment/config) once known.
 */
export function CartRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const config = usePaymentConfig();
  const [isModalOpen, setIsModalOpen] = useState(false);
  const plan = purchasablePlan(params.get('plan'));

  useEffect(() => {
    if (!plan) toast.error(MSG_PAGOS.planNoDisponible, { id: 'plan-no-disponible' });
  }, [plan]);

  if (!plan) return <Navigate to={PLANS_SECTION} replace state={{ message: MSG_PAGOS.planNoDisponible }} />;
  if (session.status === 'loading') return <LoadingScreen text={MSG.uiVerifyingSession} />;

  const serverPlan = config.data?.plan.id === plan.id ? config.data.plan : null;
  const selected = selectPlan({ name: plan.name, yearlyPrice: serverPlan?.yearlyPrice ?? plan.yearlyPrice });
  const returnUrl = params.get('returnUrl');

  const onContinue = () => {
    writeSelectedPlan(selected);
    if (session.status === 'authenticated') navigate('/billing/info');
    else setIsModalOpen(true);
  };

  return (
    <CheckoutShell title="Tu carrito">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card aria-labelledby="cart-plan-title">
          <CardHeader id="cart-plan-title" title={`Plan ${plan.name}`} description={plan.description} />
          <CardBody className="space-y-5">
            <p className="text-sm text-slate-600">
              <span className="text-2xl font-bold text-slate-900">{formatCop(selected.originalPrice)}</span> ·{' '}
              {MSG_PAGOS.plan12Meses}
            </p>
            <ul className="grid gap-2 text-sm text-slate-700 sm:grid-cols-2">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {feature}
                </li>
              ))}
            </ul>
            <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-between">
              <Button variant="secondary" onClick={() => navigate(isSafePath(returnUrl) ? returnUrl : '/')}>
                Volver
              </Button>
              <Button onClick={onContinue}>Continuar</Button>
            </div>
          </CardBody>
        </Card>
        <aside aria-label="Resumen" className="lg:sticky lg:top-6 lg:self-start">
          <OrderSummary selected={selected} taxMode="pending" />
        </aside>
      </div>
      <AccountRequiredModal
        isOpen={isModalOpen}
        onClose={() => setIsModalOpen(false)}
        onChoose={() => writeBillingReturn('/billing/info')}
      />
    </CheckoutShell>
  );
}
