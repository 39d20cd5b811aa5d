import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProviderConfig } from '@radica/contracts/provider';
import { apiRequest } from '../../../lib/http';

/** GET /api/Auth/tercero-fevrips: the tercero and its provider configuration (`configurado` false when none). */
export async function getTerceroFevrips(signal?: AbortSignal): Promise<TProviderConfig> {
  const envelope = await apiRequest<TProviderConfig>('/api/Auth/tercero-fevrips', { signal });
  return envelope.data;
}

export const terceroFevripsQuery = () =>
  queryOptions({
    queryKey: ['tercero-fevrips'] as const,
    queryFn: ({ signal }) => getTerceroFevrips(signal),
  });

export function useTerceroFevrips() {
  return useQuery(terceroFevripsQuery());
}
