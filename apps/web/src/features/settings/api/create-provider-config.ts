import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TProviderConfigInput } from '@radica/contracts/provider';
import { apiCall, routes } from '../../../lib/api-client';
import { terceroFevripsQuery } from '../../../lib/provider-config';

/** POST /api/Auth/crear-configuracion-fevrips → the server's message ('Configuración guardada exitosamente'). */
export async function createProviderConfig(body: TProviderConfigInput): Promise<string | undefined> {
  const envelope = await apiCall(routes.prestador.crearConfiguracion, { body });
  return envelope.message;
}

export function useCreateProviderConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProviderConfig,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: terceroFevripsQuery().queryKey }),
  });
}
