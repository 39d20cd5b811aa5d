import { useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { establishSession } from '../../../lib/http';
import { isSafePath, resolveRedirectTarget } from '../../../lib/redirect-target';
import { AuthShell } from '../components/auth-shell';
import { GoogleSignIn } from '../components/google-sign-in';
import { LoginForm } from '../components/login-form';

export type TNavMessage = string | { title: string; message?: string; fromPayment?: boolean };

/**
 * The navigation message of the login (seed 000 §2): a string (shown inline) or an object with a title (shown
 * as the success modal). Anything else → null.
 */
export function readNavMessage(state: unknown): TNavMessage | null {
  if (typeof state !== 'object' || state === null) return null;
  const message = (state as Record<string, unknown>).message;
  if (typeof message === 'string' && message) return message;
  if (typeof message === 'object' && message !== null) {
    const { title, message: text, fromPayment } = message as Record<string, unknown>;
    if (typeof title === 'string' && title)
      return {
        title,
        message: typeof text === 'string' ? text : undefined,
        fromPayment: fromPayment === true,
      };
  }
  return null;
}

/**
 * /auth/login (guest-only, seed 000 §2): Google button, divider, the form; an inline notice for a text
 * message, the success modal ('Continuar al Login') for a message object; the register link keeps the target.
 */
export function LoginRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const navMessage = readNavMessage(location.state);
  const [isModalOpen, setIsModalOpen] = useState(typeof navMessage === 'object' && navMessage !== null);
  const returnParam = searchParams.get('return');
  const redirectTo =
    typeof location.state === 'object' && location.state !== null
      ? (location.state as Record<string, unknown>).redirectTo
      : undefined;
  const target = resolveRedirectTarget(location.search, location.state);
  const registerSearch = isSafePath(returnParam) ? `?return=${encodeURIComponent(returnParam)}` : undefined;

  return (
    <AuthShell title="Iniciar sesión" subtitle="Ingresa a tu cuenta de Radica">
      {typeof navMessage === 'string' && (
        <Alert tone="info" className="mb-4">
          {navMessage}
        </Alert>
      )}
      {navMessage && typeof navMessage === 'object' && (
        <Modal
          isOpen={isModalOpen}
          title={navMessage.title}
          onClose={() => setIsModalOpen(false)}
          footer={<Button onClick={() => setIsModalOpen(false)}>{MSG_CUENTAS.continueToLogin}</Button>}
        >
          {navMessage.message && <p>{navMessage.message}</p>}
          {navMessage.fromPayment && <p className="mt-2 font-medium">{MSG_CUENTAS.registrationPaymentNotice}</p>}
        </Modal>
      )}
      <div className="mb-4">
        <GoogleSignIn
          onResult={(result, googleToken) => {
            if (result.kind === 'logged-in') {
              establishSession(result.data);
              navigate(target, { replace: true });
            } else {
              navigate(
                { pathname: '/auth/register', search: registerSearch },
                {
                  state: {
                    ...(isSafePath(redirectTo) ? { redirectTo } : {}),
                    google: { token: googleToken, profile: result.profile },
                  },
                },
              );
            }
          }}
        />
      </div>
      <LoginForm
        defaultEmail={searchParams.get('email') ?? ''}
        registerTo={{
          pathname: '/auth/register',
          search: registerSearch,
          state: isSafePath(redirectTo) ? { redirectTo } : undefined,
        }}
        onSuccess={(data) => {
          establishSession(data);
          navigate(target, { replace: true });
        }}
      />
    </AuthShell>
  );
}
