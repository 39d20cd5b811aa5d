import { useState, type ReactNode } from 'react';
import { useForm, useWatch, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Pencil } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { ZActualizarTerceroRequest, type TActualizarTerceroRequest } from '@radica/contracts/auth';
import { TIPOS_IDENTIDAD } from '@radica/contracts/enums';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TProviderConfig } from '@radica/contracts/provider';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { LocationAutocomplete } from '../../../components/ui/location-autocomplete';
import { computeDv } from '@radica/contracts/nit';
import { departamentoNombre } from '../../../lib/departamentos';
import { getErrorMessage } from '../../../lib/http';
import type { TLocationOption } from '../../../lib/location-search';
import { getTimings } from '../../../lib/timings';
import { useUpdateTercero } from '../api/update-tercero';
import { ConfirmChangesModal } from './confirm-changes-modal';

type TTercero = TProviderConfig['tercero'];
type TFormInput = z.input<typeof ZActualizarTerceroRequest>;

/**
 * 'Ciudad, Departamento, País' of a stored tercero, as the city search labels it: the municipality's name the API
 * resolves from DIVIPOLA (`nombreCiudad`), the code only when the API knows no name. 'municipio 001'.
 */
export function ubicacionLabel(t: TTercero): string {
  const ciudad = t.nombreCiudad || (t.codCiudad ? `Municipio ${t.codCiudad}` : '');
  const departamento = departamentoNombre(t.codDepartamento) ?? t.codDepartamento;
  const pais = t.codPais === 'CO' ? 'Colombia' : t.codPais;
  return [ciudad, departamento, pais].filter(Boolean).join(', ');
}

function locationOf(t: TTercero): TLocationOption | null {
  if (!t.codCiudad) return null;
  const departamento = departamentoNombre(t.codDepartamento) ?? t.codDepartamento;
  return {
    key: `${t.codPais}-${t.codDepartamento}-${t.codCiudad}`,
    label: ubicacionLabel(t),
    codPais: t.codPais,
    codDepartamento: t.codDepartamento,
    codCiudad: t.codCiudad,
    ciudad: t.nombreCiudad || t.codCiudad,
    departamento,
    pais: t.codPais,
  };
}

function formValues(t: TTercero): TFormInput {
  return {
    nombre: t.nombre,
    razonSocial: t.razonSocial,
    tipoIdentidad: (t.tipoIdentidad || 'CC') as TFormInput['tipoIdentidad'],
    numeroIdentificacion: t.numeroIdentificacion,
    dv: '',
    codPais: t.codPais,
    codDepartamento: t.codDepartamento,
    codCiudad: t.codCiudad,
    direccion: t.direccion,
    telefono: t.telefono,
    email: t.email,
    observaciones: t.observaciones,
  };
}

/**
 * The company or person card (seed 000 §2 "Settings", General tab): view, or edit via the pencil. Saving asks
 * 'Confirmar cambios importantes'; confirming calls PUT /api/Auth/actualizar-tercero, refreshes the data, leaves
 * edit mode and shows 'Información general actualizada exitosamente' (3 s + 0.5 s fade); Cancelar reverts.
 */
