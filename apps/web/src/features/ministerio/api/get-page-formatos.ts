import { apiRequest } from '../../../lib/http';
import type { TPageFormato } from './types';

export type TPageFormatosRequest = {
  tamañoPagina: number;
  tipoDocumento: string;
  estadoInterno: string;
  formato: string;
  fechaCreacionDesde?: string;
  fechaCreacionHasta?: string;
  fechaRadicacionDesde?: string;
  fechaRadicacionHasta?: string;
};

/**
 * POST /api/FevRips/formatos-pagina (seed 001 §7): every result of the filters as {id, formato, pagina,
 * posicionEnPagina}, for select-all. Called imperatively (no hook): the selection logic owns the fallbacks.
 */
export async function getPageFormatos(
  body: TPageFormatosRequest,
  signal?: AbortSignal,
): Promise<TPageFormato[]> {
  const envelope = await apiRequest<{ formatos?: TPageFormato[] }>('/api/FevRips/formatos-pagina', {
    method: 'POST',
    body,
    signal,
  });
  return envelope.data?.formatos ?? [];
}
