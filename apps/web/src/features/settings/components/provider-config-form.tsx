import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ClipboardList, PlugZap, X } from 'lucide-react';
import {
  ZProviderConfigRequest,
  mapTipoClasePersona,
  type TProviderConfig,
  type TProviderConfigInput,
  type TProviderConfigRequest,
} from '@radica/contracts/provider';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PERSONA, TIPOS_PRESTADOR } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { PasswordInput } from '../../../components/ui/password-input';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { getTimings } from '../../../lib/timings';
import { useCreateProviderConfig } from '../api/create-provider-config';
import { useProbarConexion } from '../api/probar-conexion';
import { useUpdateProviderConfig } from '../api/update-provider-config';
import { isSameNit, prefillFromPrestador, type TPrestadorPrefill } from '../utils/prefill-from-prestador';
import { ConfirmChangesModal } from './confirm-changes-modal';
import { PrestadorAutocomplete } from './prestador-autocomplete';

/** On creation the validator password is required too (seed 000 §5 "Provider form"). */
const ZCreateProviderConfig = ZProviderConfigRequest.superRefine((value, ctx) => {
  if (!value.passwordValidator) {
    ctx.addIssue({ code: 'custom', path: ['passwordValidator'], message: MSG.contrasenaValidadorRequired });
  }
});

type FormInput = TProviderConfigRequest;

/**
 * Where the form shows: `page` (Configuración → Ministerio) full page with a close X and the title 'Configuración
 * del Prestador de Servicios'; `inline` (the ministry list, when no configuration exists) inside the page with
 * '← Volver' and the title 'Información del Prestador' (seed 000 §2).
 */
export type TProviderFormVariant = 'page' | 'inline';

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
 * The provider configuration form (seed 000 §2 "Provider configuration form", §4 "Provider form submission", §5).
 * On creation it opens with the 'Configuración Requerida' intro and its 'Continuar'; then the sections 'Información
 * Obligatoria' (the REPS provider search, validator user and password) and 'Información Adicional' (pre-filled by
 * the chosen provider). Creating sends POST; editing asks 'Confirmar cambios importantes' (seed 000 §4) and sends
 * PUT, where an empty password keeps the stored one. A failed save keeps every value and shows why above the
 * buttons; a successful one toasts the server's message and calls `onClose`.
 */
