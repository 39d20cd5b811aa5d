import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TDeps } from '../../deps.ts';
import { claimCodeTry, hasLiveCode, markCodeUsed, replaceCode } from './repository.ts';

/** Seed 000 §9: a mailed code is valid 30 minutes; Radica allows 5 tries. */
export const CODE_TTL_MS = 30 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * What purpose a code serves: registration e-mail check, password reset, password change (mailed), and the link of a
 * WhatsApp number (sent by WhatsApp; its "e-mail" is `wa:{userId}:{number}`, binding user and number).
 */
export type TCodePurpose = 'registration' | 'password-reset' | 'password-change' | 'whatsapp-link';

/** Outcome of one try: the code matched (and is now used), did not, the tries are spent, or no live code exists. */
export type TCodeTry = 'ok' | 'wrong' | 'exhausted' | 'missing';

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
const codeHash = (key: Buffer, email: string, code: string) =>
  createHmac('sha256', key).update(`${normalizeEmail(email)}:${code}`).digest('hex');

/**
 * Store a fresh code for (email, purpose), retiring the earlier live ones; only its HMAC (keyed with the server's
 * code key) is kept. Valid CODE_TTL_MS, single use, CODE_MAX_ATTEMPTS tries.
 */
export async function issueCode(deps: Pick<TDeps, 'db' | 'codeKey'>, email: string, purpose: TCodePurpose, code: string): Promise<void> {
  await replaceCode(deps.db, email, purpose, codeHash(deps.codeKey, email, code), new Date(Date.now() + CODE_TTL_MS));
}

/**
 * Try `code` against the newest live code of (email, purpose). The try is claimed first, in one conditional UPDATE
 * (`attempts = attempts + 1 … where attempts < CODE_MAX_ATTEMPTS`), and compared only when the claim succeeded, so
 * however many guesses arrive at once at most CODE_MAX_ATTEMPTS are ever evaluated ("Code try limits hold
 * under concurrency"). A match marks the code used (once: a concurrent second match finds it used → 'missing').
 */
export async function tryCode(deps: Pick<TDeps, 'db' | 'codeKey'>, email: string, purpose: TCodePurpose, code: string): Promise<TCodeTry> {
  const claimed = await claimCodeTry(deps.db, email, purpose, CODE_MAX_ATTEMPTS);
  if (!claimed) return (await hasLiveCode(deps.db, email, purpose)) ? 'exhausted' : 'missing';
  const expected = Buffer.from(claimed.codeHash, 'hex');
  const given = Buffer.from(codeHash(deps.codeKey, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) return claimed.attempts >= CODE_MAX_ATTEMPTS ? 'exhausted' : 'wrong';
  return (await markCodeUsed(deps.db, claimed.id)) ? 'ok' : 'missing';
}
