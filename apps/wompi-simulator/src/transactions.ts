import { randomInt } from 'node:crypto';
import {
  ZWompiTransactionRequest,
  type TWompiEvent,
  type TWompiPaymentMethod,
  type TWompiTransaction,
} from '@radica/contracts/wompi';
import { integritySignature } from '@radica/contracts/wompi-signatures';
import { readAcceptanceToken, type TAcceptanceType } from './acceptance.ts';
import type { TSandboxOutcome } from './cards.ts';
import { buildTransactionEvent } from './events.ts';
import { inputValidation, issueMessages, type TWompiErrorReply } from './responses.ts';
import type { TCardTokenRecord, TTransactionRecord, WompiStateStore } from './state.ts';
import { SIM_MERCHANT_ID } from './tokens.ts';

/** Smallest amount the gateway takes: COP 1.500 (docs.wompi.co; Yuno's Wompi PSE page: "Minimum amount 1.500 COP"). */
export const MIN_AMOUNT_IN_CENTS = 150_000;

/** Sandbox Nequi phones (docs.wompi.co "Datos de prueba en Sandbox"): any other 10-digit phone ends in ERROR. */
export const NEQUI_APPROVED_PHONE = '3991111111';
export const NEQUI_DECLINED_PHONE = '3992222222';

/** Sandbox PSE banks: "1" approves, "2" declines, any other code ends in ERROR. */
export const PSE_APPROVING_BANK = '1';
export const PSE_DECLINING_BANK = '2';

const STATUS_MESSAGES: Record<TSandboxOutcome, string | null> = {
  APPROVED: null,
  DECLINED: 'Transacción rechazada por la entidad financiera (simulador).',
  ERROR:
    'La transacción terminó con error: los datos de pago no son datos de prueba del Sandbox (simulador).',
};

const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The status a Nequi payment from `phone` reaches in the sandbox. */
export function nequiOutcome(phone: string): TSandboxOutcome {
  if (phone === NEQUI_APPROVED_PHONE) return 'APPROVED';
  if (phone === NEQUI_DECLINED_PHONE) return 'DECLINED';
  return 'ERROR';
}

/** The status a PSE payment through bank `code` reaches in the sandbox. */
export function pseOutcome(code: string): TSandboxOutcome {
  if (code === PSE_APPROVING_BANK) return 'APPROVED';
  if (code === PSE_DECLINING_BANK) return 'DECLINED';
  return 'ERROR';
}

/** Why an acceptance token cannot be used as `type` at `nowS`, or null when it can. */
function acceptanceProblem(
  token: string,
  type: TAcceptanceType,
  ctx: TTransactionContext,
  nowS: number,
): string | null {
  const claims = readAcceptanceToken(token, ctx.acceptanceKey);
  if (!claims) return 'El token de aceptación no es válido: obténgalo con GET /merchants/{llave pública}.';
  if (claims.exp <= nowS)
    return 'El token de aceptación expiró: obtenga uno nuevo con GET /merchants/{llave pública}.';
  if (!ctx.state.findAcceptance(claims.jit))
    return 'El token de aceptación no fue emitido por este comercio.';
  if (claims.type !== type) {
    return type === 'END_USER_POLICY'
      ? 'Se esperaba el token de aceptación del reglamento (presigned_acceptance).'
      : 'Se esperaba el token de autorización de datos personales (presigned_personal_data_auth).';
  }
  return null;
}

/** `payment_method` as the transaction shows it: the card's public data instead of its token. */
function publicPaymentMethod(
  method: TWompiPaymentMethod,
  card: TCardTokenRecord | undefined,
): TWompiTransaction['payment_method'] {
  if (method.type === 'CARD') {
    const brand = card?.brand ?? 'UNKNOWN';
    const lastFour = card?.lastFour ?? '';
    return {
      type: 'CARD',
      installments: method.installments,
      extra: { name: `${brand}-${lastFour}`, brand, last_four: lastFour },
    };
  }
  return { ...method };
}

function newTransactionId(state: WompiStateStore, now: Date): string {
  const unixS = Math.floor(now.getTime() / 1000);
  for (;;) {
    const id = `${SIM_MERCHANT_ID}-${unixS}-${String(randomInt(100_000)).padStart(5, '0')}`;
    if (!state.findTransaction(id)) return id;
  }
}

export type TTransactionContext = {
  state: WompiStateStore;
  integritySecret: string;
  acceptanceKey: Buffer;
  now: Date;
};

/**
 * `POST /v1/transactions`: checks the request as the gateway does and records a PENDING transaction. 422 (messages per
 * field, all at once) when: the body does not fit ZWompiTransactionRequest; `acceptance_token` (or
 * `accept_personal_auth`, when sent) was not issued by this simulator, has expired or is of the other kind;
 * `signature` ≠ `integritySignature(reference, amount_in_cents, currency, integritySecret)`
 * (docs.wompi.co "Firma de integridad"); the reference was used before; the amount is under `MIN_AMOUNT_IN_CENTS`;
 * `customer_email` or `redirect_url` is malformed; the card token is unknown or already used (a token pays once); the
 * Nequi phone is not 10 digits. The sandbox outcome is decided here and applied later (`resolveTransaction`).
 * @returns the new record (the card token is marked used), or the 422 reply.
 */
