import { useMutation } from '@tanstack/react-query';
import type { TVerifyCodeRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Email/verify-code → the verificationToken the registration needs. 400 on a wrong code. */
export async function verifyCode(body: TVerifyCodeRequest): Promise<string> {
  const envelope = await apiCall(routes.auth.verificarCodigo, { body });
  return envelope.data.verificationToken;
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
