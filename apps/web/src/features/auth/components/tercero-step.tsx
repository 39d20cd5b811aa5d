import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ZTerceroData } from '@radica/contracts/auth';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import type { TLocationOption } from '../../../lib/location-search';
import { computeDv } from '@radica/contracts/nit';
import { normalizeNumeroIdentificacion } from '@radica/contracts/registro-nit';
import { checkNit } from '../api/check-nit';
import { useTerceroText } from '../hooks/use-tercero-text';
import { checkSubStep } from '../utils/step-checks';
import { ContactoFields, IdentificacionFields, NombresFields, UbicacionFields } from './tercero-step-fields';

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
 * The personal data as registered: `nombre` defaults to the joined name parts, razonSocial to `nombre`, a NIT gets
 * its DV, and the account's e-mail is added.
 */
function completeTercero(values: TTerceroValues, email: string): TTerceroValues {
  const nombre = values.nombre || joinName(values);
  return {
    ...values,
    nombre,
    razonSocial: values.razonSocial || nombre,
    dv: values.tipoIdentidad === 'NI' ? computeDv(values.numeroIdentificacion) : '',
    email,
  };
}

/** 'Datos personales · <sub-step>' with its 'N de 4'. */
function SubStepHeading({ title, subStep }: { title: string; subStep: number }) {
  return (
    <h2 className="text-base font-semibold text-slate-800">
      Datos personales · {title}
      <span className="ml-2 text-sm font-normal text-slate-500">
        ({subStep + 1} de {TERCERO_SUB_STEPS.length})
      </span>
    </h2>
  );
}

/** The props of `TerceroStep`. */
type TTerceroStepProps = {
  location: TLocationOption | null;
  onLocationChange: (location: TLocationOption | null) => void;
  email: string;
  defaultValues: TTerceroInput;
  subStep: number;
  onSubStepChange: (subStep: number) => void;
  onBack: (values: TTerceroInput) => void;
  onDone: (values: TTerceroValues) => void;
  error: string | null;
};

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
}: TTerceroStepProps) {
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
  /** The NIT another company already registered, once warned about: Siguiente again goes on. */
  const [warnedNit, setWarnedNit] = useState<string | null>(null);
  const typedNit = tipoIdentidad === 'NI' ? normalizeNumeroIdentificacion(numeroIdentificacion ?? '') : '';
  const dv = tipoIdentidad === 'NI' ? computeDv(numeroIdentificacion ?? '') : '';
  const current = TERCERO_SUB_STEPS[subStep] ?? TERCERO_SUB_STEPS[0]!;
  const isLast = subStep === TERCERO_SUB_STEPS.length - 1;

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
  const onValid = (values: TTerceroValues) => onDone(completeTercero(values, email));
  const { err, text } = useTerceroText({ register, getValues, setValue, errors });

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
      <SubStepHeading title={current.title} subStep={subStep} />
      {error && <Alert tone="error">{error}</Alert>}
      {stepError && <Alert tone="error">{stepError}</Alert>}

      {subStep === 0 && <NombresFields text={text} />}

      {subStep === 1 && (
        <IdentificacionFields
          text={text}
          register={register}
          err={err}
          tipoIdentidad={tipoIdentidad}
          dv={dv}
          warnedNit={warnedNit !== null && warnedNit === typedNit ? warnedNit : null}
        />
      )}

      {subStep === 2 && <UbicacionFields text={text} err={err} location={location} onLocation={onLocation} />}

      {subStep === 3 && <ContactoFields text={text} email={email} />}

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
