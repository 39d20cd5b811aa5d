import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { AuthShell } from '../components/auth-shell';

/** /auth/account-recovery: link target of the login (seed 000 §2); the recovery screens come later. */
export function AccountRecoveryRoute() {
  return (
    <AuthShell title={MSG.uiAccountRecoveryLink}>
      <p className="text-sm text-slate-600">
        La recuperación de contraseña en línea estará disponible pronto. Mientras tanto, escribe a soporte
        desde el correo de tu cuenta y te ayudaremos a recuperar el acceso.
      </p>
      <Link to="/auth/login" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        Volver a iniciar sesión
      </Link>
    </AuthShell>
  );
}
