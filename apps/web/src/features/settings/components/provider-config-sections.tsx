import type { RefCallBack, UseFormRegister } from 'react-hook-form';
import { ClipboardList, PlugZap } from 'lucide-react';
import type { TProviderConfig } from '@radica/contracts/provider';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PERSONA, TIPOS_PRESTADOR } from '@radica/contracts/enums';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { InfoTooltip } from '../../../components/ui/info-tooltip';
import { PasswordInput } from '../../../components/ui/password-input';
import { getErrorMessage } from '../../../lib/http';
import type { useProbarConexion } from '../api/probar-conexion';
import type { TProviderFieldError, TProviderFormInput } from '../utils/provider-form-values';
import { PrestadorAutocomplete } from './prestador-autocomplete';

/** The 'Configuración Requerida' intro shown before a first configuration, with its 'Continuar' (seed 000 §2). */
export function ProviderIntro({ onContinue }: { onContinue: () => void }) {
  return (
    <div className="mx-auto max-w-xl rounded-xl border border-amber-200 bg-amber-50 px-6 py-8 text-center shadow-sm">
      <ClipboardList aria-hidden="true" className="mx-auto size-10 text-amber-600" />
      <h3 className="mt-3 text-lg font-semibold text-slate-900">{MSG_CUENTAS.providerIntroTitle}</h3>
      <p className="mt-2 text-sm text-slate-700">{MSG_CUENTAS.providerIntroText}</p>
      <Button className="mt-5" autoFocus onClick={onContinue}>
        {MSG_CUENTAS.providerIntroContinue}
      </Button>
    </div>
  );
}

/** 'Probar conexión' under the validator credentials, with its spoken progress and the ministry's answer. */
function ProbarConexionBlock({
  probar,
  onProbar,
}: {
  probar: ReturnType<typeof useProbarConexion>;
  onProbar: () => void;
}) {
  return (
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
  );
}

/** The code field of the provider form as react-hook-form's controller hands it over. */
type TCodigoField = {
  value: string | undefined;
  onChange: (code: string) => void;
  onBlur: () => void;
  ref: RefCallBack;
};

/**
 * 'Información Obligatoria': the REPS provider search (with the notice when its NIT is not the company's), the
 * validator user and password, and 'Probar conexión' (seed 000 §2 "Provider configuration form").
 */
export function ProviderMandatorySection({
  config,
  codigoField,
  codigoError,
  nitDistinto,
  onSelectPrestador,
  onClearPrestador,
  register,
  err,
  isEdit,
  probar,
  onProbar,
}: {
  config: TProviderConfig | undefined;
  codigoField: TCodigoField;
  codigoError: string | undefined;
  nitDistinto: { prestador: string; empresa: string } | null;
  onSelectPrestador: (prestador: TPrestadorResultado) => void;
  onClearPrestador: () => void;
  register: UseFormRegister<TProviderFormInput>;
  err: TProviderFieldError;
  isEdit: boolean;
  probar: ReturnType<typeof useProbarConexion>;
  onProbar: () => void;
}) {
  return (
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
      <ProbarConexionBlock probar={probar} onProbar={onProbar} />
    </section>
  );
}

/** 'Información Adicional': the fields a chosen provider fills in, editable (seed 000 §2). */
export function ProviderAdditionalSection({
  register,
  err,
}: {
  register: UseFormRegister<TProviderFormInput>;
  err: TProviderFieldError;
}) {
  return (
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
  );
}
