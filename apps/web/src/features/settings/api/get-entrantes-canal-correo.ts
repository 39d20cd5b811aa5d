import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TCorreoEntrantesData } from '@radica/contracts/canal-correo';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key prefix of the e-mail channel's inbox log (one entry per page). */
export const ENTRANTES_CANAL_CORREO_QUERY_KEY = ['canales', 'correo', 'entrantes'] as const;

/** GET /api/canales/correo/entrantes: one page of the inbox log, newest first. */
export async function getEntrantesCanalCorreo(pagina: number, tamanoPagina: number, signal?: AbortSignal): Promise<TCorreoEntrantesData> {
  const envelope = await apiCall(routes.integraciones.entrantesCanalCorreo, { query: { pagina, tamanoPagina } }, { signal });
  return envelope.data;
}

export const entrantesCanalCorreoQuery = (pagina: number, tamanoPagina: number) =>
  queryOptions({
    queryKey: [...ENTRANTES_CANAL_CORREO_QUERY_KEY, pagina, tamanoPagina],
    queryFn: ({ signal }) => getEntrantesCanalCorreo(pagina, tamanoPagina, signal),
    placeholderData: keepPreviousData,
    // New mail arrives without any action in the browser: look again while the card is open.
    refetchInterval: 30_000,
  });

export function useEntrantesCanalCorreo(pagina: number, tamanoPagina: number) {
  return useQuery(entrantesCanalCorreoQuery(pagina, tamanoPagina));
}
