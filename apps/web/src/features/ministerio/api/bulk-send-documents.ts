import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TEnvioMasivoData, TResumenEnvioMasivo } from '@radica/contracts/documents';

/** The bulk send's answer (contracts ZEnvioMasivoData). */
export type TBulkSendData = TEnvioMasivoData;

/**
 * POST /api/FevRips/envio-masivo {ids}: queues durable send jobs. `encolados` were queued,
 * `omitidos` skipped (status not sendable or already in a send).
 */
export async function bulkSendDocuments(ids: number[]): Promise<TBulkSendData> {
  const envelope = await apiCall(routes.documentos.envioMasivo, { body: { ids } });
  return envelope.data;
}

export function useBulkSendDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkSendDocuments,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['documents'] }),
  });
}

/** While a bulk send's batch runs, its summary is asked for at this interval (ms). */
export const BATCH_SUMMARY_POLL_MS = 3000;

/** POST /api/FevRips/envio-masivo/resultado {ids, desde}: where a queued batch stands. */
export async function getBulkSendSummary(batch: { ids: number[]; desde: string }): Promise<TResumenEnvioMasivo> {
  return (await apiCall(routes.documentos.resumenEnvioMasivo, { body: batch })).data;
}
