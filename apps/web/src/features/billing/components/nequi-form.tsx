import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { FormField, Input, fieldA11y } from '../../../components/ui/form-field';
import { formatNequiPhone } from '../utils/payment-method';

export const NEQUI_FIELD_ID = 'nequi-phone';

/** Nequi (seed 002 §3 "Nequi data", §5): the 10-digit phone of the Nequi account. */
export function NequiForm({
  phoneNumber,
  error,
  onChange,
}: {
  phoneNumber: string;
  error?: string;
  onChange: (phoneNumber: string) => void;
}) {
  return (
    <FormField
      id={NEQUI_FIELD_ID}
      label="Número de celular Nequi"
      error={error}
      hint={MSG_PAGOS.nequiPista}
      required
    >
      <Input
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={10}
        placeholder="3001234567"
        value={phoneNumber}
        onChange={(e) => onChange(formatNequiPhone(e.target.value))}
        {...fieldA11y(NEQUI_FIELD_ID, error, true)}
      />
    </FormField>
  );
}
