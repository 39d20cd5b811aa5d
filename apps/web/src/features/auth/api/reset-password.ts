import { useMutation } from '@tanstack/react-query';
import { apiCall, routes } from '../../../lib/api-client';

import type { TResetPasswordRequest } from '@radica/contracts/auth';

export type { TResetPasswordRequest };

/** POST /api/Auth/reset-password (seed 000 §7). 400 'Código inválido o expirado' as HttpError. */
export async function resetPassword(body: TResetPasswordRequest): Promise<string | undefined> {
  const envelope = await apiCall(routes.auth.restablecerClave, { body });
  return envelope.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
