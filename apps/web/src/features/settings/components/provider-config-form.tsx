import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import {
  ZProviderConfigRequest,
  mapTipoClasePersona,
  type TProviderConfig,
  type TProviderConfigInput,
  type TProviderConfigRequest,
} from '@radica/contracts/provider';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PERSONA, TIPOS_PRESTADOR } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { PasswordInput } from '../../../components/ui/password-input';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { useCreateProviderConfig } from '../api/create-provider-config';
import { useUpdateProviderConfig } from '../api/update-provider-config';

/** On creation the validator password is required too (seed 000 §5 "Provider form"). */
const ZCreateProviderConfig = ZProviderConfigRequest.superRefine((value, ctx) => {
  if (!value.passwordValidator) {
    ctx.addIssue({ code: 'custom', path: ['passwordValidator'], message: MSG.contrasenaValidadorRequired });
  }
});

type FormInput = TProviderConfigRequest;

function oneOf<T extends string>(value: string | null | undefined, options: Record<T, string>): T | '' {
  return value && value in options ? (value as T) : '';
}

function toFormValues(config: TProviderConfig | undefined): FormInput {
  return {
    codigoPrestador: config?.codigoPrestador ?? '',
    userValidator: config?.userValidator ?? '',
    passwordValidator: '',
    tipoPrestadorServicio: oneOf(config?.tipoPrestadorServicio, TIPOS_PRESTADOR),
    tipoCaracter: oneOf(config?.tipoCaracter, ALCANCES),
    tipoClasePersona: mapTipoClasePersona(config?.tipoClasePersona) ?? '',
    tipoEntidad: oneOf(config?.tipoEntidad, TIPOS_ENTIDAD),
    telefonoAdicional: config?.telefonoAdicional ?? '',
    nombreRepresentanteLegal: config?.nombreRepresentanteLegal ?? '',
    fechaRadicacion: config?.fechaRadicacion?.slice(0, 10) ?? '',
    fechaVencimiento: config?.fechaVencimiento?.slice(0, 10) ?? '',
  };
}

function saveErrorMessage(error: unknown, isEdit: boolean): string {
  if (error instanceof HttpError && error.status === 0) return MSG.configConnectionError;
  return getErrorMessage(error, isEdit ? MSG.configUpdateError : MSG.configCreateError);
}

/**
 * 'Configuración del Prestador de Servicios', full page (seed 000 §2 "Provider configuration form").
 * Creates with POST when the tenant has no configuration, else updates with PUT (an empty password keeps
 * the stored one).
 */
