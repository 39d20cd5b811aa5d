import { useState, type FormEvent } from 'react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { PAIS_POR_DEFECTO, PREFIJO_TELEFONO } from '@radica/contracts/payments';
import { Button } from '../../../components/ui/button';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { LocationAutocomplete } from '../../../components/ui/location-autocomplete';
import { cn } from '../../../lib/cn';
import {
  BILLING_FIELDS,
  formatLocalPhone,
  validateBilling,
  type TBillingErrors,
  type TBillingField,
  type TBillingFormValues,
} from '../utils/billing-form';

const fieldId = (field: TBillingField) => `billing-${field}`;

/**
 * The billing-address form (seed 002 §2 "Billing info", §5): first and last name, e-mail, phone after a fixed +57
 * (country Colombia only), location chosen from the search (a city), address. On submit every message shows and
 * the first invalid field takes the focus; a field's message clears as soon as it is edited.
 */
export function BillingForm({
  initialValues,
  isSubmitting,
  onSubmit,
  onBack,
}: {
  initialValues: TBillingFormValues;
  isSubmitting: boolean;
  onSubmit: (values: TBillingFormValues) => void;
  onBack: () => void;
}) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<TBillingErrors>({});

  const update = <F extends TBillingField>(field: F, value: TBillingFormValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found = validateBilling(values);
    setErrors(found);
    const firstInvalid = BILLING_FIELDS.find((field) => found[field]);
    if (firstInvalid) {
      document.getElementById(fieldId(firstInvalid))?.focus();
      return;
    }
    onSubmit(values);
  };

  const text = (
    field: 'firstName' | 'lastName' | 'email' | 'address',
    label: string,
    options: { autoComplete: string; type?: string; className?: string },
  ) => (
    <FormField id={fieldId(field)} label={label} error={errors[field]} required className={options.className}>
      <Input
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        value={values[field]}
        onChange={(e) => update(field, e.target.value)}
        {...fieldA11y(fieldId(field), errors[field])}
      />
    </FormField>
  );

  const locationError = errors.location;
  return (
    <form noValidate onSubmit={onFormSubmit} aria-labelledby="billing-form-title" className="space-y-5">
      <h2 id="billing-form-title" className="text-base font-semibold text-slate-900">
        {MSG_PAGOS.pasoDireccion}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', 'Nombre', { autoComplete: 'given-name' })}
        {text('lastName', 'Apellido', { autoComplete: 'family-name' })}
        {text('email', 'Email', { autoComplete: 'email', type: 'email', className: 'sm:col-span-2' })}
        <FormField id="billing-country" label="País">
          <Select id="billing-country" autoComplete="country-name" defaultValue={PAIS_POR_DEFECTO}>
            <option value={PAIS_POR_DEFECTO}>{PAIS_POR_DEFECTO}</option>
          </Select>
        </FormField>
        <FormField id={fieldId('phone')} label="Teléfono" error={errors.phone} required>
          <div className="flex">
            <span
              id="billing-phone-prefix"
              className="inline-flex items-center rounded-l-lg border border-r-0 border-slate-300 bg-slate-100 px-3 text-sm text-slate-600"
            >
              <span className="sr-only">Prefijo </span>
              {PREFIJO_TELEFONO}
            </span>
            <Input
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              maxLength={10}
              value={values.phone}
              onChange={(e) => update('phone', formatLocalPhone(e.target.value))}
              className="rounded-l-none"
              {...fieldA11y(fieldId('phone'), errors.phone)}
              aria-describedby={cn(errors.phone && `${fieldId('phone')}-error`, 'billing-phone-prefix')}
            />
          </div>
        </FormField>
        <FormField
          id={fieldId('location')}
          label="Ubicación"
          required
          error={locationError}
          hint={MSG_PAGOS.ubicacionPista}
          className="sm:col-span-2"
        >
          <LocationAutocomplete
            id={fieldId('location')}
            value={values.location}
            onChange={(option) => update('location', option)}
            invalid={!!locationError}
            describedBy={cn(locationError && `${fieldId('location')}-error`, `${fieldId('location')}-hint`)}
            placeholder="Busca tu ciudad, departamento o país"
          />
        </FormField>
        {text('address', 'Dirección', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
      </div>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-between">
        <Button variant="secondary" onClick={onBack}>
          Volver
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {isSubmitting ? MSG_PAGOS.procesando : 'Continuar'}
        </Button>
      </div>
    </form>
  );
}
