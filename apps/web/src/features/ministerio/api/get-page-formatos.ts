import { apiCall, routes } from '../../../lib/api-client';
import type { z } from 'zod';
import type { ZFormatosPaginaRequest } from '@radica/contracts/documents';
import type { TPageFormato } from './types';

/** POST /api/FevRips/formatos-pagina body (contracts ZFormatosPaginaRequest). */
export type TPageFormatosRequest = z.input<typeof ZFormatosPaginaRequest>;

/**
 * POST /api/FevRips/formatos-pagina (seed 001 §7): every result of the filters as {id, formato, pagina,
 * posicionEnPagina}, for select-all. Called imperatively (no hook): the selection logic owns the fallbacks.
 */
export async function getPageFormatos(
  body: TPageFormatosRequest,
  signal?: AbortSignal,
): Promise<TPageFormato[]> {
  const envelope = await apiCall(routes.documentos.formatosPagina, { body }, { signal });
  return envelope.data?.formatos ?? [];
}
