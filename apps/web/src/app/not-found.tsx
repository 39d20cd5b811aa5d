import { Link } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { buttonClasses } from '../components/ui/button';

export function NotFound() {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-20 text-center">
      <p className="text-5xl font-bold text-brand-600">404</p>
      <h1 className="text-xl font-semibold text-slate-900">{MSG.uiNotFound}</h1>
      <p className="text-sm text-slate-500">La dirección que buscas no existe o fue movida.</p>
      <Link to="/Inicio" className={buttonClasses('primary', 'md', 'mt-2')}>
        Ir a Inicio
      </Link>
    </div>
  );
}
