import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCanalCorreo, TCanalCorreoUpdateRequest } from '@radica/contracts/canal-correo';
import { apiCall, routes } from '../../../lib/api-client';
import { CANAL_CORREO_QUERY_KEY } from './get-canal-correo';

/**
 * PUT /api/canales/correo: the whole allow-list (normalised to lower case by the server, at most 20) and
 * both switches. Throws HttpError 400 with the Spanish reason of an invalid sender.
 */
export async function updateCanalCorreo(body: TCanalCorreoUpdateRequest): Promise<TCanalCorreo> {
  const envelope = await apiCall(routes.integraciones.guardarCanalCorreo, { body });
  return envelope.data;
}

export function useUpdateCanalCorreo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCanalCorreo,
    onSuccess: (data) => queryClient.setQueryData(CANAL_CORREO_QUERY_KEY, data),
  });
}
