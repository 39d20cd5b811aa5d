import { MESES_PLAN, PLANES, type TPlanId } from '@radica/contracts/payments';
import type { TWompiTransaction } from '@radica/contracts/wompi';
import type { TDeps } from '../../deps.ts';
import { recordSalePurchase } from '../products/service.ts';
import { purchaseConfirmationMail } from '../mail/templates.ts';
import {
  claimSaleGrant,
  claimSaleMail,
  finalizeSale,
  findTenantIdByUserEmail,
  listUnclaimedApprovedSales,
  releaseCouponUse,
  retakeCouponUse,
  setAsyncPaymentUrl,
  setSalePeriod,
  unclaimSaleGrant,
  type TSaleRow,
} from './repository.ts';

type TSettleDeps = Pick<TDeps, 'db' | 'mailer' | 'log'>;

/** What applying a gateway transaction to a sale did. */
export type TSettleOutcome = 'applied' | 'ignored' | 'mismatch';

/**
 * Apply what the gateway says of a transaction to its sale (used by the webhook and by the status poll,
 * whichever comes first). The transaction must match the sale: same reference, amount in cents, currency, and
 * transaction id when the sale knows one — otherwise 'mismatch' and nothing changes. PENDING changes nothing (but
 * records the async payment page). A final status moves the sale once (repository `finalizeSale` guard: an APPROVED
 * sale never moves back); APPROVED then grants the plan and mails the buyer; any other status gives the coupon use back.
 */
export async function applyTransaction(deps: TSettleDeps, sale: TSaleRow, tx: TWompiTransaction): Promise<TSettleOutcome> {
  if (tx.reference !== sale.reference || tx.amount_in_cents !== sale.amountInCents || tx.currency !== sale.currency) return 'mismatch';
  if (sale.transactionId && sale.transactionId !== tx.id) return 'mismatch';
  if (tx.status === 'PENDING') {
    const url = tx.payment_method.extra?.async_payment_url;
    if (url) await setAsyncPaymentUrl(deps.db, sale.id, url);
    return 'ignored';
  }
  const moved = await finalizeSale(deps.db, sale.id, tx.status, tx.status_message ?? null, tx.id);
  if (!moved) {
    // Already final: still finish an approved sale whose grant or mail a crash interrupted.
    if (sale.status === 'APPROVED') await settleApproved(deps, sale);
    return 'ignored';
  }
  if (moved.status === 'APPROVED') {
    // Paid after its pending hour had voided it: the coupon use it gave back is taken again (money taken grants).
    if (moved.couponReleased) await retakeCouponUse(deps.db, moved.id);
    await settleApproved(deps, moved);
  } else await releaseCouponUse(deps.db, moved.id);
  deps.log.info({ reference: moved.reference, status: moved.status }, 'sale finalized');
  return 'applied';
}

/**
 * Grant an APPROVED sale's plan to its tenant (the buyer's, or the account registered with the billing e-mail) and
 * mail the confirmation, each once. A guest's sale with no account yet waits for `claimGuestSales`.
 */
export async function settleApproved(deps: TSettleDeps, sale: TSaleRow): Promise<void> {
  const tenantId = sale.tenantId ?? (await findTenantIdByUserEmail(deps.db, sale.email));
  let vigenteHasta = sale.vigenteHasta;
  if (tenantId !== null) {
    const claimed = await claimSaleGrant(deps.db, sale.id, tenantId);
    if (claimed) {
      try {
        const plan = PLANES[claimed.planId as TPlanId];
        vigenteHasta = await recordSalePurchase(deps, {
          tenantId,
          saleId: claimed.id,
          numeroVenta: claimed.numeroVenta,
          modulos: plan.modulos,
          montoPagado: claimed.total,
          metodoPago: claimed.paymentMethodType,
          months: MESES_PLAN,
        });
        await setSalePeriod(deps.db, claimed.id, vigenteHasta);
      } catch (err) {
        await unclaimSaleGrant(deps.db, claimed.id);
        throw err;
      }
    }
  }
  if (await claimSaleMail(deps.db, sale.id)) {
    const mail = purchaseConfirmationMail({
      name: `${(sale.billingData as { firstName?: string }).firstName ?? ''}`.trim(),
      numeroVenta: sale.numeroVenta,
      reference: sale.reference,
      plan: sale.planName,
      total: sale.total,
      vigenteHasta,
      registered: tenantId !== null,
    });
    await deps.mailer.send({ to: sale.email, ...mail }).catch((err: unknown) => deps.log.warn({ err: String(err), reference: sale.reference }, 'purchase mail failed'));
  }
}

/**
 * A new account receives the APPROVED sales a guest paid with its e-mail (seed 002 §2 "Success": pay first, register
 * after). Called once the account exists (its e-mail is verified by the registration code). Returns how many.
 */
export async function claimGuestSales(deps: TSettleDeps, input: { tenantId: number; email: string }): Promise<number> {
  const pending = await listUnclaimedApprovedSales(deps.db, input.email.trim().toLowerCase());
  for (const sale of pending) await settleApproved(deps, sale);
  return pending.length;
}
