import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZSale, type TSale } from '@radica/contracts/payments';
import { HttpError } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';
import { getTimings } from '../../../lib/timings';
import { isFinalStatus } from '../utils/sale-status';

/** GET /api/payment/sales/:reference (public by its reference) → the sale and its status. Throws HttpError (404). */
export async function getSale(reference: string, signal?: AbortSignal): Promise<TSale> {
  const envelope = await apiCall(routes.pagos.venta, { params: { reference } }, { signal });
  return ZSale.parse(envelope.data);
}

/**
 * The sale, asked again every `salePollMs` (2 s) while it is PENDING and `isPolling` (the success page stops after
 * 2 min and lets the buyer ask again). Stops on a final status or a 4xx answer (404: unknown reference); a
 * network failure does not stop it.
 */
export const saleQuery = (reference: string, isPolling: boolean) =>
  queryOptions({
    queryKey: ['payment-sale', reference] as const,
    queryFn: ({ signal }) => getSale(reference, signal),
    enabled: reference.length > 0,
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => {
      const sale = query.state.data;
      if (!isPolling || (sale && isFinalStatus(sale.status))) return false;
      const error = query.state.error;
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
      return getTimings().salePollMs;
    },
  });

export function useSale(reference: string, isPolling: boolean) {
  return useQuery(saleQuery(reference, isPolling));
}
