import { useEffect, useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import type { TBillingPrefill, TSelectedPlan } from '@radica/contracts/payments';
import { Card, CardBody } from '../../../components/ui/card';
import { LoadingScreen } from '../../../components/ui/spinner';
import { useSession } from '../../../lib/session';
import { useBillingPrefill } from '../api/get-billing-prefill';
import { BillingForm } from '../components/billing-form';
import { CheckoutShell } from '../components/checkout-shell';
import { CouponSection } from '../components/coupon-section';
import { OrderSummary } from '../components/order-summary';
import {
  EMPTY_BILLING_FORM,
  fromBillingData,
  splitFullName,
  toBillingData,
  type TBillingFormValues,
} from '../utils/billing-form';
import {
  clearBillingReturn,
  planIdOf,
  readBillingData,
  readSelectedPlan,
  writeBillingData,
  writeSelectedPlan,
} from '../utils/purchase-storage';

/**
 * The form's first values: the stored billing data (back with Edit); else, for a signed-in buyer, the server's prefill
 * (the company's last purchase, else the account's names as registered, phone, address and city); else the
 * signed-in user's name and e-mail.
 */
export function initialBillingValues(
  user: { name: string; email: string } | null,
  prefill: TBillingPrefill | null = null,
): TBillingFormValues {
  const stored = readBillingData();
  if (stored) return fromBillingData(stored);
  if (!user) return EMPTY_BILLING_FORM;
  const fallback = { ...EMPTY_BILLING_FORM, ...splitFullName(user.name), email: user.email };
  if (!prefill) return fallback;
  const values = fromBillingData(prefill.datos);
  return {
    ...values,
    firstName: values.firstName || fallback.firstName,
    lastName: values.firstName ? values.lastName : fallback.lastName,
    email: values.email || fallback.email,
  };
}

/**
 * /billing/info (seed 002 §2 "Billing info"): step 1 of 2. Without a stored plan → /billing/cart. Billing form and
 * order summary with the coupon. Continue stores the billing data and the plan with its final price, shows
 * 'Procesando...' and goes to /billing/payment; back goes to the cart.
 */
export function BillingInfoRoute() {
  const session = useSession();
  const [selected, setSelected] = useState<TSelectedPlan | null>(readSelectedPlan);
  const [isSaving, setIsSaving] = useState(false);
  const navigate = useNavigate();
  const isAuthenticated = session.status === 'authenticated';
  const prefill = useBillingPrefill(isAuthenticated && readBillingData() === null);

  // The return address that brought a guest back here after signing in has done its job.
  useEffect(() => {
    if (isAuthenticated) clearBillingReturn();
  }, [isAuthenticated]);

  if (!selected) return <Navigate to="/billing/cart" replace />;
  if (session.status === 'loading') return <LoadingScreen text={MSG.uiVerifyingSession} />;
  if (prefill.isLoading) return <LoadingScreen text={MSG.uiLoading} />;

  const cartPath = `/billing/cart?plan=${planIdOf(selected) ?? 'profesional'}`;
  const onSubmit = (values: TBillingFormValues) => {
    setIsSaving(true);
    writeBillingData(toBillingData(values));
    writeSelectedPlan(selected);
    navigate('/billing/payment');
  };

  return (
    <CheckoutShell step={1} title="Información de facturación">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card>
          <CardBody className="py-5">
            <BillingForm
              initialValues={initialBillingValues(session.user, prefill.data ?? null)}
              isSubmitting={isSaving}
              onSubmit={onSubmit}
              onBack={() => navigate(cartPath)}
            />
          </CardBody>
        </Card>
        <aside aria-label="Resumen" className="lg:sticky lg:top-6 lg:self-start">
          <OrderSummary
            selected={selected}
            taxMode="pending"
            coupon={
              <CouponSection
                selected={selected}
                productoTitulo={selected.plan.name}
                onChange={setSelected}
                canRemove
              />
            }
          />
        </aside>
      </div>
    </CheckoutShell>
  );
}
