import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';

export type TStepCheckValues = {
  primerNombre?: string | null;
  primerApellido?: string | null;
  tipoIdentidad?: string | null;
  numeroIdentificacion?: string | null;
  codPais?: string | null;
  codDepartamento?: string | null;
  codCiudad?: string | null;
};

const blank = (v: string | null | undefined) => !v || !v.trim();

/**
 * The step check of a personal-data sub-step (seed 000 §5 "Personal data"): the first missing item's message,
 * or null when the sub-step may be left. 0 names ('El primer nombre es obligatorio', 'El primer apellido es
 * obligatorio'), 1 identification ('Selecciona un tipo de documento', 'Ingresa el número de documento'),
 * 2 location ('Selecciona tu ciudad', then 'Selecciona tu departamento', 'Selecciona tu país' — the step has
 * one city field and a city chosen from the suggestions fills all three, so a missing choice names the city;
 * It said 'Selecciona tu país' with no country field), 3 contact (all optional).
 */
export function checkSubStep(subStep: number, values: TStepCheckValues): string | null {
  switch (subStep) {
    case 0:
      if (blank(values.primerNombre)) return MSG.primerNombreRequired;
      if (blank(values.primerApellido)) return MSG.primerApellidoRequired;
      return null;
    case 1:
      if (blank(values.tipoIdentidad)) return MSG_CUENTAS.stepSelectTipoDocumento;
      if (blank(values.numeroIdentificacion)) return MSG_CUENTAS.stepNumeroDocumento;
      return null;
    case 2:
      if (blank(values.codCiudad)) return MSG_CUENTAS.stepSelectCiudad;
      if (blank(values.codDepartamento)) return MSG_CUENTAS.stepSelectDepartamento;
      if (blank(values.codPais)) return MSG_CUENTAS.stepSelectPais;
      return null;
    default:
      return null;
  }
}

/**
 * razonSocial follows nombre (seed 000 §5 "When nombre is typed and razonSocial is empty, razonSocial is
 * copied"): the new razonSocial after nombre changes from `previousNombre` to `nextNombre`. It keeps following
 * while it still equals the previous nombre; a razonSocial of the user's own is kept.
 */
export function followRazonSocial(razonSocial: string, previousNombre: string, nextNombre: string): string {
  return !razonSocial || razonSocial === previousNombre ? nextNombre : razonSocial;
}
