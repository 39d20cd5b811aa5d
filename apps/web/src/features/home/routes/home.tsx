import { Link } from 'react-router';
import { Landmark, Settings } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { useSession } from '../../../lib/session';

/** /Inicio: greets the user by name, default 'Usuario' (seed 000 §1). */
export function HomeRoute() {
  const { user } = useSession();
  const name = user?.name?.trim() || MSG.uiDefaultUserName;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-6 text-white shadow-sm sm:p-8">
        <h2 className="text-2xl font-semibold">
          {MSG.uiWelcome}, {name}
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">{MSG.uiHomeIntro}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-2">
        <Link
          to="/ministerio"
          className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Landmark aria-hidden="true" className="size-6 text-brand-600" />
          <p className="mt-3 font-semibold text-slate-900">Reportes al Ministerio</p>
          <p className="mt-1 text-sm text-slate-500">
            Carga la factura (XML) y los RIPS (JSON) y envíalos al Ministerio de Salud.
          </p>
        </Link>
        <Link
          to="/settings?tab=ministerio"
          className="group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <Settings aria-hidden="true" className="size-6 text-brand-600" />
          <p className="mt-3 font-semibold text-slate-900">Configuración del prestador</p>
          <p className="mt-1 text-sm text-slate-500">
            Registra el código prestador y las credenciales del validador del Ministerio.
          </p>
        </Link>
      </div>
    </div>
  );
}
