import { createContext, useContext } from 'react';
import { reglaDe } from '@radica/contracts/reglas';
import type { THallazgoRips } from '@radica/contracts/rips';
import { cn } from '../../../lib/cn';

/**
 * The package type of the RIPS being edited (a `Cargar*` endpoint, from its tipoNota: contracts `paqueteDeTipoNota`),
 * so each finding's 'Cómo corregir' is the one of that type (docs/decisions/049: a credit note's RVC086 is a rejection).
 * Null: the catalogue's general text.
 */
export const PaqueteHallazgos = createContext<string | null>(null);

/** One finding of the engine with the rule catalogue's 'Cómo corregir' (packages/contracts reglas.ts). */
export function HallazgoItem({ h, compact = false }: { h: THallazgoRips; compact?: boolean }) {
  const regla = reglaDe(h.codigo, useContext(PaqueteHallazgos));
  const isError = h.clase === 'RECHAZADO';
  return (
    <div
      role={isError ? 'alert' : 'note'}
      data-codigo={h.codigo}
      className={cn('min-w-0 rounded-md border px-2 py-1 text-xs [overflow-wrap:anywhere]', isError ? 'border-red-200 bg-red-50 text-red-800' : 'border-amber-200 bg-amber-50 text-amber-900')}
    >
      <p>
        <span className="font-semibold">{h.codigo}</span> {h.observaciones || h.descripcion}
      </p>
      {!compact && h.observaciones && <p className="mt-0.5 opacity-80">{h.descripcion}</p>}
      {regla &&
        (compact ? (
          // folded under the field; out of the Tab order so a clerk tabbing from field to field never stops on it
          // (the text is read with the field: the findings are its aria-describedby)
          <details className="mt-0.5">
            <summary tabIndex={-1} className="cursor-pointer font-medium">
              Cómo corregir
            </summary>
            <p>{regla.comoCorregir}</p>
            <span className="sr-only">Cómo corregir: {regla.comoCorregir}</span>
          </details>
        ) : (
          <p className="mt-0.5">
            <span className="font-medium">Cómo corregir:</span> {regla.comoCorregir}
          </p>
        ))}
    </div>
  );
}
