import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TWompiFinancialInstitution } from '@radica/contracts/wompi';
import { FormField, Input, Select, fieldA11y } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import {
  PSE_DOCUMENT_TYPES,
  PSE_USER_TYPES,
  type TPseErrors,
  type TPseValues,
} from '../utils/payment-method';

export const PSE_FIELD_IDS = {
  documentNumber: 'pse-document-number',
  institution: 'pse-institution',
} as const;

/**
 * PSE (seed 002 §3 "PSE data"): person type (default '0' natural), document type (default CC), document number,
 * bank from the gateway's list (the seed's four banks when it cannot be read).
 */
export function PseForm({
  values,
  errors,
  onChange,
  institutions,
  isLoadingInstitutions,
  isFallback,
}: {
  values: TPseValues;
  errors: TPseErrors;
  onChange: <F extends keyof TPseValues>(field: F, value: TPseValues[F]) => void;
  institutions: readonly TWompiFinancialInstitution[];
  isLoadingInstitutions: boolean;
  isFallback: boolean;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField id="pse-user-type" label="Tipo de persona">
        <Select
          id="pse-user-type"
          value={values.userType}
          onChange={(e) => onChange('userType', e.target.value as TPseValues['userType'])}
        >
          {PSE_USER_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField id="pse-document-type" label="Tipo de documento">
        <Select
          id="pse-document-type"
          value={values.documentType}
          onChange={(e) => onChange('documentType', e.target.value as TPseValues['documentType'])}
        >
          {PSE_DOCUMENT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
      </FormField>
      <FormField
        id={PSE_FIELD_IDS.documentNumber}
        label="Número de documento"
        error={errors.documentNumber}
        required
      >
        <Input
          inputMode={values.documentType === 'PP' ? 'text' : 'numeric'}
          autoComplete="off"
          maxLength={20}
          value={values.documentNumber}
          onChange={(e) => onChange('documentNumber', e.target.value)}
          {...fieldA11y(PSE_FIELD_IDS.documentNumber, errors.documentNumber)}
        />
      </FormField>
      <FormField
        id={PSE_FIELD_IDS.institution}
        label="Banco"
        error={errors.institution}
        required
        hint={isFallback ? MSG_PAGOS.bancosRespaldo : undefined}
        extra={isLoadingInstitutions && <Spinner className="text-slate-400" />}
      >
        <Select
          value={values.institution}
          onChange={(e) => onChange('institution', e.target.value)}
          {...fieldA11y(PSE_FIELD_IDS.institution, errors.institution, isFallback)}
        >
          <option value="">Selecciona tu banco</option>
          {institutions.map((i) => (
            <option key={i.financial_institution_code} value={i.financial_institution_code}>
              {i.financial_institution_name}
            </option>
          ))}
        </Select>
      </FormField>
      <p className="text-xs text-slate-500 sm:col-span-2">{MSG_PAGOS.pseBancoPista}</p>
    </div>
  );
}
