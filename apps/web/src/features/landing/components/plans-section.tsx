import { Link } from 'react-router';
import { Check } from 'lucide-react';
import { PLANES, type TPlan } from '@radica/contracts/plans';
import { cn } from '../../../lib/cn';
import { formatCop } from '../../../lib/format';
import { DeferredContactForm } from './deferred-contact-form';

/** The cart of the plan sold online (seed 002 §2 "Cart (/billing/cart?plan=profesional)"). */
export const CART_PATH = `/billing/cart?plan=${PLANES.profesional.id}`;

const CTA =
  'inline-flex h-11 w-full items-center justify-center rounded-lg px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

function PlanCard({ plan }: { plan: TPlan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
        plan.isPopular ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200',
      )}
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id={titleId} className="text-2xl font-bold text-slate-900">
          {plan.name}
        </h3>
        {plan.isPopular && (
          <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">
            Más popular
          </span>
        )}
      </div>
      <p className="mt-2 text-slate-600">{plan.description}</p>
      <p className="mt-6 flex flex-wrap items-baseline gap-x-2 text-slate-900">
        {plan.yearlyPrice === null ? (
          <span className="text-3xl font-bold">Precio a convenir</span>
        ) : (
          <>
            <span className="text-4xl font-bold tracking-tight">{formatCop(plan.yearlyPrice)}</span>
            <span className="text-sm font-medium text-slate-600">COP al año</span>
          </>
        )}
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {plan.yearlyPrice === null
          ? 'Cotización a la medida de tu institución.'
          : 'Un solo pago por doce meses de servicio.'}
      </p>
      <ul className="mt-6 flex-1 space-y-3" aria-label={`Incluye el plan ${plan.name}`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-3 text-sm text-slate-700">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8">
        {plan.yearlyPrice === null ? (
          <a
            href="#contacto-business"
            className={cn(
              CTA,
              'border border-brand-700 text-brand-800 hover:bg-brand-50 dark:border-brand-300 dark:text-brand-200 dark:hover:bg-slate-800',
            )}
          >
            Solicitar cotización
          </a>
        ) : (
          <Link to={CART_PATH} className={cn(CTA, 'bg-brand-700 text-white hover:bg-brand-800')}>
            Comprar plan {plan.name}
          </Link>
        )}
      </div>
    </article>
  );
}

/** Plans and prices (seed 002 §1): Profesional, sold online, and Business, priced on request through its form. */
export function PlansSection() {
  return (
    <section id="precios" aria-labelledby="precios-title" className="scroll-mt-20 bg-slate-50 py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="precios-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Planes y precios
          </h2>
          <p className="mt-3 text-lg text-slate-600">
            Elige el plan que se ajusta al volumen de tu institución. Todos radican ante el Ministerio de
            Salud.
          </p>
        </div>
        <div className="mt-12 grid gap-6 lg:grid-cols-2">
          <PlanCard plan={PLANES.profesional} />
          <PlanCard plan={PLANES.business} />
        </div>
        <div
          id="contacto-business"
          className="mt-10 scroll-mt-20 grid gap-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:grid-cols-[2fr_3fr]"
        >
          <div>
            <h3 id="business-contact-title" className="text-2xl font-bold text-slate-900">
              Cotiza el plan Business
            </h3>
            <p className="mt-3 text-slate-600">
              Cuéntanos sobre tu institución y te enviaremos una propuesta con el precio, los canales y los
              usuarios que necesitas.
            </p>
          </div>
          <DeferredContactForm />
        </div>
      </div>
    </section>
  );
}
