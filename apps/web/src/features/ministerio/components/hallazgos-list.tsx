import type { THallazgo } from '@radica/contracts/documents';
import { cn } from '../../../lib/cn';

/**
 * The Ministry's (or the local pre-validation's) errors or notifications (seed 001 §2 "Error side panel";
 * issue 5 'Prevalidación'): code, description, observations, source and source path. Tone 'mixed' colours
 * each item by its `clase` (RECHAZADO as an error, the rest as notices).
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
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        {title}
        <span
          className={cn(
            'rounded-full px-2 py-0.5 text-xs font-medium',
            tone === 'notice' ? 'bg-amber-100 text-amber-800' : 'bg-red-100 text-red-700',
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
            const isError = tone === 'error' || (tone === 'mixed' && item.clase === 'RECHAZADO');
            return (
              <li
                data-clase={item.clase}
                key={item.id}
                className={cn(
                  'rounded-lg border px-3 py-2.5 text-sm',
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
                  <span className="text-slate-900">{item.descripcion}</span>
                </div>
                {item.observaciones && <p className="mt-1 text-slate-600">{item.observaciones}</p>}
                {(item.fuente || item.pathFuente) && (
                  <p className="mt-1 text-xs text-slate-500">
                    {item.fuente && <span>Fuente: {item.fuente}</span>}
                    {item.fuente && item.pathFuente && ' · '}
                    {item.pathFuente && <span className="break-all font-mono">{item.pathFuente}</span>}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
