import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TWebhookCreateRequest, TWebhooksData } from '@radica/contracts/avisos';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the tenant's webhooks and delivery log; every change invalidates it. */
export const WEBHOOKS_QUERY_KEY = ['integraciones', 'webhooks'] as const;

/** GET /api/integraciones/webhooks: the active webhooks and the latest deliveries. */
export async function getWebhooks(signal?: AbortSignal): Promise<TWebhooksData> {
  return (await apiCall(routes.integraciones.webhooks, {}, { signal })).data;
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
    mutationFn: async (body: TWebhookCreateRequest) => (await apiCall(routes.integraciones.crearWebhook, { body })).data,
    gcTime: 0,
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** DELETE /api/integraciones/webhooks/{id}. */
export function useDeleteWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(routes.integraciones.eliminarWebhook, { params: { id } })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}

/** POST /api/integraciones/webhooks/{id}/probar: queues a signed test event; answers the server's message. */
export function useTestWebhook() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(routes.integraciones.probarWebhook, { params: { id } })).message ?? '',
    onSuccess: () => qc.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY }),
  });
}
