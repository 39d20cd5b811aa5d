import { randomBytes } from 'node:crypto';
import { ZWompiCardTokenRequest, type TWompiCardToken, type TWompiMerchant } from '@radica/contracts/wompi';
import { issueAcceptanceToken, type TAcceptanceType } from './acceptance.ts';
import { cardBrand, cardOutcome, validateCardRequest } from './cards.ts';
import { inputValidation, issueMessages, type TWompiErrorReply } from './responses.ts';
import type { WompiStateStore } from './state.ts';

/** The simulated merchant's id: first part of every transaction id and part of card token ids, like the gateway's. */
export const SIM_MERCHANT_ID = 100;

/** How long a card token is offered for, in ms (`expires_at`; informative: the simulator does not enforce it). */
const CARD_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * `GET /v1/merchants/:publicKey`: the merchant with two fresh presigned acceptances (END_USER_POLICY and
 * PERSONAL_DATA_AUTH), each recorded so `POST /v1/transactions` can later verify it. `termsPath` is the permalink of the
 * simulator's terms page (a same-origin path; the gateway's permalinks are absolute PDF URLs).
 */
export function getMerchant(input: {
  publicKey: string;
  termsPath: string;
  state: WompiStateStore;
  acceptanceKey: Buffer;
  now: Date;
}): TWompiMerchant {
  const nowS = Math.floor(input.now.getTime() / 1000);
  const presign = (type: TAcceptanceType, permalink: string) => {
    const { token, claims } = issueAcceptanceToken({
      type,
      permalink,
      now: input.now,
      key: input.acceptanceKey,
    });
    input.state.addAcceptance({ jit: claims.jit, type, exp: claims.exp }, nowS);
    return { acceptance_token: token, permalink, type };
  };
  return {
    id: SIM_MERCHANT_ID,
    name: 'Comercio de pruebas (simulador)',
    email: 'pagos@simulador.invalid',
    contact_name: 'Simulador de Wompi',
    phone_number: '+573000000000',
    active: true,
    logo_url: null,
    legal_name: 'Comercio de pruebas S.A.S.',
    legal_id_type: 'NIT',
    legal_id: '900000000-1',
    public_key: input.publicKey,
    accepted_currencies: ['COP'],
    accepted_payment_methods: ['CARD', 'NEQUI', 'PSE', 'BANCOLOMBIA_TRANSFER'],
    presigned_acceptance: presign('END_USER_POLICY', `${input.termsPath}#uso`),
    presigned_personal_data_auth: presign('PERSONAL_DATA_AUTH', `${input.termsPath}#datos-personales`),
  };
}

/**
 * `POST /v1/tokens/cards`: validates the card (`validateCardRequest`) and returns a token `tok_test_<merchant>_<hex>`.
 * Only the sandbox outcome the number implies, the brand and the last four digits are kept; the number and the CVC
 * are dropped here.
 * @returns the token data, or a 422 INPUT_VALIDATION_ERROR reply.
 */
export function tokenizeCard(input: {
  body: unknown;
  state: WompiStateStore;
  now: Date;
}): { data: TWompiCardToken } | { error: TWompiErrorReply } {
  const parsed = ZWompiCardTokenRequest.safeParse(input.body);
  if (!parsed.success) return { error: inputValidation(issueMessages(parsed.error.issues)) };
  const card = parsed.data;
  const messages = validateCardRequest(card, input.now);
  if (Object.keys(messages).length > 0) return { error: inputValidation(messages) };

  const brand = cardBrand(card.number);
  const lastFour = card.number.slice(-4);
  const id = `tok_test_${SIM_MERCHANT_ID}_${randomBytes(16).toString('hex')}`;
  input.state.addCardToken({ id, outcome: cardOutcome(card.number), brand, lastFour, isUsed: false });
  return {
    data: {
      id,
      created_at: input.now.toISOString(),
      brand,
      name: `${brand}-${lastFour}`,
      last_four: lastFour,
      bin: card.number.slice(0, 6),
      exp_year: card.exp_year,
      exp_month: card.exp_month,
      card_holder: card.card_holder,
      created_with_cvc: true,
      expires_at: new Date(input.now.getTime() + CARD_TOKEN_TTL_MS).toISOString(),
    },
  };
}
