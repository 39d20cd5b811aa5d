import { useCallback } from 'react';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { getErrorMessage } from '../../../lib/http';
import { useSessionExpiry } from './use-session-expiry';

/**
 * The ministry screens' error handling in one place: `onSessionError` ends an expired session (401, seed 001
 * §4); `fail(error, text)` does that or shows `text(reason)` as an error toast, where `reason` is the server's
 * Spanish message (or 'Error desconocido'). `durationMs` is the toast's life (the list's toasts last 3 s).
 */
export function useFailureToast(durationMs?: number): {
  fail: (error: unknown, text: (reason: string) => string) => void;
  onSessionError: (error: unknown) => boolean;
} {
  const onSessionError = useSessionExpiry();
  const fail = useCallback(
    (error: unknown, text: (reason: string) => string) => {
      if (onSessionError(error)) return;
      toast.error(text(getErrorMessage(error, MSG.unknownError)), { duration: durationMs });
    },
    [onSessionError, durationMs],
  );
  return { fail, onSessionError };
}
