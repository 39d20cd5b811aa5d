import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProviderConfigInput } from '@radica/contracts/provider';
import { apiCall, routes } from '../../../lib/api-client';
import { terceroFevripsQuery } from '../../../lib/provider-config';

/** PUT /api/Auth/actualizar-configuracion-fevrips. An empty passwordValidator keeps the stored one. */
export async function updateProviderConfig(body: TProviderConfigInput): Promise<string | undefined> {
  const envelope = await apiCall(routes.prestador.actualizarConfiguracion, { body });
  return envelope.message;
}

export function useUpdateProviderConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProviderConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terceroFevripsQuery().queryKey }),
  });
}
