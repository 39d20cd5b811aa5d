import { MSG } from '@radica/contracts/messages';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TWompiMerchant } from '@radica/contracts/wompi';
import { Alert } from '../../../components/ui/alert';
import { Spinner } from '../../../components/ui/spinner';
import type { TGatewayConfig } from '../api/gateway-client';
import { usePseInstitutions } from '../api/get-pse-institutions';
import type { TPaymentFields } from '../hooks/use-payment-fields';
import { AcceptanceChecks } from './acceptance-checks';
import { CardForm } from './card-form';
import { NequiForm } from './nequi-form';
import { PseForm } from './pse-form';

/**
 * The chosen method's fields ('Datos del pago': card, PSE with the gateway's banks, Nequi's phone, or Bancolombia's
 * hint) and the gateway's two acceptances (or why they are missing), all disabled while paying.
 */
export function PaymentMethodFields({
  fields,
  config,
  merchant,
  isPaying,
}: {
  fields: TPaymentFields;
  config: TGatewayConfig | undefined;
  merchant: { data?: TWompiMerchant; isError: boolean };
  isPaying: boolean;
}) {
  const pseInstitutions = usePseInstitutions(config, fields.method === 'PSE');
  return (
    <fieldset disabled={isPaying} className="space-y-5">
      <legend className="sr-only">Datos del pago</legend>
      {fields.method === 'CARD' && (
        <CardForm values={fields.card} errors={fields.errors.card} onChange={fields.onCardChange} />
      )}
      {fields.method === 'PSE' && (
        <PseForm
          values={fields.pse}
          errors={fields.errors.pse}
          institutions={pseInstitutions.data?.institutions ?? []}
          isLoadingInstitutions={pseInstitutions.isLoading}
          isFallback={pseInstitutions.data?.isFallback ?? false}
          onChange={fields.onPseChange}
        />
      )}
      {fields.method === 'NEQUI' && (
        <NequiForm
          phoneNumber={fields.nequiPhone}
          error={fields.errors.nequi}
          onChange={fields.onNequiChange}
        />
      )}
      {fields.method === 'BANCOLOMBIA_TRANSFER' && (
        <p className="text-sm text-slate-600">{MSG_PAGOS.bancolombiaPista}</p>
      )}
      {merchant.data ? (
        <AcceptanceChecks
          merchant={merchant.data}
          accepted={fields.accepted}
          error={fields.errors.acceptance}
          onChange={fields.onAcceptedChange}
        />
      ) : merchant.isError ? (
        <Alert tone="error">{MSG_PAGOS.pasarelaSinAceptacion}</Alert>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> {MSG.uiLoading}
        </p>
      )}
    </fieldset>
  );
}
