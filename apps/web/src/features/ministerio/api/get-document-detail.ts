import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';
import type { TMinisterioDetail } from './types';

/** Poll while the server reports the document as being sent. */
const IN_PROGRESS_POLL_MS = 3000;
/** Poll, slower, while the document waits for the ministry's verdict (Radica retries by itself). */
export const WAIT_POLL_MS = 30_000;

/**
 * GET /api/FevRips/{id}/detail. 404 'Documento no encontrado' for a missing or foreign id. `prevalidacion`
 * holds the local findings, in the same shape as `errores`.
 */
export async function getDocumentDetail(id: number, signal?: AbortSignal): Promise<TMinisterioDetail> {
  const envelope = await apiCall(routes.documentos.detalle, { params: { id } }, { signal });
  return envelope.data;
}

export const documentDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['documents', 'detail', id] as const,
    queryFn: ({ signal }) => getDocumentDetail(id, signal),
    refetchInterval: (query) =>
      query.state.data?.estado === 'ENPROCESO' || query.state.data?.enviandose
        ? IN_PROGRESS_POLL_MS
        : query.state.data?.esperaMinisterio
          ? WAIT_POLL_MS
          : false,
  });

export function useDocumentDetail(id: number | null) {
  return useQuery({ ...documentDetailQuery(id ?? 0), enabled: id !== null });
}
