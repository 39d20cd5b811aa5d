import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

/**
 * Access tokens: short-lived HS256 JWTs carrying user, tenant, validator and the session (`sid`: the login's
 * refresh-token family, which logout and password changes revoke; modules/auth/session-check.ts).
 */
export type TAccessClaims = { userId: number; tenantId: number; validator: string; sessionId: string };

export type TTokenKit = {
  signAccess: (claims: TAccessClaims) => Promise<{ token: string; expiresAt: Date }>;
  verifyAccess: (token: string) => Promise<TAccessClaims | null>;
  signPurpose: (purpose: string, subject: string, ttlS: number) => Promise<string>;
  verifyPurpose: (purpose: string, token: string) => Promise<string | null>;
};

/** Most access tokens remembered as verified (per process; about 0.5 KB each). */
const VERIFIED_CACHE_MAX = 20_000;

/**
 * HS256 tokens: access tokens (15 min by default) and single-purpose tokens (e-mail verification, password reset).
 * A verified access token is remembered until its `exp`, so a busy client pays the signature check once (
 * search speed): the signature's answer cannot change meanwhile. Whether its session is still open is a separate
 * check (session-check.ts) made on every call.
 */
export function createTokenKit(secret: Buffer, accessTtlS: number): TTokenKit {
  const key = new Uint8Array(secret);
  const verified = new Map<string, { claims: TAccessClaims; expMs: number }>();
  return {
    async signAccess(c) {
      const expiresAt = new Date(Date.now() + accessTtlS * 1000);
      const token = await new SignJWT({ tid: c.tenantId, val: c.validator, sid: c.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(c.userId))
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { token, expiresAt };
    },
    async verifyAccess(token) {
      const hit = verified.get(token);
      if (hit) {
        if (Date.now() < hit.expMs) return hit.claims;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (
          payload.typ !== 'access' ||
          typeof payload.tid !== 'number' ||
          typeof payload.val !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        )
          return null;
        const claims = { userId: Number(payload.sub), tenantId: payload.tid, validator: payload.val, sessionId: payload.sid };
        if (verified.size >= VERIFIED_CACHE_MAX) verified.clear();
        verified.set(token, { claims, expMs: payload.exp * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
    async signPurpose(purpose, subject, ttlS) {
      return new SignJWT({ typ: purpose })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${ttlS}s`)
        .sign(key);
    },
    async verifyPurpose(purpose, token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        return payload.typ === purpose && payload.sub ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}

/** A refresh token: 32 random bytes, base64url; only its SHA-256 is stored. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

export function sha256(value: string | Buffer): string {
  return createHash('sha256').update(value).digest('hex');
}
