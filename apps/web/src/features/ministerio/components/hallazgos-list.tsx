import type { THallazgo } from '@radica/contracts/documents';
import { reglaDe } from '@radica/contracts/reglas';
import { cn } from '../../../lib/cn';

/**
 * What a rule means for a billing clerk and how to fix it (issue 12: the rule catalogue, one source with the CLI and
 * the chat), folded under the finding; nothing for a code the catalogue does not know.
 */
function RuleHelp({ codigo }: { codigo: string }) {
  const regla = reglaDe(codigo);
  if (!regla) return null;
  return (
    <details className="mt-1.5 text-slate-700">
      <summary className="cursor-pointer text-xs font-medium text-brand-700 hover:underline">Cómo corregirlo</summary>
      <p className="mt-1">{regla.significado}</p>
      <p className="mt-1">{regla.comoCorregir}</p>
    </details>
  );
}

/**
 * The Ministry's (or the local pre-validation's) errors or notifications (seed 001 §2 "Error side panel";
 * issue 5 'Prevalidación'): code, description, observations, source and source path. Tone 'mixed' colours
 * each item by its `clase` (RECHAZADO as an error, the rest as notices). Under each, the catalogue's plain-Spanish
 * meaning and fix ('Cómo corregirlo').
 */
export function HallazgosList({
  title,
  items,
  emptyText,
  tone,
  headingId,
}: {
  title: string;
  items: THallazgo[];
  emptyText: string;
  tone: 'error' | 'notice' | 'mixed';
  headingId: string;
}) {
  const isErrorItem = (item: THallazgo) => tone === 'error' || (tone === 'mixed' && item.clase === 'RECHAZADO');
  // The count's colour says the worst it holds (issue 17: a lone FED131 notification was red under 'Prevalidación',
  // and an empty list showed a red 0).
  const badge = items.length === 0 ? 'none' : items.some(isErrorItem) ? 'error' : 'notice';
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
        <span
          data-badge={badge}
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            badge === 'error' && 'bg-red-100 text-red-700',
            badge === 'notice' && 'bg-amber-100 text-amber-800',
            badge === 'none' && 'bg-slate-100 text-slate-600',
          )}
        >
          {items.length}
        </span>
      </h3>
      {items.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-500">{emptyText}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((item) => {
            const isError = isErrorItem(item);
            return (
              <li
                data-clase={item.clase}
                key={item.id}
                className={cn(
                  // Long codes and paths wrap inside the card (issue 17: a 390 px phone scrolled to 624 px).
                  'min-w-0 rounded-lg border px-3 py-2.5 text-sm [overflow-wrap:anywhere]',
                  isError ? 'border-red-100 bg-red-50/50' : 'border-amber-100 bg-amber-50/50',
                )}
              >
                <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <span
                    className={cn(
                      'font-mono text-xs font-semibold',
                      isError ? 'text-red-700' : 'text-amber-800',
                    )}
                  >
                    {item.codigo}
                  </span>
                  <span className="min-w-0 text-slate-900">{item.descripcion}</span>
                </div>
                {item.observaciones && <p className="mt-1 text-slate-600">{item.observaciones}</p>}
                {(item.fuente || item.pathFuente) && (
                  <p className="mt-1 text-xs text-slate-500">
                    {item.fuente && <span>Fuente: {item.fuente}</span>}
                    {item.fuente && item.pathFuente && ' · '}
                    {item.pathFuente && <span className="break-all font-mono">{item.pathFuente}</span>}
                  </p>
                )}
                <RuleHelp codigo={item.codigo} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
