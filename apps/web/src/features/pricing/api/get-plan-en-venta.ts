import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZPaymentConfig, type TPaymentConfig } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * GET /api/payment/config (public): the plan sold online with the price the sale charges (the server's catalogue,
 * contracts PLANES). Same query key and shape as the purchase's own call, so the cart reuses the answer.
 */
export async function getPlanEnVenta(signal?: AbortSignal): Promise<TPaymentConfig> {
  const envelope = await apiCall(routes.pagos.configuracion, {}, { signal });
  return ZPaymentConfig.parse(envelope.data);
}

export const planEnVentaQuery = () =>
  queryOptions({
    queryKey: ['payment-config'] as const,
    queryFn: ({ signal }) => getPlanEnVenta(signal),
    staleTime: 5 * 60_000,
  });

export function usePlanEnVenta() {
  return useQuery(planEnVentaQuery());
}
