import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/FevRips/{id}/anular (seed 001 §4, §7): the status becomes ANULADO. Returns the server's message. */
export async function cancelDocument(id: number): Promise<string | undefined> {
  const envelope = await apiCall(routes.documentos.anular, { params: { id } });
  return envelope.message;
}

export function useCancelDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
