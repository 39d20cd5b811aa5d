import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TAlertasData, TAlertasRequest } from '@radica/contracts/avisos';
import { apiCall, routes } from '../../../lib/api-client';

export const ALERTAS_QUERY_KEY = ['integraciones', 'alertas'] as const;

/** GET /api/integraciones/alertas: settings, whether the plan includes them, and the latest messages. */
export async function getAlertas(signal?: AbortSignal): Promise<TAlertasData> {
  return (await apiCall(routes.integraciones.alertas, {}, { signal })).data;
}

export const alertasQuery = () => queryOptions({ queryKey: ALERTAS_QUERY_KEY, queryFn: ({ signal }) => getAlertas(signal) });

export function useAlertas() {
  return useQuery(alertasQuery());
}

/** PUT /api/integraciones/alertas (Business). Throws HttpError 400 (a recipient) or 403 (plan). */
export function useSaveAlertas() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: TAlertasRequest) => (await apiCall(routes.integraciones.guardarAlertas, { body })).data,
    onSuccess: (data) => qc.setQueryData(ALERTAS_QUERY_KEY, data),
  });
}
