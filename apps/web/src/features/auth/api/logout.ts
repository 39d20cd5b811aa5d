import { useMutation, useQueryClient } from '@tanstack/react-query';
import { logoutSession } from '../../../lib/http';
import type { TLogoutReason } from '../../../lib/session-events';

/**
 * Sign out through the session layer (POST /api/Auth/logout, the seed's 1 s 'Saliendo del sistema...', then
 * the session is always cleared, seed 000 §4) and forget the cached server data. The guard then goes to login.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: TLogoutReason = 'logout') => logoutSession(reason),
    onSettled: () => {
      queryClient.clear();
    },
  });
}
