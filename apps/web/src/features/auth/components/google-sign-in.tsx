import { useCallback, useEffect, useRef, useState } from 'react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/http';
import { loadGoogleIdentity } from '../../../lib/google-identity';
import { useInfo } from '../api/get-info';
import { useGoogleAuth, type TGoogleAuthResult } from '../api/google-auth';

/**
 * The Google Identity Services button (seed 000 §2 login and registration step 1), shown only when GET /api/info
 * gives a client id; the script loads only then. The credential goes to POST /api/Auth/google; `onResult`
 * receives the login data or the identity to complete. Errors are the seed's texts (§8) with 'Reintentar'.
 */
export function GoogleSignIn({
  onResult,
  onCredential: exchange,
  divider = true,
}: {
  onResult?: (result: TGoogleAuthResult, googleToken: string) => void;
  /** Instead of POST /api/Auth/google: what to do with the credential (accept an invitation with it). */
  onCredential?: (googleToken: string) => Promise<void>;
  divider?: boolean;
}) {
  const info = useInfo();
  const clientId = info.data?.googleClientId ?? null;
  const containerRef = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const googleAuth = useGoogleAuth();
  const onResultRef = useRef(onResult);
  useEffect(() => {
    onResultRef.current = onResult;
  }, [onResult]);
  const exchangeRef = useRef(exchange);
  useEffect(() => {
    exchangeRef.current = exchange;
  }, [exchange]);

  const onCredential = useCallback(
    async (credential: string | undefined) => {
      if (!credential) {
        setError(MSG_CUENTAS.googleAuthError);
        return;
      }
      setError(null);
      try {
        if (exchangeRef.current) {
          await exchangeRef.current(credential);
          return;
        }
        const result = await googleAuth.mutateAsync(credential);
        onResultRef.current?.(result, credential);
      } catch (e) {
        setError(getErrorMessage(e, MSG_CUENTAS.googleLoginError));
      }
    },
    [googleAuth],
  );
  const onCredentialRef = useRef(onCredential);
  useEffect(() => {
    onCredentialRef.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleIdentity()
      .then((gis) => {
        if (cancelled || !containerRef.current) return;
        try {
          gis.initialize({
            client_id: clientId,
            callback: (response) => void onCredentialRef.current(response.credential),
            ux_mode: 'popup',
          });
          gis.renderButton(containerRef.current, {
            theme: 'outline',
            size: 'large',
            text: 'continue_with',
            shape: 'rectangular',
            locale: 'es',
            width: containerRef.current.clientWidth || 320,
          });
        } catch {
          setError(MSG_CUENTAS.googleStartError);
        }
      })
      .catch(() => {
        if (!cancelled) setError(MSG_CUENTAS.googleLoadError);
      });
    return () => {
      cancelled = true;
    };
  }, [clientId, attempt]);

  if (!clientId) return null;
  return (
    <div className="space-y-4" data-testid="google-sign-in">
      {error && (
        <Alert tone="error">
          <p>{error}</p>
          <Button
            size="sm"
            variant="secondary"
            className="mt-2"
            onClick={() => {
              setError(null);
              setAttempt((a) => a + 1);
            }}
          >
            {MSG_CUENTAS.googleRetry}
          </Button>
        </Alert>
      )}
      <div className="flex min-h-10 justify-center" ref={containerRef} />
      {googleAuth.isPending && (
        <p className="flex items-center justify-center gap-2 text-sm text-slate-500" role="status">
          <Spinner /> Verificando con Google...
        </p>
      )}
      {divider && (
        <div className="flex items-center gap-3 text-xs uppercase text-slate-400" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" /> o <span className="h-px flex-1 bg-slate-200" />
        </div>
      )}
    </div>
  );
}
