import { ALCANCES, TIPOS_ENTIDAD, TIPOS_PRESTADOR } from '@radica/contracts/enums';
import { mapTipoClasePersona } from '@radica/contracts/provider';
import type { TPrestadorResultado } from '@radica/contracts/reps';

/** The provider-form fields a REPS provider fills in (form values: '' when the provider has none). */
export type TPrestadorPrefill = {
  codigoPrestador: string;
  telefonoAdicional: string;
  tipoPrestadorServicio: string;
  tipoCaracter: string;
  tipoEntidad: string;
  nombreRepresentanteLegal: string;
  fechaRadicacion: string;
  fechaVencimiento: string;
  tipoClasePersona: 'N' | 'J';
};

const text = (value: string | null | undefined) => value?.trim() ?? '';
/** `value` when it is one of the form's option codes, else '' (a select cannot show anything else). */
const code = (value: string | null | undefined, options: Record<string, string>) => {
  const v = text(value);
  return v in options ? v : '';
};
const date = (value: string | null | undefined) => (/^\d{4}-\d{2}-\d{2}/.test(text(value)) ? text(value).slice(0, 10) : '');

/**
 * What choosing a provider in the search writes into the form (seed 000 §2 "Provider configuration form"):
 * codigoPrestador = its codigoPrestadorServicio; telephone, provider type, scope, entity type, legal representative,
 * fechaRadicacion and fechaVencimiento as the provider has them ('' when missing or not one of the form's codes);
 * nombreRepresentanteLegal falls back to razonSocial when the provider has no representative and razonSocial
 * differs from nombre. tipoClasePersona: N, J, n, j, natural, juridico, 1, 2 map to 'N' / 'J' (contracts
 * mapTipoClasePersona); missing (or unknown) → 'J' when razonSocial differs from nombre, else 'N'.
 */
export function prefillFromPrestador(prestador: TPrestadorResultado): TPrestadorPrefill {
  const nombre = text(prestador.nombre);
  const razonSocial = text(prestador.razonSocial);
  const razonSocialDiffers = razonSocial !== '' && razonSocial !== nombre;
  return {
    codigoPrestador: text(prestador.codigoPrestadorServicio),
    telefonoAdicional: text(prestador.telefono),
    tipoPrestadorServicio: code(prestador.tipoPrestadorServicio, TIPOS_PRESTADOR),
    tipoCaracter: code(prestador.tipoCaracter, ALCANCES),
    tipoEntidad: code(prestador.tipoEntidad, TIPOS_ENTIDAD),
    nombreRepresentanteLegal:
      text(prestador.nombreRepresentanteLegal) || (razonSocialDiffers ? razonSocial : ''),
    fechaRadicacion: date(prestador.fechaRadicacion),
    fechaVencimiento: date(prestador.fechaVencimiento),
    tipoClasePersona: mapTipoClasePersona(prestador.tipoClasePersona) ?? (razonSocialDiffers ? 'J' : 'N'),
  };
}

/**
 * True when two NITs are the same company's: digits only compared, and a check digit written after one of them
 * ('901019681-8', '9010196818') ignored. A REPS provider whose NIT is not the company's gets a warning.
 */
export function isSameNit(a: string, b: string): boolean {
  const x = a.replace(/\D/g, '');
  const y = b.replace(/\D/g, '');
  if (!x || !y) return true;
  if (x === y) return true;
  const [short, long] = x.length < y.length ? [x, y] : [y, x];
  return long.length === short.length + 1 && long.startsWith(short);
}
