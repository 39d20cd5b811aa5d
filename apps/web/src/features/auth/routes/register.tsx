import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { LegalConsent } from '../../../components/legal-consent';
import { establishSession } from '../../../lib/http';
import {
  isFromPayment as cameFromPayment,
  isSafePath,
  paymentContinueTarget,
  resolveRedirectTarget,
} from '../../../lib/redirect-target';
import type { TGoogleNotRegistered } from '../api/google-auth';
import { AuthShell } from '../components/auth-shell';
import { RegisterWizard } from '../components/register-wizard';

/** A Google identity handed over by the login page (its token had no account yet). */
function readGoogleState(state: unknown): { token: string; profile: TGoogleNotRegistered } | null {
  if (typeof state !== 'object' || state === null) return null;
  const google = (state as Record<string, unknown>).google as Record<string, unknown> | undefined;
  if (
    !google ||
    typeof google.token !== 'string' ||
    typeof google.profile !== 'object' ||
    google.profile === null
  )
    return null;
  return { token: google.token, profile: google.profile as TGoogleNotRegistered };
}

/** /auth/register (guest-only, seed 000 §2). The return target travels on to the login; links to terms and privacy. */
export function RegisterRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnParam = searchParams.get('return');
  const returnSearch = isSafePath(returnParam) ? `return=${encodeURIComponent(returnParam)}` : '';
  const redirectTo =
    typeof location.state === 'object' && location.state !== null
      ? (location.state as Record<string, unknown>).redirectTo
      : undefined;
  const loginState = isSafePath(redirectTo) ? { redirectTo } : undefined;
  const isFromPayment = cameFromPayment(location.search);
  const initialGoogle = readGoogleState(location.state);

  return (
    <AuthShell title="Crear cuenta" subtitle="Registra tu organización en Radica" wide>
      <RegisterWizard
        initialGoogle={initialGoogle}
        isFromPayment={isFromPayment}
        onGoToLogin={(email) =>
          navigate(
            {
              pathname: '/login',
              search: `?email=${encodeURIComponent(email)}${returnSearch ? `&${returnSearch}` : ''}`,
            },
            { state: loginState },
          )
        }
        onLoggedIn={(data) => {
          establishSession(data);
          navigate(resolveRedirectTarget(location.search, location.state), { replace: true });
        }}
        onLoginFailed={() =>
          navigate(
            { pathname: '/auth/login', search: returnSearch ? `?${returnSearch}` : '' },
            { replace: true, state: { message: MSG.registrationCompleted, ...loginState } },
          )
        }
        onGoogleRegistered={() =>
          navigate(
            { pathname: '/auth/login', search: returnSearch ? `?${returnSearch}` : '' },
            {
              replace: true,
              state: {
                ...loginState,
                message: {
                  title: MSG_CUENTAS.registrationSuccessTitle,
                  message: MSG_CUENTAS.registrationSuccessBody,
                  fromPayment: isFromPayment,
                },
              },
            },
          )
        }
        onContinueToPayment={() => navigate(paymentContinueTarget(location.search), { replace: true })}
      />
      <p className="mt-6 text-center text-sm text-slate-600">
        ¿Ya tienes cuenta?{' '}
        <Link
          to={{ pathname: '/auth/login', search: returnSearch ? `?${returnSearch}` : '' }}
          state={loginState}
          className="font-medium text-brand-700 hover:underline"
        >
          Inicia sesión
        </Link>
      </p>
      <LegalConsent action="registro" className="mt-2 text-center" />
    </AuthShell>
  );
}
