import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/http';
import { clearSession } from '../../../lib/session';
import { delay } from '../../../lib/format';

/** seed 000 §9: the session layer waits 1 s on logout ('Saliendo del sistema...'). */
export const LOGOUT_DELAY_MS = 1000;

/** POST /api/Auth/logout: the server forgets the refresh token and clears its cookie. */
export async function logout(): Promise<void> {
  await apiRequest<unknown>('/api/Auth/logout', { method: 'POST', body: {} });
}

/**
 * Sign out: call the server (its failure does not matter), wait the seed's 1 s, then always clear the
 * session and the cached server data. The auth guard then shows the login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await Promise.allSettled([logout(), delay(LOGOUT_DELAY_MS)]);
    },
    onSettled: () => {
      clearSession('logout');
      queryClient.clear();
    },
  });
}
