import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKey } from '@radica/contracts/integraciones';
import { apiRequest } from '../../../lib/http';
import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** DELETE /api/integraciones/claves/{id} (issue 15): the key stops working at once; returns it revoked. */
export async function revokeApiKey(id: number): Promise<TApiKey> {
  const envelope = await apiRequest<TApiKey>(`/api/integraciones/claves/${id}`, { method: 'DELETE' });
  return envelope.data;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

/** POST /api/integraciones/claves/{id}/confirmar (issue 28): a suspended key works again, as the caller's. */
export async function confirmApiKey(id: number): Promise<TApiKey> {
  return (await apiRequest<TApiKey>(`/api/integraciones/claves/${id}/confirmar`, { method: 'POST' })).data;
}

export function useConfirmApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
