import { useCallback, useRef } from 'react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { HttpError } from '../../../lib/http';
import { clearSession, getSession } from '../../../lib/session';

/** seed 001 §4, §9: after a 401 the session ends 1.5 s after the notice. */
export const SESSION_EXPIRED_REDIRECT_MS = 1500;

/**
 * Returns a handler for errors of the ministry screens: a 401 shows 'Sesión expirada. Redirigiendo al
 * login...' and ends the session after 1.5 s (the guard then goes to the login); returns true when it
 * handled the error, false for every other error.
 */
export function useSessionExpiry(): (error: unknown) => boolean {
  const scheduled = useRef(false);
  return useCallback((error: unknown) => {
    if (!(error instanceof HttpError) || error.status !== 401) return false;
    if (scheduled.current) return true;
    scheduled.current = true;
    toast.error(MSG.sessionExpired, { id: 'ministerio-session-expired' });
    setTimeout(() => {
      if (getSession().status !== 'unauthenticated') clearSession();
    }, SESSION_EXPIRED_REDIRECT_MS);
    return true;
  }, []);
}