export function TerceroCard({
  tercero,
  editable = true,
}: {
  tercero: TTercero;
  /** Administrators only (the server refuses anyone else). */ editable?: boolean;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [pending, setPending] = useState<TActualizarTerceroRequest | null>(null);
  const [location, setLocation] = useState<TLocationOption | null>(() => locationOf(tercero));
  const update = useUpdateTercero();
  const {
    register,
    handleSubmit,
    reset,
    control,
    setValue,
    formState: { errors },
  } = useForm<TFormInput, unknown, TActualizarTerceroRequest>({
    resolver: zodResolver(ZActualizarTerceroRequest),
    mode: 'onTouched',
    defaultValues: formValues(tercero),
  });
  const [tipo, numero] = useWatch({ control, name: ['tipoIdentidad', 'numeroIdentificacion'] });

  const onCancel = () => {
    reset(formValues(tercero));
    setLocation(locationOf(tercero));
    update.reset();
    setIsEditing(false);
  };
  const onConfirm = async () => {
    if (!pending) return;
    try {
      const message = await update.mutateAsync({
        ...pending,
        dv: pending.tipoIdentidad === 'NI' ? computeDv(pending.numeroIdentificacion) : '',
      });
      setPending(null);
      setIsEditing(false);
      const t = getTimings();
      toast.success(message || MSG_CUENTAS.terceroUpdated, { duration: t.toastMs });
    } catch {
      setPending(null);
    }
  };
  const onLocation = (option: TLocationOption | null) => {
    setLocation(option);
    setValue('codPais', option?.codPais ?? '', { shouldValidate: true });
    setValue('codDepartamento', option?.codDepartamento ?? '', { shouldValidate: true });
    setValue('codCiudad', option?.codCiudad ?? '', { shouldValidate: true });
  };

  const text = (name: keyof TFormInput, label: string, opts: { type?: string; required?: boolean } = {}) => {
    const id = `tercero-edit-${name}`;
    const message = errors[name]?.message;
    return (
      <FormField id={id} label={label} required={opts.required} error={message}>
        <Input type={opts.type ?? 'text'} {...fieldA11y(id, message)} {...register(name)} />
      </FormField>
    );
  };

  return (
    <Card aria-labelledby="tercero-card-title">
      <CardHeader
        id="tercero-card-title"
        title="Información personal y de la empresa"
        actions={
          !isEditing &&
          editable && (
            <Button
              variant="ghost"
              size="sm"
              aria-label="Editar información general"
              onClick={() => setIsEditing(true)}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
          )
        }
      />
      <CardBody>
        {!isEditing ? (
          <TerceroDetails tercero={tercero} />
        ) : (
          <form noValidate onSubmit={handleSubmit((values) => setPending(values))} className="space-y-4">
            {update.isError && (
              <Alert tone="error">{getErrorMessage(update.error, MSG_CUENTAS.terceroUpdateError)}</Alert>
            )}
            <TerceroFormFields
              text={text}
              register={register}
              errors={errors}
              isNit={tipo === 'NI'}
              numero={numero ?? ''}
              location={location}
              onLocation={onLocation}
            />
            <div className="flex justify-end gap-2">
              <Button variant="secondary" onClick={onCancel}>
                Cancelar
              </Button>
              <Button type="submit">Guardar cambios</Button>
            </div>
          </form>
        )}
      </CardBody>
      {pending && (
        <ConfirmChangesModal
          isSaving={update.isPending}
          onConfirm={() => void onConfirm()}
          onCancel={() => setPending(null)}
        />
      )}
    </Card>
  );
}

/** The stored company or person, read-only: identification with its DV, contact and location. */
function TerceroDetails({ tercero }: { tercero: TTercero }) {
  const tipoLabel =
    TIPOS_IDENTIDAD[tercero.tipoIdentidad as keyof typeof TIPOS_IDENTIDAD] ?? tercero.tipoIdentidad;
  return (
    <DetailList
      items={[
        { label: 'Nombre', value: tercero.nombre },
        { label: 'Razón social', value: tercero.razonSocial },
        { label: 'Tipo de identificación', value: tipoLabel },
        {
          label: 'Número de identificación',
          value: tercero.numeroIdentificacion
            ? `${tercero.numeroIdentificacion}${tercero.dv ? `-${tercero.dv}` : ''}`
            : '',
        },
        { label: 'Email', value: tercero.email },
        { label: 'Teléfono', value: tercero.telefono },
        { label: 'Dirección', value: tercero.direccion },
        { label: 'Ubicación', value: ubicacionLabel(tercero) },
        { label: 'Observaciones', value: tercero.observaciones },
      ]}
    />
  );
}

/**
 * The edit form's fields: names, contact, identification (the DV is computed from the number, for a NIT only),
 * address, the city search (it sets codPais, codDepartamento and codCiudad) and observations.
 */
function TerceroFormFields({
  text,
  register,
  errors,
  isNit,
  numero,
  location,
  onLocation,
}: {
  text: (name: keyof TFormInput, label: string, opts?: { type?: string; required?: boolean }) => ReactNode;
  register: UseFormRegister<TFormInput>;
  errors: FieldErrors<TFormInput>;
  isNit: boolean;
  numero: string;
  location: TLocationOption | null;
  onLocation: (option: TLocationOption | null) => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('nombre', 'Nombre', { required: true })}
      {text('razonSocial', 'Razón Social', { required: true })}
      {text('email', 'Email', { type: 'email', required: true })}
      {text('telefono', 'Teléfono', { type: 'tel', required: true })}
      <FormField
        id="tercero-edit-tipoIdentidad"
        label="Tipo de Identificación"
        required
        error={errors.tipoIdentidad?.message}
      >
        <Select id="tercero-edit-tipoIdentidad" {...register('tipoIdentidad')}>
          {Object.entries(TIPOS_IDENTIDAD).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Select>
      </FormField>
      <div className="grid grid-cols-[1fr_5rem] gap-2">
        {text('numeroIdentificacion', 'Número de Identificación', { required: true })}
        <FormField id="tercero-edit-dv" label="DV">
          <Input id="tercero-edit-dv" readOnly value={isNit ? computeDv(numero) : ''} />
        </FormField>
      </div>
      {text('direccion', 'Dirección', { required: true })}
      <FormField
        id="tercero-edit-ubicacion"
        label="Ciudad"
        required
        error={errors.codCiudad?.message ?? errors.codDepartamento?.message ?? errors.codPais?.message}
      >
        <LocationAutocomplete id="tercero-edit-ubicacion" value={location} onChange={onLocation} />
      </FormField>
      {text('observaciones', 'Observaciones')}
    </div>
  );
}
