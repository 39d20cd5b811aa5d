import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TSearchData, TSearchRequest } from '@radica/contracts/documents';
import { apiCall, routes } from '../../../lib/api-client';
import { WAIT_POLL_MS } from './get-document-detail';

/** While a bulk send runs (rows with `enviandose`), the list is polled at this interval. */
export const BULK_SEND_POLL_MS = 2000;

/** The search answer (contracts ZSearchData); rows carry `enviandose` while a bulk send runs. */
export type TMinisterioSearchData = TSearchData;

/** POST /api/FevRips/search (seed 001 §7): one page of the tenant's documents. */
export async function searchDocuments(
  body: TSearchRequest,
  signal?: AbortSignal,
): Promise<TMinisterioSearchData> {
  const envelope = await apiCall(routes.documentos.buscar, { body }, { signal });
  return envelope.data;
}

export const searchDocumentsQuery = (body: TSearchRequest) =>
  queryOptions({
    queryKey: ['documents', 'search', body] as const,
    queryFn: ({ signal }) => searchDocuments(body, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.data.some((row) => row.enviandose)
        ? BULK_SEND_POLL_MS
        : query.state.data?.results.data.some((row) => row.esperaMinisterio)
          ? WAIT_POLL_MS
          : false,
  });

export function useSearchDocuments(body: TSearchRequest) {
  return useQuery(searchDocumentsQuery(body));
}
