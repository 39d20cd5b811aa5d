import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZCheckEmailRequest } from '@radica/contracts/auth';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { PasswordInput } from '../../../components/ui/password-input';
import { getErrorMessage } from '../../../lib/http';
import { useCheckEmailAvailability } from '../api/check-email-availability';
import { evaluatePassword } from '../utils/password-strength';
import { PasswordStrengthMeter } from './password-strength-meter';

/**
 * Step 1 of the registration (seed 000 §5 "Registration e-mail/password"). A weak password has one message, the
 * helper's 'Falta: …' (it names the 8 characters too), never that and 'al menos 8 caracteres' at once.
 */
export const ZCredentialsStep = z.object({
  email: ZCheckEmailRequest.shape.email,
  password: z
    .string()
    .min(1, MSG.passwordObligatoria)
    .max(200)
    .superRefine((value, ctx) => {
      const strength = evaluatePassword(value);
      if (value && !strength.isValid) ctx.addIssue({ code: 'custom', message: strength.message });
    }),
});
export type TCredentialsStep = z.output<typeof ZCredentialsStep>;

export function CredentialsStep({
  defaultValues,
  onDone,
  onGoToLogin,
}: {
  defaultValues: TCredentialsStep;
  onDone: (values: TCredentialsStep) => void;
  onGoToLogin: (email: string) => void;
}) {
  const check = useCheckEmailAvailability();
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof ZCredentialsStep>, unknown, TCredentialsStep>({
    resolver: zodResolver(ZCredentialsStep),
    mode: 'onTouched',
    defaultValues,
  });
  const password = useWatch({ control, name: 'password' }) ?? '';
  const strength = evaluatePassword(password);
  const takenEmail = check.data && !check.data.isAvailable ? check.data.email || check.variables : null;
  const passwordError = errors.password?.message;

  const onValid = async (values: TCredentialsStep) => {
    try {
      const result = await check.mutateAsync(values.email);
      if (result.isAvailable) onDone(values);
    } catch {
      /* shown from check.error */
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="space-y-4">
      {takenEmail && (
        <Alert tone="error" title={MSG.emailAlreadyRegistered}>
          <p>{MSG.emailAlreadyRegisteredHint}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => onGoToLogin(takenEmail)}>
            Iniciar sesión
          </Button>
        </Alert>
      )}
      {check.isError && <Alert tone="error">{getErrorMessage(check.error, MSG.emailCheckRetry)}</Alert>}
      <FormField id="register-email" label="Email" error={errors.email?.message}>
        <Input
          type="email"
          autoComplete="email"
          {...fieldA11y('register-email', errors.email?.message)}
          {...register('email')}
        />
      </FormField>
      <FormField
        id="register-password"
        label="Contraseña"
        error={passwordError}
        hint={
          <PasswordStrengthMeter
            id="register-password-strength"
            strength={strength}
            isPristine={password === '' && !passwordError}
            hideMessage={Boolean(passwordError)}
          />
        }
      >
        <PasswordInput
          autoComplete="new-password"
          {...fieldA11y('register-password', passwordError, true)}
          {...register('password')}
        />
      </FormField>
      <Button type="submit" className="w-full" isLoading={isSubmitting}>
        Continuar
      </Button>
    </form>
  );
}
