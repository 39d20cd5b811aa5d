import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TBillingData, TPaymentConfig, TPaymentMethod, TSelectedPlan } from '@radica/contracts/payments';
import type { TWompiMerchant } from '@radica/contracts/wompi';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useCreateCardToken } from '../api/create-card-token';
import { useCreateSale } from '../api/create-sale';
import { GatewayError } from '../api/gateway-client';
import { paymentConfigQuery } from '../api/get-payment-config';
import { toCardTokenRequest } from '../utils/card';
import { paymentFailureText } from '../utils/payment-method';
import { selectPlan, writeSaleData } from '../utils/purchase-storage';
import { buildSaleRequest } from '../utils/sale-request';
import type { TPaymentFields } from './use-payment-fields';

/** The text of a failed payment step: the gateway's or the API's own message, else 'Error desconocido'. */
function failureMessage(error: unknown): string {
  if (error instanceof GatewayError) return error.message;
  return getErrorMessage(error);
}

/**
 * 'Pagar' (seed 002 §2 "Payment"): validates the form (focus on the first invalid control), then — once, however
 * often it is pressed — the card goes only to the gateway for a token, create-sale gets the token, and the browser
 * goes to the bank's page (redirectUrl) or /billing/success. A failure is shown (and focused) above the form; a
 * price the server no longer gives, or a coupon the company already used (409 PRICE_CHANGED / COUPON_ALREADY_USED),
 * takes the server's current price without coupon and shows its message by the summary (focused).
 */
export function usePay({
  selected,
  billing,
  changeSelected,
  config,
  merchant,
  fields,
}: {
  selected: TSelectedPlan;
  billing: TBillingData;
  changeSelected: (next: TSelectedPlan) => void;
  config: TPaymentConfig | undefined;
  merchant: TWompiMerchant | undefined;
  fields: TPaymentFields;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createCardToken = useCreateCardToken();
  const createSale = useCreateSale();
  const [failure, setFailure] = useState<string | null>(null);
  const [priceNotice, setPriceNotice] = useState<string | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const isPayingRef = useRef(false);
  const failureRef = useRef<HTMLDivElement>(null);
  const priceNoticeRef = useRef<HTMLDivElement>(null);
  const { method, card, pse, nequiPhone } = fields;

  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  useEffect(() => {
    if (priceNotice) priceNoticeRef.current?.focus();
  }, [priceNotice]);

  const paymentMethodOf = async (): Promise<TPaymentMethod> => {
    switch (method) {
      case 'CARD': {
        const token = await createCardToken.mutateAsync({
          config: config!,
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

  /** 409 PRICE_CHANGED or COUPON_ALREADY_USED: the server's current price (coupon dropped), and its message. */
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
    const { found, firstInvalid } = fields.validate();
    fields.setErrors(found);
    if (firstInvalid) {
      document.getElementById(firstInvalid)?.focus();
      return;
    }
    if (!config || !merchant) {
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
          acceptanceToken: merchant.presigned_acceptance.acceptance_token,
          acceptPersonalAuth: merchant.presigned_personal_data_auth.acceptance_token,
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
      // A price the server no longer gives, or a coupon the company already used: the full price, and why.
      if (
        error instanceof HttpError &&
        (error.code === 'PRICE_CHANGED' || error.code === 'COUPON_ALREADY_USED')
      )
        await onPriceChanged(error.message);
      else setFailure(paymentFailureText(method, failureMessage(error)));
    }
  };

  return { onPay, isPaying, failure, setFailure, failureRef, priceNotice, priceNoticeRef };
}
