import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { ZCouponQuote, ZValidateCouponRequest, type TCouponQuote } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

export type TValidateCouponRequest = z.input<typeof ZValidateCouponRequest>;

/**
 * POST /api/payment/validate-coupon → the server's quote (original, discount, final price). Throws HttpError; an
 * unknown code is 400 COUPON_INVALID 'Código de cupón inválido' (seed 002 §4).
 */
export async function validateCoupon(body: TValidateCouponRequest): Promise<TCouponQuote> {
  const envelope = await apiCall(routes.pagos.validarCupon, { body });
  return ZCouponQuote.parse(envelope.data);
}

export function useValidateCoupon() {
  return useMutation({ mutationFn: validateCoupon });
}
