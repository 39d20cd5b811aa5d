import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaymentConfig, type TPaymentConfig } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

/** GET /api/payment/config (public): the gateway base the browser calls, its public key, environment and plan price. */
export async function getPaymentConfig(signal?: AbortSignal): Promise<TPaymentConfig> {
  const envelope = await apiCall(routes.pagos.configuracion, {}, { signal });
  return ZPaymentConfig.parse(envelope.data);
}

export const paymentConfigQuery = () =>
  queryOptions({
    queryKey: ['payment-config'] as const,
    queryFn: ({ signal }) => getPaymentConfig(signal),
    staleTime: 5 * 60_000,
  });

export function usePaymentConfig() {
  return useQuery(paymentConfigQuery());
}
