import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBillingPrefill, type TBillingPrefill } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * GET /api/payment/datos-facturacion → the billing form's first values for a signed-in administrator: the
 * company's last purchase, else the account (names as registered, phone, address, city). Throws HttpError.
 */
export async function getBillingPrefill(signal?: AbortSignal): Promise<TBillingPrefill> {
  const envelope = await apiCall(routes.pagos.datosFacturacion, {}, { signal });
  return ZBillingPrefill.parse(envelope.data);
}

export const billingPrefillQuery = (isEnabled: boolean) =>
  queryOptions({
    queryKey: ['payment-billing-prefill'] as const,
    queryFn: ({ signal }) => getBillingPrefill(signal),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Only asked for a signed-in buyer; a failure leaves the form to the session's name and e-mail. */
export function useBillingPrefill(isEnabled: boolean) {
  return useQuery(billingPrefillQuery(isEnabled));
}
