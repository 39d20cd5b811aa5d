import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { CircleCheck } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { cn } from '../../../lib/cn';
import { getErrorMessage, HttpError } from '../../../lib/http';
import { getTimings } from '../../../lib/timings';
import { useResetPassword } from '../api/reset-password';
import { AuthShell } from '../components/auth-shell';
import {
  RESET_CODE_MAX,
  ZResetForm,
  resetPasswordScore,
  type TResetForm,
} from '../utils/reset-password-rules';

/**
 * /auth/reset-password (seed 000 §2, §4, §5): e-mail (from ?email=), code, new password with strength bars,
 * confirmation; on success a confirmation and, after 3 s, /auth/login with a message. A 400 shows
 * 'Código inválido o expirado'. Links to request a new code and back to the login.
 */
export function ResetPasswordRoute() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [isDone, setIsDone] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZResetForm>, unknown, TResetForm>({
    resolver: zodResolver(ZResetForm),
    mode: 'onTouched',
    defaultValues: {
      email: searchParams.get('email') ?? '',
      resetCode: '',
      newPassword: '',
      confirmPassword: '',
    },
  });
  const password = useWatch({ control, name: 'newPassword' }) ?? '';
  const score = resetPasswordScore(password);

  useEffect(() => {
    if (!isDone) return;
    const timer = setTimeout(
      () => navigate('/auth/login', { replace: true, state: { message: MSG_CUENTAS.resetSuccessLogin } }),
      getTimings().resetRedirectMs,
    );
    return () => clearTimeout(timer);
  }, [isDone, navigate]);

  const onValid = async (values: TResetForm) => {
    try {
      await reset.mutateAsync({
        email: values.email,
        resetCode: values.resetCode,
        newPassword: values.newPassword,
      });
      setIsDone(true);
    } catch {
      /* shown below */
    }
  };
  const resetError =
    reset.error instanceof HttpError && reset.error.status === 400
      ? MSG_CUENTAS.resetCodeInvalid
      : reset.isError
        ? getErrorMessage(reset.error, MSG_CUENTAS.resetCodeInvalid)
        : null;

  if (isDone) return <ResetDone />;

  return (
    <AuthShell title="Restablecer contraseña" subtitle="Ingresa el código que recibiste por email">
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-4">
        {resetError && <Alert tone="error">{resetError}</Alert>}
        <FormField id="reset-email" label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            {...fieldA11y('reset-email', errors.email?.message)}
            {...register('email')}
          />
        </FormField>
        <FormField id="reset-code" label="Código de recuperación" error={errors.resetCode?.message}>
          <Input
            autoComplete="one-time-code"
            maxLength={RESET_CODE_MAX}
            className="font-mono tracking-widest"
            {...fieldA11y('reset-code', errors.resetCode?.message)}
            {...register('resetCode')}
          />
        </FormField>
        <FormField
          id="reset-new-password"
          label="Nueva contraseña"
          error={errors.newPassword?.message}
          hint={<StrengthBars score={score} />}
        >
          <PasswordInput
            autoComplete="new-password"
            {...fieldA11y('reset-new-password', errors.newPassword?.message)}
            {...register('newPassword')}
          />
        </FormField>
        <FormField
          id="reset-confirm-password"
          label="Confirmar contraseña"
          error={errors.confirmPassword?.message}
        >
          <PasswordInput
            autoComplete="new-password"
            {...fieldA11y('reset-confirm-password', errors.confirmPassword?.message)}
            {...register('confirmPassword')}
          />
        </FormField>
        <Button type="submit" className="w-full" isLoading={isSubmitting}>
          Restablecer contraseña
        </Button>
      </form>
      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/auth/forgot-password" className="font-medium text-brand-700 hover:underline">
          {MSG_CUENTAS.requestNewCode}
        </Link>
        <Link to="/auth/login" className="font-medium text-brand-700 hover:underline">
          {MSG_CUENTAS.backToLogin}
        </Link>
      </div>
    </AuthShell>
  );
}

/** The new password's strength: five bars, red below 3, amber at 3, green from 4 (resetPasswordScore). */
function StrengthBars({ score }: { score: number }) {
  return (
    <div className="flex gap-1" aria-hidden="true" data-testid="reset-strength" data-score={score}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span
          key={n}
          className={cn(
            'h-1.5 flex-1 rounded-full',
            n <= score
              ? score >= 4
                ? 'bg-emerald-500'
                : score >= 3
                  ? 'bg-amber-500'
                  : 'bg-red-500'
              : 'bg-slate-200',
          )}
        />
      ))}
    </div>
  );
}

/** The success screen; the route moves to the login after `resetRedirectMs`. */
function ResetDone() {
  return (
    <AuthShell title={MSG_CUENTAS.resetSuccessTitle}>
      <div className="flex flex-col items-center gap-3 text-center" role="status">
        <CircleCheck aria-hidden="true" className="size-10 text-emerald-600" />
        <p className="text-sm text-slate-600">{MSG_CUENTAS.passwordChanged}</p>
        <p className="text-xs text-slate-500">Te llevaremos al inicio de sesión...</p>
      </div>
    </AuthShell>
  );
}
