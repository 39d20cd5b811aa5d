import { Link, useLocation } from 'react-router';
import { CheckCircle2, ShoppingCart } from 'lucide-react';
import { MSG_MODULOS } from '@radica/contracts/messages-modulos';
import { PLAN_EN_LINEA } from '@radica/contracts/plans';
import { buttonClasses } from '../../../components/ui/button';
import { formatCop } from '../../../lib/format';
import { usePurchasedProducts, type TModule } from '../../../lib/purchased-products';
import { usePlanEnVenta } from '../api/get-plan-en-venta';

/** Where each module on sale opens once bought. */
const MODULE_HOME: Partial<Record<TModule, string>> = { ministerio: '/ministerio' };

/** The cart of the plan sold online, coming back to `returnUrl` (seed 002 §2 "Cart"). */
export function cartPath(returnUrl: string): string {
  return `/billing/cart?plan=${PLAN_EN_LINEA.id}&returnUrl=${encodeURIComponent(returnUrl)}`;
}

/**
 * The pricing page of a module on sale (replaces seed 002 §2's coming-soon notice for it, see
 * docs/spec-deviations.md): what the module does, the plan that grants it with the price the server sells it at
 * (GET /api/payment/config, the catalogue create-sale charges), and 'Comprar' into the cart. A user who already has
 * the module gets a link to it instead.
 */
export function ModuleOnSale({ module, title }: { module: TModule; title: string }) {
  const { pathname } = useLocation();
  const config = usePlanEnVenta();
  const products = usePurchasedProducts();
  const hasModule = products.data?.[module] === true;
  const serverPlan = config.data?.plan;
  const planName = serverPlan?.name ?? PLAN_EN_LINEA.name;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-10">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700 dark:text-brand-300">
          {MSG_MODULOS.enVentaEtiqueta}
        </p>
        <h1 className="mt-1 text-2xl font-semibold text-slate-900 sm:text-3xl">{title}</h1>
      </div>
      <section aria-labelledby="que-hace" className="space-y-2">
        <h2 id="que-hace" className="text-lg font-semibold text-slate-900">
          {MSG_MODULOS.queHaceTitulo}
        </h2>
        <p className="text-slate-700">{MSG_MODULOS.ministerioQueHace}</p>
        <p className="text-slate-700">{MSG_MODULOS.ministerioRips}</p>
      </section>
      <section
        aria-labelledby="plan-en-venta"
        data-testid="plan-en-venta"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="plan-en-venta" className="text-lg font-semibold text-slate-900">
          {MSG_MODULOS.planTitulo(planName)}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{PLAN_EN_LINEA.description}</p>
        <p className="mt-4" aria-live="polite">
          {serverPlan ? (
            <>
              <span data-testid="precio-plan" className="text-3xl font-bold text-slate-900">
                {formatCop(serverPlan.yearlyPrice)}
              </span>{' '}
              <span className="text-sm text-slate-600">COP {MSG_MODULOS.periodo}</span>
            </>
          ) : (
            <span className="text-sm text-slate-600">
              {config.isError ? MSG_MODULOS.precioNoDisponible : MSG_MODULOS.precioCargando}
            </span>
          )}
        </p>
        <h3 className="mt-5 text-sm font-semibold text-slate-900">{MSG_MODULOS.incluyeTitulo}</h3>
        <ul className="mt-2 grid gap-2 sm:grid-cols-2">
          {PLAN_EN_LINEA.features.map((feature) => (
            <li key={feature} className="flex items-start gap-2 text-sm text-slate-700">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
              {feature}
            </li>
          ))}
        </ul>
        <div className="mt-6 flex flex-wrap items-center gap-3">
          {hasModule && MODULE_HOME[module] ? (
            <>
              <p className="text-sm text-slate-700">{MSG_MODULOS.yaTienes}</p>
              <Link to={MODULE_HOME[module]} className={buttonClasses('primary')}>
                {MSG_MODULOS.irAlModulo}
              </Link>
            </>
          ) : (
            <Link
              to={cartPath(pathname)}
              aria-label={MSG_MODULOS.comprarAria(planName)}
              className={buttonClasses('primary', 'md', 'h-11 px-6 text-base')}
            >
              <ShoppingCart aria-hidden="true" className="size-5" />
              {MSG_MODULOS.comprar}
            </Link>
          )}
        </div>
      </section>
      <p className="text-sm text-slate-600">
        {MSG_MODULOS.business}{' '}
        <Link to="/#precios" className="font-medium text-brand-700 underline dark:text-brand-300">
          {MSG_MODULOS.businessLink}
        </Link>
      </p>
    </div>
  );
}
