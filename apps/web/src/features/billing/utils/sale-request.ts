import type {
  TBillingData,
  TCreateSaleRequest,
  TPaymentMethod,
  TSelectedPlan,
} from '@radica/contracts/payments';

/**
 * The create-sale body (seed 002 §7): plan name, billing data, payment method, the gateway acceptances, the total
 * shown (`expectedTotal`, checked by the server) and `discountInfo` only when a coupon lowers the price.
 */
export function buildSaleRequest({
  selected,
  billing,
  paymentMethod,
  acceptanceToken,
  acceptPersonalAuth,
}: {
  selected: TSelectedPlan;
  billing: TBillingData;
  paymentMethod: TPaymentMethod;
  acceptanceToken: string;
  acceptPersonalAuth: string;
}): TCreateSaleRequest {
  const hasDiscount = !!selected.couponApplied && selected.discountAmount > 0;
  return {
    productoTitulo: selected.plan.name,
    billingData: billing,
    paymentMethod,
    acceptanceToken,
    acceptPersonalAuth,
    expectedTotal: selected.amount,
    ...(hasDiscount
      ? {
          discountInfo: {
            couponCode: selected.couponApplied!,
            discountAmount: selected.discountAmount,
            originalPrice: selected.originalPrice,
            finalPrice: selected.amount,
          },
        }
      : {}),
  };
}
