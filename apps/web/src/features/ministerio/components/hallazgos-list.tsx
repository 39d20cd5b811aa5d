import type { ReactNode } from 'react';
import type { THallazgo } from '@radica/contracts/documents';
import { agruparHallazgos, fuenteLegible } from '@radica/contracts/hallazgos';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { cargaEndpoint } from '@radica/contracts/muv';
import { reglaDe } from '@radica/contracts/reglas';
import { cn } from '../../../lib/cn';

/**
 * What a rule means for a billing clerk and how to fix it (the rule catalogue, one source with the CLI and
 * the chat), folded under the finding; nothing for a code the catalogue does not know. `paquete` is the document's
 * package type (`servicioCarga`): a rule whose class depends on it (docs/decisions/049: RVC086 is a notice on an
 * invoice and a rejection on a credit note) is explained as it applies to this document, with the class and its source.
 */
function RuleHelp({ codigo, paquete }: { codigo: string; paquete: string | null }) {
  const regla = reglaDe(codigo, paquete);
  if (!regla) return null;
  const nombre = regla.porPaquete && paquete ? cargaEndpoint(paquete)?.paquete : undefined;
  return (
    <details className="mt-1.5 text-slate-700">
      <summary className="cursor-pointer text-xs font-medium text-brand-700 hover:underline">Cómo corregirlo</summary>
      <p className="mt-1">{regla.significado}</p>
      <p className="mt-1">{regla.comoCorregir}</p>
      {nombre && (
        <p className="mt-1 text-xs text-slate-600" data-clase-paquete={regla.clase}>
          {MSG_MINISTERIO.hallazgoClasePaquete(nombre, regla.clase)} {MSG_MINISTERIO.hallazgoClaseFuente(regla.origen)}
        </p>
      )}
    </details>
  );
}

/** Where one finding was found: its Observaciones and its source and path. */
function Ubicacion({ item }: { item: THallazgo }) {
  return (
    <>
      {item.observaciones && <p className="mt-1 text-slate-600">{item.observaciones}</p>}
      {(item.fuente || item.pathFuente) && (
        <p className="mt-1 text-xs text-slate-500">
          {item.fuente && <span>Fuente: {fuenteLegible(item.fuente)}</span>}
          {item.fuente && item.pathFuente && ' · '}
          {item.pathFuente && <span className="break-all font-mono">{item.pathFuente}</span>}
        </p>
      )}
    </>
  );
}

/**
 * The Ministry's (or the local pre-validation's) errors or notifications (seed 001 §2 "Error side panel";
 * ): code, description, observations, source and source path. A code found several times is
 * one card with its count and the places it was found, folded (a rejected 4-user package showed 34
 * near-identical cards); rejections first. Tone 'mixed' colours each card by its `clase` (RECHAZADO as an error, the
 * rest as notices). Under each, the catalogue's plain-Spanish meaning and fix ('Cómo corregirlo'), as they apply to
 * the document's package type `paquete` (its `servicioCarga`; null when unknown). `footer` is shown under the list (e.g.
 * how many findings the other list already shows).
 */
export function HallazgosList({
  title,
  items,
  emptyText,
  tone,
  headingId,
  footer,
  paquete = null,
}: {
  title: string;
  items: THallazgo[];
  emptyText: string;
  tone: 'error' | 'notice' | 'mixed';
  headingId: string;
  footer?: ReactNode;
  paquete?: string | null;
}) {
  const isErrorClase = (clase: string) => tone === 'error' || (tone === 'mixed' && clase === 'RECHAZADO');
  // The count's colour says the worst it holds (a lone FED131 notification was red under 'Prevalidación',
  // and an empty list showed a red 0).
  const badge = items.length === 0 ? 'none' : items.some((i) => isErrorClase(i.clase)) ? 'error' : 'notice';
  const grupos = agruparHallazgos(items);
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
          {grupos.map((grupo) => {
            const isError = isErrorClase(grupo.clase);
            const [first] = grupo.items;
            const count = grupo.items.length;
            return (
              <li
                data-clase={grupo.clase}
                data-codigo={grupo.codigo}
                data-count={count}
                key={`${grupo.clase}-${grupo.codigo}`}
                className={cn(
                  // Long codes and paths wrap inside the card (a 390 px phone scrolled to 624 px).
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
                    {grupo.codigo}
                  </span>
                  {count > 1 && (
                    <span
                      className={cn(
                        'rounded-full px-1.5 text-xs font-medium',
                        isError ? 'bg-red-100 text-red-700' : 'bg-amber-100 text-amber-800',
                      )}
                    >
                      {MSG_MINISTERIO.hallazgoVeces(count)}
                    </span>
                  )}
                  <span className="min-w-0 text-slate-900">{grupo.descripcion}</span>
                </div>
                {count === 1 && first ? (
                  <Ubicacion item={first} />
                ) : (
                  <details className="mt-1.5">
                    <summary className="cursor-pointer text-xs font-medium text-slate-700 hover:underline">
                      {MSG_MINISTERIO.hallazgoDonde(count)}
                    </summary>
                    <ul className="mt-1 space-y-1.5 border-l-2 border-slate-200 pl-2">
                      {grupo.items.map((item) => (
                        <li key={item.id}>
                          <Ubicacion item={item} />
                        </li>
                      ))}
                    </ul>
                  </details>
                )}
                <RuleHelp codigo={grupo.codigo} paquete={paquete} />
              </li>
            );
          })}
        </ul>
      )}
      {footer}
    </section>
  );
}
