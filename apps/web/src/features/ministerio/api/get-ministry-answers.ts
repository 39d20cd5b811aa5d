import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import type { TMinistryAnswer } from './types';

/**
 * POST /api/FevRips/respuesta-listado {formatos} (seed 001 §7): the ministry's answer of each approved
 * document among `formatos`; others are left out.
 */
export async function getMinistryAnswers(formatos: string[]): Promise<TMinistryAnswer[]> {
  const envelope = await apiRequest<{ datos?: TMinistryAnswer[] }>('/api/FevRips/respuesta-listado', {
    method: 'POST',
    body: { formatos },
  });
  return envelope.data?.datos ?? [];
}

export function useGetMinistryAnswers() {
  return useMutation({ mutationFn: getMinistryAnswers });
}
