import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FileSpreadsheet, Landmark, Settings } from 'lucide-react';
import { MSG } from '@radica/contracts/messages';
import { useSession } from '../../../lib/session';
import { usePuede } from '../../../lib/usuario-actual';

const CARD =
  'group rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600';

function HomeCard({ to, icon, titulo, texto }: { to: string; icon: ReactNode; titulo: string; texto: string }) {
  return (
    <Link to={to} className={CARD}>
      {icon}
      <p className="mt-3 font-semibold text-slate-900">{titulo}</p>
      <p className="mt-1 text-sm text-slate-500">{texto}</p>
    </Link>
  );
}

/**
 * /Inicio: greets the user by name, default 'Usuario' (seed 000 §1), and offers a card per module: the ministry
 * reports, the RIPS module (both in the Ministerio product), and the provider configuration only for the roles that may
 * change it (administrators: contracts ACCESO, the groups the server enforces), so a Facturador or a Consulta is not
 * sent to a screen that refuses them.
 */
export function HomeRoute() {
  const { user } = useSession();
  const puede = usePuede();
  const name = user?.name?.trim() || MSG.uiDefaultUserName;
  const icon = 'size-6 text-brand-600';
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <section className="rounded-2xl bg-gradient-to-r from-brand-800 to-brand-700 p-6 text-white shadow-sm sm:p-8">
        <h2 className="text-2xl font-semibold">
          {MSG.uiWelcome}, {name}
        </h2>
        <p className="mt-2 max-w-2xl text-brand-50">{MSG.uiHomeIntro}</p>
      </section>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="home-cards">
        <HomeCard to="/ministerio" icon={<Landmark aria-hidden="true" className={icon} />} titulo={MSG.homeMinisterioTitulo} texto={MSG.homeMinisterioTexto} />
        <HomeCard
          to="/listado-rips"
          icon={<FileSpreadsheet aria-hidden="true" className={icon} />}
          titulo={MSG.homeRipsTitulo}
          texto={puede.edicion ? MSG.homeRipsTexto : MSG.homeRipsTextoLectura}
        />
        {puede.administracion && (
          <HomeCard
            to="/settings?tab=ministerio"
            icon={<Settings aria-hidden="true" className={icon} />}
            titulo={MSG.homePrestadorTitulo}
            texto={MSG.homePrestadorTexto}
          />
        )}
      </div>
    </div>
  );
}
