import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_DESCRIPCION, ROL_NOMBRE } from '@radica/contracts/usuarios';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { LoadingScreen } from '../../../components/ui/spinner';
import { establishSession, getErrorMessage } from '../../../lib/http';
import { formatDate } from '../../../lib/format';
import { useAceptarInvitacion, useInvitacion } from '../api/invitacion';
import { AuthShell } from '../components/auth-shell';
import { GoogleSignIn } from '../components/google-sign-in';
import { PasswordStrengthMeter } from '../components/password-strength-meter';
import { evaluatePassword } from '../utils/password-strength';
import { LegalConsent } from '../../../components/legal-consent';

/**
 * /auth/invitacion?token=…: the invitee sees who invited them to which company with which role, and joins
 * with a name and a password (the registration's rules, seed 000 §5) or with Google using the invited e-mail; then
 * they are signed in and go to /Inicio. A used, cancelled or lapsed link says so and points to the login.
 */
export function InvitacionRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const info = useInvitacion(token);
  const aceptar = useAceptarInvitacion();
  const [nombre, setNombre] = useState('');
  const [password, setPassword] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const strength = evaluatePassword(password);

  const entrar = async (body: { nombre?: string; password?: string; googleToken?: string }) => {
    const { data, message } = await aceptar.mutateAsync({ token, ...body });
    establishSession(data);
    if (message) toast.success(message);
    navigate('/Inicio', { replace: true });
  };
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!nombre.trim() || !strength.isValid) return;
    try {
      await entrar({ nombre: nombre.trim(), password });
    } catch {
      /* shown above the button */
    }
  };

  if (!token)
    return (
      <AuthShell title={MSG_USUARIOS.invitacionPaginaTitulo}>
        <Alert tone="error">{MSG_USUARIOS.invitacionSinToken}</Alert>
      </AuthShell>
    );
  if (info.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (info.isError)
    return (
      <AuthShell title={MSG_USUARIOS.invitacionPaginaTitulo}>
        <Alert tone="error">{getErrorMessage(info.error, MSG.unknownError)}</Alert>
        <p className="mt-4 text-sm">
          <Link to="/auth/login" className="font-medium text-brand-700 underline">
            Ir al inicio de sesión
          </Link>
        </p>
      </AuthShell>
    );
  const inv = info.data;
  const nombreError = submitted && !nombre.trim() ? MSG_USUARIOS.nombreObligatorio : undefined;
  return (
    <AuthShell
      title={MSG_USUARIOS.invitacionPaginaTitulo}
      subtitle={MSG_USUARIOS.invitacionPaginaSubtitulo(inv.invitadoPor, inv.empresa, ROL_NOMBRE[inv.rol])}
    >
      <p className="mb-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <span className="font-medium">{ROL_NOMBRE[inv.rol]}:</span> {ROL_DESCRIPCION[inv.rol]}
        <span className="mt-1 block text-xs text-slate-500">{MSG_USUARIOS.invitacionVence(formatDate(inv.expiraEn))}</span>
      </p>
      <div className="mb-4">
        <GoogleSignIn onCredential={(googleToken) => entrar({ googleToken })} />
      </div>
      <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
        <FormField id="invitacion-email" label="Email">
          <Input id="invitacion-email" type="email" value={inv.email} readOnly aria-readonly="true" />
        </FormField>
        <FormField id="invitacion-nombre" label={MSG_USUARIOS.invitacionTuNombre} required error={nombreError}>
          <Input id="invitacion-nombre" autoComplete="name" value={nombre} onChange={(e) => setNombre(e.target.value)} />
        </FormField>
        <FormField id="invitacion-password" label="Contraseña" required>
          <PasswordInput
            id="invitacion-password"
            autoComplete="new-password"
            aria-describedby="invitacion-password-ayuda"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
        <PasswordStrengthMeter id="invitacion-password-ayuda" strength={strength} isPristine={!submitted && password === ''} />
        {aceptar.error && <Alert tone="error">{getErrorMessage(aceptar.error, MSG.unknownError)}</Alert>}
        <Button type="submit" className="w-full" isLoading={aceptar.isPending}>
          {MSG_USUARIOS.invitacionCrearCuenta}
        </Button>
        <LegalConsent action="registro" className="text-center" />
      </form>
    </AuthShell>
  );
}
