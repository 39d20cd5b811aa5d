import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';
import type { TMinistryAnswer } from './types';

/**
 * POST /api/FevRips/respuesta-listado {formatos} (seed 001 §7): the ministry's answer of each approved
 * document among `formatos`; others are left out.
 */
export async function getMinistryAnswers(formatos: string[]): Promise<TMinistryAnswer[]> {
  const envelope = await apiCall(routes.documentos.respuestas, { body: { formatos } });
  return envelope.data?.datos ?? [];
}

export function useGetMinistryAnswers() {
  return useMutation({ mutationFn: getMinistryAnswers });
}
