import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, CircleX } from 'lucide-react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import type { TSale } from '@radica/contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody } from '../../../components/ui/card';
import { DetailList } from '../../../components/ui/detail-list';
import { LoadingScreen, Spinner } from '../../../components/ui/spinner';
import { formatCop } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useSession } from '../../../lib/session';
import { SUPPORT_EMAIL, supportMailto } from '../../../lib/support';
import { getTimings } from '../../../lib/timings';
import { useSale } from '../api/get-sale';
import { CheckoutShell } from '../components/checkout-shell';
import { clearPurchaseData, readSaleData } from '../utils/purchase-storage';
import { describeSale, periodLabel } from '../utils/sale-status';

/** Methods whose buyer completes the payment on the bank's page. */
const BANK_PAGE_METHODS = new Set(['PSE', 'BANCOLOMBIA_TRANSFER']);

/**
 * /billing/success?reference=REF (seed 002 §2 "Success"): follows the sale (every 2 s, up to 2 min) until the
 * gateway's final status. APPROVED: '¡Pago Exitoso!' with the sale number (V-…, the e-mail's) and the reference, 'Aprobado', plan, amount and period, the
 * dashboard (signed in) or login (guest) button and '¿Qué sigue?'. DECLINED/VOIDED/ERROR: the method's failure
 * alert and a way back to /billing/payment. PENDING: the waiting text with a spinner.
 */
export function SuccessRoute() {
  const [params] = useSearchParams();
  const [storedReference] = useState(() => readSaleData()?.paymentResult.reference ?? '');
  const reference = params.get('reference') ?? storedReference;
  const [isPolling, setIsPolling] = useState(true);
  const sale = useSale(reference, isPolling);

  const isWaiting = sale.data?.status === 'PENDING';
  useEffect(() => {
    if (!isPolling || !isWaiting) return;
    const timer = setTimeout(() => setIsPolling(false), getTimings().salePollMaxMs);
    return () => clearTimeout(timer);
  }, [isPolling, isWaiting]);

  let body;
  if (!reference) body = <NotFound message={MSG_PAGOS.ventaNoEncontrada} />;
  else if (sale.data) {
    body = (
      <SaleView
        sale={sale.data}
        isPolling={isPolling}
        onAskAgain={() => {
          setIsPolling(true);
          void sale.refetch();
        }}
      />
    );
  } else if (sale.isError)
    body = <NotFound message={getErrorMessage(sale.error, MSG_PAGOS.ventaNoEncontrada)} />;
  else body = <LoadingScreen text="Consultando el estado del pago..." />;

  return <CheckoutShell>{body}</CheckoutShell>;
}

function NotFound({ message }: { message: string }) {
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <Alert tone="error">{message}</Alert>
      <Link to="/billing/cart" className={buttonClasses('secondary')}>
        Ir al carrito
      </Link>
    </div>
  );
}

