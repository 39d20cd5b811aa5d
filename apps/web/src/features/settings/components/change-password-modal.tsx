import { MSG } from '@radica/contracts/messages';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZChangeNewPassword } from '@radica/contracts/auth';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { PasswordInput } from '../../../components/ui/password-input';
import { getErrorMessage } from '../../../lib/http';
import { getTimings } from '../../../lib/timings';
import { useRequestPasswordChangeCode } from '../api/request-password-change-code';
import { useVerifyPasswordChangeCode } from '../api/verify-password-change-code';

/**
 * The change-password form (seed 000 §5 "Change-password modal"): 6-digit code (input max 6), new password
 * ≥ 8 with 1 lowercase, 1 uppercase, 1 digit, and a matching confirmation ('Las contraseñas no coinciden').
 */
export const ZChangePasswordForm = z
  .object({
    verificationCode: z
      .string()
      .trim()
      .regex(/^\d{6}$/, MSG.codeSixDigits),
    newPassword: ZChangeNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG_CUENTAS.passwordsDoNotMatch,
  });
type TChangePasswordForm = z.output<typeof ZChangePasswordForm>;

/**
 * 'Cambiar Contraseña' (seed 000 §2, §4): request step (a code to the account e-mail), then verify step (code +
 * new password); after success it closes 2 s later.
 */
export function ChangePasswordModal({ email, onClose }: { email: string; onClose: () => void }) {
  const [step, setStep] = useState<'request' | 'verify' | 'done'>('request');
  const [info, setInfo] = useState<string | null>(null);
  const requestCode = useRequestPasswordChangeCode();
  const verify = useVerifyPasswordChangeCode();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZChangePasswordForm>, unknown, TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    mode: 'onTouched',
    defaultValues: { verificationCode: '', newPassword: '', confirmPassword: '' },
  });

  useEffect(() => {
    if (step !== 'done') return;
    const timer = setTimeout(onClose, getTimings().changePasswordCloseMs);
    return () => clearTimeout(timer);
  }, [step, onClose]);

  const onRequest = async () => {
    try {
      const message = await requestCode.mutateAsync(email);
      setInfo(message || MSG.codeSent);
      setStep('verify');
    } catch {
      /* shown below */
    }
  };
  const onVerify = async (values: TChangePasswordForm) => {
    try {
      await verify.mutateAsync({
        email,
        verificationCode: values.verificationCode,
        newPassword: values.newPassword,
      });
      setStep('done');
    } catch {
      /* shown below */
    }
  };

  return (
    <Modal isOpen title={MSG_CUENTAS.changePassword} onClose={onClose}>
      {step === 'request' && (
        <div className="space-y-4">
          <p>
            Enviaremos un código de verificación a <strong>{email}</strong> para confirmar el cambio.
          </p>
          {requestCode.isError && (
            <Alert tone="error">
              {getErrorMessage(requestCode.error, MSG_CUENTAS.changeCodeRequestError)}
            </Alert>
          )}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              Cancelar
            </Button>
            <Button onClick={() => void onRequest()} isLoading={requestCode.isPending}>
              Enviar código
            </Button>
          </div>
        </div>
      )}
      {step === 'verify' && (
        <form noValidate onSubmit={handleSubmit(onVerify)} className="space-y-4">
          {info && <Alert tone="success">{info}</Alert>}
          {verify.isError && (
            <Alert tone="error">{getErrorMessage(verify.error, MSG_CUENTAS.changeCodeVerifyError)}</Alert>
          )}
          <FormField id="change-code" label="Código de verificación" error={errors.verificationCode?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              {...fieldA11y('change-code', errors.verificationCode?.message)}
              {...register('verificationCode')}
            />
          </FormField>
          <FormField id="change-new-password" label="Nueva contraseña" error={errors.newPassword?.message}>
            <PasswordInput
              autoComplete="new-password"
              {...fieldA11y('change-new-password', errors.newPassword?.message)}
              {...register('newPassword')}
            />
          </FormField>
          <FormField
            id="change-confirm-password"
            label="Confirmar nueva contraseña"
            error={errors.confirmPassword?.message}
          >
            <PasswordInput
              autoComplete="new-password"
              {...fieldA11y('change-confirm-password', errors.confirmPassword?.message)}
              {...register('confirmPassword')}
            />
          </FormField>
          <div className="flex flex-wrap justify-between gap-2">
            <Button variant="ghost" onClick={() => void onRequest()} isLoading={requestCode.isPending}>
              Reenviar código
            </Button>
            <Button type="submit" isLoading={verify.isPending}>
              {MSG_CUENTAS.changePassword}
            </Button>
          </div>
        </form>
      )}
      {step === 'done' && (
        <Alert tone="success" className="my-2">
          {MSG_CUENTAS.passwordChanged}
        </Alert>
      )}
    </Modal>
  );
}
