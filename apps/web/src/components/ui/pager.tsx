import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { Button } from './button';

/**
 * A list's page bar ('Página N de M', optionally followed by `resumen`, then Anterior / Siguiente). Renders nothing
 * for a single page. `pagina` is 1-based.
 */
export function Pager({ pagina, paginas, resumen, onPagina }: { pagina: number; paginas: number; resumen?: string; onPagina: (pagina: number) => void }) {
  if (paginas <= 1) return null;
  return (
    <div className="flex items-center justify-between border-t border-slate-100 px-4 py-3 text-sm">
      <span>
        {MSG_CORREO.paginaDe(pagina, paginas)}
        {resumen ? ` · ${resumen}` : ''}
      </span>
      <span className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={pagina <= 1} onClick={() => onPagina(pagina - 1)}>
          {MSG_CORREO.paginaAnterior}
        </Button>
        <Button size="sm" variant="secondary" disabled={pagina >= paginas} onClick={() => onPagina(pagina + 1)}>
          {MSG_CORREO.paginaSiguiente}
        </Button>
      </span>
    </div>
  );
}
