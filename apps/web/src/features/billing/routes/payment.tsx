import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG } from '@radica/contracts/messages';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type {
  TBillingData,
  TPaymentMethod,
  TPaymentMethodType,
  TSelectedPlan,
} from '@radica/contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCop } from '../../../lib/format';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useCreateCardToken } from '../api/create-card-token';
import { useCreateSale } from '../api/create-sale';
import { GatewayError } from '../api/gateway-client';
import { useMerchant } from '../api/get-merchant';
import { paymentConfigQuery, usePaymentConfig } from '../api/get-payment-config';
import { usePseInstitutions } from '../api/get-pse-institutions';
import { LegalConsent } from '../../../components/legal-consent';
import { ACCEPTANCE_FIELD_ID, AcceptanceChecks } from '../components/acceptance-checks';
import { BillingSummary } from '../components/billing-summary';
import { CARD_FIELD_IDS, CardForm } from '../components/card-form';
import { CheckoutShell } from '../components/checkout-shell';
import { CouponSection } from '../components/coupon-section';
import { NEQUI_FIELD_ID, NequiForm } from '../components/nequi-form';
import { OrderSummary } from '../components/order-summary';
import { PaymentMethodSelector } from '../components/payment-method-selector';
import { PSE_FIELD_IDS, PseForm } from '../components/pse-form';
import { SandboxTestData } from '../components/sandbox-test-data';
import { toCardTokenRequest, validateCard, type TCardErrors, type TCardValues } from '../utils/card';
import {
  DEFAULT_PSE_VALUES,
  paymentFailureText,
  validateNequiPhone,
  validatePse,
  type TPseErrors,
  type TPseValues,
} from '../utils/payment-method';
import {
  readBillingData,
  readSelectedPlan,
  selectPlan,
  writeSaleData,
  writeSelectedPlan,
} from '../utils/purchase-storage';
import { buildSaleRequest } from '../utils/sale-request';

const EMPTY_CARD: TCardValues = { number: '', expiry: '', cvc: '', holderName: '' };

type TErrors = { card: TCardErrors; pse: TPseErrors; nequi?: string; acceptance?: string };
const NO_ERRORS: TErrors = { card: {}, pse: {} };

/** The text of a failed payment step: the gateway's or the API's own message, else 'Error desconocido'. */
function failureMessage(error: unknown): string {
  if (error instanceof GatewayError) return error.message;
  return getErrorMessage(error);
}

