import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * POST /api/Auth/forgot-password { email } (seed 000 §7): always the same answer, whether or not the account
 * exists (seed 000 §2). Throws HttpError only for transport failures, rate limits or invalid input.
 */
export async function forgotPassword(email: string): Promise<string | undefined> {
  const envelope = await apiCall(routes.auth.olvidoClave, { body: { email } });
  return envelope.message;
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