function SaleView({
  sale,
  isPolling,
  onAskAgain,
}: {
  sale: TSale;
  isPolling: boolean;
  onAskAgain: () => void;
}) {
  const view = describeSale(sale);
  if (view.kind === 'approved')
    return <Approved sale={sale} title={view.title} statusLabel={view.statusLabel} />;
  if (view.kind === 'failed') {
    return (
      <Card className="mx-auto max-w-xl">
        <CardBody className="space-y-4 py-8 text-center">
          <CircleX aria-hidden="true" className="mx-auto size-12 text-red-600" />
          <h1 className="text-xl font-semibold text-slate-900">El pago no se completó</h1>
          <Alert tone="error" className="text-left">
            {view.message}
          </Alert>
          <p className="text-sm text-slate-500">Referencia: {sale.reference}</p>
          <Link to="/billing/payment" className={buttonClasses('primary')}>
            Intentar de nuevo
          </Link>
        </CardBody>
      </Card>
    );
  }
  const bankPage =
    sale.redirectUrl && BANK_PAGE_METHODS.has(sale.paymentMethodType) ? sale.redirectUrl : null;
  return (
    <Card className="mx-auto max-w-xl">
      <CardBody className="space-y-4 py-8 text-center">
        <h1 className="text-xl font-semibold text-slate-900">Estamos confirmando tu pago</h1>
        <div
          role="status"
          aria-live="polite"
          className="flex items-center justify-center gap-3 text-slate-600"
        >
          {isPolling && <Spinner className="size-5 text-brand-600" />}
          <span>{isPolling ? view.message : MSG_PAGOS.pagoEsperaLarga}</span>
        </div>
        <p className="text-sm text-slate-500">Referencia: {sale.reference}</p>
        {bankPage && (
          <p className="text-sm text-slate-600">
            {MSG_PAGOS.pagoEnBanco}{' '}
            <a href={bankPage} className="font-medium text-brand-700 underline dark:text-brand-300">
              Continuar en el banco
            </a>
          </p>
        )}
        {!isPolling && (
          <Button variant="secondary" onClick={onAskAgain}>
            Consultar de nuevo
          </Button>
        )}
      </CardBody>
    </Card>
  );
}

function Approved({ sale, title, statusLabel }: { sale: TSale; title: string; statusLabel: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const isAuthenticated = session.status === 'authenticated';

  const onDashboard = () => {
    clearPurchaseData();
    void queryClient.invalidateQueries({ queryKey: ['productos-comprados'] });
    navigate('/Inicio');
  };
  const onLogin = () => {
    clearPurchaseData();
    navigate(`/auth/login?email=${encodeURIComponent(sale.email)}`);
  };

  return (
    <Card className="mx-auto max-w-2xl">
      <CardBody className="space-y-6 py-8">
        <div className="text-center">
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-emerald-600" />
          <h1 className="mt-3 text-2xl font-semibold text-slate-900">{title}</h1>
        </div>
        <DetailList
          items={[
            { label: MSG_PAGOS.etiquetaNumeroVenta, value: sale.numeroVenta, mono: true, testId: 'sale-numero-venta' },
            { label: MSG_PAGOS.etiquetaNumeroTransaccion, value: sale.reference, mono: true, testId: 'sale-reference' },
            { label: 'Estado', value: statusLabel, testId: 'sale-status' },
            { label: 'Plan', value: sale.plan },
            { label: 'Monto', value: formatCop(sale.total), testId: 'sale-total' },
            { label: 'Período', value: periodLabel(sale.periodo), testId: 'sale-period' },
          ]}
        />
        {session.status !== 'loading' && (
          <div className="flex flex-col items-center gap-2">
            {isAuthenticated ? (
              <Button onClick={onDashboard}>Ir al panel</Button>
            ) : (
              <>
                <Button onClick={onLogin}>Iniciar sesión</Button>
                <p className="text-center text-sm text-slate-600">{MSG_PAGOS.invitadoNota}</p>
              </>
            )}
          </div>
        )}
        <section aria-labelledby="next-steps-title" className="rounded-lg bg-slate-50 px-4 py-3">
          <h2 id="next-steps-title" className="font-semibold text-slate-900">
            {MSG_PAGOS.queSigue}
          </h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>{MSG_PAGOS.queSigueActiva}</li>
            <li>{MSG_PAGOS.queSigueCorreo(sale.email)}</li>
            <li>{MSG_PAGOS.queSigueFunciones}</li>
            {!isAuthenticated && <li>{MSG_PAGOS.queSigueCrearCuenta(sale.email)}</li>}
          </ul>
        </section>
        <p className="text-center text-sm text-slate-600">
          {MSG_PAGOS.soporteAyuda}{' '}
          <a
            href={supportMailto(`Compra ${sale.numeroVenta}`)}
            className="font-medium text-brand-700 underline dark:text-brand-300"
          >
            {SUPPORT_EMAIL}
          </a>
        </p>
      </CardBody>
    </Card>
  );
}
