import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TActualizarTerceroRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/** PUT /api/Auth/actualizar-tercero (seed 000 §7): returns the server's message. Refreshes ['tercero-fevrips']. */
export async function updateTercero(body: TActualizarTerceroRequest): Promise<string | undefined> {
  const envelope = await apiCall(routes.auth.actualizarTercero, { body });
  return envelope.message;
}

export function useUpdateTercero() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTercero,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['tercero-fevrips'] }),
  });
}
