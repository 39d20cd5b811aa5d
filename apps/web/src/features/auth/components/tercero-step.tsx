import type { ChangeEvent } from 'react';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZTerceroData } from '@radica/contracts/auth';
import { TIPOS_IDENTIDAD, TIPOS_IDENTIDAD_REGISTRO } from '@radica/contracts/enums';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { DEPARTAMENTOS } from '../../../lib/departamentos';
import { computeDv } from '../utils/compute-dv';

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
  codPais: 'CO',
  codDepartamento: '68',
  codCiudad: '001',
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
}: {
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
      if (!razonSocial || razonSocial === previous) setValue('razonSocial', event.target.value);
      return onNombreChange(event);
    },
  };

  const onNext = async () => {
    const ok = await trigger(current.fields);
    if (ok) onSubStepChange(subStep + 1);
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
          <FormField id="tercero-codPais" label="País" required error={err('codPais')}>
            <Select {...fieldA11y('tercero-codPais', err('codPais'))} {...register('codPais')}>
              <option value="CO">Colombia</option>
            </Select>
          </FormField>
          <FormField
            id="tercero-codDepartamento"
            label="Departamento"
            required
            error={err('codDepartamento')}
          >
            <Select
              {...fieldA11y('tercero-codDepartamento', err('codDepartamento'))}
              {...register('codDepartamento')}
            >
              <option value="">Selecciona tu departamento</option>
              {DEPARTAMENTOS.map((d) => (
                <option key={d.codigo} value={d.codigo}>
                  {d.nombre}
                </option>
              ))}
            </Select>
          </FormField>
          <FormField
            id="tercero-codCiudad"
            label="Código del municipio"
            required
            error={err('codCiudad')}
            hint="Código DIVIPOLA de 3 dígitos (001 es la capital del departamento)"
          >
            <Input
              inputMode="numeric"
              maxLength={5}
              {...fieldA11y('tercero-codCiudad', err('codCiudad'), true)}
              {...register('codCiudad')}
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
          onClick={() => (subStep === 0 ? onBack(getValues()) : onSubStepChange(subStep - 1))}
        >
          Anterior
        </Button>
        <Button type="submit">{isLast ? 'Continuar' : 'Siguiente'}</Button>
      </div>
    </form>
  );
}
