import { useMutation } from '@tanstack/react-query';
import type { TVerifyCodeRequest } from '@radica/contracts/auth';
import { apiRequest } from '../../../lib/http';

/** POST /api/Email/verify-code → the verificationToken the registration needs. 400 on a wrong code. */
export async function verifyCode(body: TVerifyCodeRequest): Promise<string> {
  const envelope = await apiRequest<{ verificationToken: string }>('/api/Email/verify-code', {
    method: 'POST',
    body,
  });
  return envelope.data.verificationToken;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
