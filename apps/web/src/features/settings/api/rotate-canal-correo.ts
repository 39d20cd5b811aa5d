import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCanalCorreo } from '@radica/contracts/canal-correo';
import { apiCall, routes } from '../../../lib/api-client';
import { CANAL_CORREO_QUERY_KEY } from './get-canal-correo';

/** POST /api/canales/correo/rotar: a new inbound address; the old one stops receiving at once. */
export async function rotateCanalCorreo(): Promise<TCanalCorreo> {
  const envelope = await apiCall(routes.integraciones.rotarCanalCorreo);
  return envelope.data;
}

export function useRotateCanalCorreo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateCanalCorreo,
    onSuccess: (data) => queryClient.setQueryData(CANAL_CORREO_QUERY_KEY, data),
  });
}
