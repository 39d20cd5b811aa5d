import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { establishSession } from '../../../lib/http';
import { isSafePath, resolveRedirectTarget } from '../../../lib/redirect-target';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';

type NavMessage = { title?: string; message?: string } | string;

function readNavMessage(state: unknown): NavMessage | null {
  if (typeof state !== 'object' || state === null) return null;
  const message = (state as Record<string, unknown>).message;
  if (typeof message === 'string' && message) return message;
  if (typeof message === 'object' && message !== null) {
    const { title, message: text } = message as Record<string, unknown>;
    if (typeof title === 'string') return { title, message: typeof text === 'string' ? text : undefined };
  }
  return null;
}

/** /auth/login (guest-only). */
export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const navMessage = readNavMessage(location.state);
  const returnParam = searchParams.get('return');
  const redirectTo =
    typeof location.state === 'object' && location.state !== null
      ? (location.state as Record<string, unknown>).redirectTo
      : undefined;

  return (
    <AuthShell title="Iniciar sesión" subtitle="Ingresa a tu cuenta de Radica">
      {navMessage && (
        <Alert
          tone="success"
          className="mb-4"
          title={typeof navMessage === 'string' ? undefined : navMessage.title}
        >
          {typeof navMessage === 'string' ? navMessage : navMessage.message}
        </Alert>
      )}
      <LoginForm
        defaultEmail={searchParams.get('email') ?? ''}
        registerTo={{
          pathname: '/auth/register',
          search: isSafePath(returnParam) ? `?return=${encodeURIComponent(returnParam)}` : undefined,
          state: isSafePath(redirectTo) ? { redirectTo } : undefined,
        }}
        onSuccess={(data) => {
          establishSession(data);
          navigate(resolveRedirectTarget(location.search, location.state), { replace: true });
        }}
      />
    </AuthShell>
  );
}
