import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import type { z } from 'zod';
import { ZLoginRequest, type TLoginData } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { HttpError } from '../../../lib/http';
import { delay } from '../../../lib/format';
import { getTimings } from '../../../lib/timings';
import { useLogin } from '../api/login';

/** seed 000 §9: the login page waits at least 800 ms before showing the result. */
export const LOGIN_MIN_WAIT_MS = 800;

type LoginInput = z.input<typeof ZLoginRequest>;
type LoginValues = z.output<typeof ZLoginRequest>;

/** The login page's error text (seed 000 §8): the server's message, the network text, or 'Error desconocido'. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof HttpError)
    return error.status === 0 ? MSG.loginNetworkError : error.message || MSG.loginError;
  return MSG.unknownError;
}

/**
 * E-mail + password form (seed 000 §2 "Login screen"): validated with ZLoginRequest, submit disabled until
 * valid, 'Entrando al sistema...' while waiting, errors shown after the 800 ms minimum wait.
 */
export function LoginForm({
  defaultEmail = '',
  registerTo,
  onSuccess,
}: {
  defaultEmail?: string;
  registerTo: { pathname: string; search?: string; state?: unknown };
  onSuccess: (data: TLoginData) => void;
}) {
  const loginMutation = useLogin();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(ZLoginRequest),
    mode: 'all',
    defaultValues: { email: defaultEmail, password: '', rememberMe: false },
  });

  const onValid = async (values: LoginValues) => {
    setError(null);
    const [result] = await Promise.allSettled([
      loginMutation.mutateAsync(values),
      delay(getTimings().loginMinWaitMs),
    ]);
    if (result.status === 'fulfilled') onSuccess(result.value);
    else setError(loginErrorMessage(result.reason));
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4" aria-label="Iniciar sesión">
      {error && <Alert tone="error">{error}</Alert>}
      <FormField id="login-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldA11y('login-email', errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField id="login-password" label="Contraseña" error={errors.password?.message}>
        <PasswordInput
          autoComplete="current-password"
          {...fieldA11y('login-password', errors.password?.message)}
          {...register('password')}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <label className="inline-flex items-center gap-2 text-slate-600">
          <input
            type="checkbox"
            className="size-4 rounded border-slate-300 accent-brand-600"
            {...register('rememberMe')}
          />
          Recordarme
        </label>
        <Link to="/auth/account-recovery" className="font-medium text-brand-700 hover:underline">
          {MSG.uiAccountRecoveryLink}
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={!isValid || isSubmitting} isLoading={isSubmitting}>
        {isSubmitting ? MSG.uiLoggingIn : 'Iniciar sesión'}
      </Button>
      <p className="text-center text-sm text-slate-600">
        ¿No tienes cuenta?{' '}
        <Link
          to={{ pathname: registerTo.pathname, search: registerTo.search }}
          state={registerTo.state}
          className="font-medium text-brand-700 hover:underline"
        >
          Regístrate
        </Link>
      </p>
    </form>
  );
}
