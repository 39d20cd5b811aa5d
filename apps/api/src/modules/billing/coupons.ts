import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TCouponQuote, TPlan } from '@radica/contracts/payments';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { expireStalePendingSales, findUsableCoupon, reserveCouponUse, upsertCoupon, type TCouponRow } from './repository.ts';

/** The gateway's smallest charge (COP): a coupon never brings a price below it. */
export const MIN_CHARGE_COP = 1_500;

/** Seed 002 §9: the launch coupon sets the price to a fixed 1 500 COP. Its code is configuration (PROMO_COUPON_CODE). */
export const PROMO_FINAL_PRICE_COP = 1_500;

/** A coupon code as stored and compared: trimmed, upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * How long a sale may stay PENDING before it is voided and gives its coupon use back (issue 24): the gateway keeps an
 * abandoned PSE or Bancolombia transfer pending with no expiry of its own, so Radica's is one hour.
 */
export const VENTA_PENDIENTE_VENCE_S = 3600;

/**
 * Voids the coupon's sales pending longer than VENTA_PENDIENTE_VENCE_S, giving their uses back: checked whenever the
 * coupon is quoted or reserved (state in the database, so every process sees the uses come back).
 */
async function liberarVencidas(deps: { db: TDb }, code: string): Promise<void> {
  await expireStalePendingSales(deps.db, { olderThanS: VENTA_PENDIENTE_VENCE_S, message: MSG_PAGOS.pagoVencido, couponCode: code });
}

/** The price of `plan` with `coupon` (COP, whole): FINAL_PRICE sets it, DISCOUNT takes its value off; never below MIN_CHARGE_COP. */
export function priceWith(plan: TPlan & { yearlyPrice: number }, coupon: Pick<TCouponRow, 'kind' | 'value' | 'code'> | null): TCouponQuote {
  const originalPrice = plan.yearlyPrice;
  if (!coupon) return { couponCode: '', originalPrice, discountAmount: 0, finalPrice: originalPrice };
  const raw = coupon.kind === 'FINAL_PRICE' ? coupon.value : originalPrice - coupon.value;
  const finalPrice = Math.min(originalPrice, Math.max(MIN_CHARGE_COP, raw));
  return { couponCode: coupon.code, originalPrice, discountAmount: originalPrice - finalPrice, finalPrice };
}

/**
 * POST /api/payment/validate-coupon (issue 11): the price the coupon gives, without taking a use (uses held by sales
 * pending over an hour come back first). Throws AppError 400
 * COUPON_INVALID 'Código de cupón inválido' (seed 002 §8) when the code is unknown, inactive, outside its window,
 * exhausted or for another plan.
 */
export async function quoteCoupon(deps: { db: TDb }, plan: TPlan & { yearlyPrice: number }, code: string): Promise<TCouponQuote> {
  await liberarVencidas(deps, normalizeCouponCode(code));
  const coupon = await findUsableCoupon(deps.db, normalizeCouponCode(code), plan.id);
  if (!coupon) throw new AppError('COUPON_INVALID', MSG_PAGOS.cuponInvalido);
  return priceWith(plan, coupon);
}

/**
 * Take one use of the coupon for a sale (atomic: concurrent sales never exceed `max_uses`). Throws AppError
 * COUPON_INVALID when none is left or the code is not usable. The use is given back if the sale does not end APPROVED.
 */
export async function reserveCoupon(deps: { db: TDb }, plan: TPlan & { yearlyPrice: number }, code: string): Promise<{ coupon: TCouponRow; quote: TCouponQuote }> {
  await liberarVencidas(deps, normalizeCouponCode(code));
  const coupon = await reserveCouponUse(deps.db, normalizeCouponCode(code), plan.id);
  if (!coupon) throw new AppError('COUPON_INVALID', MSG_PAGOS.cuponInvalido);
  return { coupon, quote: priceWith(plan, coupon) };
}

/** Create (or refresh) the launch coupon PROMO_COUPON_CODE at start-up: final price 1 500 COP, no end, no cap. */
export async function ensurePromoCoupon(deps: { db: TDb }, code: string | null): Promise<void> {
  if (!code) return;
  await upsertCoupon(deps.db, { code: normalizeCouponCode(code), kind: 'FINAL_PRICE', value: PROMO_FINAL_PRICE_COP, planId: null, active: true });
}

/** Create or update a coupon (operator command `npm run admin -- coupon`). */
export async function saveCoupon(
  deps: { db: TDb },
  input: { code: string; kind: 'FINAL_PRICE' | 'DISCOUNT'; value: number; planId?: string | null; validUntil?: Date | null; maxUses?: number | null },
): Promise<TCouponRow> {
  return upsertCoupon(deps.db, { ...input, code: normalizeCouponCode(input.code), active: true });
}
