import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TCouponQuote, TPlan } from '@radica/contracts/payments';
import type { TDb } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import {
  couponHeldByCompany,
  expireStalePendingSales,
  findTenantIdByUserEmail,
  findTenantNit,
  findUsableCoupon,
  releaseOrphanCouponUses,
  reserveCouponUse,
  upsertCoupon,
  type TQuery,
  type TCouponRow,
} from './repository.ts';

/** The gateway's smallest charge (COP): a coupon never brings a price below it. */
export const MIN_CHARGE_COP = 1_500;

/** Seed 002 §9: the launch coupon sets the price to a fixed 1 500 COP. Its code is configuration (PROMO_COUPON_CODE). */
export const PROMO_FINAL_PRICE_COP = 1_500;

/** A coupon code as stored and compared: trimmed, upper-case. */
export const normalizeCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * How long a sale may stay PENDING before it is voided and gives its coupon use back (docs/decisions/045): the gateway
 * keeps an abandoned PSE or Bancolombia transfer pending with no expiry of its own, and a bank's payment session lasts
 * minutes, so Radica's is 30 minutes. A payment approved later still grants (and takes the use again).
 */
export const VENTA_PENDIENTE_VENCE_S = 1800;

/**
 * Voids the coupon's sales pending longer than VENTA_PENDIENTE_VENCE_S, giving their uses back, before the coupon is
 * quoted or reserved: the buyer after an abandoned sale never waits for the sweep job (state in the database, so every
 * process sees the uses come back).
 */
async function liberarVencidas(q: TQuery, code: string): Promise<void> {
  await expireStalePendingSales(q, { olderThanS: VENTA_PENDIENTE_VENCE_S, message: MSG_PAGOS.pagoVencido, couponCode: code });
}

/**
 * The sweep job's work (every minute, billing/jobs.ts): every sale pending longer than VENTA_PENDIENTE_VENCE_S is
 * voided and gives its coupon use back, and a use still held by a sale that ended otherwise (a process died between
 * the two steps) is given back. Returns how many sales were voided and uses freed.
 */
export async function liberarCuponesRetenidos(deps: { db: TDb }): Promise<{ vencidas: number; huerfanas: number }> {
  const vencidas = await expireStalePendingSales(deps.db, { olderThanS: VENTA_PENDIENTE_VENCE_S, message: MSG_PAGOS.pagoVencido });
  return { vencidas: vencidas.length, huerfanas: await releaseOrphanCouponUses(deps.db) };
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
 * The company a coupon use counts for (a coupon serves a company once): the NIT of the buyer's tenant
 * ('nit:900123456', so a company registered twice is still one), 'tenant:<id>' when the tenant has no NIT; for a guest
 * the tenant of the account registered with the billing e-mail, else the e-mail itself ('correo:ana@ips.co').
 * Returns null when nothing identifies the buyer (a guest's quote, before any e-mail is known).
 */
export async function couponCompanyKey(deps: { db: TDb }, buyer: { tenantId: number | null; email: string | null }): Promise<string | null> {
  const email = buyer.email?.trim().toLowerCase() || null;
  const tenantId = buyer.tenantId ?? (email ? await findTenantIdByUserEmail(deps.db, email) : null);
  if (tenantId !== null) {
    const nit = (await findTenantNit(deps.db, tenantId))?.replace(/\D/g, '');
    return nit ? `nit:${nit}` : `tenant:${tenantId}`;
  }
  return email ? `correo:${email}` : null;
}

/**
 * POST /api/payment/validate-coupon: the price the coupon gives, without taking a use (uses held by sales
 * pending over an hour come back first). Throws AppError 400
 * COUPON_INVALID 'Código de cupón inválido' (seed 002 §8) when the code is unknown, inactive, outside its window,
 * exhausted or for another plan; 409 COUPON_ALREADY_USED when `companyKey` (couponCompanyKey) already holds a use of it
 * (create-sale's unique index decides between concurrent sales).
 */
export async function quoteCoupon(deps: { db: TDb }, plan: TPlan & { yearlyPrice: number }, code: string, companyKey: string | null = null): Promise<TCouponQuote> {
  await liberarVencidas(deps.db, normalizeCouponCode(code));
  const coupon = await findUsableCoupon(deps.db, normalizeCouponCode(code), plan.id);
  if (!coupon) throw new AppError('COUPON_INVALID', MSG_PAGOS.cuponInvalido);
  if (companyKey && (await couponHeldByCompany(deps.db, coupon.code, companyKey))) throw new AppError('COUPON_ALREADY_USED', MSG_PAGOS.cuponYaUsado);
  return priceWith(plan, coupon);
}

/** validate-coupon for a buyer: the quote of `code` for `plan`, checked against the signed-in buyer's company (tenantId). */
export async function quoteCouponFor(deps: { db: TDb }, plan: TPlan & { yearlyPrice: number }, code: string, tenantId: number | null): Promise<TCouponQuote> {
  const companyKey = tenantId !== null ? await couponCompanyKey(deps, { tenantId, email: null }) : null;
  return quoteCoupon(deps, plan, code, companyKey);
}

/**
 * Take one use of the coupon for a sale, in `tx` (the transaction that records the sale, so a use is never taken
 * without its sale): atomic, concurrent sales never exceed `max_uses`; uses held by sales pending longer than
 * VENTA_PENDIENTE_VENCE_S come back first. Throws AppError COUPON_INVALID when none is left or the code is not usable.
 * The use is given back if the sale does not end APPROVED.
 */
export async function reserveCoupon(tx: TQuery, plan: TPlan & { yearlyPrice: number }, code: string): Promise<{ coupon: TCouponRow; quote: TCouponQuote }> {
  await liberarVencidas(tx, normalizeCouponCode(code));
  const coupon = await reserveCouponUse(tx, normalizeCouponCode(code), plan.id);
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
