import { useMutation } from '@tanstack/react-query';
import type { TCheckEmailData, TCheckEmailRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Auth/check-email-availability (seed 000 §7). */
export async function checkEmailAvailability(email: string): Promise<TCheckEmailData> {
  const body: TCheckEmailRequest = { email, credentialType: 'manual' };
  const envelope = await apiCall(routes.auth.checkEmail, { body });
  return envelope.data;
}

export function useCheckEmailAvailability() {
  return useMutation({ mutationFn: checkEmailAvailability });
}
