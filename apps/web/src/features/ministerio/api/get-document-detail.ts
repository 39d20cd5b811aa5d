import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TDocumentDetail } from '@radica/contracts/documents';
import { apiRequest } from '../../../lib/http';

/** Poll while the server reports the document as being sent. */
const IN_PROGRESS_POLL_MS = 3000;

/** GET /api/FevRips/{id}/detail. 404 'Documento no encontrado' for a missing or foreign id. */
export async function getDocumentDetail(id: number, signal?: AbortSignal): Promise<TDocumentDetail> {
  const envelope = await apiRequest<TDocumentDetail>(`/api/FevRips/${id}/detail`, { signal });
  return envelope.data;
}

export const documentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['documents', 'detail', id] as const,
    queryFn: ({ signal }) => getDocumentDetail(id, signal),
    refetchInterval: (query) => (query.state.data?.estado === 'ENPROCESO' ? IN_PROGRESS_POLL_MS : false),
  });

export function useDocumentDetail(id: number | null) {
  return useQuery({ ...documentDetailQuery(id ?? 0), enabled: id !== null });
}
