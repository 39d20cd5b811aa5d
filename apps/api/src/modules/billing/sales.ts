import { randomBytes } from 'node:crypto';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { PLAN_EN_LINEA, PLANES, MESES_PLAN, type TCreateSaleResponse, type TPlan, type TSale, type TSaleStatus } from '@radica/contracts/payments';
import type { TWompiPaymentMethod } from '@radica/contracts/wompi';
import { integritySignature } from '@radica/contracts/wompi-signatures';
import type { z } from 'zod';
import type { ZCreateSaleRequest } from '@radica/contracts/payments';
import type { TDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { bogotaYmd } from '@radica/contracts/bogota';
import { WompiError } from '../../integrations/wompi/client.ts';
import { couponCompanyKey, priceWith, quoteCoupon, reserveCoupon, VENTA_PENDIENTE_VENCE_S } from './coupons.ts';
import { applyTransaction } from './settlement.ts';
import { recordLegalAcceptance } from '../legal/service.ts';
import {
  claimStatusCheck,
  expireStalePendingSales,
  failSale,
  findSaleByReference,
  insertSale,
  isCouponCompanyConflict,
  releaseCouponUse,
  setSaleTransaction,
  type TSaleRow,
} from './repository.ts';

type TCreateSale = z.output<typeof ZCreateSaleRequest>;

/** How often the status call may ask the gateway about one pending sale (ms). */
const STATUS_CHECK_INTERVAL_MS = 2_000;
/** How long create-sale waits for the gateway to give the page of an asynchronous payment (PSE, Bancolombia). */
const ASYNC_URL_WAIT_MS = 5_000;

/** The plan sold online whose name (or id) is `titulo`; throws AppError PLAN_NOT_SOLD otherwise (Business is quoted). */
export function planForSale(titulo: string): TPlan & { yearlyPrice: number } {
  const wanted = titulo.trim().toLowerCase();
  const plan = Object.values(PLANES).find((p) => p.name.toLowerCase() === wanted || p.id === wanted);
  if (!plan || plan.id !== PLAN_EN_LINEA.id || plan.yearlyPrice === null) throw new AppError('PLAN_NOT_SOLD', MSG_PAGOS.planNoDisponible);
  return plan as TPlan & { yearlyPrice: number };
}

/** The gateway's `payment_method` for the buyer's choice (seed 002 §7 paymentMethod → docs.wompi.co "Métodos de pago"). */
function gatewayMethod(method: TCreateSale['paymentMethod'], planName: string): TWompiPaymentMethod {
  const description = `Radica plan ${planName} (12 meses)`;
  switch (method.type) {
    case 'CARD':
      return { type: 'CARD', token: method.cardData.token, installments: method.cardData.installments };
    case 'NEQUI':
      return { type: 'NEQUI', phone_number: method.nequiData.phoneNumber };
    case 'PSE':
      return {
        type: 'PSE',
        user_type: Number(method.pseData.userType),
        user_legal_id_type: method.pseData.documentType,
        user_legal_id: method.pseData.documentNumber,
        financial_institution_code: method.pseData.institution,
        payment_description: description,
      };
    case 'BANCOLOMBIA_TRANSFER':
      return { type: 'BANCOLOMBIA_TRANSFER', user_type: 'PERSON', payment_description: description };
  }
}

/** A new sale's reference: unguessable (96 random bits), since the success page reads a guest's sale by it. */
const newReference = () => `RAD-${Date.now().toString(36).toUpperCase()}-${randomBytes(12).toString('base64url')}`;
/**
 * A sale number for people (mails, support, Mi plan): `V-yyyymmdd-XXXXXX`, the date being the buyer's (Bogotá)
 * calendar day of `at`, not UTC's, and XXXXXX 24 random bits in hex.
 */
export const newNumeroVenta = (at: Date = new Date()) => `V-${bogotaYmd(at)}-${randomBytes(3).toString('hex').toUpperCase()}`;

/**
 * POST /api/payment/create-sale (seed 002 §7). Recomputes
 * the price from the plan and the coupon (taking one use atomically); refuses with 409 PRICE_CHANGED when the total
 * the browser showed differs; records the sale PENDING; creates the gateway transaction with a unique reference and
 * the integrity signature; for PSE and Bancolombia waits briefly for the page where the buyer pays. A guest's sale
 * (no `tenantId`) goes to the account registered with the billing e-mail. A coupon serves a company once (
 * sales_coupon_company_uq decides atomically between concurrent sales). Throws AppError PLAN_NOT_SOLD,
 * COUPON_INVALID, COUPON_ALREADY_USED (409), PRICE_CHANGED, GATEWAY_REJECTED (422, nothing charged), GATEWAY_UNAVAILABLE (502).
 */
export async function createSale(
  deps: TDeps,
  input: TCreateSale,
  ctx: { tenantId: number | null; userId: number | null; redirectBaseUrl: string },
): Promise<TCreateSaleResponse> {
  const plan = planForSale(input.productoTitulo);
  const couponCode = input.discountInfo?.couponCode;
  // A coupon serves a company once: the buyer's company, or the guest's e-mail's.
  const companyKey = couponCode ? await couponCompanyKey(deps, { tenantId: ctx.tenantId, email: input.billingData.email }) : null;
  // The price first, without taking a coupon use: a browser that showed another total is refused before anything is kept.
  const expected = couponCode ? await quoteCoupon(deps, plan, couponCode, companyKey) : priceWith(plan, null);
  const shown = input.expectedTotal ?? input.discountInfo?.finalPrice;
  if (shown !== undefined && shown !== expected.finalPrice) throw new AppError('PRICE_CHANGED', MSG_PAGOS.precioCambio, { total: expected.finalPrice });
  // The coupon use and the sale are recorded together: a use is never held by a sale that does not exist.
  const sale = await deps.db
    .transaction(async (tx) => {
      const reserved = couponCode ? await reserveCoupon(tx, plan, couponCode) : null;
      const quote = reserved?.quote ?? expected;
      const sale = await insertSale(tx, {
        reference: newReference(),
        numeroVenta: newNumeroVenta(),
        tenantId: ctx.tenantId,
        userId: ctx.userId,
        email: input.billingData.email.toLowerCase(),
        planId: plan.id,
        planName: plan.name,
        originalPrice: quote.originalPrice,
        discountAmount: quote.discountAmount,
        total: quote.finalPrice,
        amountInCents: quote.finalPrice * 100,
        couponId: reserved?.coupon.id ?? null,
        couponCompanyKey: reserved ? companyKey : null,
        paymentMethodType: input.paymentMethod.type,
        billingData: input.billingData,
      });
      return sale;
    })
    .catch((err: unknown) => {
      // Two sales of one company raced past the check: the unique index keeps one; this one's use was never taken.
      if (couponCode && isCouponCompanyConflict(err)) throw new AppError('COUPON_ALREADY_USED', MSG_PAGOS.cuponYaUsado);
      throw err;
    });
  // Paying accepts Radica's terms and privacy policy in force: recorded with the sale's reference.
  await recordLegalAcceptance(deps.db, { tenantId: ctx.tenantId, userId: ctx.userId, email: sale.email, origen: 'compra', ventaReferencia: sale.reference });
  const { payments } = deps;
  let tx;
  try {
    tx = await payments.client.createTransaction({
      acceptance_token: input.acceptanceToken,
      accept_personal_auth: input.acceptPersonalAuth,
      amount_in_cents: sale.amountInCents,
      currency: 'COP',
      signature: integritySignature(sale.reference, sale.amountInCents, 'COP', payments.keys.integritySecret),
      customer_email: sale.email,
      reference: sale.reference,
      payment_method: gatewayMethod(input.paymentMethod, plan.name),
      redirect_url: `${ctx.redirectBaseUrl}/billing/success?reference=${encodeURIComponent(sale.reference)}`,
      customer_data: {
        phone_number: input.billingData.phone.replace(/\D/g, '').replace(/^57(?=\d{10}$)/, ''),
        full_name: `${input.billingData.firstName} ${input.billingData.lastName}`.trim(),
      },
    });
  } catch (err) {
    if (!(err instanceof WompiError)) throw err;
    const rejected = err.kind === 'REJECTED';
    await failSale(deps.db, sale.id, rejected ? 'DECLINED' : 'ERROR', rejected ? MSG_PAGOS.pasarelaRechazo(err.message) : MSG_PAGOS.pasarelaNoDisponible);
    await releaseCouponUse(deps.db, sale.id);
    deps.log.warn({ reference: sale.reference, kind: err.kind, status: err.status }, 'gateway refused create-sale');
    if (rejected) throw new AppError('GATEWAY_REJECTED', MSG_PAGOS.pasarelaRechazo(err.message));
    throw new AppError('GATEWAY_UNAVAILABLE', MSG_PAGOS.pasarelaNoDisponible);
  }
  let asyncUrl = tx.payment_method.extra?.async_payment_url ?? null;
  await setSaleTransaction(deps.db, sale.id, { transactionId: tx.id, asyncPaymentUrl: asyncUrl });
  if (!asyncUrl && (tx.payment_method_type === 'PSE' || tx.payment_method_type === 'BANCOLOMBIA_TRANSFER'))
    asyncUrl = await waitForAsyncUrl(deps, tx.id);
  const current = (await findSaleByReference(deps.db, sale.reference))!;
  if (tx.status !== 'PENDING') await applyTransaction(deps, current, tx);
  return {
    success: true,
    message: 'Transacción creada',
    paymentResult: { transactionId: tx.id, reference: sale.reference, redirectUrl: asyncUrl, status: tx.status },
    saleData: { numeroVenta: sale.numeroVenta, numeroFactura: null, total: sale.total, email: sale.email },
  };
}

/** Poll the gateway for an asynchronous payment's page (docs.wompi.co: it appears shortly after creation). */
async function waitForAsyncUrl(deps: Pick<TDeps, 'payments'>, transactionId: string): Promise<string | null> {
  const deadline = Date.now() + ASYNC_URL_WAIT_MS;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 400));
    const tx = await deps.payments.client.getTransaction(transactionId).catch(() => null);
    const url = tx?.payment_method.extra?.async_payment_url;
    if (url) return url;
    if (tx && tx.status !== 'PENDING') return null;
  }
  return null;
}

