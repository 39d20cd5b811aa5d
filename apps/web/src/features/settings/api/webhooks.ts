import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhook, TWebhookCreateRequest, TWebhookCreated, TWebhooksData } from '@radica/contracts/avisos';
import { apiRequest } from '../../../lib/http';

/** The query key of the tenant's webhooks and delivery log; every change invalidates it. */
export const WEBHOOKS_QUERY_KEY = ['integraciones', 'webhooks'] as const;

/** GET /api/integraciones/webhooks (issue 15): the active webhooks and the latest deliveries. */
export async function getWebhooks(signal?: AbortSignal): Promise<TWebhooksData> {
  return (await apiRequest<TWebhooksData>('/api/integraciones/webhooks', { signal })).data;
}

export const webhooksQuery = () => queryOptions({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: ({ signal }) => getWebhooks(signal) });

/** The webhooks and their log; while a delivery is pending the log refreshes every 3 s. */
export function useWebhooks() {
  return useQuery({
    ...webhooksQuery(),
    refetchInterval: (q) => (q.state.data?.entregas.some((e) => e.estado === 'PENDIENTE') ? 3_000 : false),
  });
}

/** POST /api/integraciones/webhooks: the new webhook with its secret (shown once). Throws HttpError 400/409. */
export function useCreateWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TWebhookCreateRequest) => (await apiRequest<TWebhookCreated>('/api/integraciones/webhooks', { method: 'POST', body })).data,
    gcTime: 0,
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** DELETE /api/integraciones/webhooks/{id}. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest<TWebhook>(`/api/integraciones/webhooks/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** POST /api/integraciones/webhooks/{id}/probar: queues a signed test event; answers the server's message. */
export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiRequest<null>(`/api/integraciones/webhooks/${id}/probar`, { method: 'POST' })).message ?? '',
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
