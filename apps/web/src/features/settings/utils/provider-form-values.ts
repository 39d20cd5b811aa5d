import { mapTipoClasePersona, type TProviderConfig, type TProviderConfigRequest } from '@radica/contracts/provider';
import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PRESTADOR } from '@radica/contracts/enums';

/** The provider form's values (the request's fields, as text). */
export type TProviderFormInput = TProviderConfigRequest;

/** The form's error text of one field, if any. */
export type TProviderFieldError = (name: keyof TProviderFormInput) => string | undefined;

function oneOf<T extends string>(value: string | null | undefined, options: Record<T, string>): T | '' {
  return value && value in options ? (value as T) : '';
}

/**
 * The form's values for a stored configuration (or an empty form): codes that are not one of the selects' options
 * become '', dates keep their `YYYY-MM-DD`, and the password always starts empty (it is never sent back).
 */
export function toFormValues(config: TProviderConfig | undefined): TProviderFormInput {
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
