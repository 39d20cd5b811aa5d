import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';
import type { TReportRow } from './types';

/** POST /api/fevrips/informe-listado {formatos} (seed 001 §7): the rows of the Excel report. */
export async function getReportRows(formatos: string[]): Promise<TReportRow[]> {
  const envelope = await apiCall(routes.documentos.informe, { body: { formatos } });
  return envelope.data?.datos ?? [];
}

export function useGetReportRows() {
  return useMutation({ mutationFn: getReportRows });
}
