import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCanalCorreo } from '@radica/contracts/canal-correo';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the e-mail channel; saving or rotating it invalidates it. */
export const CANAL_CORREO_QUERY_KEY = ['canales', 'correo'] as const;

/** GET /api/canales/correo: the inbound address and the channel's settings (created on first read). */
export async function getCanalCorreo(signal?: AbortSignal): Promise<TCanalCorreo> {
  const envelope = await apiCall(routes.integraciones.canalCorreo, {}, { signal });
  return envelope.data;
}

export const canalCorreoQuery = () =>
  queryOptions({ queryKey: CANAL_CORREO_QUERY_KEY, queryFn: ({ signal }) => getCanalCorreo(signal) });

export function useCanalCorreo() {
  return useQuery(canalCorreoQuery());
}
