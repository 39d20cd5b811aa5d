import { useMutation } from '@tanstack/react-query';
import type { TConsultarCuvData } from '@radica/contracts/cuv';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/FevRips/consultar-cuv/ (a public path, seed 000 §7): what the ministry records for `cuv`. */
export async function consultarCuv(cuv: string): Promise<TConsultarCuvData> {
  const envelope = await apiCall(routes.documentos.consultarCuv, { body: { cuv } });
  return envelope.data!;
}

export function useConsultarCuv() {
  return useMutation({ mutationFn: consultarCuv });
}
