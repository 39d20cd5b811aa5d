import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { isModuloEnVenta } from '@radica/contracts/plans';
import { MODULES, type TModule } from '../../../lib/purchased-products';
import { ConstructionMascot } from '../components/construction-mascot';
import { ModuleOnSale } from '../components/module-on-sale';
import { COMING_SOON_TITLES } from '../titles';

function isModule(value: string | undefined): value is TModule {
  return MODULES.includes(value as TModule);
}

/** A coming-soon page body: construction mascot, title, 'Te notificaremos cuando este módulo esté disponible.' */
export function ComingSoon({ title, subtitle }: { title: string; subtitle?: string }) {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center gap-4 px-4 py-12 text-center">
      <ConstructionMascot className="size-40 sm:size-48" />
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {subtitle && <p className="text-sm text-slate-500">{subtitle}</p>}
      <p className="text-slate-600">{MSG_CUENTAS.comingSoon}</p>
    </div>
  );
}

/**
 * /pricing/{module} (public, with a header and back to /Inicio) and /app/pricing/{module} (inside the app, no
 * back header) — seed 000 §2, seed 002 §2. A module on sale (contracts MODULOS_EN_VENTA: Ministerio, with the RIPS
 * module) shows what it does, its plan, price and 'Comprar'; the others keep the coming-soon notice. An
 * unknown module shows the 404 text.
 */
export function ComingSoonRoute({ inApp }: { inApp: boolean }) {
  const { module } = useParams();
  if (!isModule(module)) return <ComingSoon title="Página no encontrada" />;
  const body = isModuloEnVenta(module) ? (
    <ModuleOnSale module={module} title={COMING_SOON_TITLES[module]} />
  ) : (
    <ComingSoon title={COMING_SOON_TITLES[module]} />
  );
  if (inApp) return body;
  return (
    <div className="min-h-full bg-slate-50">
      <header className="flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
        <Link
          to="/Inicio"
          className="inline-flex items-center gap-2 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300"
        >
          <ArrowLeft aria-hidden="true" className="size-4" /> Volver
        </Link>
        <span className="font-bold text-brand-700 dark:text-brand-300">Radica</span>
      </header>
      {body}
    </div>
  );
}