export function ProviderConfigForm({
  config,
  onClose,
}: {
  config: TProviderConfig | undefined;
  onClose: () => void;
}) {
  const isEdit = Boolean(config?.configurado);
  const titleId = useId();
  const create = useCreateProviderConfig();
  const update = useUpdateProviderConfig();
  const mutation = isEdit ? update : create;
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, TProviderConfigInput>({
    resolver: zodResolver(isEdit ? ZProviderConfigRequest : ZCreateProviderConfig),
    mode: 'onTouched',
    defaultValues: toFormValues(config),
  });

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);

  const onValid = async (values: TProviderConfigInput) => {
    try {
      const message = await mutation.mutateAsync(values);
      toast.success(message || MSG.configSaved);
      onClose();
    } catch (error) {
      toast.error(saveErrorMessage(error, isEdit));
    }
  };

  const err = (name: keyof FormInput) => errors[name]?.message;
  const isSaving = isSubmitting || mutation.isPending;

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      className="fixed inset-0 z-40 overflow-y-auto bg-slate-50"
    >
      <div className="sticky top-0 z-10 border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-4xl items-center justify-between gap-4 px-4 py-4 sm:px-6">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {MSG.providerFormTitle}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar"
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      </div>
      <form
        noValidate
        onSubmit={handleSubmit(onValid)}
        className="mx-auto max-w-4xl space-y-6 px-4 py-6 sm:px-6"
      >
        {mutation.isError && <Alert tone="error">{saveErrorMessage(mutation.error, isEdit)}</Alert>}

        <section
          role="group"
          aria-labelledby="provider-mandatory-title"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h3 id="provider-mandatory-title" className="text-base font-semibold text-slate-900">
            {MSG.providerMandatorySection}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="provider-codigoPrestador"
              label="Código Prestador"
              required
              error={err('codigoPrestador')}
              className="sm:col-span-2"
            >
              <Input
                autoFocus
                autoComplete="off"
                {...fieldA11y('provider-codigoPrestador', err('codigoPrestador'))}
                {...register('codigoPrestador')}
              />
            </FormField>
            <FormField
              id="provider-userValidator"
              label="Usuario Validador"
              required
              error={err('userValidator')}
              extra={<InfoTooltip text={MSG.validatorCredentialsTooltip} />}
            >
              <Input
                autoComplete="off"
                {...fieldA11y('provider-userValidator', err('userValidator'))}
                {...register('userValidator')}
              />
            </FormField>
            <FormField
              id="provider-passwordValidator"
              label="Contraseña Validador"
              required={!isEdit}
              error={err('passwordValidator')}
              extra={<InfoTooltip text={MSG.validatorCredentialsTooltip} />}
              hint={isEdit ? 'Déjala vacía para conservar la contraseña guardada.' : undefined}
            >
              <PasswordInput
                autoComplete="new-password"
                {...fieldA11y('provider-passwordValidator', err('passwordValidator'), isEdit)}
                {...register('passwordValidator')}
              />
            </FormField>
          </div>
        </section>

        <section
          role="group"
          aria-labelledby="provider-additional-title"
          className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <div className="flex items-center gap-1.5">
            <h3 id="provider-additional-title" className="text-base font-semibold text-slate-900">
              {MSG.providerAdditionalSection}
            </h3>
            <InfoTooltip text={MSG.providerAdditionalTooltip} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="provider-tipoPrestadorServicio"
              label="Tipo de prestador"
              error={err('tipoPrestadorServicio')}
            >
              <Select
                {...fieldA11y('provider-tipoPrestadorServicio', err('tipoPrestadorServicio'))}
                {...register('tipoPrestadorServicio')}
              >
                <option value="">Seleccione...</option>
                {Object.entries(TIPOS_PRESTADOR).map(([code, label]) => (
                  <option key={code} value={code}>
                    {code} - {label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="provider-tipoCaracter" label="Alcance" error={err('tipoCaracter')}>
              <Select
                {...fieldA11y('provider-tipoCaracter', err('tipoCaracter'))}
                {...register('tipoCaracter')}
              >
                <option value="">Seleccione...</option>
                {Object.entries(ALCANCES).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="provider-tipoClasePersona" label="Tipo de persona" error={err('tipoClasePersona')}>
              <Select
                {...fieldA11y('provider-tipoClasePersona', err('tipoClasePersona'))}
                {...register('tipoClasePersona')}
              >
                <option value="">Seleccione...</option>
                {Object.entries(TIPOS_PERSONA).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="provider-tipoEntidad" label="Tipo de entidad" error={err('tipoEntidad')}>
              <Select {...fieldA11y('provider-tipoEntidad', err('tipoEntidad'))} {...register('tipoEntidad')}>
                <option value="">Seleccione...</option>
                {Object.entries(TIPOS_ENTIDAD).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="provider-telefonoAdicional" label="Teléfono" error={err('telefonoAdicional')}>
              <Input
                type="tel"
                autoComplete="tel"
                {...fieldA11y('provider-telefonoAdicional', err('telefonoAdicional'))}
                {...register('telefonoAdicional')}
              />
            </FormField>
            <FormField
              id="provider-nombreRepresentanteLegal"
              label="Nombre del representante legal"
              error={err('nombreRepresentanteLegal')}
            >
              <Input
                {...fieldA11y('provider-nombreRepresentanteLegal', err('nombreRepresentanteLegal'))}
                {...register('nombreRepresentanteLegal')}
              />
            </FormField>
            <FormField
              id="provider-fechaRadicacion"
              label="Fecha de radicación"
              error={err('fechaRadicacion')}
            >
              <Input
                type="date"
                {...fieldA11y('provider-fechaRadicacion', err('fechaRadicacion'))}
                {...register('fechaRadicacion')}
              />
            </FormField>
            <FormField
              id="provider-fechaVencimiento"
              label="Fecha de vencimiento"
              error={err('fechaVencimiento')}
            >
              <Input
                type="date"
                {...fieldA11y('provider-fechaVencimiento', err('fechaVencimiento'))}
                {...register('fechaVencimiento')}
              />
            </FormField>
          </div>
        </section>

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {isSaving ? 'Guardando...' : 'Guardar'}
          </Button>
        </div>
      </form>
    </div>
  );
}
