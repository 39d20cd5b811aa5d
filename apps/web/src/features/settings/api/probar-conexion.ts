import { useMutation } from '@tanstack/react-query';
import { ZProbarConexionData, type TProbarConexionData, type TProbarConexionRequest } from '@radica/contracts/reps';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/Auth/probar-conexion-fevrips: a fresh login to the ministry's validator
 * with the saved credentials (no argument), or with those typed in the form (an absent or empty field is the
 * saved one; never stored) → `{ conectado, mensaje }`. Throws HttpError (412 CONFIG_REQUIRED when a field is neither
 * typed nor saved) or a ZodError when the answer is not the contract's.
 */
export async function probarConexion(typed?: TProbarConexionRequest): Promise<TProbarConexionData> {
  const envelope = await apiCall(routes.prestador.probarConexion, typed ? { body: typed } : { body: undefined });
  return ZProbarConexionData.parse(envelope.data);
}

export function useProbarConexion() {
  return useMutation({ mutationFn: (typed?: TProbarConexionRequest) => probarConexion(typed) });
}
