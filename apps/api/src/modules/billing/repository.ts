import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client.ts';
import { coupons, paymentEvents, sales } from '../../db/schema-billing.ts';
import { terceros, users } from '../../db/schema-accounts.ts';

/**
 * The billing module's queries: coupons, sales, gateway events. Sales are read by their `reference` (the gateway's,
 * unguessable: the success page of a guest has no tenant) or by id; every write that moves a sale is one guarded
 * UPDATE, so two processes (webhook and status poll) never both apply the same change.
 */

export type TSaleRow = typeof sales.$inferSelect;
export type TCouponRow = typeof coupons.$inferSelect;
type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];
/** The database or a transaction of it. */
export type TQuery = TDb | TTx;

/** A coupon usable now for `planId` (active, inside its window, uses left), or null. `code` is upper-cased by the caller. */
export async function findUsableCoupon(db: TDb, code: string, planId: string): Promise<TCouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(and(eq(coupons.code, code), usableFor(planId)))
    .limit(1);
  return row ?? null;
}

const usableFor = (planId: string) =>
  and(
    eq(coupons.active, true),
    sql`${coupons.validFrom} <= now()`,
    or(isNull(coupons.validUntil), gt(coupons.validUntil, sql`now()`)),
    or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses)),
    or(isNull(coupons.planId), eq(coupons.planId, planId)),
  );

/**
 * Take one use of the coupon atomically (one UPDATE … WHERE uses < max_uses: concurrent buyers are serialised by the
 * row lock): the row, or null when none is left. Run it in the transaction that records the sale (sales.ts), so a use
 * is never taken without its sale.
 */
export async function reserveCouponUse(db: TQuery, code: string, planId: string): Promise<TCouponRow | null> {
  const [row] = await db
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.code, code), usableFor(planId)))
    .returning();
  return row ?? null;
}

/**
 * Give back the coupon use of a sale that did not end APPROVED, once: the sale's flag and the coupon's count change in
 * one statement, so a crash never leaves the use taken by a sale that gave it back (or the reverse).
 */
export async function releaseCouponUse(db: TDb, saleId: number): Promise<boolean> {
  const result = (await db.execute(sql`
    with liberada as (
      update sales set coupon_released = true
      where id = ${saleId} and coupon_released = false and coupon_id is not null and status <> 'APPROVED'
      returning coupon_id
    ), cupon as (
      update coupons set uses = greatest(uses - 1, 0) where id = (select coupon_id from liberada) returning id
    )
    select count(*)::int as n from liberada`)) as unknown as { rows: { n: number }[] };
  return (result.rows[0]?.n ?? 0) > 0;
}

/**
 * Ends the sales still PENDING `olderThanS` seconds after their creation (a PSE or Bancolombia payment the buyer
 * abandoned holds its coupon use; docs/decisions/045) as VOIDED with `message`, and gives their coupon uses back, all
 * in one statement: atomic under concurrent buyers, jobs and status polls (each sale is voided and its use returned
 * once; an approval that comes first wins, one that comes later still moves the sale to APPROVED: finalizeSale).
 * Only the sales of coupon `code`, or sale `saleId`, when given. A pending sale always holds its use
 * (`coupon_released` is set only once a sale leaves PENDING). Returns the voided sales' ids.
 */
