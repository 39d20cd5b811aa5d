import { Link } from 'react-router';
import type { TBillingData } from '@radica/contracts/payments';
import { buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';

/** The payment page's billing summary with Edit back to /billing/info (seed 002 §2 "Payment"). */
export function BillingSummary({ billing }: { billing: TBillingData }) {
  const place = [billing.city, billing.region, billing.country].filter(Boolean).join(', ');
  return (
    <Card aria-labelledby="billing-summary-title">
      <CardHeader
        id="billing-summary-title"
        title="Datos de facturación"
        actions={
          <Link
            to="/billing/info"
            aria-label="Editar datos de facturación"
            className={buttonClasses('secondary', 'sm')}
          >
            Editar
          </Link>
        }
      />
      <CardBody>
        <address className="space-y-0.5 text-sm not-italic text-slate-700">
          <p className="font-medium text-slate-900">
            {billing.firstName} {billing.lastName}
          </p>
          <p>{billing.email}</p>
          <p>{billing.phone}</p>
          <p>{billing.address}</p>
          {place && <p>{place}</p>}
        </address>
      </CardBody>
    </Card>
  );
}
