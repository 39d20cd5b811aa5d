import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TSincronizarData } from '@radica/contracts/documents';

/** The sync answer (contracts ZSincronizarData). */
export type TSyncData = TSincronizarData;

/** POST /api/FevRips/sincronizar-formato {formato} (seed 001 §3, §7): re-reads the ministry's record. */
export async function syncFormato(formato: string): Promise<TSyncData> {
  const envelope = await apiCall(routes.documentos.sincronizarFormato, { body: { formato } });
  return envelope.data;
}

export function useSyncFormato() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncFormato,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
