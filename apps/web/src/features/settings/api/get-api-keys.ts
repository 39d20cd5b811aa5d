import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TApiKey } from '@radica/contracts/integraciones';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the tenant's API keys; creating or revoking one invalidates it. */
export const API_KEYS_QUERY_KEY = ['integraciones', 'claves'] as const;

/** GET /api/integraciones/claves: the tenant's keys, oldest first, never the keys themselves. */
export async function getApiKeys(signal?: AbortSignal): Promise<TApiKey[]> {
  const envelope = await apiCall(routes.integraciones.claves, {}, { signal });
  return envelope.data.claves;
}

export const apiKeysQuery = () =>
  queryOptions({ queryKey: API_KEYS_QUERY_KEY, queryFn: ({ signal }) => getApiKeys(signal) });

export function useApiKeys() {
  return useQuery(apiKeysQuery());
}
