/** Where to go after signing in (seed 000 §2 "Guards"). */

export const DEFAULT_AUTHENTICATED_PATH = '/Inicio';
/** Billing return address kept in session storage by the purchase flow (seed 000 §9). */
export const BILLING_RETURN_KEY = 'radica.billingReturn';

/** Only same-origin paths: '/x' yes, '//evil.com' or 'https://…' no. */
export function isSafePath(value: unknown): value is string {
  return (
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
  );
}

function readBillingReturn(): string | null {
  try {
    return sessionStorage.getItem(BILLING_RETURN_KEY);
  } catch {
    return null;
  }
}

/**
 * Target priority: the `return` query parameter, then the billing return address in session storage,
 * then `redirectTo` from the navigation state, then /Inicio. Unsafe values are skipped.
 */
export function resolveRedirectTarget(search: string, state: unknown): string {
  const fromQuery = new URLSearchParams(search).get('return');
  if (isSafePath(fromQuery)) return fromQuery;
  const billing = readBillingReturn();
  if (isSafePath(billing)) return billing;
  const redirectTo =
    typeof state === 'object' && state !== null ? (state as Record<string, unknown>).redirectTo : undefined;
  if (isSafePath(redirectTo)) return redirectTo;
  return DEFAULT_AUTHENTICATED_PATH;
}

/**
 * Registration came from the purchase flow (seed 000 §2 "Todo listo"): a billing return address is stored,
 * or the return parameter points into /billing.
 */
export function isFromPayment(search: string): boolean {
  const fromQuery = new URLSearchParams(search).get('return');
  return isSafePath(readBillingReturn()) || (isSafePath(fromQuery) && fromQuery.startsWith('/billing'));
}

/** 'Continuar al pago' target (seed 000 §2): the stored billing address, else the return parameter, else /billing/cart. */
export function paymentContinueTarget(search: string): string {
  const billing = readBillingReturn();
  if (isSafePath(billing)) return billing;
  const fromQuery = new URLSearchParams(search).get('return');
  if (isSafePath(fromQuery)) return fromQuery;
  return '/billing/cart';
}
