import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TSendResult } from '@radica/contracts/documents';
import { HttpError } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';
import { terceroFevripsQuery } from '../../../lib/provider-config';
import { configRequiredMessage } from '../utils/config-required';

function isSendResult(value: unknown): value is TSendResult {
  return typeof value === 'object' && value !== null && typeof (value as TSendResult).exitoso === 'boolean';
}

/**
 * POST /api/FevRips/{id}/enviar: sends the XML and the JSON to the Ministry and returns its verdict
 * (`exitoso` false when the Ministry rejects it). A failure that still carries a verdict returns it.
 */
export async function sendDocument(id: number): Promise<TSendResult> {
  try {
    const envelope = await apiCall(routes.documentos.enviar, { params: { id } });
    return envelope.data;
  } catch (error) {
    if (error instanceof HttpError && isSendResult(error.data)) return error.data;
    throw error;
  }
}

/** Refreshes the documents; a 412 CONFIG_REQUIRED also refreshes the provider configuration (it is missing). */
export function useSendDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
    onError: (error) => {
      if (configRequiredMessage(error))
        void queryClient.invalidateQueries({ queryKey: terceroFevripsQuery().queryKey });
    },
  });
}
