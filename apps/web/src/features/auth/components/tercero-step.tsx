import type { ChangeEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZTerceroData } from '@radica/contracts/auth';
import { TIPOS_IDENTIDAD, TIPOS_IDENTIDAD_REGISTRO } from '@radica/contracts/enums';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { LocationAutocomplete } from '../../../components/ui/location-autocomplete';
import type { TLocationOption } from '../../../lib/location-search';
import { computeDv } from '@radica/contracts/nit';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { normalizeNumeroIdentificacion } from '@radica/contracts/registro-nit';
import { checkNit } from '../api/check-nit';
import { checkSubStep, followRazonSocial } from '../utils/step-checks';

export type TTerceroInput = z.input<typeof ZTerceroData>;
export type TTerceroValues = z.output<typeof ZTerceroData>;

/** The four sub-steps of the personal data (seed 000 §2 "Registration wizard"). */
export const TERCERO_SUB_STEPS: ReadonlyArray<{ title: string; fields: FieldPath<TTerceroInput>[] }> = [
  {
    title: 'Nombres',
    fields: ['primerNombre', 'segundoNombre', 'primerApellido', 'segundoApellido', 'nombre', 'razonSocial'],
  },
  { title: 'Identificación', fields: ['tipoIdentidad', 'numeroIdentificacion'] },
  { title: 'Ubicación', fields: ['codPais', 'codDepartamento', 'codCiudad', 'direccion'] },
  { title: 'Contacto', fields: ['telefono'] },
];

export const EMPTY_TERCERO: TTerceroInput = {
  primerNombre: '',
  segundoNombre: '',
  primerApellido: '',
  segundoApellido: '',
  nombre: '',
  razonSocial: '',
  tipoIdentidad: '' as TTerceroInput['tipoIdentidad'],
  numeroIdentificacion: '',
  dv: '',
  codPais: '',
  codDepartamento: '',
  codCiudad: '',
  direccion: '',
  telefono: '',
};

