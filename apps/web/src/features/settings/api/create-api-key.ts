import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TApiKeyCreateRequest, TApiKeyCreated } from '@radica/contracts/integraciones';
import { apiCall, routes } from '../../../lib/api-client';
import { API_KEYS_QUERY_KEY } from './get-api-keys';

/**
 * POST /api/integraciones/claves: a new key named `nombre`, valid `diasVigencia` days. The answer carries
 * the key itself (`clave`) this once; the server keeps only its hash. Throws HttpError (409 at the active-key limit).
 */
export async function createApiKey(body: TApiKeyCreateRequest): Promise<TApiKeyCreated> {
  const envelope = await apiCall(routes.integraciones.crearClave, { body });
  return envelope.data;
}

/**
 * The create mutation. Its data is the only copy of the new key in the browser: `gcTime: 0` drops it from the
 * mutation cache as soon as the screen resets the mutation (the panel is closed). Refreshes the key list.
 */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApiKey,
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
