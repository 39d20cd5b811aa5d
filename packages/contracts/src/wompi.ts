import { z } from 'zod';

/**
 * The payment gateway's protocol (Wompi, https://docs.wompi.co, API v1), described once for the two parts that speak
 * it: the API's client (apps/api/src/integrations/wompi) and the local simulator (apps/wompi-simulator). Only the calls
 * Radica makes are described; fields Radica does not read are allowed through (`.passthrough()` / loose objects).
 *
 * Keys: public `pub_test_…`/`pub_prod_…` (browser: merchant, card tokens, PSE banks, transactions), private
 * `prv_…` (server: GET transactions by id works with either), events secret `test_events_…` (webhook checksum),
 * integrity secret `test_integrity_…` (transaction signature).
 */

/** Statuses of a transaction. PENDING is the only non-final one. */
export const WOMPI_STATUSES = ['PENDING', 'APPROVED', 'DECLINED', 'VOIDED', 'ERROR'] as const;
export const ZWompiStatus = z.enum(WOMPI_STATUSES);
export type TWompiStatus = z.infer<typeof ZWompiStatus>;

/** The payment method types Radica offers (seed 002 §7 `paymentMethod.type`). */
export const WOMPI_METHODS = ['CARD', 'NEQUI', 'PSE', 'BANCOLOMBIA_TRANSFER'] as const;
export type TWompiMethod = (typeof WOMPI_METHODS)[number];

/** A presigned acceptance (`GET /merchants/{public_key}`): the token the buyer accepts by ticking its checkbox. */
export const ZWompiAcceptance = z.looseObject({ acceptance_token: z.string(), permalink: z.string(), type: z.string() });

/** `GET /merchants/{public_key}` → `{ data }`. */
export const ZWompiMerchant = z.looseObject({
  id: z.number(),
  name: z.string(),
  public_key: z.string(),
  presigned_acceptance: ZWompiAcceptance,
  presigned_personal_data_auth: ZWompiAcceptance,
});
export type TWompiMerchant = z.infer<typeof ZWompiMerchant>;

/** `POST /tokens/cards` body (public key). Month and year are two-digit strings ("08", "28"). */
export const ZWompiCardTokenRequest = z.object({
  number: z.string(),
  cvc: z.string(),
  exp_month: z.string(),
  exp_year: z.string(),
  card_holder: z.string(),
});
export type TWompiCardTokenRequest = z.infer<typeof ZWompiCardTokenRequest>;
/** `POST /tokens/cards` → `{ status: 'CREATED', data }`. */
export const ZWompiCardToken = z.looseObject({
  id: z.string(),
  brand: z.string(),
  name: z.string(),
  last_four: z.string(),
  bin: z.string(),
  exp_month: z.string(),
  exp_year: z.string(),
  card_holder: z.string(),
  expires_at: z.string(),
});
export type TWompiCardToken = z.infer<typeof ZWompiCardToken>;

/** `GET /pse/financial_institutions` → `{ data: [...] }`. */
export const ZWompiFinancialInstitution = z.object({ financial_institution_code: z.string(), financial_institution_name: z.string() });
export type TWompiFinancialInstitution = z.infer<typeof ZWompiFinancialInstitution>;

/** `payment_method` of `POST /transactions`, one shape per type. */
export const ZWompiPaymentMethod = z.discriminatedUnion('type', [
  z.object({ type: z.literal('CARD'), token: z.string(), installments: z.number().int().min(1) }),
  z.object({ type: z.literal('NEQUI'), phone_number: z.string() }),
  z.object({
    type: z.literal('PSE'),
    /** 0 = persona natural, 1 = persona jurídica. */
    user_type: z.number().int(),
    user_legal_id_type: z.string(),
    user_legal_id: z.string(),
    financial_institution_code: z.string(),
    payment_description: z.string(),
  }),
  z.object({ type: z.literal('BANCOLOMBIA_TRANSFER'), user_type: z.literal('PERSON'), payment_description: z.string() }),
]);
export type TWompiPaymentMethod = z.infer<typeof ZWompiPaymentMethod>;

/** `POST /transactions` body. `signature` is `integritySignature` (wompi-signatures.ts). */
export const ZWompiTransactionRequest = z.object({
  acceptance_token: z.string(),
  accept_personal_auth: z.string().optional(),
  amount_in_cents: z.number().int().positive(),
  currency: z.literal('COP'),
  signature: z.string(),
  customer_email: z.string(),
  reference: z.string(),
  payment_method: ZWompiPaymentMethod,
  redirect_url: z.string().optional(),
  customer_data: z.object({ phone_number: z.string().optional(), full_name: z.string().optional() }).optional(),
});
export type TWompiTransactionRequest = z.infer<typeof ZWompiTransactionRequest>;

/** A transaction (`POST /transactions`, `GET /transactions/{id}`, and `data.transaction` of an event). */
export const ZWompiTransaction = z.looseObject({
  id: z.string(),
  created_at: z.string(),
  finalized_at: z.string().nullable().optional(),
  amount_in_cents: z.number(),
  reference: z.string(),
  currency: z.string(),
  customer_email: z.string().nullable().optional(),
  payment_method_type: z.string(),
  /** `extra.async_payment_url`: where the buyer completes PSE / Bancolombia transfer (appears once known). */
  payment_method: z.looseObject({ type: z.string(), extra: z.looseObject({ async_payment_url: z.string().optional() }).optional() }),
  status: ZWompiStatus,
  status_message: z.string().nullable().optional(),
  redirect_url: z.string().nullable().optional(),
});
export type TWompiTransaction = z.infer<typeof ZWompiTransaction>;

/** An event POSTed to the merchant's events URL (`transaction.updated`). Header `X-Event-Checksum` repeats the checksum. */
export const ZWompiEvent = z.looseObject({
  event: z.string(),
  data: z.looseObject({ transaction: ZWompiTransaction }),
  environment: z.string(),
  signature: z.object({ properties: z.array(z.string()).min(1).max(20), checksum: z.string() }),
  timestamp: z.number().int(),
  sent_at: z.string().optional(),
});
export type TWompiEvent = z.infer<typeof ZWompiEvent>;

/** Error body of the gateway: `{ error: { type, reason? , messages? } }` (422 INPUT_VALIDATION_ERROR, 404 NOT_FOUND_ERROR…). */
export const ZWompiError = z.looseObject({
  error: z.looseObject({ type: z.string(), reason: z.string().optional(), messages: z.record(z.string(), z.array(z.string())).optional() }),
});
