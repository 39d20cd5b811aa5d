import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TInfoData } from '@radica/contracts/common';

/** What the login and registration pages need of GET /api/info (contracts ZInfoData). */
export type TInfo = Pick<TInfoData, 'googleClientId'>;

/** GET /api/info (public, seed 000 §7): the Google client id, or null when Google sign-in is disabled. */
export async function getInfo(signal?: AbortSignal): Promise<TInfo> {
  const envelope = await apiCall(routes.sistema.info, {}, { signal });
  const id = envelope.data?.googleClientId;
  return { googleClientId: typeof id === 'string' && id ? id : null };
}

export const infoQuery = () =>
  queryOptions({
    queryKey: ['info'] as const,
    queryFn: ({ signal }) => getInfo(signal),
    staleTime: Infinity,
    retry: false,
  });

export function useInfo() {
  return useQuery(infoQuery());
}
