import type { TApiKey } from '@radica/contracts/integraciones';

export type TApiKeyEstado = 'activa' | 'revocada' | 'vencida';

/**
 * A key's state as Settings › Integraciones shows it (issue 15): 'revocada' once revoked, 'activa' while the server
 * says it still authenticates (`activa`: not revoked and not past `expiraEn`), else 'vencida'.
 */
export function apiKeyEstado(key: Pick<TApiKey, 'activa' | 'revocadaEn'>): TApiKeyEstado {
  if (key.revocadaEn) return 'revocada';
  return key.activa ? 'activa' : 'vencida';
}

/** The keys newest first (the API lists them oldest first), so a key just created heads the list. */
export function sortApiKeys(keys: readonly TApiKey[]): TApiKey[] {
  return [...keys].sort((a, b) => b.creadaEn.localeCompare(a.creadaEn) || b.id - a.id);
}
