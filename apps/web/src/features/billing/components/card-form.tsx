import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { TARJETA } from '@radica/contracts/payments';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import {
  detectCardBrand,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  type TCardErrors,
  type TCardField,
  type TCardValues,
} from '../utils/card';

const BRAND_LABELS = {
  VISA: 'Visa',
  MASTERCARD: 'Mastercard',
  AMEX: 'American Express',
  DISCOVER: 'Discover',
  UNKNOWN: null,
} as const;

export const CARD_FIELD_IDS: Record<TCardField, string> = {
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  holderName: 'card-holder',
};

/**
 * The card form (seed 002 §2 "Card form", §5): number in groups of 4 (19 characters) with the detected brand,
 * expiry MM/AA with the slash put in, CVC up to 4 digits, holder name with 'Mínimo 5 caracteres requeridos'.
 */
export function CardForm({
  values,
  errors,
  onChange,
}: {
  values: TCardValues;
  errors: TCardErrors;
  onChange: (field: TCardField, value: string) => void;
}) {
  const brand = BRAND_LABELS[detectCardBrand(values.number)];
  const ids = CARD_FIELD_IDS;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        id={ids.number}
        label="Número de tarjeta"
        error={errors.number}
        required
        className="sm:col-span-2"
        extra={
          brand && (
            <span
              data-testid="card-brand"
              className="ml-auto rounded bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
            >
              {brand}
            </span>
          )
        }
      >
        <Input
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="0000 0000 0000 0000"
          maxLength={TARJETA.maxChars}
          value={values.number}
          onChange={(e) => onChange('number', formatCardNumber(e.target.value))}
          {...fieldA11y(ids.number, errors.number)}
        />
      </FormField>
      <FormField id={ids.expiry} label="Fecha de vencimiento" error={errors.expiry} required>
        <Input
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          maxLength={5}
          value={values.expiry}
          onChange={(e) => onChange('expiry', formatExpiry(e.target.value, values.expiry))}
          {...fieldA11y(ids.expiry, errors.expiry)}
        />
      </FormField>
      <FormField id={ids.cvc} label="CVC" error={errors.cvc} required>
        <Input
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={TARJETA.cvcMax}
          value={values.cvc}
          onChange={(e) => onChange('cvc', formatCvc(e.target.value))}
          {...fieldA11y(ids.cvc, errors.cvc)}
        />
      </FormField>
      <FormField
        id={ids.holderName}
        label="Nombre del titular"
        error={errors.holderName}
        hint={MSG_PAGOS.titularPista}
        required
        className="sm:col-span-2"
      >
        <Input
          autoComplete="cc-name"
          value={values.holderName}
          onChange={(e) => onChange('holderName', e.target.value)}
          {...fieldA11y(ids.holderName, errors.holderName, true)}
        />
      </FormField>
    </div>
  );
}
