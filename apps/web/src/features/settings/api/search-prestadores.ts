import { queryOptions, useQuery } from '@tanstack/react-query';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import {
  PRESTADORES_DEBOUNCE_MS,
  PRESTADORES_LIMITE,
  PRESTADORES_MIN_TEXTO,
  ZPrestadoresAutocompleteData,
  type TPrestadorResultado,
  type TPrestadoresAutocompleteQuery,
} from '@radica/contracts/reps';
import { HttpError, httpErrorMessage } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/**
 * GET /api/Auth/prestadores/autocomplete?texto=&limite=10 (seed 000 §7): the REPS providers matching `texto`
 * (already trimmed), at most {@link PRESTADORES_LIMITE}. The answer's `data` is checked against the contract
 * (ZPrestadoresAutocompleteData); a shape it does not match throws a ZodError. Throws HttpError otherwise.
 */
export async function searchPrestadores(texto: string, signal?: AbortSignal): Promise<TPrestadorResultado[]> {
  const query = { texto, limite: PRESTADORES_LIMITE } satisfies TPrestadoresAutocompleteQuery;
  const envelope = await apiCall(routes.prestador.prestadores, { query }, { signal });
  return ZPrestadoresAutocompleteData.parse(envelope.data).items;
}

export const prestadoresSearchQuery = (texto: string) =>
  queryOptions({
    queryKey: ['prestadores-autocomplete', texto] as const,
    queryFn: ({ signal }) => searchPrestadores(texto, signal),
    enabled: texto.length >= PRESTADORES_MIN_TEXTO,
    staleTime: 5 * 60_000,
    retry: false,
  });

/**
 * The provider search of the form (seed 000 §5 "Searches", §9): `text` is searched once its trimmed form has at
 * least 2 characters and has not changed for 1000 ms. `results` holds only the answer for the text as it is now:
 * while the user is still typing (or the answer for the new text has not come) it is empty, so a list from an
 * earlier text can never be shown or picked.
 */
export function usePrestadoresSearch(text: string) {
  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, PRESTADORES_DEBOUNCE_MS);
  const query = useQuery(prestadoresSearchQuery(debounced));
  const isSearchable = trimmed.length >= PRESTADORES_MIN_TEXTO;
  const isCurrent = isSearchable && debounced === trimmed;
  return {
    results: isCurrent && query.data ? query.data : [],
    /** Waiting for the pause or for the answer. */
    isSearching: isSearchable && (!isCurrent || query.isFetching),
    /** The search for the current text answered with no provider. */
    isEmpty: isCurrent && query.isSuccess && !query.isFetching && query.data.length === 0,
    error: isCurrent && query.isError ? query.error : null,
  };
}

/**
 * The text under the input when the search fails (seed 000 §8 "Searches"): an HTTP failure shows the server's own
 * text, or 'Error en la búsqueda de prestadores' when it sent none; anything else (no connection, an answer that
 * is not the contract's) shows 'Error desconocido en la búsqueda de prestadores'.
 */
export function prestadoresSearchErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status > 0) {
    const isGeneric = error.message === httpErrorMessage(error.status);
    return isGeneric ? MSG_CUENTAS.prestadoresSearchError : error.message;
  }
  return MSG_CUENTAS.prestadoresSearchUnknownError;
}
