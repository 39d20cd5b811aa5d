import { useMutation } from '@tanstack/react-query';
import type { TRegistrationData, TRegistrationRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Auth/registration (seed 000 §7): creates the tercero, the user and the tenant. 409 if the e-mail is taken. */
export async function registerAccount(body: TRegistrationRequest): Promise<TRegistrationData> {
  const envelope = await apiCall(routes.auth.registro, { body });
  return envelope.data;
}

export function useRegisterAccount() {
  return useMutation({ mutationFn: registerAccount });
}
