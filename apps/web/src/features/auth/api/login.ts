import { useMutation } from '@tanstack/react-query';
import type { TLoginData, TLoginRequest } from '@radica/contracts/auth';
import { apiRequest } from '../../../lib/http';

/** POST /api/Auth/login (seed 000 §7). The refresh token comes back as an httpOnly cookie. */
export async function login(body: TLoginRequest): Promise<TLoginData> {
  const envelope = await apiRequest<TLoginData>('/api/Auth/login', { method: 'POST', body });
  return envelope.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
