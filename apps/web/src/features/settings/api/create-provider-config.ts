import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProviderConfigInput } from '@radica/contracts/provider';
import { apiRequest } from '../../../lib/http';
import { terceroFevripsQuery } from '../../../lib/provider-config';

/** POST /api/Auth/crear-configuracion-fevrips → the server's message ('Configuración guardada exitosamente'). */
export async function createProviderConfig(body: TProviderConfigInput): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>('/api/Auth/crear-configuracion-fevrips', {
    method: 'POST',
    body,
  });
  return envelope.message;
}

export function useCreateProviderConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProviderConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terceroFevripsQuery().queryKey }),
  });
}
