import type { TApiKey } from '@radica/contracts/integraciones';

export type TApiKeyEstado = 'activa' | 'revocada' | 'vencida' | 'suspendida';

/**
 * A key's state as Settings › Integraciones shows it: 'revocada' once revoked, 'suspendida' while it waits
 * for an administrator's confirmation, 'activa' while the server
 * says it still authenticates (`activa`: not revoked and not past `expiraEn`), else 'vencida'.
 */
export function apiKeyEstado(key: Pick<TApiKey, 'activa' | 'revocadaEn'> & Partial<Pick<TApiKey, 'suspendida'>>): TApiKeyEstado {
  if (key.revocadaEn) return 'revocada';
  // Its creator was removed or is no longer an administrator; an administrator confirms it.
  if (key.suspendida) return 'suspendida';
  return key.activa ? 'activa' : 'vencida';
}

/** The keys newest first (the API lists them oldest first), so a key just created heads the list. */
export function sortApiKeys(keys: readonly TApiKey[]): TApiKey[] {
  return [...keys].sort((a, b) => b.creadaEn.localeCompare(a.creadaEn) || b.id - a.id);
}
