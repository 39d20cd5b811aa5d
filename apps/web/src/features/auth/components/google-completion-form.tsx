import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import type { TGoogleNotRegistered } from '../api/google-auth';

/** The third-party completion form offers NIT, CC, CE (seed 000 §3). */
export const GOOGLE_TIPOS = [
  { value: 'NI', label: 'NIT' },
  { value: 'CC', label: 'Cédula de Ciudadanía' },
  { value: 'CE', label: 'Cédula de Extranjería' },
] as const;
/** Defaults of the completion form (seed 000 §5): tipo NIT, departamento 68, ciudad 001, país CO. */
export const GOOGLE_DEFAULT_LOCATION = { codDepartamento: '68', codCiudad: '001', codPais: 'CO' } as const;

export const ZGoogleCompletion = z.object({
  razonSocial: z.string().trim().min(1, MSG_CUENTAS.razonSocialRequired).max(300),
  tipoIdentidad: z.enum(['NI', 'CC', 'CE']),
  numeroIdentificacion: z
    .string()
    .trim()
    .min(1, MSG.numeroIdentificacionRequired)
    .max(20)
    .regex(/^[0-9A-Za-z.\- ]+$/, MSG.numeroIdentificacionRequired),
});
export type TGoogleCompletion = z.output<typeof ZGoogleCompletion>;

/** razonSocial + numeroIdentificacion for a Google identity without an account (seed 000 §2, §5). */
export function GoogleCompletionForm({
  profile,
  error,
  onSubmit,
  onCancel,
}: {
  profile: TGoogleNotRegistered;
  error: string | null;
  onSubmit: (values: TGoogleCompletion) => void;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof ZGoogleCompletion>, unknown, TGoogleCompletion>({
    resolver: zodResolver(ZGoogleCompletion),
    mode: 'onTouched',
    defaultValues: { razonSocial: profile.name, tipoIdentidad: 'NI', numeroIdentificacion: '' },
  });
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="space-y-4">
      <h2 className="text-base font-semibold text-slate-800">Completa tu registro con Google</h2>
      <p className="text-sm text-slate-600">
        Cuenta de Google: <strong className="font-medium text-slate-800">{profile.email}</strong>
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      <FormField id="google-razonSocial" label="Razón social" required error={errors.razonSocial?.message}>
        <Input
          {...fieldA11y('google-razonSocial', errors.razonSocial?.message)}
          {...register('razonSocial')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="google-tipoIdentidad" label="Tipo de identificación" required>
          <Select id="google-tipoIdentidad" {...register('tipoIdentidad')}>
            {GOOGLE_TIPOS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          id="google-numeroIdentificacion"
          label="Número de identificación"
          required
          error={errors.numeroIdentificacion?.message}
        >
          <Input
            inputMode="numeric"
            {...fieldA11y('google-numeroIdentificacion', errors.numeroIdentificacion?.message)}
            {...register('numeroIdentificacion')}
          />
        </FormField>
      </div>
      <div className="flex justify-between gap-2 pt-2">
        <Button variant="secondary" onClick={onCancel}>
          Anterior
        </Button>
        <Button type="submit">Crear cuenta</Button>
      </div>
    </form>
  );
}
