import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProviderConfig } from '@radica/contracts/provider';
import { apiRequest } from '../../../lib/http';

/**
 * GET /api/Auth/tercero-fevrips (seed 001 §7): the tercero and the provider configuration; the list uses
 * `configurado` to warn when no provider configuration exists (seed 001 §2). Same key as the settings screen.
 */
export async function getProviderStatus(signal?: AbortSignal): Promise<TProviderConfig> {
  const envelope = await apiRequest<TProviderConfig>('/api/Auth/tercero-fevrips', { signal });
  return envelope.data;
}

export const providerStatusQuery = () =>
  queryOptions({
    queryKey: ['tercero-fevrips'] as const,
    queryFn: ({ signal }) => getProviderStatus(signal),
  });

export function useProviderStatus() {
  return useQuery(providerStatusQuery());
}
