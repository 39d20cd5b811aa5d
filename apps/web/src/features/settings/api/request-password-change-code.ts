import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Auth/request-password-change-code { email } (seed 000 §7, manual accounts): the server's message. */
export async function requestPasswordChangeCode(email: string): Promise<string | undefined> {
  const envelope = await apiCall(routes.auth.codigoCambioClave, { body: { email } });
  return envelope.message;
}

export function useRequestPasswordChangeCode() {
  return useMutation({ mutationFn: requestPasswordChangeCode });
}
