import { MSG } from '@radica/contracts/messages';
import { Button } from '../components/ui/button';

/** An unexpected render error (seed 000 §2 "Auth error boundary"): reload or go to the login. */
export function RouteError() {
  return (
    <div
      role="alert"
      className="flex min-h-full flex-col items-center justify-center gap-3 px-4 py-20 text-center"
    >
      <h1 className="text-xl font-semibold text-slate-900">{MSG.uiUnexpectedError}</h1>
      <p className="text-sm text-slate-500">Ocurrió un problema al mostrar esta página.</p>
      <div className="mt-2 flex gap-2">
        <Button onClick={() => window.location.reload()}>Recargar</Button>
        <Button variant="secondary" onClick={() => window.location.assign('/auth/login')}>
          Ir al login
        </Button>
      </div>
    </div>
  );
}
