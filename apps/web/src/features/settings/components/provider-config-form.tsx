import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useController, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { X } from 'lucide-react';
import { ZProviderConfigRequest, type TProviderConfig, type TProviderConfigInput } from '@radica/contracts/provider';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { HttpError, getErrorMessage } from '../../../lib/http';
import { getTimings } from '../../../lib/timings';
import { useCreateProviderConfig } from '../api/create-provider-config';
import { useUpdateProviderConfig } from '../api/update-provider-config';
import { usePrestadorPrefill } from '../hooks/use-prestador-prefill';
import { useProbarTyped } from '../hooks/use-probar-typed';
import { toFormValues, type TProviderFormInput } from '../utils/provider-form-values';
import { ConfirmChangesModal } from './confirm-changes-modal';
import { ProviderAdditionalSection, ProviderIntro, ProviderMandatorySection } from './provider-config-sections';

/** On creation the validator password is required too (seed 000 §5 "Provider form"). */
const ZCreateProviderConfig = ZProviderConfigRequest.superRefine((value, ctx) => {
  if (!value.passwordValidator) {
    ctx.addIssue({ code: 'custom', path: ['passwordValidator'], message: MSG.contrasenaValidadorRequired });
  }
});

type FormInput = TProviderFormInput;

/**
 * Where the form shows: `page` (Configuración → Ministerio) full page with a close X and the title 'Configuración
 * del Prestador de Servicios'; `inline` (the ministry list, when no configuration exists) inside the page with
 * '← Volver' and the title 'Información del Prestador' (seed 000 §2).
 */
export type TProviderFormVariant = 'page' | 'inline';

function saveErrorMessage(error: unknown, isEdit: boolean): string {
  if (error instanceof HttpError && error.status === 0) return MSG.configConnectionError;
  return getErrorMessage(error, isEdit ? MSG.configUpdateError : MSG.configCreateError);
}

/** Escape closes the `page` variant, unless the confirmation is open or a combobox already used the key. */
function useEscapeToClose(variant: TProviderFormVariant, onClose: () => void, isConfirming: boolean) {
  const isPendingRef = useRef(false);
  useEffect(() => {
    isPendingRef.current = isConfirming;
  }, [isConfirming]);
  useEffect(() => {
    if (variant !== 'page') return;
    const onKeyDown = (event: KeyboardEvent) => {
      // The confirmation closes itself; a combobox that used Escape marks it handled.
      if (event.key === 'Escape' && !event.defaultPrevented && !isPendingRef.current) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose, variant]);
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
  /** 'Probar conexión' with what is typed: the answer speaks of those credentials until one changes. */
  const { probar, onProbar } = useProbarTyped(control, getValues);
  const { nitDistinto, onSelectPrestador, onClearPrestador } = usePrestadorPrefill({
    config,
    setValue,
    getValues,
    onCodeChange: codigoField.onChange,
  });
  useEscapeToClose(variant, onClose, pending !== null);

  useEffect(() => {
    if (step === 'form') setFocus('codigoPrestador');
  }, [step, setFocus]);

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
      <ProviderIntro onContinue={() => setStep('form')} />
    ) : (
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-6">
        <ProviderMandatorySection
          config={config}
          codigoField={codigoField}
          codigoError={codigoError}
          nitDistinto={nitDistinto}
          onSelectPrestador={onSelectPrestador}
          onClearPrestador={onClearPrestador}
          register={register}
          err={err}
          isEdit={isEdit}
          probar={probar}
          onProbar={onProbar}
        />

        <ProviderAdditionalSection register={register} err={err} />

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

  return (
    <ProviderFormFrame variant={variant} titleId={titleId} onClose={onClose}>
      {body}
    </ProviderFormFrame>
  );
}

/** The `inline` variant's section with '← Volver', or the `page` variant's full-page layer. */
function ProviderFormFrame({
  variant,
  titleId,
  onClose,
  children,
}: {
  variant: TProviderFormVariant;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
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
        {children}
      </section>
    );
  }
  return (
    <PageDialog titleId={titleId} title={MSG.providerFormTitle} onClose={onClose}>
      {children}
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
