import type { z } from 'zod';
import {
  PLANES,
  ZBillingData,
  ZCreateSaleResponse,
  ZSelectedPlan,
  type TBillingData,
  type TCreateSaleResponse,
  type TPlan,
  type TSelectedPlan,
} from '@radica/contracts/payments';
import { BILLING_RETURN_KEY } from '../../../lib/redirect-target';

/**
 * What the purchase keeps in the browser session between its pages (seed 002 §1 "saved in the browser session",
 * §2): the selected plan, the billing data, the sale's answer. Each value is read back through its zod contract:
 * an unreadable or ill-shaped value is removed and behaves as missing.
 */

export const SELECTED_PLAN_KEY = 'radica.selectedPlan';
export const BILLING_DATA_KEY = 'radica.billingData';
export const SALE_DATA_KEY = 'radica.saleData';

function safeSession(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

function readParsed<S extends z.ZodType>(
  key: string,
  schema: S,
  storage: Storage | null,
): z.output<S> | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  try {
    storage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
  return null;
}

function write(key: string, value: unknown, storage: Storage | null): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    /* private mode or full storage: the page keeps working with what it has in memory */
  }
}

export function readSelectedPlan(storage = safeSession()): TSelectedPlan | null {
  return readParsed(SELECTED_PLAN_KEY, ZSelectedPlan, storage);
}
export function writeSelectedPlan(value: TSelectedPlan, storage = safeSession()): void {
  write(SELECTED_PLAN_KEY, value, storage);
}
export function readBillingData(storage = safeSession()): TBillingData | null {
  return readParsed(BILLING_DATA_KEY, ZBillingData, storage);
}
export function writeBillingData(value: TBillingData, storage = safeSession()): void {
  write(BILLING_DATA_KEY, value, storage);
}
export function readSaleData(storage = safeSession()): TCreateSaleResponse | null {
  return readParsed(SALE_DATA_KEY, ZCreateSaleResponse, storage);
}
export function writeSaleData(value: TCreateSaleResponse, storage = safeSession()): void {
  write(SALE_DATA_KEY, value, storage);
}

/** Keep where a guest returns after signing in (lib/redirect-target reads it: seed 000 §9). */
export function writeBillingReturn(path: string, storage = safeSession()): void {
  try {
    storage?.setItem(BILLING_RETURN_KEY, path);
  } catch {
    /* ignore */
  }
}
export function clearBillingReturn(storage = safeSession()): void {
  try {
    storage?.removeItem(BILLING_RETURN_KEY);
  } catch {
    /* ignore */
  }
}

/** seed 002 §2 "Success": forget the plan, billing and sale data (and the return address) once the purchase is done. */
export function clearPurchaseData(storage = safeSession()): void {
  for (const key of [SELECTED_PLAN_KEY, BILLING_DATA_KEY, SALE_DATA_KEY, BILLING_RETURN_KEY]) {
    try {
      storage?.removeItem(key);
    } catch {
      /* ignore */
    }
  }
}

/** The cart's selection of a plan sold online (seed 002 §3 "Selected plan"): full price, no coupon, yearly. */
export function selectPlan(plan: Pick<TPlan, 'name'> & { yearlyPrice: number }): TSelectedPlan {
  return {
    plan: { name: plan.name, yearlyPrice: plan.yearlyPrice },
    amount: plan.yearlyPrice,
    couponApplied: null,
    originalPrice: plan.yearlyPrice,
    discountAmount: 0,
    billingPeriod: 'yearly',
  };
}

/** The id of a selected plan ('profesional'), found by its name; null when no plan has that name. */
export function planIdOf(selected: TSelectedPlan): keyof typeof PLANES | null {
  const entry = Object.values(PLANES).find((p) => p.name === selected.plan.name);
  return entry?.id ?? null;
}
