import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TBillingData, TSelectedPlan } from '@radica/contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { formatCop } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useMerchant } from '../api/get-merchant';
import { usePaymentConfig } from '../api/get-payment-config';
import { LegalConsent } from '../../../components/legal-consent';
import { BillingSummary } from '../components/billing-summary';
import { CheckoutShell } from '../components/checkout-shell';
import { CouponSection } from '../components/coupon-section';
import { OrderSummary } from '../components/order-summary';
import { PaymentMethodFields } from '../components/payment-method-fields';
import { PaymentMethodSelector } from '../components/payment-method-selector';
import { SandboxTestData } from '../components/sandbox-test-data';
import { usePay } from '../hooks/use-pay';
import { usePaymentFields } from '../hooks/use-payment-fields';
import { readBillingData, readSelectedPlan, writeSelectedPlan } from '../utils/purchase-storage';

/**
 * /billing/payment (seed 002 §2 "Payment"): without a stored plan or billing data → /billing/cart. Billing summary
 * with Edit, order summary (tax 0; an applied coupon stays), 'Pago instantáneo' with the four methods,
 * the gateway's two acceptances and, outside production, the sandbox data. Paying: the card goes only to the
 * gateway for a token; create-sale gets the token; then the bank's page (redirectUrl) or /billing/success.
 */
export function PaymentRoute() {
  const [selected, setSelected] = useState<TSelectedPlan | null>(readSelectedPlan);
  const [billing] = useState<TBillingData | null>(readBillingData);
  if (!selected || !billing) return <Navigate to="/billing/cart" replace />;
  return <PaymentPage selected={selected} onSelectedChange={setSelected} billing={billing} />;
}

function PaymentPage({
  selected,
  onSelectedChange,
  billing,
}: {
  selected: TSelectedPlan;
  onSelectedChange: (next: TSelectedPlan) => void;
  billing: TBillingData;
}) {
  const navigate = useNavigate();
  const config = usePaymentConfig();
  const merchant = useMerchant(config.data);
  const fields = usePaymentFields();
  const changeSelected = (next: TSelectedPlan) => {
    onSelectedChange(next);
    writeSelectedPlan(next);
  };
  const { onPay, isPaying, failure, setFailure, failureRef, priceNotice, priceNoticeRef } = usePay({
    selected,
    billing,
    changeSelected,
    config: config.data,
    merchant: merchant.data,
    fields,
  });
  const total = formatCop(selected.amount);

  return (
    <CheckoutShell step={2} title="Completa tu pago">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="min-w-0 space-y-6">
          <BillingSummary billing={billing} />
          <Card aria-labelledby="instant-payment-title">
            <CardHeader id="instant-payment-title" title={MSG_PAGOS.pagoInstantaneo} />
            <CardBody>
              <form
                noValidate
                onSubmit={(e) => void onPay(e)}
                className="space-y-5"
                aria-label={MSG_PAGOS.pagoInstantaneo}
              >
                {failure && (
                  <div ref={failureRef} tabIndex={-1} className="outline-none">
                    <Alert tone="error">{failure}</Alert>
                  </div>
                )}
                {config.isError && (
                  <Alert tone="error">{getErrorMessage(config.error, MSG_PAGOS.pasarelaNoDisponible)}</Alert>
                )}
                <PaymentMethodSelector
                  value={fields.method}
                  disabled={isPaying}
                  onChange={(next) => {
                    fields.onMethodChange(next);
                    setFailure(null);
                  }}
                />
                <PaymentMethodFields
                  fields={fields}
                  config={config.data}
                  merchant={merchant}
                  isPaying={isPaying}
                />
                <LegalConsent action="compra" />
                {config.data && config.data.environment !== 'production' && <SandboxTestData />}
                <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
                  <Button variant="secondary" onClick={() => navigate('/billing/info')} disabled={isPaying}>
                    Volver
                  </Button>
                  <Button type="submit" isLoading={isPaying} disabled={!merchant.data}>
                    {isPaying ? MSG_PAGOS.procesando : MSG_PAGOS.pagar(total)}
                  </Button>
                </div>
              </form>
            </CardBody>
          </Card>
        </div>
        <aside aria-label="Resumen" className="lg:sticky lg:top-6 lg:self-start">
          <OrderSummary
            selected={selected}
            taxMode="zero"
            notice={
              priceNotice && (
                <div ref={priceNoticeRef} tabIndex={-1} className="outline-none">
                  <Alert tone="info">{priceNotice}</Alert>
                </div>
              )
            }
            coupon={
              <CouponSection
                selected={selected}
                productoTitulo={selected.plan.name}
                onChange={changeSelected}
                canRemove={false}
              />
            }
          />
        </aside>
      </div>
    </CheckoutShell>
  );
}
