import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { establishSession } from '../../../lib/http';
import { isSafePath, resolveRedirectTarget } from '../../../lib/redirect-target';
import { AuthShell } from '../components/auth-shell';
import { RegisterWizard } from '../components/register-wizard';

/** /auth/register (guest-only). The return target travels on to the login. */
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

  return (
    <AuthShell title="Crear cuenta" subtitle="Registra tu organización en Radica" wide>
      <RegisterWizard
        onGoToLogin={(email) =>
          navigate(
            {
              pathname: '/auth/login',
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
    </AuthShell>
  );
}
