import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

import type { TResetPasswordRequest } from '@radica/contracts/auth';

export type { TResetPasswordRequest };

/** POST /api/Auth/reset-password (seed 000 §7). 400 'Código inválido o expirado' as HttpError. */
export async function resetPassword(body: TResetPasswordRequest): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>('/api/Auth/reset-password', { method: 'POST', body });
  return envelope.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
