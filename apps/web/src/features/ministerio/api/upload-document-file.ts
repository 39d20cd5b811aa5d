import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SUBIR_ARCHIVO_FORM, type TUploadData } from '@radica/contracts/documents';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/FevRips/subir-archivo, multipart as SUBIR_ARCHIVO_FORM describes it: `fevRipsId` (when the
 * document exists) then the file `archivo`.
 * The extension decides XML or JSON. Errors carry `code` (IDENTITY_MISMATCH, FORMATO_EXISTS…) and `data`.
 */
export async function uploadDocumentFile(input: {
  file: File;
  fevRipsId?: number | null;
}): Promise<TUploadData> {
  const formData = new FormData();
  // Fields before the file, so a streaming parser has them when the file arrives.
  if (input.fevRipsId) formData.append('fevRipsId', String(input.fevRipsId));
  formData.append(SUBIR_ARCHIVO_FORM.file, input.file, input.file.name);
  const envelope = await apiCall(routes.documentos.subirArchivo, { body: formData });
  return envelope.data;
}

export function useUploadDocumentFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocumentFile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}
