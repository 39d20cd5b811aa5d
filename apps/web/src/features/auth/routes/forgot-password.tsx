import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { z } from 'zod';
import { MailCheck } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { getErrorMessage } from '../../../lib/http';
import { useForgotPassword } from '../api/forgot-password';
import { AuthShell } from '../components/auth-shell';

const ZForgot = z.object({ email: z.string().trim().min(1, MSG.emailRequired).email(MSG.emailInvalid) });
type TForgot = z.output<typeof ZForgot>;

/**
 * /auth/forgot-password (seed 000 §2): e-mail form, then 'Código Enviado' — the same text whether or not the
 * account exists — with a continue link to /auth/reset-password?email=… and 'Usar otro email'.
 */
export function ForgotPasswordRoute() {
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZForgot>, unknown, TForgot>({
    resolver: zodResolver(ZForgot),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onValid = async ({ email }: TForgot) => {
    try {
      await forgot.mutateAsync(email);
      setSentTo(email);
    } catch {
      /* shown from forgot.error */
    }
  };

  if (sentTo) {
    return (
      <AuthShell title={MSG_CUENTAS.forgotPasswordTitle}>
        <div className="flex flex-col items-center gap-3 text-center">
          <MailCheck aria-hidden="true" className="size-10 text-brand-600" />
          <p className="text-sm text-slate-600" role="status">
            {MSG_CUENTAS.forgotPasswordSent}
          </p>
          <Link
            to={{ pathname: '/auth/reset-password', search: `?email=${encodeURIComponent(sentTo)}` }}
            className={buttonClasses('primary', 'md', 'w-full')}
          >
            {MSG_CUENTAS.forgotContinue}
          </Link>
          <Button
            variant="ghost"
            onClick={() => {
              forgot.reset();
              reset({ email: '' });
              setSentTo(null);
            }}
          >
            {MSG_CUENTAS.forgotUseOtherEmail}
          </Button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title="Recuperar contraseña" subtitle="Te enviaremos un código para restablecer tu contraseña">
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {forgot.isError && (
          <Alert tone="error">{getErrorMessage(forgot.error, MSG_CUENTAS.forgotPasswordError)}</Alert>
        )}
        <FormField id="forgot-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('forgot-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          Enviar código
        </Button>
      </form>
      <Link to="/auth/login" className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
        {MSG_CUENTAS.backToLogin}
      </Link>
    </AuthShell>
  );
}
