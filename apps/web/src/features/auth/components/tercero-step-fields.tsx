import type { ReactNode } from 'react';
import type { FieldPath, UseFormRegister } from 'react-hook-form';
import type { z } from 'zod';
import type { ZTerceroData } from '@radica/contracts/auth';
import { TIPOS_IDENTIDAD, TIPOS_IDENTIDAD_REGISTRO } from '@radica/contracts/enums';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { Alert } from '../../../components/ui/alert';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { LocationAutocomplete } from '../../../components/ui/location-autocomplete';
import type { TLocationOption } from '../../../lib/location-search';

type TTerceroInput = z.input<typeof ZTerceroData>;

/** Options of a text field of the personal data. */
export type TTerceroTextOptions = {
  required?: boolean;
  autoComplete?: string;
  type?: string;
  inputMode?: 'numeric' | 'tel';
};

/** Renders one text field of the personal data (its label, error and registration). */
export type TTerceroText = (
  name: FieldPath<TTerceroInput>,
  label: string,
  options?: TTerceroTextOptions,
) => ReactNode;

/** A field's error message, if any. */
type TTerceroError = (name: keyof TTerceroInput) => string | undefined;

/** Sub-step 'Nombres': given names, surnames, trade name and legal name. */
export function NombresFields({ text }: { text: TTerceroText }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('primerNombre', 'Primer nombre', { required: true, autoComplete: 'given-name' })}
      {text('segundoNombre', 'Segundo nombre', { autoComplete: 'additional-name' })}
      {text('primerApellido', 'Primer apellido', { required: true, autoComplete: 'family-name' })}
      {text('segundoApellido', 'Segundo apellido')}
      {text('nombre', 'Nombre o nombre comercial', { autoComplete: 'organization' })}
      {text('razonSocial', 'Razón social')}
    </div>
  );
}

/**
 * Sub-step 'Identificación': type, number (numeric keyboard except for a passport) and the computed DV of a NIT;
 * above them, once, the notice that another company already registered `warnedNit` and how to join it.
 */
export function IdentificacionFields({
  text,
  register,
  err,
  tipoIdentidad,
  dv,
  warnedNit,
}: {
  text: TTerceroText;
  register: UseFormRegister<TTerceroInput>;
  err: TTerceroError;
  tipoIdentidad: string | undefined;
  dv: string;
  warnedNit: string | null;
}) {
  return (
    <>
      {warnedNit !== null && (
        <Alert tone="info" title={MSG_USUARIOS.nitYaRegistradoTitulo(warnedNit)}>
          <p data-testid="nit-ya-registrado">{MSG_USUARIOS.nitYaRegistradoCuerpo}</p>
          <p className="mt-1">{MSG_USUARIOS.nitYaRegistradoSeguir}</p>
        </Alert>
      )}
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
    </>
  );
}

/** Sub-step 'Ubicación': the city search (it sets country, department and city codes) and the address. */
export function UbicacionFields({
  text,
  err,
  location,
  onLocation,
}: {
  text: TTerceroText;
  err: TTerceroError;
  location: TLocationOption | null;
  onLocation: (option: TLocationOption | null) => void;
}) {
  return (
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
  );
}

/** Sub-step 'Contacto': the telephone, and the account's e-mail (read-only). */
export function ContactoFields({ text, email }: { text: TTerceroText; email: string }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {text('telefono', 'Teléfono', { autoComplete: 'tel', type: 'tel', inputMode: 'tel' })}
      <FormField id="tercero-email" label="Email de la cuenta">
        <Input id="tercero-email" readOnly value={email} />
      </FormField>
    </div>
  );
}
