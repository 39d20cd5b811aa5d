import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/FevRips/{id}/reactivar (seed 001 §4): a cancelled document becomes PROCESADO, PENDIENTE_RIPS or
 * PENDIENTE_XML by the files it has. Returns the server's message.
 */
export async function reactivateDocument(id: number): Promise<string | undefined> {
  const envelope = await apiCall(routes.documentos.reactivar, { params: { id } });
  return envelope.message;
}

export function useReactivateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
