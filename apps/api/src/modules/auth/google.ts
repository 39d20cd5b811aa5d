import { createRemoteJWKSet, jwtVerify } from 'jose';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TGoogleProfile } from '@radica/contracts/auth';
import type { TConfig } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';

/** Issuers Google uses in ID tokens (Google Identity: "Verify the Google ID token on your server side"). */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** A verified Google identity: `sub` is the stable subject; the profile is what the completion form shows. */
export type TGoogleIdentity = { sub: string; profile: TGoogleProfile };

const jwksByUrl = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/**
 * Verifies a Google ID token: RS256 signature against the JWKS at `config.googleJwksUrl` (jose caches and
 * refreshes the key set), `aud` = GOOGLE_CLIENT_ID, `iss` one of GOOGLE_ISSUERS, `exp` in the future (60 s
 * clock tolerance), a `sub`, an e-mail and `email_verified` true.
 * Throws 400 GOOGLE_DISABLED when GOOGLE_CLIENT_ID is unset, 401 GOOGLE_TOKEN_INVALID ('Token inválido', seed
 * 000 §8) for any failed check; the reason goes to the log, never to the client.
 */
export async function verifyGoogleIdToken(
  config: Pick<TConfig, 'googleClientId' | 'googleJwksUrl'>,
  token: string,
  log?: { warn: (o: object, msg?: string) => void },
): Promise<TGoogleIdentity> {
  if (!config.googleClientId) throw new AppError('GOOGLE_DISABLED', MSG_CUENTAS.googleDisabled);
  let jwks = jwksByUrl.get(config.googleJwksUrl);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(config.googleJwksUrl), { timeoutDuration: 5000 });
    jwksByUrl.set(config.googleJwksUrl, jwks);
  }
  try {
    const { payload } = await jwtVerify(token, jwks, {
      audience: config.googleClientId,
      issuer: GOOGLE_ISSUERS,
      algorithms: ['RS256'],
      clockTolerance: 60,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const email = typeof payload.email === 'string' ? payload.email.trim().toLowerCase() : '';
    const verified = payload.email_verified === true || payload.email_verified === 'true';
    if (!payload.sub || !email || !verified) throw new Error('missing sub/email or e-mail not verified');
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      sub: payload.sub,
      profile: {
        email,
        name: str(payload.name),
        given_name: str(payload.given_name),
        family_name: str(payload.family_name),
        picture: str(payload.picture),
      },
    };
  } catch (err) {
    log?.warn({ event: 'auth.google.token_rejected', reason: (err as Error).message?.slice(0, 200) }, 'google token rejected');
    throw new AppError('GOOGLE_TOKEN_INVALID', MSG_CUENTAS.googleTokenInvalid);
  }
}
