import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchData, TSearchRequest } from '@radica/contracts/documents';
import { apiRequest } from '../../../lib/http';

/** POST /api/FevRips/search (seed 001 §7): one page of the tenant's documents. */
export async function searchDocuments(body: TSearchRequest, signal?: AbortSignal): Promise<TSearchData> {
  const envelope = await apiRequest<TSearchData>('/api/FevRips/search', { method: 'POST', body, signal });
  return envelope.data;
}

export const searchDocumentsQuery = (body: TSearchRequest) =>
  queryOptions({
    queryKey: ['documents', 'search', body] as const,
    queryFn: ({ signal }) => searchDocuments(body, signal),
    placeholderData: keepPreviousData,
  });

export function useSearchDocuments(body: TSearchRequest) {
  return useQuery(searchDocumentsQuery(body));
}
