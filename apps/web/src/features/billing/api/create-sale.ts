import { useMutation } from '@tanstack/react-query';
import {
  ZCreateSaleResponse,
  type TCreateSaleRequest,
  type TCreateSaleResponse,
} from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/payment/create-sale (guests and signed-in users; seed 002 §7) → `{ success, message, paymentResult,
 * saleData }` at the top level. Throws HttpError: 409 PRICE_CHANGED when `expectedTotal` is not the server's
 * price, 400 ACCEPTANCE_REQUIRED, 422 GATEWAY_REJECTED, 502 GATEWAY_UNAVAILABLE…
 */
export async function createSale(body: TCreateSaleRequest): Promise<TCreateSaleResponse> {
  const answer = await apiCall(routes.pagos.crearVenta, { body });
  return ZCreateSaleResponse.parse(answer);
}

export function useCreateSale() {
  return useMutation({ mutationFn: createSale });
}