/**
 * GET /api/payment/sales/:reference:
 * the sale as the success page shows it. While it is PENDING the server asks the gateway (at most every 2 s per sale)
 * and applies the answer; one still pending VENTA_PENDIENTE_VENCE_S after its creation is voided and gives its coupon
 * use back. Throws AppError SALE_NOT_FOUND.
 */
export async function getSale(deps: TDeps, reference: string): Promise<TSale> {
  let sale = await findSaleByReference(deps.db, reference);
  if (!sale) throw new AppError('SALE_NOT_FOUND', MSG_PAGOS.ventaNoEncontrada);
  if (sale.status === 'PENDING' && sale.transactionId && (await claimStatusCheck(deps.db, sale.id, STATUS_CHECK_INTERVAL_MS))) {
    const tx = await deps.payments.client.getTransaction(sale.transactionId).catch((err: unknown) => {
      deps.log.warn({ reference, err: String(err) }, 'gateway status check failed');
      return null;
    });
    if (tx) {
      await applyTransaction(deps, sale, tx);
      sale = (await findSaleByReference(deps.db, reference))!;
    }
  }
  // Still pending an hour on (an abandoned PSE or Bancolombia payment): voided, its coupon use given back.
  const vencida = sale.status === 'PENDING' && (await expireStalePendingSales(deps.db, { olderThanS: VENTA_PENDIENTE_VENCE_S, message: MSG_PAGOS.pagoVencido, saleId: sale.id })).length > 0;
  if (vencida) sale = (await findSaleByReference(deps.db, reference))!;
  return toSale(sale);
}

/** A sale row as the API shows it (ZSale). */
export function toSale(sale: TSaleRow): TSale {
  const plan = PLANES[sale.planId as keyof typeof PLANES];
  return {
    reference: sale.reference,
    numeroVenta: sale.numeroVenta,
    status: sale.status as TSaleStatus,
    statusMessage: sale.statusMessage,
    plan: sale.planName,
    total: sale.total,
    currency: 'COP',
    periodo: MESES_PLAN === 12 ? MSG_PAGOS.periodoAnual : MSG_PAGOS.periodoMensual,
    email: sale.email,
    paymentMethodType: sale.paymentMethodType,
    redirectUrl: sale.status === 'PENDING' ? sale.asyncPaymentUrl : null,
    transactionId: sale.transactionId,
    createdAt: sale.createdAt.toISOString(),
    finalizedAt: sale.finalizedAt?.toISOString() ?? null,
    modulos: sale.status === 'APPROVED' && plan ? [...plan.modulos] : [],
    vigenteHasta: sale.vigenteHasta?.toISOString() ?? null,
  };
}
