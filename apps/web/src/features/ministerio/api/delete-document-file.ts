import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TEliminarArchivoData } from '@radica/contracts/documents';

/** The delete-file answer (contracts ZEliminarArchivoData). */
export type TDeleteFileData = TEliminarArchivoData;

/**
 * POST /api/FevRips/{id}/eliminar-archivo {tipoArchivo} (seed 001 §3, §7). `documentoAnulado` true when the
 * last file went and the document was cancelled.
 */
export async function deleteDocumentFile(input: {
  id: number;
  tipoArchivo: 'xml' | 'json';
}): Promise<TDeleteFileData> {
  const envelope = await apiCall(routes.documentos.eliminarArchivo, { params: { id: input.id }, body: { tipoArchivo: input.tipoArchivo } });
  return envelope.data;
}

export function useDeleteDocumentFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocumentFile,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
