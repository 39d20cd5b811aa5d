import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKey } from '@radica/contracts/integraciones';
import { apiCall, routes } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './get-api-keys';

/** DELETE /api/integraciones/claves/{id}: the key stops working at once; returns it revoked. */
export async function revokeApiKey(id: number): Promise<TApiKey> {
  const envelope = await apiCall(routes.integraciones.revocarClave, { params: { id } });
  return envelope.data;
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

/** POST /api/integraciones/claves/{id}/confirmar: a suspended key works again, as the caller's. */
export async function confirmApiKey(id: number): Promise<TApiKey> {
  return (await apiCall(routes.integraciones.confirmarClave, { params: { id } })).data;
}

export function useConfirmApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmApiKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