export function createTransaction(
  ctx: TTransactionContext,
  body: unknown,
): { record: TTransactionRecord } | { error: TWompiErrorReply } {
  const parsed = ZWompiTransactionRequest.safeParse(body);
  if (!parsed.success) return { error: inputValidation(issueMessages(parsed.error.issues)) };
  const request = parsed.data;
  const nowS = Math.floor(ctx.now.getTime() / 1000);
  const messages: Record<string, string[]> = {};
  const add = (field: string, text: string | null) => {
    if (text) (messages[field] ??= []).push(text);
  };

  add('acceptance_token', acceptanceProblem(request.acceptance_token, 'END_USER_POLICY', ctx, nowS));
  if (request.accept_personal_auth !== undefined) {
    add(
      'accept_personal_auth',
      acceptanceProblem(request.accept_personal_auth, 'PERSONAL_DATA_AUTH', ctx, nowS),
    );
  }
  const expected = integritySignature(
    request.reference,
    request.amount_in_cents,
    request.currency,
    ctx.integritySecret,
  );
  if (request.signature.toLowerCase() !== expected) {
    add(
      'signature',
      'La firma de integridad no corresponde a la referencia, el valor y la moneda de la transacción.',
    );
  }
  if (ctx.state.hasReference(request.reference))
    add('reference', 'La referencia ya fue usada por otra transacción.');
  if (request.amount_in_cents < MIN_AMOUNT_IN_CENTS) {
    add(
      'amount_in_cents',
      `El valor mínimo de una transacción es COP 1.500 (${MIN_AMOUNT_IN_CENTS} centavos).`,
    );
  }
  if (!isEmail(request.customer_email)) add('customer_email', 'El correo electrónico no es válido.');
  if (request.redirect_url !== undefined && !isHttpUrl(request.redirect_url)) {
    add('redirect_url', 'La URL de redirección debe ser una URL absoluta http(s).');
  }

  const method = request.payment_method;
  let outcome: TSandboxOutcome | null = null;
  let card: TCardTokenRecord | undefined;
  if (method.type === 'CARD') {
    card = ctx.state.findCardToken(method.token);
    if (!card) add('payment_method.token', 'El token de tarjeta no existe.');
    else if (card.isUsed)
      add('payment_method.token', 'El token de tarjeta ya fue usado en otra transacción.');
    else outcome = card.outcome;
  } else if (method.type === 'NEQUI') {
    if (!/^\d{10}$/.test(method.phone_number))
      add('payment_method.phone_number', 'El celular Nequi debe tener 10 dígitos.');
    outcome = nequiOutcome(method.phone_number);
  } else if (method.type === 'PSE') {
    outcome = pseOutcome(method.financial_institution_code);
  }
  if (Object.keys(messages).length > 0) return { error: inputValidation(messages) };

  if (card) card.isUsed = true;
  const transaction: TWompiTransaction = {
    id: newTransactionId(ctx.state, ctx.now),
    created_at: ctx.now.toISOString(),
    finalized_at: null,
    amount_in_cents: request.amount_in_cents,
    reference: request.reference,
    customer_email: request.customer_email,
    currency: request.currency,
    payment_method_type: method.type,
    payment_method: publicPaymentMethod(method, card),
    status: 'PENDING',
    status_message: null,
    shipping_address: null,
    redirect_url: request.redirect_url ?? null,
    payment_source_id: null,
    payment_link_id: null,
    customer_data: request.customer_data ?? null,
    billing_data: null,
  };
  const record: TTransactionRecord = { transaction, outcome, lastEvent: null };
  ctx.state.addTransaction(record);
  return { record };
}

/**
 * Moves a PENDING transaction to its final `status` (sets `finalized_at` and `status_message`) and builds its
 * `transaction.updated` event, kept as `record.lastEvent`.
 * @returns the event to send, or null when the transaction was already final (nothing changes).
 */
export function resolveTransaction(
  record: TTransactionRecord,
  status: TSandboxOutcome,
  eventsSecret: string,
  now: Date,
): TWompiEvent | null {
  const transaction = record.transaction;
  if (transaction.status !== 'PENDING') return null;
  transaction.status = status;
  transaction.finalized_at = now.toISOString();
  transaction.status_message = STATUS_MESSAGES[status];
  record.lastEvent = buildTransactionEvent(transaction, eventsSecret, now);
  return record.lastEvent;
}

/**
 * Gives a PSE or Bancolombia transfer transaction its `payment_method.extra.async_payment_url`, the page where the
 * buyer completes the payment (the gateway adds it shortly after creation, so clients poll for it).
 */
export function attachAsyncPaymentUrl(record: TTransactionRecord, url: string): void {
  const method = record.transaction.payment_method;
  method.extra = { ...method.extra, async_payment_url: url };
}
