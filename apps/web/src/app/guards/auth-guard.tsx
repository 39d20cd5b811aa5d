import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

/**
 * Authenticated routes (seed 000 §2 "Guards"): 'Verificando sesión...' while the session loads; signed-out
 * visitors go to /auth/login with the requested path and query as `redirectTo` (not after a logout).
 */
export function AuthGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen text={MSG.uiVerifyingSession} />;
  if (session.status === 'expired') return <LoadingScreen text={MSG.sessionExpired} />;
  if (session.status === 'unauthenticated') {
    const state =
      session.endReason === 'logout' ? undefined : { redirectTo: `${location.pathname}${location.search}` };
    return <Navigate to="/auth/login" replace state={state} />;
  }
  return <Outlet />;
}
