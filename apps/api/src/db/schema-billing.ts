import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ts } from './columns.ts';
import { tenants } from './schema-accounts.ts';

/**
 * Drizzle schema of the purchase (seed 002): coupons, sales and the gateway's events. Amounts are whole COP
 * except `amount_in_cents` (what the gateway was told). A sale belongs to a tenant once it is known (a guest's sale
 * has none until an account with its e-mail exists).
 */

/**
 * A coupon: `kind` FINAL_PRICE sets the price to `value` COP, DISCOUNT takes
 * `value` COP off. `uses` counts sales that reserved it (a failed payment gives the use back); `max_uses` null = no cap.
 * `code` is stored upper-case and matched case-insensitively.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull(),
    value: integer('value').notNull(),
    /** Plan id it applies to (`profesional`); null = any plan sold online. */
    planId: text('plan_id'),
    validFrom: ts('valid_from').notNull().defaultNow(),
    validUntil: ts('valid_until'),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupons_code_idx').on(t.code)],
);

/** A sale: one attempt to buy a plan, with its gateway transaction and the purchases it granted. */
export const sales = pgTable(
  'sales',
  {
    id: serial('id').primaryKey(),
    /** The gateway's `reference` (unique per transaction, unguessable: the success page reads the sale by it). */
    reference: text('reference').notNull(),
    numeroVenta: text('numero_venta').notNull(),
    tenantId: integer('tenant_id').references(() => tenants.id),
    userId: integer('user_id'),
    /** The billing e-mail, lower-case: a guest's sale goes to the account registered with it. */
    email: text('email').notNull(),
    planId: text('plan_id').notNull(),
    planName: text('plan_name').notNull(),
    originalPrice: integer('original_price').notNull(),
    discountAmount: integer('discount_amount').notNull().default(0),
    total: integer('total').notNull(),
    amountInCents: integer('amount_in_cents').notNull(),
    currency: text('currency').notNull().default('COP'),
    couponId: integer('coupon_id'),
    /** Set once the reserved coupon use was given back (a sale that did not end APPROVED). */
    couponReleased: boolean('coupon_released').notNull().default(false),
    /**
     * The company that used the coupon (a coupon serves a company once): 'nit:<digits>' of the buyer's
     * tenant, 'tenant:<id>' when it has no NIT, 'correo:<e-mail>' for a guest with no account. Null without a coupon.
     */
    couponCompanyKey: text('coupon_company_key'),
    paymentMethodType: text('payment_method_type').notNull(),
    status: text('status').notNull().default('PENDING'),
    statusMessage: text('status_message'),
    transactionId: text('transaction_id'),
    asyncPaymentUrl: text('async_payment_url'),
    billingData: jsonb('billing_data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finalizedAt: ts('finalized_at'),
    /** Last time the server asked the gateway for the transaction (status polling is throttled by it). */
    checkedAt: ts('checked_at'),
    /** When the plan's modules were recorded (once), and until when they run. */
    grantedAt: ts('granted_at'),
    vigenteHasta: ts('vigente_hasta'),
    mailedAt: ts('mailed_at'),
  },
  (t) => [
    uniqueIndex('sales_reference_idx').on(t.reference),
    uniqueIndex('sales_numero_venta_idx').on(t.numeroVenta),
    uniqueIndex('sales_transaction_idx').on(t.transactionId),
    index('sales_email_idx').on(t.email, t.status),
    index('sales_tenant_idx').on(t.tenantId),
    // One held coupon use per company: a sale that gave its use back (declined, voided) frees the company's turn.
    uniqueIndex('sales_coupon_company_uq')
      .on(t.couponId, t.couponCompanyKey)
      .where(sql`coupon_id is not null and coupon_company_key is not null and coupon_released = false`),
  ],
);

/** Every gateway event received with a valid checksum, once (a replay carries the same checksum). */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: serial('id').primaryKey(),
    checksum: text('checksum').notNull(),
    transactionId: text('transaction_id').notNull(),
    reference: text('reference').notNull(),
    status: text('status').notNull(),
    /** What the event did: applied, ignored (already final), mismatch, unknown. */
    outcome: text('outcome').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_checksum_idx').on(t.checksum)],
);
