import { useMutation } from '@tanstack/react-query';
import type { TConsultarCuvData } from '@radica/contracts/cuv';
import { apiRequest } from '../../../lib/http';

/** POST /api/FevRips/consultar-cuv/ (issue 15; a public path, seed 000 §7): what the ministry records for `cuv`. */
export async function consultarCuv(cuv: string): Promise<TConsultarCuvData> {
  const envelope = await apiRequest<TConsultarCuvData>('/api/FevRips/consultar-cuv/', { method: 'POST', body: { cuv } });
  return envelope.data!;
}

export function useConsultarCuv() {
  return useMutation({ mutationFn: consultarCuv });
}
