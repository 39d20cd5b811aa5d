import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { LoadingScreen } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';

/**
 * Authenticated routes (seed 000 §2 "Guards"): 'Verificando sesión...' while the session loads; signed-out
 * visitors go to /auth/login with the requested path and query as `redirectTo` (not after a logout). After a
 * failed refresh (seed 000 §4) the notice shows for 500 ms, then /login with 'Sesión expirada…' (seed 002 §4), or
 * with why the server ended it (an administrator removed the user or lowered the role); after the inactivity logout,
 * /login with its notice.
 */
export function AuthGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen text={MSG.uiVerifyingSession} />;
  if (session.status === 'expired') return <LoadingScreen text={MSG.sessionExpired} />;
  if (session.status === 'unauthenticated') {
    const redirectTo = `${location.pathname}${location.search}`;
    if (session.endReason === 'expired')
      return <Navigate to="/login" replace state={{ redirectTo, message: session.endMessage ?? MSG_CUENTAS.sessionExpiredLogin }} />;
    if (session.endReason === 'inactivity')
      return <Navigate to="/login" replace state={{ message: MSG_CUENTAS.inactivityLoggedOut }} />;
    if (session.endReason === 'logout') return <Navigate to="/login" replace />;
    return <Navigate to="/auth/login" replace state={{ redirectTo }} />;
  }
  return <Outlet />;
}
