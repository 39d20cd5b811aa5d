import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { buttonClasses } from '../../../components/ui/button';
import { useInfo } from '../api/get-info';
import { AuthShell } from '../components/auth-shell';

/**
 * /auth/account-recovery: link target of the login (seed 000 §2, screen not shown): leads to the code recovery. The
 * Google hint shows only when Google sign-in is configured (it named a button the page did not have).
 */
export function AccountRecoveryRoute() {
  const info = useInfo();
  const hasGoogle = Boolean(info.data?.googleClientId);
  return (
    <AuthShell title={MSG.uiAccountRecoveryLink}>
      <p className="text-sm text-slate-600">
        Si olvidaste tu contraseña, te enviamos un código a tu email para que la restablezcas.
        {hasGoogle && ' Si te registraste con Google, inicia sesión con el botón de Google.'}
      </p>
      <Link to="/auth/forgot-password" className={buttonClasses('primary', 'md', 'mt-6 w-full')}>
        Recuperar contraseña
      </Link>
      <Link to="/auth/login" className="mt-4 inline-block text-sm font-medium text-brand-700 hover:underline">
        Volver a iniciar sesión
      </Link>
    </AuthShell>
  );
}
