import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import {
  PAIS_POR_DEFECTO,
  PREFIJO_TELEFONO,
  ZBillingData,
  type TBillingData,
} from '@radica/contracts/payments';
import type { TLocationOption } from '../../../lib/location-search';
import { onlyDigits } from './card';

/** The billing-address form (seed 002 §2 "Billing info", §3 "Billing data", §5 "Billing"). */

export type TBillingFormValues = {
  firstName: string;
  lastName: string;
  email: string;
  /** The digits after the fixed +57 prefix. */
  phone: string;
  address: string;
  location: TLocationOption | null;
};
export type TBillingField = keyof TBillingFormValues;
export type TBillingErrors = Partial<Record<TBillingField, string>>;

/** The fields in screen order: the first invalid one takes the focus on submit. */
export const BILLING_FIELDS: readonly TBillingField[] = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'location',
  'address',
];

export const EMPTY_BILLING_FORM: TBillingFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  location: null,
};

/** Typed phone → digits without the +57 prefix, at most 10 (Colombian numbers). */
export function formatLocalPhone(value: string): string {
  const digits = onlyDigits(value);
  return (digits.length > 10 && digits.startsWith('57') ? digits.slice(2) : digits).slice(0, 10);
}

/**
 * seed 002 §2 prefill from a full name, used only when the account's registered name parts are not available (the
 * form prefers GET /api/payment/datos-facturacion: ). Up to three words: the first is the first name, the rest
 * the last name (the seed's rule). Four or more: Colombian names carry two given names and two surnames, so the first
 * two words are the first name ('María Fernanda Ríos Gómez' → 'María Fernanda' / 'Ríos Gómez').
 */
export function splitFullName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const given = words.length >= 4 ? 2 : 1;
  return { firstName: words.slice(0, given).join(' '), lastName: words.slice(given).join(' ') };
}

/**
 * The city's 5-digit DIVIPOLA code (department + municipality) that ZBillingData.codCiudad wants; the location
 * search gives the municipality part alone ('001') with the department apart ('05').
 */
export function divipolaCode(location: Pick<TLocationOption, 'codDepartamento' | 'codCiudad'>): string {
  const { codDepartamento, codCiudad } = location;
  if (/^\d{5}$/.test(codCiudad)) return codCiudad;
  if (/^\d{2}$/.test(codDepartamento) && /^\d{3}$/.test(codCiudad)) return `${codDepartamento}${codCiudad}`;
  return codCiudad;
}

/** The form → billingData of create-sale (seed 002 §7): phone with +57, country Colombia, location codes. */
export function toBillingData(values: TBillingFormValues): TBillingData {
  const location = values.location;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: `${PREFIJO_TELEFONO}${onlyDigits(values.phone)}`,
    country: location?.pais || PAIS_POR_DEFECTO,
    address: values.address.trim(),
    city: location?.ciudad ?? '',
    region: location?.departamento ?? '',
    codPais: location?.codPais ?? '',
    codDepartamento: location?.codDepartamento ?? '',
    codCiudad: location ? divipolaCode(location) : '',
  };
}

/** Stored billingData → the form (back from the payment page with Edit; the server's prefill). */
export function fromBillingData(data: Omit<TBillingData, 'zipCode'>): TBillingFormValues {
  const hasCity = /^\d{5}$/.test(data.codCiudad);
  const location: TLocationOption | null = hasCity
    ? {
        key: `${data.codPais}-${data.codDepartamento}-${data.codCiudad.slice(2)}`,
        label: [data.city, data.region, data.country].filter(Boolean).join(', '),
        codPais: data.codPais,
        codDepartamento: data.codDepartamento,
        codCiudad: data.codCiudad.slice(2),
        ciudad: data.city,
        departamento: data.region,
        pais: data.country,
      }
    : null;
  return {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    phone: formatLocalPhone(data.phone.replace(/^\+57/, '')),
    address: data.address,
    location,
  };
}

const FIELD_OF_PATH: Record<string, TBillingField> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  phone: 'phone',
  address: 'address',
  codCiudad: 'location',
  codDepartamento: 'location',
  codPais: 'location',
  city: 'location',
  region: 'location',
  country: 'location',
};

/**
 * Check the form with the contract's ZBillingData (the API checks the same schema): one message per field, the
 * seed's texts (§5) — 'El nombre es requerido', 'El email no es válido', 'Debes seleccionar una ubicación'…
 * Returns {} when valid.
 */
export function validateBilling(values: TBillingFormValues): TBillingErrors {
  const result = ZBillingData.safeParse(toBillingData(values));
  if (result.success) return {};
  const errors: TBillingErrors = {};
  for (const issue of result.error.issues) {
    const field = FIELD_OF_PATH[String(issue.path[0])];
    if (!field || errors[field]) continue;
    errors[field] = field === 'location' ? MSG_PAGOS.ubicacionRequerida : issue.message;
  }
  return errors;
}
