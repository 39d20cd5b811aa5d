import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Presigned acceptance tokens (docs.wompi.co "Tokens de aceptación"). The gateway's are HS256 JWTs whose payload
 * carries `contract_id`, `permalink`, `file_hash`, `jit`, `emitted_at` and `exp` (one hour after issue); clients treat
 * them as opaque. The simulator issues the same kind of JWT, signed with a key derived from the private key, and adds
 * `type` so a personal-data token cannot stand in for the end-user policy one.
 */

export const ACCEPTANCE_TYPES = ['END_USER_POLICY', 'PERSONAL_DATA_AUTH'] as const;
export type TAcceptanceType = (typeof ACCEPTANCE_TYPES)[number];

/** Lifetime of an acceptance token, in seconds (the gateway's `exp` − `emitted_at`). */
export const ACCEPTANCE_TTL_S = 3600;

export type TAcceptanceClaims = {
  contract_id: number;
  permalink: string;
  file_hash: string;
  /** Unique id of the token (the gateway spells it `jit`). */
  jit: string;
  /** Unix seconds. */
  emitted_at: number;
  /** Unix seconds. */
  exp: number;
  type: TAcceptanceType;
};

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

/** The HMAC key of acceptance tokens, derived from the merchant's private key (stable across restarts). */
export function acceptanceKey(privateKey: string): Buffer {
  return createHash('sha256').update(`wompi-simulator/acceptance/${privateKey}`, 'utf8').digest();
}

const sign = (text: string, key: Buffer) =>
  createHmac('sha256', key).update(text, 'utf8').digest('base64url');

/** Issues a new token of `type` for the document at `permalink`, emitted at `now`. */
export function issueAcceptanceToken(input: {
  type: TAcceptanceType;
  permalink: string;
  now: Date;
  key: Buffer;
}): {
  token: string;
  claims: TAcceptanceClaims;
} {
  const emittedAt = Math.floor(input.now.getTime() / 1000);
  const claims: TAcceptanceClaims = {
    contract_id: input.type === 'END_USER_POLICY' ? 1 : 2,
    permalink: input.permalink,
    file_hash: createHash('sha256').update(`${input.type}:${input.permalink}`).digest('hex').slice(0, 32),
    jit: `${emittedAt}-${randomBytes(6).toString('hex')}`,
    emitted_at: emittedAt,
    exp: emittedAt + ACCEPTANCE_TTL_S,
    type: input.type,
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return { token: `${body}.${sign(body, input.key)}`, claims };
}

/**
 * Reads a token this simulator signed with `key`. Does not look at `exp` or at whether it is still on record.
 * @returns the claims, or null when the token is malformed or its signature does not match.
 */
export function readAcceptanceToken(token: string, key: Buffer): TAcceptanceClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [header, payload, signature] = parts as [string, string, string];
  const expected = Buffer.from(sign(`${header}.${payload}`, key));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(
      Buffer.from(payload, 'base64url').toString('utf8'),
    ) as Partial<TAcceptanceClaims>;
    if (typeof claims.jit !== 'string' || typeof claims.exp !== 'number') return null;
    if (!ACCEPTANCE_TYPES.includes(claims.type as TAcceptanceType)) return null;
    return claims as TAcceptanceClaims;
  } catch {
    return null;
  }
}