/**
 * /billing/payment (seed 002 §2 "Payment"): without a stored plan or billing data → /billing/cart. Billing summary
 * with Edit, order summary (tax 0; an applied coupon stays), 'Pago instantáneo' with the four methods (issue 11),
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
  const queryClient = useQueryClient();
  const config = usePaymentConfig();
  const merchant = useMerchant(config.data);
  const [method, setMethod] = useState<TPaymentMethodType>('CARD');
  const pseInstitutions = usePseInstitutions(config.data, method === 'PSE');
  const createCardToken = useCreateCardToken();
  const createSale = useCreateSale();

  const [card, setCard] = useState<TCardValues>(EMPTY_CARD);
  const [pse, setPse] = useState<TPseValues>(DEFAULT_PSE_VALUES);
  const [nequiPhone, setNequiPhone] = useState('');
  const [accepted, setAccepted] = useState({ terms: false, personalData: false });
  const [errors, setErrors] = useState<TErrors>(NO_ERRORS);
  const [failure, setFailure] = useState<string | null>(null);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const isPayingRef = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const priceNoticeRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (priceNotice) priceNoticeRef.current?.focus();
  }, [priceNotice]);

  const changeSelected = (next: TSelectedPlan) => {
    onSelectedChange(next);
    writeSelectedPlan(next);
  };

  /** Errors of the chosen method and the acceptances, and the id of the first invalid control. */
  const validate = (): { found: TErrors; firstInvalid: string | null } => {
    const found: TErrors = { card: {}, pse: {} };
    const ids: string[] = [];
    if (method === 'CARD') {
      found.card = validateCard(card);
      for (const field of ['number', 'expiry', 'cvc', 'holderName'] as const)
        if (found.card[field]) ids.push(CARD_FIELD_IDS[field]);
    } else if (method === 'PSE') {
      found.pse = validatePse(pse);
      if (found.pse.documentNumber) ids.push(PSE_FIELD_IDS.documentNumber);
      if (found.pse.institution) ids.push(PSE_FIELD_IDS.institution);
    } else if (method === 'NEQUI') {
      found.nequi = validateNequiPhone(nequiPhone) ?? undefined;
      if (found.nequi) ids.push(NEQUI_FIELD_ID);
    }
    if (!accepted.terms || !accepted.personalData) {
      found.acceptance = MSG_PAGOS.aceptacionRequerida;
      ids.push(accepted.terms ? 'accept-personal-data' : ACCEPTANCE_FIELD_ID);
    }
    return { found, firstInvalid: ids[0] ?? null };
  };

  const paymentMethodOf = async (): Promise<TPaymentMethod> => {
    switch (method) {
      case 'CARD': {
        const token = await createCardToken.mutateAsync({
          config: config.data!,
          card: toCardTokenRequest(card),
        });
        return { type: 'CARD', cardData: { token: token.id, installments: 1 } };
      }
      case 'PSE':
        return { type: 'PSE', pseData: { ...pse, documentNumber: pse.documentNumber.trim() } };
      case 'NEQUI':
        return { type: 'NEQUI', nequiData: { phoneNumber: nequiPhone } };
      case 'BANCOLOMBIA_TRANSFER':
        return { type: 'BANCOLOMBIA_TRANSFER' };
    }
  };

  /**
   * 409 PRICE_CHANGED or COUPON_ALREADY_USED: take the server's current price (coupon dropped) and show its message by
   * the summary.
   */
  const onPriceChanged = async (message: string) => {
    const fresh = await queryClient.fetchQuery({ ...paymentConfigQuery(), staleTime: 0 }).catch(() => null);
    const price = fresh?.plan.yearlyPrice ?? selected.originalPrice;
    changeSelected(selectPlan({ name: selected.plan.name, yearlyPrice: price }));
    setPriceNotice(message);
  };

  const onPay = async (event: FormEvent) => {
    event.preventDefault();
    if (isPayingRef.current) return;
    setFailure(null);
    setPriceNotice(null);
    const { found, firstInvalid } = validate();
    setErrors(found);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    if (!config.data || !merchant.data) {
      setFailure(paymentFailureText(method, MSG_PAGOS.pasarelaNoDisponible));
      return;
    }
    isPayingRef.current = true;
    setIsPaying(true);
    try {
      const paymentMethod = await paymentMethodOf();
      const result = await createSale.mutateAsync(
        buildSaleRequest({
          selected,
          billing,
          paymentMethod,
          acceptanceToken: merchant.data.presigned_acceptance.acceptance_token,
          acceptPersonalAuth: merchant.data.presigned_personal_data_auth.acceptance_token,
        }),
      );
      writeSaleData(result);
      const { redirectUrl, reference } = result.paymentResult;
      if (redirectUrl) {
        window.location.assign(redirectUrl);
        return;
      }
      navigate(`/billing/success?reference=${encodeURIComponent(reference)}`);
    } catch (error) {
      isPayingRef.current = false;
      setIsPaying(false);
      // A price the server no longer gives, or a coupon the company already used (issue 26): the full price, and why.
      if (error instanceof HttpError && (error.code === 'PRICE_CHANGED' || error.code === 'COUPON_ALREADY_USED'))
        await onPriceChanged(error.message);
      else setFailure(paymentFailureText(method, failureMessage(error)));
    }
  };

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
                  value={method}
                  disabled={isPaying}
                  onChange={(next) => {
                    setMethod(next);
                    setErrors(NO_ERRORS);
                    setFailure(null);
                  }}
                />
                <fieldset disabled={isPaying} className="space-y-5">
                  <legend className="sr-only">Datos del pago</legend>
                  {method === 'CARD' && (
                    <CardForm
                      values={card}
                      errors={errors.card}
                      onChange={(field, value) => {
                        setCard((current) => ({ ...current, [field]: value }));
                        setErrors((current) => ({
                          ...current,
                          card: { ...current.card, [field]: undefined },
                        }));
                      }}
                    />
                  )}
                  {method === 'PSE' && (
                    <PseForm
                      values={pse}
                      errors={errors.pse}
                      institutions={pseInstitutions.data?.institutions ?? []}
                      isLoadingInstitutions={pseInstitutions.isLoading}
                      isFallback={pseInstitutions.data?.isFallback ?? false}
                      onChange={(field, value) => {
                        setPse((current) => ({ ...current, [field]: value }));
                        setErrors((current) => ({
                          ...current,
                          pse: { ...current.pse, [field]: undefined },
                        }));
                      }}
                    />
                  )}
                  {method === 'NEQUI' && (
                    <NequiForm
                      phoneNumber={nequiPhone}
                      error={errors.nequi}
                      onChange={(value) => {
                        setNequiPhone(value);
                        setErrors((current) => ({ ...current, nequi: undefined }));
                      }}
                    />
                  )}
                  {method === 'BANCOLOMBIA_TRANSFER' && (
                    <p className="text-sm text-slate-600">{MSG_PAGOS.bancolombiaPista}</p>
                  )}
                  {merchant.data ? (
                    <AcceptanceChecks
                      merchant={merchant.data}
                      accepted={accepted}
                      error={errors.acceptance}
                      onChange={(next) => {
                        setAccepted(next);
                        setErrors((current) => ({ ...current, acceptance: undefined }));
                      }}
                    />
                  ) : merchant.isError ? (
                    <Alert tone="error">{MSG_PAGOS.pasarelaSinAceptacion}</Alert>
                  ) : (
                    <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
                      <Spinner /> {MSG.uiLoading}
                    </p>
                  )}
                </fieldset>
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
