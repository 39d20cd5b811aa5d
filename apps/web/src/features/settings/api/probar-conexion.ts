import { useMutation } from '@tanstack/react-query';
import { ZProbarConexionData, type TProbarConexionData } from '@radica/contracts/reps';
import { apiRequest } from '../../../lib/http';

/**
 * POST /api/Auth/probar-conexion-fevrips (issue 13 "Check the credentials"), no body: a fresh login to the ministry's
 * validator with the saved credentials → `{ conectado, mensaje }`. Throws HttpError (412 CONFIG_REQUIRED when no
 * configuration is saved) or a ZodError when the answer is not the contract's.
 */
export async function probarConexion(): Promise<TProbarConexionData> {
  const envelope = await apiRequest<unknown>('/api/Auth/probar-conexion-fevrips', { method: 'POST' });
  return ZProbarConexionData.parse(envelope.data);
}

export function useProbarConexion() {
  return useMutation({ mutationFn: probarConexion });
}
