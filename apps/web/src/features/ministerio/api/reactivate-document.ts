import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/FevRips/{id}/reactivar (seed 001 §4): a cancelled document becomes PROCESADO, PENDIENTE_RIPS or
 * PENDIENTE_XML by the files it has. Returns the server's message.
 */
export async function reactivateDocument(id: number): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>(`/api/FevRips/${id}/reactivar`, { method: 'POST' });
  return envelope.message;
}

export function useReactivateDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reactivateDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
