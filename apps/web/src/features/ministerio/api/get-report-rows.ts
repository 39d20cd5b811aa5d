import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import type { TReportRow } from './types';

/** POST /api/fevrips/informe-listado {formatos} (seed 001 §7): the rows of the Excel report. */
export async function getReportRows(formatos: string[]): Promise<TReportRow[]> {
  const envelope = await apiRequest<{ datos?: TReportRow[] }>('/api/fevrips/informe-listado', {
    method: 'POST',
    body: { formatos },
  });
  return envelope.data?.datos ?? [];
}

export function useGetReportRows() {
  return useMutation({ mutationFn: getReportRows });
}
