import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { ZVerifyCodeRequest } from '@radica/contracts/auth';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';

const ZCodeForm = z.object({ code: ZVerifyCodeRequest.shape.code });
type TCodeForm = z.output<typeof ZCodeForm>;

/** E-mail verification (seed 000 §2): 6-digit code (digits only are kept as typed or pasted), 'Reenviar código'. */
export function VerificationStep({
  email,
  info,
  error,
  isSending,
  isVerifying,
  onResend,
  onVerify,
  onBack,
}: {
  email: string;
  info: string | null;
  error: string | null;
  isSending: boolean;
  isVerifying: boolean;
  onResend: () => void;
  onVerify: (code: string) => void;
  onBack: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZCodeForm>, unknown, TCodeForm>({
    resolver: zodResolver(ZCodeForm),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });
  const message = errors.code?.message;
  const codeField = register('code');

  return (
    <form noValidate onSubmit={handleSubmit((values) => onVerify(values.code))} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-800">Verifica tu email</h2>
      <p className="text-sm text-slate-600">
        Enviamos un código de 6 dígitos a <strong className="font-medium text-slate-800">{email}</strong>. El
        código vence en 30 minutos.
      </p>
      {info && <Alert tone="success">{info}</Alert>}
      {error && <Alert tone="error">{error}</Alert>}
      <FormField id="verification-code" label="Código de verificación" error={message}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          className="max-w-48 text-center font-mono text-lg tracking-[0.4em]"
          pattern="[0-9]*"
          {...fieldA11y('verification-code', message)}
          {...codeField}
          onChange={(e) => {
            // Digits only (letters were accepted); a pasted '123 456' keeps its six digits.
            e.target.value = e.target.value.replace(/\D/g, '').slice(0, 6);
            void codeField.onChange(e);
          }}
        />
      </FormField>
      <div className="flex flex-wrap items-center justify-between gap-2 pt-2">
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={onBack} disabled={isVerifying}>
            Anterior
          </Button>
          <Button variant="ghost" onClick={onResend} isLoading={isSending} disabled={isVerifying}>
            Reenviar código
          </Button>
        </div>
        <Button type="submit" isLoading={isVerifying} disabled={isSending}>
          Verificar código
        </Button>
      </div>
    </form>
  );
}
