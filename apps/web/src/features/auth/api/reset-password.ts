import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';

export type TResetPasswordRequest = { email: string; resetCode: string; newPassword: string };

/** POST /api/Auth/reset-password (seed 000 §7). 400 'Código inválido o expirado' as HttpError. */
export async function resetPassword(body: TResetPasswordRequest): Promise<string | undefined> {
  const envelope = await apiRequest<unknown>('/api/Auth/reset-password', { method: 'POST', body });
  return envelope.message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
