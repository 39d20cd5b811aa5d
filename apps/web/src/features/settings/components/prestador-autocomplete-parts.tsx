import { PencilLine } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

/** An option of the provider search: manual entry, or one provider of the REPS. */
export type TPrestadorOption = { kind: 'manual' } | { kind: 'prestador'; prestador: TPrestadorResultado };

/**
 * The provider search's suggestion list (max height 200 px, seed 000 §9): 'Ingresar la información manualmente' first,
 * then the providers with NIT and address, the active one marked; 'Buscando…' and 'no results' as statuses. A mouse
 * press does not take the focus from the input.
 */
export function PrestadorListbox({
  listId,
  options,
  active,
  optionId,
  onChoose,
  isSearching,
  isEmpty,
}: {
  listId: string;
  options: TPrestadorOption[];
  active: number;
  optionId: (index: number) => string;
  onChoose: (option: TPrestadorOption) => void;
  isSearching: boolean;
  isEmpty: boolean;
}) {
  return (
    <div className="absolute z-30 mt-1 max-h-[200px] w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
      <ul id={listId} role="listbox" aria-label="Prestadores">
        {options.map((option, index) => (
          <li
            key={option.kind === 'manual' ? 'manual' : option.prestador.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onChoose(option)}
            className={cn(
              'cursor-pointer px-3 py-2 text-sm',
              index === active
                ? 'bg-brand-50 text-brand-800 outline-2 -outline-offset-2 outline-brand-500'
                : 'text-slate-700 hover:bg-slate-50',
              option.kind === 'manual' &&
                'flex items-center gap-2 border-b border-slate-100 font-medium text-brand-700',
            )}
          >
            {option.kind === 'manual' ? (
              <>
                <PencilLine aria-hidden="true" className="size-4" /> {MSG_CUENTAS.prestadorManualOption}
              </>
            ) : (
              <>
                <span className="block">{option.prestador.displayText}</span>
                {option.prestador.numeroIdentificacion && (
                  <span className="block text-xs text-slate-500">
                    NIT {option.prestador.numeroIdentificacion}
                    {option.prestador.direccion ? ` · ${option.prestador.direccion}` : ''}
                  </span>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      {isSearching && (
        <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
          <Spinner /> {MSG_CUENTAS.prestadorSearching}
        </p>
      )}
      {isEmpty && (
        <div role="status" className="px-3 py-2 text-sm text-slate-500">
          <p>{MSG_CUENTAS.prestadorNoResults}</p>
          <p className="mt-1 text-xs text-slate-600">{MSG_CUENTAS.prestadorNoResultsAyuda}</p>
        </div>
      )}
    </div>
  );
}

/** The 'Seleccionado' box under the input: the chosen provider's name, code, NIT, legal name and address. */
export function PrestadorSeleccionado({ selected }: { selected: TPrestadorResultado }) {
  return (
    <div
      role="status"
      className="mt-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
    >
      <p className="font-semibold">{MSG_CUENTAS.prestadorSelected}</p>
      <p>{selected.nombre}</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-xs text-emerald-800">
        <dt>Código</dt>
        <dd className="font-mono">{selected.codigoPrestadorServicio}</dd>
        {selected.numeroIdentificacion && (
          <>
            <dt>NIT</dt>
            <dd>{selected.numeroIdentificacion}</dd>
          </>
        )}
        {selected.razonSocial && selected.razonSocial !== selected.nombre && (
          <>
            <dt>Razón social</dt>
            <dd>{selected.razonSocial}</dd>
          </>
        )}
        {selected.direccion && (
          <>
            <dt>Dirección</dt>
            <dd>{selected.direccion}</dd>
          </>
        )}
      </dl>
    </div>
  );
}
