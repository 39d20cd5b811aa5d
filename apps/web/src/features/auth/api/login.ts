import { useMutation } from '@tanstack/react-query';
import type { TLoginData, TLoginRequest } from '@radica/contracts/auth';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Auth/login (seed 000 §7). The refresh token comes back as an httpOnly cookie. */
export async function login(body: TLoginRequest): Promise<TLoginData> {
  const envelope = await apiCall(routes.auth.login, { body });
  return envelope.data;
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
