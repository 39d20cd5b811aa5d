import { FlaskConical } from 'lucide-react';

/** Outside production: the gateway's sandbox data, so a tester can approve or decline on purpose. */
export function SandboxTestData() {
  return (
    <aside
      aria-label="Datos de prueba"
      className="rounded-lg border border-dashed border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-700 dark:bg-amber-950/30 dark:text-amber-200"
    >
      <p className="flex items-center gap-1.5 font-semibold">
        <FlaskConical aria-hidden="true" className="size-3.5" />
        Ambiente de pruebas: no se hace ningún cobro real
      </p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5">
        <li>
          Tarjeta aprobada: <span className="font-mono">4242 4242 4242 4242</span>; rechazada:{' '}
          <span className="font-mono">4111 1111 1111 1111</span> (cualquier fecha futura y CVC)
        </li>
        <li>
          Nequi aprobado: <span className="font-mono">3991111111</span>; rechazado:{' '}
          <span className="font-mono">3992222222</span>
        </li>
        <li>PSE: el banco 1 aprueba y el banco 2 rechaza</li>
      </ul>
    </aside>
  );
}