export function ProviderConfigForm({
  config,
  onClose,
  variant = 'page',
}: {
  config: TProviderConfig | undefined;
  onClose: () => void;
  variant?: TProviderFormVariant;
}) {
  const isEdit = Boolean(config?.configurado);
  const titleId = useId();
  const [step, setStep] = useState<'intro' | 'form'>(isEdit ? 'form' : 'intro');
  const [pending, setPending] = useState<TProviderConfigInput | null>(null);
  const isPendingRef = useRef(false);
  const create = useCreateProviderConfig();
  const update = useUpdateProviderConfig();
  const mutation = isEdit ? update : create;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<FormInput, unknown, TProviderConfigInput>({
    resolver: zodResolver(isEdit ? ZProviderConfigRequest : ZCreateProviderConfig),
    mode: 'onTouched',
    defaultValues: toFormValues(config),
  });
  const { field: codigoField } = useController({ control, name: 'codigoPrestador' });
  /** 'Probar conexión' with what is typed (issue 26): the answer speaks of those credentials until one changes. */
  const probar = useProbarConexion();
  const { reset: resetProbar } = probar;
  const [typedUser, typedPassword] = useWatch({ control, name: ['userValidator', 'passwordValidator'] });
  useEffect(() => {
    resetProbar();
  }, [typedUser, typedPassword, resetProbar]);
  const onProbar = () => {
    const userValidator = (getValues('userValidator') ?? '').trim();
    const passwordValidator = getValues('passwordValidator') ?? '';
    probar.mutate({ ...(userValidator ? { userValidator } : {}), ...(passwordValidator ? { passwordValidator } : {}) });
  };
  /** What the chosen provider wrote into the form, to undo it when the choice is removed. */
  const prefilled = useRef<TPrestadorPrefill | null>(null);
  const [nitDistinto, setNitDistinto] = useState<{ prestador: string; empresa: string } | null>(null);

  useEffect(() => {
    isPendingRef.current = pending !== null;
  }, [pending]);
  useEffect(() => {
    if (variant !== 'page') return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The confirmation closes itself; a combobox that used Escape marks it handled.
      if (event.key === 'Escape' && !event.defaultPrevented && !isPendingRef.current) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, variant]);

  useEffect(() => {
    if (step === 'form') setFocus('codigoPrestador');
  }, [step, setFocus]);

  const onSelectPrestador = (prestador: TPrestadorResultado) => {
    const values = prefillFromPrestador(prestador);
    for (const [name, value] of Object.entries(values) as Array<[keyof typeof values, string]>) {
      setValue(name, value, { shouldDirty: true, shouldValidate: true });
    }
    prefilled.current = values;
    const nitEmpresa = config?.tercero.numeroIdentificacion ?? '';
    setNitDistinto(
      prestador.numeroIdentificacion && nitEmpresa && !isSameNit(prestador.numeroIdentificacion, nitEmpresa)
        ? { prestador: prestador.numeroIdentificacion, empresa: nitEmpresa }
        : null,
    );
  };
  /**
   * The selection is undone (issue 26): the fields it filled go back to what they were, unless the user changed them
   * since, so a removed provider's type and expired dates do not stay in the form.
   */
  const onClearPrestador = () => {
    codigoField.onChange('');
    setNitDistinto(null);
    const filled = prefilled.current;
    prefilled.current = null;
    if (!filled) return;
    const original = toFormValues(config);
    for (const [name, value] of Object.entries(filled) as Array<[keyof typeof filled, string]>) {
      if (name === 'codigoPrestador') continue;
      if (getValues(name) === value) setValue(name, original[name] ?? '', { shouldDirty: true, shouldValidate: false });
    }
  };
  const save = async (values: TProviderConfigInput) => {
    try {
      const message = await mutation.mutateAsync(values);
      setPending(null);
      toast.success(message || MSG.configSaved, { duration: getTimings().toastMs });
      onClose();
    } catch (error) {
      setPending(null);
      toast.error(saveErrorMessage(error, isEdit), { duration: getTimings().toastMs });
    }
  };
  const onValid = async (values: TProviderConfigInput) => {
    if (isEdit) setPending(values);
    else await save(values);
  };

  const err = (name: keyof FormInput) => errors[name]?.message;
  const isSaving = isSubmitting || mutation.isPending;
  const codigoError = err('codigoPrestador');

  const body =
    step === 'intro' ? (
      <div className="mx-auto max-w-xl rounded-xl border border-amber-200 bg-amber-50 px-6 py-8 text-center shadow-sm">
        <ClipboardList aria-hidden="true" className="mx-auto size-10 text-amber-600" />
        <h3 className="mt-3 text-lg font-semibold text-slate-900">{MSG_CUENTAS.providerIntroTitle}</h3>
        <p className="mt-2 text-sm text-slate-700">{MSG_CUENTAS.providerIntroText}</p>
        <Button className="mt-5" autoFocus onClick={() => setStep('form')}>
          {MSG_CUENTAS.providerIntroContinue}
        </Button>
      </div>
    ) : (
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-6">
        <section
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
              error={codigoError}
              className="sm:col-span-2"
              extra={<InfoTooltip text={MSG_CUENTAS.prestadorCodeTooltip} />}
            >
              <PrestadorAutocomplete
                id="provider-codigoPrestador"
                initialMode={config?.codigoPrestador ? 'manual' : 'search'}
                code={codigoField.value ?? ''}
                onCodeChange={codigoField.onChange}
                onSelect={onSelectPrestador}
                onManual={onClearPrestador}
                onClear={onClearPrestador}
                onBlur={codigoField.onBlur}
                inputRef={codigoField.ref}
                invalid={Boolean(codigoError)}
                describedBy={codigoError ? 'provider-codigoPrestador-error' : undefined}
              />
              {nitDistinto && (
                <Alert tone="info" className="mt-2">
                  {MSG_CUENTAS.prestadorNitDistinto(nitDistinto.prestador, nitDistinto.empresa)}
                </Alert>
              )}
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
          <div className="space-y-2">
            <Button type="button" variant="secondary" size="sm" onClick={onProbar} isLoading={probar.isPending}>
              {!probar.isPending && <PlugZap aria-hidden="true" className="size-4" />}
              {probar.isPending ? MSG_CUENTAS.probandoConexion : MSG_CUENTAS.probarConexion}
            </Button>
            {probar.isPending && (
              <p role="status" className="sr-only">
                {MSG_CUENTAS.probandoConexion}
              </p>
            )}
            {probar.isSuccess && (
              <Alert tone={probar.data.conectado ? 'success' : 'error'}>{probar.data.mensaje}</Alert>
            )}
            {probar.isError && (
              <Alert tone="error">{getErrorMessage(probar.error, MSG_CUENTAS.probarConexionNoDisponible)}</Alert>
            )}
          </div>
        </section>

        <section
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
                <option value="">Selecciona...</option>
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
                <option value="">Selecciona...</option>
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
                <option value="">Selecciona...</option>
                {Object.entries(TIPOS_PERSONA).map(([code, label]) => (
                  <option key={code} value={code}>
                    {label}
                  </option>
                ))}
              </Select>
            </FormField>
            <FormField id="provider-tipoEntidad" label="Tipo de entidad" error={err('tipoEntidad')}>
              <Select {...fieldA11y('provider-tipoEntidad', err('tipoEntidad'))} {...register('tipoEntidad')}>
                <option value="">Selecciona...</option>
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

        {mutation.isError && <Alert tone="error">{saveErrorMessage(mutation.error, isEdit)}</Alert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={isSaving}>
            Cancelar
          </Button>
          <Button type="submit" isLoading={isSaving}>
            {isSaving ? 'Guardando...' : 'Guardar'}
          </Button>
        </div>
        {pending && (
          <ConfirmChangesModal
            isSaving={update.isPending}
            onConfirm={() => void save(pending)}
            onCancel={() => setPending(null)}
          />
        )}
      </form>
    );

  if (variant === 'inline') {
    return (
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="ghost" size="sm" onClick={onClose}>
            {MSG_CUENTAS.providerBack}
          </Button>
          <h2 id={titleId} className="text-xl font-semibold text-slate-900">
            {MSG_CUENTAS.providerInfoTitle}
          </h2>
        </div>
        {body}
      </section>
    );
  }
  return (
    <PageDialog titleId={titleId} title={MSG.providerFormTitle} onClose={onClose}>
      {body}
    </PageDialog>
  );
}

/** The full-page layer of the `page` variant: its title and the close X. */
function PageDialog({
  titleId,
  title,
  onClose,
  children,
}: {
  titleId: string;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
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
            {title}
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
      <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">{children}</div>
    </div>
  );
}