export async function expireStalePendingSales(
  db: TQuery,
  o: { olderThanS: number; message: string; couponCode?: string; saleId?: number },
): Promise<number[]> {
  const porCupon = o.couponCode !== undefined ? sql`and coupon_id = (select id from coupons where code = ${o.couponCode})` : sql``;
  const porVenta = o.saleId !== undefined ? sql`and id = ${o.saleId}` : sql``;
  const result = (await db.execute(sql`
    with vencidas as (
      update sales set status = 'VOIDED', status_message = ${o.message}, finalized_at = now(), coupon_released = (coupon_id is not null)
      where status = 'PENDING' and created_at < now() - make_interval(secs => ${o.olderThanS}) ${porCupon} ${porVenta}
      returning id, coupon_id
    ), devueltas as (
      update coupons c set uses = greatest(c.uses - l.n, 0)
      from (select coupon_id, count(*)::int as n from vencidas where coupon_id is not null group by coupon_id) l
      where c.id = l.coupon_id
      returning c.id
    )
    select id from vencidas`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/**
 * Sales that ended neither APPROVED nor PENDING but still hold their coupon use (a process died between finalizing the
 * sale and giving the use back): give each use back. Returns how many. Run by the sweep job with expireStalePendingSales.
 */
export async function releaseOrphanCouponUses(db: TDb): Promise<number> {
  const result = (await db.execute(sql`
    with liberadas as (
      update sales set coupon_released = true
      where coupon_released = false and coupon_id is not null and status not in ('APPROVED', 'PENDING')
      returning coupon_id
    ), devueltas as (
      update coupons c set uses = greatest(c.uses - l.n, 0)
      from (select coupon_id, count(*)::int as n from liberadas group by coupon_id) l
      where c.id = l.coupon_id
      returning c.id
    )
    select count(*)::int as n from liberadas`)) as unknown as { rows: { n: number }[] };
  return result.rows[0]?.n ?? 0;
}

/**
 * An approved sale whose coupon use was given back (it expired first, then was paid): takes the use again, once, in
 * one statement. When the company meanwhile holds the coupon with another sale (sales_coupon_company_uq), the use
 * stays given back: the money taken still grants (settlement), and the company keeps one use counted.
 */
export async function retakeCouponUse(db: TDb, saleId: number): Promise<void> {
  try {
    await db.execute(sql`
      with retomada as (
        update sales set coupon_released = false
        where id = ${saleId} and coupon_released = true and status = 'APPROVED' and coupon_id is not null
        returning coupon_id
      )
      update coupons set uses = uses + 1 where id = (select coupon_id from retomada)`);
  } catch (err) {
    if (isCouponCompanyConflict(err)) return;
    throw err;
  }
}

/** True for the unique violation of sales_coupon_company_uq: the company already holds a use of that coupon. */
export function isCouponCompanyConflict(err: unknown): boolean {
  const e = err as { code?: string; constraint?: string; message?: string; cause?: { code?: string; constraint?: string; message?: string } };
  if (e?.code !== '23505' && e?.cause?.code !== '23505') return false;
  return [e.constraint, e.cause?.constraint, e.message, e.cause?.message].some((v) => typeof v === 'string' && v.includes('sales_coupon_company_uq'));
}

/**
 * True when the company `companyKey` holds a use of coupon `code` (a sale pending or approved that did not give it back):
 * the same test as the unique index sales_coupon_company_uq, which decides between concurrent sales.
 */
export async function couponHeldByCompany(db: TDb, code: string, companyKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .innerJoin(coupons, eq(coupons.id, sales.couponId))
    .where(and(eq(coupons.code, code), eq(sales.couponCompanyKey, companyKey), eq(sales.couponReleased, false)))
    .limit(1);
  return Boolean(row);
}

/** The identification number (NIT) of the tenant's company: the tercero of its first user; null when it has none. */
export async function findTenantNit(db: TDb, tenantId: number): Promise<string | null> {
  const [row] = await db
    .select({ nit: terceros.numeroIdentificacion })
    .from(users)
    .innerJoin(terceros, eq(terceros.id, users.terceroId))
    .where(and(eq(users.tenantId, tenantId), eq(terceros.tenantId, tenantId)))
    .orderBy(users.id)
    .limit(1);
  return row?.nit || null;
}

/** Create or update the coupon `code` (operator and start-up seeding). */
export async function upsertCoupon(db: TDb, values: Omit<typeof coupons.$inferInsert, 'id' | 'uses' | 'createdAt'>): Promise<TCouponRow> {
  const [row] = await db
    .insert(coupons)
    .values(values)
    .onConflictDoUpdate({
      target: coupons.code,
      set: { kind: values.kind, value: values.value, planId: values.planId ?? null, validUntil: values.validUntil ?? null, maxUses: values.maxUses ?? null, active: values.active ?? true },
    })
    .returning();
  return row!;
}

export async function insertSale(db: TQuery, values: typeof sales.$inferInsert): Promise<TSaleRow> {
  const [row] = await db.insert(sales).values(values).returning();
  return row!;
}

export async function findSaleByReference(db: TDb, reference: string): Promise<TSaleRow | null> {
  const [row] = await db.select().from(sales).where(eq(sales.reference, reference)).limit(1);
  return row ?? null;
}

export async function findSaleById(db: TDb, id: number): Promise<TSaleRow | null> {
  const [row] = await db.select().from(sales).where(eq(sales.id, id)).limit(1);
  return row ?? null;
}

/** Record what the gateway answered at creation (transaction id, status, where the buyer pays). */
export async function setSaleTransaction(
  db: TDb,
  id: number,
  values: { transactionId: string; asyncPaymentUrl: string | null },
): Promise<void> {
  await db.update(sales).set(values).where(eq(sales.id, id));
}

/** The gateway's page where the buyer completes an asynchronous payment, once known. */
export async function setAsyncPaymentUrl(db: TDb, id: number, url: string): Promise<void> {
  await db.update(sales).set({ asyncPaymentUrl: url }).where(and(eq(sales.id, id), isNull(sales.asyncPaymentUrl)));
}

/**
 * Move a sale to a final status, guarded: an
 * APPROVED sale never changes; any other final status may still become APPROVED (money taken must grant); PENDING
 * moves to anything final. Returns the updated row, or null when the guard refused.
 */
export async function finalizeSale(db: TDb, id: number, status: string, statusMessage: string | null, transactionId: string): Promise<TSaleRow | null> {
  const [row] = await db
    .update(sales)
    .set({ status, statusMessage, finalizedAt: sql`now()`, transactionId })
    .where(
      and(
        eq(sales.id, id),
        sql`${sales.status} <> 'APPROVED'`,
        sql`${sales.status} <> ${status}`,
        status === 'APPROVED' ? sql`true` : eq(sales.status, 'PENDING'),
      ),
    )
    .returning();
  return row ?? null;
}

/** Mark a sale as failed before the gateway took it (nothing was charged). */
export async function failSale(db: TDb, id: number, status: 'ERROR' | 'DECLINED', statusMessage: string): Promise<void> {
  await db.update(sales).set({ status, statusMessage, finalizedAt: sql`now()` }).where(and(eq(sales.id, id), eq(sales.status, 'PENDING')));
}

/** Claim the right to poll the gateway for this sale now (at most once per `minIntervalMs` across processes). */
export async function claimStatusCheck(db: TDb, id: number, minIntervalMs: number): Promise<boolean> {
  const rows = await db
    .update(sales)
    .set({ checkedAt: sql`now()` })
    .where(and(eq(sales.id, id), or(isNull(sales.checkedAt), lt(sales.checkedAt, sql`now() - make_interval(secs => ${minIntervalMs / 1000})`))))
    .returning({ id: sales.id });
  return rows.length > 0;
}

/** Claim the grant of an APPROVED sale for `tenantId` (once): the row, or null when it was already granted. */
export async function claimSaleGrant(db: TDb, id: number, tenantId: number): Promise<TSaleRow | null> {
  const [row] = await db
    .update(sales)
    .set({ grantedAt: sql`now()`, tenantId })
    .where(and(eq(sales.id, id), eq(sales.status, 'APPROVED'), isNull(sales.grantedAt), or(isNull(sales.tenantId), eq(sales.tenantId, tenantId))))
    .returning();
  return row ?? null;
}

export async function setSalePeriod(db: TDb, id: number, vigenteHasta: Date): Promise<void> {
  await db.update(sales).set({ vigenteHasta }).where(eq(sales.id, id));
}

/** Undo a grant claim whose recording failed, so a later event or poll grants it. */
export async function unclaimSaleGrant(db: TDb, id: number): Promise<void> {
  await db.update(sales).set({ grantedAt: null }).where(eq(sales.id, id));
}

/** Claim the confirmation e-mail of a sale (sent once). */
export async function claimSaleMail(db: TDb, id: number): Promise<boolean> {
  const rows = await db.update(sales).set({ mailedAt: sql`now()` }).where(and(eq(sales.id, id), isNull(sales.mailedAt))).returning({ id: sales.id });
  return rows.length > 0;
}

/** APPROVED sales paid with `email` that no tenant received yet (a guest paid, then registered with that e-mail). */
export async function listUnclaimedApprovedSales(db: TDb, email: string): Promise<TSaleRow[]> {
  return db
    .select()
    .from(sales)
    .where(and(eq(sales.email, email), eq(sales.status, 'APPROVED'), isNull(sales.grantedAt), isNull(sales.tenantId)));
}

/** The tenant of the user registered with `email` (lower-case), or null. */
export async function findTenantIdByUserEmail(db: TDb, email: string): Promise<number | null> {
  const [row] = await db.select({ tenantId: users.tenantId }).from(users).where(sql`lower(${users.email}) = ${email} and ${users.eliminadoEn} is null`).limit(1);
  return row?.tenantId ?? null;
}

/** Record a verified gateway event once; false when the same event (same checksum) was already recorded: a replay. */
export async function recordPaymentEvent(
  db: TDb,
  values: { checksum: string; transactionId: string; reference: string; status: string; outcome: string },
): Promise<boolean> {
  const rows = await db.insert(paymentEvents).values(values).onConflictDoNothing({ target: paymentEvents.checksum }).returning({ id: paymentEvents.id });
  return rows.length > 0;
}

export async function paymentEventSeen(db: TDb, checksum: string): Promise<boolean> {
  const [row] = await db.select({ id: paymentEvents.id }).from(paymentEvents).where(eq(paymentEvents.checksum, checksum)).limit(1);
  return Boolean(row);
}

/** The tenant's sales, newest first (Mi plan). */
export async function listSalesOfTenant(db: TDb, tenantId: number): Promise<TSaleRow[]> {
  return db.select().from(sales).where(eq(sales.tenantId, tenantId)).orderBy(desc(sales.createdAt), desc(sales.id));
}

/** The billing data of the tenant's newest sale (whatever its status: the buyer typed it), or null with none. */
export async function findLastBillingData(db: TDb, tenantId: number): Promise<unknown> {
  const [row] = await db.select({ billingData: sales.billingData }).from(sales).where(eq(sales.tenantId, tenantId)).orderBy(desc(sales.createdAt), desc(sales.id)).limit(1);
  return row?.billingData ?? null;
}

/** The e-mail of user `userId` of the tenant, or null. */
export async function findUserEmail(db: TDb, tenantId: number, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), eq(users.tenantId, tenantId))).limit(1);
  return row?.email ?? null;
}
