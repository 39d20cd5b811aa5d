import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TProviderConfig } from '@radica/contracts/provider';
import { apiCall, routes } from './api-client';

/**
 * GET /api/Auth/tercero-fevrips (seed 001 §7): the tercero and its provider configuration (`configurado`
 * false when none). One query for every screen that needs it: the settings screen edits it, the ministerio
 * list warns when it is missing (seed 001 §2); the settings mutations invalidate this key.
 */
export async function getTerceroFevrips(signal?: AbortSignal): Promise<TProviderConfig> {
  const envelope = await apiCall(routes.prestador.configuracion, {}, { signal });
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
