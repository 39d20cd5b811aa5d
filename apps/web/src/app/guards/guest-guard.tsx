import { Navigate, Outlet, useLocation } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { LoadingScreen } from '../../components/ui/spinner';
import { resolveRedirectTarget } from '../../lib/redirect-target';
import { useSession } from '../../lib/session';

/** Guest-only routes: a signed-in user goes to the return target, else /Inicio (seed 000 §2 "Guards"). */
export function GuestGuard() {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen text={MSG.uiVerifyingSession} />;
  if (session.status === 'authenticated') {
    return <Navigate to={resolveRedirectTarget(location.search, location.state)} replace />;
  }
  return <Outlet />;
}