/** Full name from its parts, used as `nombre` when the user leaves it empty. */
function joinName(
  values: Pick<TTerceroValues, 'primerNombre' | 'segundoNombre' | 'primerApellido' | 'segundoApellido'>,
) {
  return [values.primerNombre, values.segundoNombre, values.primerApellido, values.segundoApellido]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * Personal data in four sub-steps, validated with ZTerceroData (seed 000 §5 "Personal data"): razonSocial
 * follows nombre while the user has not typed one of its own; the DV is computed for a NIT.
 */
export function TerceroStep({
  email,
  defaultValues,
  subStep,
  onSubStepChange,
  onBack,
  onDone,
  error,
  location,
  onLocationChange,
}: {
  location: TLocationOption | null;
  onLocationChange: (location: TLocationOption | null) => void;
  email: string;
  defaultValues: TTerceroInput;
  subStep: number;
  onSubStepChange: (subStep: number) => void;
  onBack: (values: TTerceroInput) => void;
  onDone: (values: TTerceroValues) => void;
  error: string | null;
}) {
  const {
    register,
    handleSubmit,
    control,
    trigger,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<TTerceroInput, unknown, TTerceroValues>({
    resolver: zodResolver(ZTerceroData),
    mode: 'onTouched',
    defaultValues,
  });
  const [tipoIdentidad, numeroIdentificacion] = useWatch({
    control,
    name: ['tipoIdentidad', 'numeroIdentificacion'],
  });
  const [stepError, setStepError] = useState<string | null>(null);
  /** The NIT another company already registered, once warned about (issue 26): Siguiente again goes on. */
  const [warnedNit, setWarnedNit] = useState<string | null>(null);
  const typedNit = tipoIdentidad === 'NI' ? normalizeNumeroIdentificacion(numeroIdentificacion ?? '') : '';
  const dv = tipoIdentidad === 'NI' ? computeDv(numeroIdentificacion ?? '') : '';
  const current = TERCERO_SUB_STEPS[subStep] ?? TERCERO_SUB_STEPS[0]!;
  const isLast = subStep === TERCERO_SUB_STEPS.length - 1;

  // razonSocial follows nombre while it is empty or still equal to the previous nombre (seed 000 §5).
  const { onChange: onNombreChange, ...nombreRest } = register('nombre');
  const nombreField = {
    ...nombreRest,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const previous = getValues('nombre') ?? '';
      const razonSocial = getValues('razonSocial') ?? '';
      const next = followRazonSocial(razonSocial, previous, event.target.value);
      if (next !== razonSocial) setValue('razonSocial', next);
      return onNombreChange(event);
    },
  };

  const onNext = async () => {
    const message = checkSubStep(subStep, getValues());
    // Sub-step 0 shows its messages under the fields; 1 and 2 have the seed's step-check texts.
    setStepError(subStep === 0 ? null : message);
    const ok = await trigger(current.fields);
    if (!ok || message) return;
    if (subStep === 1 && typedNit && warnedNit !== typedNit) {
      // A company with this NIT exists: say so and how to join it, once; the user may still go on (decision 041).
      const existe = await checkNit({ tipoIdentidad: 'NI', numeroIdentificacion: typedNit })
        .then((d) => d.existe)
        .catch(() => false);
      if (existe) {
        setWarnedNit(typedNit);
        return;
      }
    }
    onSubStepChange(subStep + 1);
  };
  const onLocation = (option: TLocationOption | null) => {
    onLocationChange(option);
    setValue('codPais', option?.codPais ?? '', { shouldValidate: !!option });
    setValue('codDepartamento', option?.codDepartamento ?? '', { shouldValidate: !!option });
    setValue('codCiudad', option?.codCiudad ?? '', { shouldValidate: !!option });
    if (option) setStepError(null);
  };
  const onValid = (values: TTerceroValues) => {
    const nombre = values.nombre || joinName(values);
    onDone({
      ...values,
      nombre,
      razonSocial: values.razonSocial || nombre,
      dv: values.tipoIdentidad === 'NI' ? computeDv(values.numeroIdentificacion) : '',
      email,
    });
  };
  const err = (name: keyof typeof errors) => errors[name]?.message;
  const text = (
    name: FieldPath<TTerceroInput>,
    label: string,
    options: { required?: boolean; autoComplete?: string; type?: string; inputMode?: 'numeric' | 'tel' } = {},
  ) => {
    const id = `tercero-${name}`;
    const message = err(name as keyof typeof errors);
    return (
      <FormField id={id} label={label} error={message} required={options.required}>
        <Input
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          inputMode={options.inputMode}
          {...fieldA11y(id, message)}
          {...(name === 'nombre' ? nombreField : register(name))}
        />
      </FormField>
    );
  };

  return (
    <form
      noValidate
      onSubmit={
        isLast
          ? handleSubmit(onValid)
          : (e) => {
              e.preventDefault();
              void onNext();
            }
      }
      className="space-y-4"
    >
      <h2 className="text-base font-semibold text-slate-800">
        Datos personales · {current.title}
        <span className="ml-2 text-sm font-normal text-slate-500">
          ({subStep + 1} de {TERCERO_SUB_STEPS.length})
        </span>
      </h2>
      {error && <Alert tone="error">{error}</Alert>}
      {stepError && <Alert tone="error">{stepError}</Alert>}

      {subStep === 0 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('primerNombre', 'Primer nombre', { required: true, autoComplete: 'given-name' })}
          {text('segundoNombre', 'Segundo nombre', { autoComplete: 'additional-name' })}
          {text('primerApellido', 'Primer apellido', { required: true, autoComplete: 'family-name' })}
          {text('segundoApellido', 'Segundo apellido')}
          {text('nombre', 'Nombre o nombre comercial', { autoComplete: 'organization' })}
          {text('razonSocial', 'Razón social')}
        </div>
      )}

      {subStep === 1 && warnedNit !== null && warnedNit === typedNit && (
        <Alert tone="info" title={MSG_USUARIOS.nitYaRegistradoTitulo(warnedNit)}>
          <p data-testid="nit-ya-registrado">{MSG_USUARIOS.nitYaRegistradoCuerpo}</p>
          <p className="mt-1">{MSG_USUARIOS.nitYaRegistradoSeguir}</p>
        </Alert>
      )}
      {subStep === 1 && (
        <div className="grid gap-4 sm:grid-cols-[1fr_1fr_5rem]">
          <FormField
            id="tercero-tipoIdentidad"
            label="Tipo de identificación"
            required
            error={err('tipoIdentidad')}
          >
            <Select
              {...fieldA11y('tercero-tipoIdentidad', err('tipoIdentidad'))}
              {...register('tipoIdentidad')}
            >
              <option value="">Selecciona un tipo de documento</option>
              {TIPOS_IDENTIDAD_REGISTRO.map((code) => (
                <option key={code} value={code}>
                  {TIPOS_IDENTIDAD[code]}
                </option>
              ))}
            </Select>
          </FormField>
          {text('numeroIdentificacion', 'Número de identificación', {
            required: true,
            inputMode: tipoIdentidad === 'PA' ? undefined : 'numeric',
          })}
          <FormField
            id="tercero-dv"
            label="DV"
            hint={tipoIdentidad === 'NI' ? 'Dígito de verificación calculado' : undefined}
          >
            <Input
              readOnly
              tabIndex={tipoIdentidad === 'NI' ? 0 : -1}
              value={dv}
              aria-describedby={tipoIdentidad === 'NI' ? 'tercero-dv-hint' : undefined}
              id="tercero-dv"
            />
          </FormField>
        </div>
      )}

      {subStep === 2 && (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="tercero-ubicacion"
            label="Ciudad"
            required
            className="sm:col-span-2"
            error={err('codCiudad') ?? err('codDepartamento') ?? err('codPais')}
            hint="Escribe al menos 2 letras y elige tu ciudad de la lista"
          >
            <LocationAutocomplete
              id="tercero-ubicacion"
              value={location}
              onChange={onLocation}
              invalid={!!(err('codCiudad') ?? err('codDepartamento') ?? err('codPais'))}
              describedBy="tercero-ubicacion-hint"
            />
          </FormField>
          {text('direccion', 'Dirección', { autoComplete: 'street-address' })}
        </div>
      )}

      {subStep === 3 && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('telefono', 'Teléfono', { autoComplete: 'tel', type: 'tel', inputMode: 'tel' })}
          <FormField id="tercero-email" label="Email de la cuenta">
            <Input id="tercero-email" readOnly value={email} />
          </FormField>
        </div>
      )}

      <div className="flex flex-wrap justify-between gap-2 pt-2">
        <Button
          variant="secondary"
          onClick={() => {
            setStepError(null);
            if (subStep === 0) onBack(getValues());
            else onSubStepChange(subStep - 1);
          }}
        >
          Anterior
        </Button>
        <Button type="submit">{isLast ? 'Continuar' : 'Siguiente'}</Button>
      </div>
    </form>
  );
}
