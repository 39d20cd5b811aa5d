import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TPaymentMethodType } from '@radica/contracts/payments';
import { onlyDigits } from './card';

/** The PSE and Nequi forms of the payment page (seed 002 §3 "PSE data", "Nequi data"; §5). */

export type TPseValues = {
  userType: '0' | '1';
  documentType: TDocumentType;
  documentNumber: string;
  institution: string;
};
export type TPseErrors = Partial<Record<'documentNumber' | 'institution', string>>;
export type TDocumentType = 'CC' | 'CE' | 'NIT' | 'PP' | 'TI';

/** seed 002 §9 "Default PSE user type '0' and document type CC". */
export const DEFAULT_PSE_VALUES: TPseValues = {
  userType: '0',
  documentType: 'CC',
  documentNumber: '',
  institution: '',
};

export const PSE_USER_TYPES: ReadonlyArray<{ value: TPseValues['userType']; label: string }> = [
  { value: '0', label: 'Persona natural' },
  { value: '1', label: 'Persona jurídica' },
];
export const PSE_DOCUMENT_TYPES: ReadonlyArray<{ value: TDocumentType; label: string }> = [
  { value: 'CC', label: 'Cédula de ciudadanía' },
  { value: 'CE', label: 'Cédula de extranjería' },
  { value: 'NIT', label: 'NIT' },
  { value: 'PP', label: 'Pasaporte' },
  { value: 'TI', label: 'Tarjeta de identidad' },
];

/** Labels of the four methods in the selector (asks for a visible selector; the seed shows only the card). */
export const PAYMENT_METHODS: ReadonlyArray<{ type: TPaymentMethodType; label: string }> = [
  { type: 'CARD', label: 'Tarjeta de crédito o débito' },
  { type: 'PSE', label: 'PSE' },
  { type: 'NEQUI', label: 'Nequi' },
  { type: 'BANCOLOMBIA_TRANSFER', label: 'Transferencia Bancolombia' },
];

/** seed 002 §5 PSE: 'Número de documento requerido', 'Selecciona una institución financiera'. */
export function validatePse(values: TPseValues): TPseErrors {
  const errors: TPseErrors = {};
  if (!values.documentNumber.trim()) errors.documentNumber = MSG_PAGOS.documentoRequerido;
  if (!values.institution) errors.institution = MSG_PAGOS.institucionRequerida;
  return errors;
}

/** Typed Nequi number → digits, at most 10. */
export function formatNequiPhone(value: string): string {
  return onlyDigits(value).slice(0, 10);
}

/** seed 002 §5 Nequi: exactly 10 digits, else 'Número de teléfono inválido'; null when valid. */
export function validateNequiPhone(phone: string): string | null {
  return /^\d{10}$/.test(phone) ? null : MSG_PAGOS.telefonoNequiInvalido;
}

/**
 * The failure alert of a method (seed 002 §8): 'Error procesando el pago: …' for the card (and anything unknown),
 * '… el pago PSE: …', '… el pago Nequi: …', '… el pago Bancolombia: …'.
 */
export function paymentFailureText(method: string, message: string): string {
  switch (method) {
    case 'PSE':
      return MSG_PAGOS.errorPagoPse(message);
    case 'NEQUI':
      return MSG_PAGOS.errorPagoNequi(message);
    case 'BANCOLOMBIA_TRANSFER':
      return MSG_PAGOS.errorPagoBancolombia(message);
    default:
      return MSG_PAGOS.errorPago(message);
  }
}
