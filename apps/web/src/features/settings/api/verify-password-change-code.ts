import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TVerifyPasswordChangeCodeRequest } from '@radica/contracts/auth';

/** The change-password body (contracts ZVerifyPasswordChangeCodeRequest). */
export type TVerifyPasswordChange = Omit<TVerifyPasswordChangeCodeRequest, 'refreshToken'>;

/**
 * POST /api/Auth/verify-password-change-code (seed 000 §7): changes the password; the server revokes the user's
 * other sessions (this browser's cookie session is kept). Returns the server's message.
 */
export async function verifyPasswordChangeCode(body: TVerifyPasswordChange): Promise<string | undefined> {
  const envelope = await apiCall(routes.auth.cambiarClave, { body });
  return envelope.message;
}

export function useVerifyPasswordChangeCode() {
  return useMutation({ mutationFn: verifyPasswordChangeCode });
}
