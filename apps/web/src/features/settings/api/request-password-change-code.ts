import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

/** POST /api/Auth/request-password-change-code { email } (seed 000 §7, manual accounts): the server's message. */
export async function requestPasswordChangeCode(email: string): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>('/api/Auth/request-password-change-code', {
    method: 'POST',
    body: { email },
  });
  return envelope.message;
}

export function useRequestPasswordChangeCode() {
  return useMutation({ mutationFn: requestPasswordChangeCode });
}
