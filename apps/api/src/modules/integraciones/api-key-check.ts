import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX } from '@radica/contracts/integraciones';
import type { TDb } from '../../db/client.ts';
import type { TAuthContext } from '../../deps-base.ts';
import { findActiveKeyByHash } from './repository.ts';

/** The caller a valid API key stands for: its tenant, the user who created it, and the key's id. */
export type TApiKeyAuth = TAuthContext & { apiKeyId: number };

/**
 * The role an API key acts with (docs/decisions/039): Facturador, whoever created it. A key only reaches the
 * documents calls (upload, send, cancel, read), which is what an integrator needs and what Facturador may do.
 */
export const ROL_CLAVE_API = 'facturador' as const;

/**
 * API keys as a means of authentication: `verify` answers who a presented key stands for, 'suspendida' for a
 * key waiting for an administrator's confirmation (its creator was removed or is no longer an administrator, issue
 * 28), or null when it is not a key, not known, revoked or expired. No cache: a revocation takes effect on the very
 * next call.
 */
export type TApiKeyCheck = { verify: (key: string) => Promise<TApiKeyAuth | 'suspendida' | null> };

/** The stored form of a key: SHA-256, hex (a key is 32 random bytes: a slow hash would add nothing). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A new key: `rk_live_` + 32 random bytes in base64url (43 characters). */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

export function createApiKeyCheck(db: TDb, now: () => Date = () => new Date()): TApiKeyCheck {
  return {
    async verify(key) {
      if (!key.startsWith(API_KEY_PREFIX) || key.length > 200) return null;
      const row = await findActiveKeyByHash(db, hashApiKey(key), now());
      if (!row) return null;
      if (row.suspendidaEn) return 'suspendida';
      return { tenantId: row.tenantId, userId: row.creadaPor, validator: row.validator, sessionId: `apikey:${row.id}`, apiKeyId: row.id, rol: ROL_CLAVE_API };
    },
  };
}
