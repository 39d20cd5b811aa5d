import { Link } from 'react-router';
import { CreditCard } from 'lucide-react';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { MSG } from '@radica/contracts/messages';
import type { TMiPlan, TPagoPlan } from '@radica/contracts/payments';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { LoadingScreen } from '../../../components/ui/spinner';
import { formatCop, formatDate } from '../../../lib/format';
import { getErrorMessage } from '../../../lib/http';
import { useMiPlan } from '../api/get-mi-plan';

/** A payment's status as the screen says it: the gateway's APPROVED / PENDING in Spanish; a grant is 'Otorgado'. */
const estadoDe = (p: TPagoPlan) =>
  p.tipo === 'otorgamiento'
    ? MSG_PAGOS.miPlanEstadoOtorgado
    : p.estado === 'APPROVED'
      ? MSG_PAGOS.estadoAprobado
      : p.estado === 'PENDING'
        ? MSG_USUARIOS.estadoPendiente
        : p.estado;

/** The term of one payment or grant: 'Hasta el …', or 'Sin fecha de vencimiento' for an old grant without end. */
const periodoDe = (p: TPagoPlan) =>
  p.vigenteHasta ? MSG_PAGOS.miPlanPeriodoHasta(formatDate(p.vigenteHasta)) : p.estado === 'APPROVED' ? MSG_PAGOS.miPlanSinVencimiento : null;

/** The end of the plan as a sentence: 'Vigente hasta el …', 'Venció el …' or 'Sin fecha de vencimiento'. */
function vigencia(data: TMiPlan): string | null {
  if (!data.vigenteHasta) return data.plan ? MSG_PAGOS.miPlanSinVencimiento : null;
  const fecha = formatDate(data.vigenteHasta);
  return data.plan ? MSG_PAGOS.miPlanVigenteHasta(fecha) : MSG_PAGOS.miPlanVencio(fecha);
}

/**
 * Configuración › Mi plan ("no screen shows the plan's expiry or the purchase history"): the company's plan
 * and until when it runs, its modules, and its payments — sale number (the e-mail's), transaction number, date and
 * term, method, amount in COP and status; the invoice number when one was issued. A plan granted by Radica without an
 * amount reads as a grant ('Otorgado por Radica', no amount), not as a payment of $ 0. Administrators only.
 */
export function MiPlanTab() {
  const query = useMiPlan();
  if (query.isPending) return <LoadingScreen text={MSG.uiLoading} />;
  if (query.isError)
    return (
      <Alert tone="error">
        <p>{getErrorMessage(query.error, MSG_PAGOS.miPlanError)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Alert>
    );
  const data = query.data;
  const fin = vigencia(data);
  return (
    <div className="space-y-6">
      <Card aria-labelledby="mi-plan-titulo">
        <CardHeader id="mi-plan-titulo" title={MSG_PAGOS.miPlanTitulo} />
        <CardBody className="space-y-4">
          <div>
            <p className="text-lg font-semibold text-slate-900" data-testid="mi-plan-nombre">
              {data.planNombre ? `Plan ${data.planNombre}` : MSG_PAGOS.miPlanSinPlan}
            </p>
            {fin && (
              <p className="text-sm text-slate-600" data-testid="mi-plan-vigencia">
                {fin}
              </p>
            )}
          </div>
          {data.modulos.length > 0 && (
            <section aria-labelledby="mi-plan-modulos">
              <h3 id="mi-plan-modulos" className="text-sm font-semibold text-slate-900">
                {MSG_PAGOS.miPlanModulos}
              </h3>
              <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200">
                {data.modulos.map((m) => (
                  <li key={m.modulo} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                    <span className="font-medium text-slate-900">{m.titulo}</span>
                    <span className="text-slate-600">
                      {m.activo ? MSG_USUARIOS.estadoActivo : MSG_PAGOS.miPlanModuloVencido}
                      {m.vigenteHasta && ` · ${formatDate(m.vigenteHasta)}`}
                    </span>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {!data.plan && (
            <Link to="/billing/cart?plan=profesional" className={buttonClasses('primary')}>
              {MSG_PAGOS.miPlanComprar}
            </Link>
          )}
        </CardBody>
      </Card>

      <Card aria-labelledby="mi-plan-pagos">
        <CardHeader id="mi-plan-pagos" title={MSG_PAGOS.miPlanPagos} description={MSG_PAGOS.miPlanPagosDescripcion} />
        <CardBody>
          {data.pagos.length === 0 ? (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <CreditCard aria-hidden="true" className="size-4" />
              {MSG_PAGOS.miPlanSinPagos}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="text-xs uppercase tracking-wide text-slate-500">
                  <tr>
                    <th scope="col" className="py-2 pr-3 font-medium">{MSG_PAGOS.etiquetaNumeroVenta}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{MSG_CORREO.columnaFecha}</th>
                    <th scope="col" className="py-2 pr-3 font-medium">{MSG_PAGOS.etiquetaMedioPago}</th>
                    <th scope="col" className="py-2 pr-3 text-right font-medium">{MSG_PAGOS.etiquetaValor}</th>
                    <th scope="col" className="py-2 font-medium">{MSG_MINISTERIO.filterStatus}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.pagos.map((p) => (
                    <tr key={p.numeroVenta} data-testid="mi-plan-pago">
                      <td className="py-2 pr-3 align-top">
                        <span className="font-mono text-slate-900">{p.numeroVenta}</span>
                        {p.referencia && (
                          <span className="block text-xs text-slate-500">
                            {MSG_PAGOS.etiquetaNumeroTransaccion}: <span className="font-mono">{p.referencia}</span>
                          </span>
                        )}
                        {p.numeroFactura && (
                          <span className="block text-xs text-slate-500">
                            {MSG_PAGOS.etiquetaFactura}: {p.numeroFactura}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 align-top text-slate-700">
                        {formatDate(p.fecha)}
                        {periodoDe(p) && (
                          <span className="block text-xs text-slate-500" data-testid="mi-plan-pago-periodo">
                            {periodoDe(p)}
                          </span>
                        )}
                      </td>
                      <td className="py-2 pr-3 align-top text-slate-700">
                        {p.tipo === 'otorgamiento' ? MSG_PAGOS.miPlanOtorgamiento : (MSG_PAGOS.metodosPago[p.metodoPago] ?? p.metodoPago)}
                      </td>
                      <td className="py-2 pr-3 text-right align-top text-slate-900">{p.tipo === 'otorgamiento' ? '—' : formatCop(p.monto)}</td>
                      <td className="py-2 align-top text-slate-700">{estadoDe(p)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </CardBody>
      </Card>
    </div>
  );
}
