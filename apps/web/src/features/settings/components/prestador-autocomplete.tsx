import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { PencilLine, Search, X } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { prestadoresSearchErrorMessage, usePrestadoresSearch } from '../api/search-prestadores';

/** seed 000 §9: the suggestion list closes 200 ms after blur (its max height, 200 px, is in the class list). */
export const SUGGESTIONS_BLUR_CLOSE_MS = 200;

type TMode = 'search' | 'selected' | 'manual';
/** A search text that is a provider code (digits only): kept when the user switches to manual entry. */
const CODIGO_TECLEADO = /^\d{4,12}$/;
type TOption = { kind: 'manual' } | { kind: 'prestador'; prestador: TPrestadorResultado };

/**
 * The provider-code selector (seed 000 §2 "Autocomplete behaviour", §5 "Searches", §9): an ARIA combobox that
 * searches the REPS for ≥ 2 trimmed characters after 1000 ms without typing and lists up to 10 providers after the
 * option 'Ingresar la información manualmente' (alone before any search).
 * - Choosing a provider fills the input and locks it until the X (prestadorClear) clears it; a 'Seleccionado' box
 *   shows what was chosen. The parent pre-fills the form in `onSelect`.
 * - Choosing manual entry lets the user type a code freely (`code` / `onCodeChange`), starting from the code typed in
 *   the search when it was one (digits), empty otherwise; the X (prestadorSearchAgain) goes back to the search.
 * - A selection is required: the typed search text is never the code; until a choice the parent's code stays ''.
 * - A failed search shows its text under the input and turns its border red (so does `invalid`, the form's error).
 * - Keyboard: ArrowDown/ArrowUp move (and open), Enter chooses, Escape closes. A list from an earlier text is never
 *   shown or picked: the results are the current text's only and the active option resets on every keystroke.
 */
export function PrestadorAutocomplete({
  id,
  initialMode = 'search',
  code,
  onCodeChange,
  onSelect,
  onManual,
  onClear,
  onBlur,
  inputRef,
  invalid,
  describedBy,
}: {
  id: string;
  /** 'manual' to start with a typed code (editing a saved configuration). */
  initialMode?: 'search' | 'manual';
  /** The code in manual mode (the form's codigoPrestador). */
  code: string;
  onCodeChange: (code: string) => void;
  onSelect: (prestador: TPrestadorResultado) => void;
  onManual: () => void;
  /** The choice was undone (X): the code is empty again. */
  onClear: () => void;
  onBlur?: () => void;
  /** The form library's ref (react-hook-form focuses the field on a validation error). */
  inputRef?: (element: HTMLInputElement | null) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const errorId = `${id}-search-error`;
  const [mode, setMode] = useState<TMode>(initialMode);
  const [selected, setSelected] = useState<TPrestadorResultado | null>(null);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const search = usePrestadoresSearch(mode === 'search' ? text : '');
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const options: TOption[] = [
    { kind: 'manual' },
    ...search.results.map((prestador) => ({ kind: 'prestador' as const, prestador })),
  ];
  const isListShown = mode === 'search' && isOpen;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const activeOption = isListShown && active >= 0 ? options[active] : undefined;
  const searchError = mode === 'search' && search.error ? prestadoresSearchErrorMessage(search.error) : null;
  const isInvalid = Boolean(invalid || searchError);

  useEffect(() => {
    if (active >= 0) document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const focusInput = () => ownInput.current?.focus();
  const choose = (option: TOption) => {
    setIsOpen(false);
    setActive(-1);
    setText('');
    if (option.kind === 'manual') {
      setSelected(null);
      setMode('manual');
      onManual();
      // a code typed in the search (digits: a REPS code the extract does not have) is kept as the manual code; a name
      // typed to search is not a code
      if (CODIGO_TECLEADO.test(text.trim())) onCodeChange(text.trim());
    } else {
      setSelected(option.prestador);
      setMode('selected');
      onSelect(option.prestador);
    }
  };
  const clear = () => {
    setSelected(null);
    setMode('search');
    setText('');
    setActive(-1);
    onClear();
    focusInput();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (mode !== 'search') return;
    const count = options.length;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setIsOpen(true);
      setActive((a) => (a + 1) % count);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setIsOpen(true);
      setActive((a) => (a <= 0 ? count - 1 : a - 1));
    } else if (event.key === 'Enter' && isListShown) {
      event.preventDefault();
      if (activeOption) choose(activeOption);
    } else if (event.key === 'Escape' && isListShown) {
      event.preventDefault();
      setIsOpen(false);
      setActive(-1);
    }
  };

  const value = mode === 'search' ? text : mode === 'manual' ? code : (selected?.displayText ?? code);
  const describedByIds = [searchError ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <div className="relative">
        {mode === 'search' && (
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-3 size-4 text-slate-400" />
        )}
        <input
          id={id}
          ref={(el) => {
            ownInput.current = el;
            inputRef?.(el);
          }}
          type="text"
          autoComplete="off"
          role={mode === 'search' ? 'combobox' : undefined}
          aria-expanded={mode === 'search' ? isListShown : undefined}
          aria-controls={mode === 'search' ? listId : undefined}
          aria-autocomplete={mode === 'search' ? 'list' : undefined}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          aria-invalid={isInvalid || undefined}
          aria-describedby={describedByIds}
          readOnly={mode === 'selected'}
          placeholder={
            mode === 'manual' ? MSG_CUENTAS.prestadorManualPlaceholder : MSG_CUENTAS.prestadorSearchPlaceholder
          }
          value={value}
          onChange={(event) => {
            if (mode === 'manual') {
              onCodeChange(event.target.value);
              return;
            }
            setText(event.target.value);
            setIsOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            if (mode === 'search') setIsOpen(true);
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(() => {
              setIsOpen(false);
              setActive(-1);
            }, SUGGESTIONS_BLUR_CLOSE_MS);
            onBlur?.();
          }}
          className={cn(
            'block h-10 w-full rounded-lg border px-3 pr-10 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
            'focus:outline-none focus:ring-2 focus-visible:ring-2',
            mode === 'search' && 'pl-9',
            mode === 'selected' ? 'bg-emerald-50 font-medium' : 'bg-white',
            isInvalid
              ? 'border-red-500 focus:ring-red-200'
              : mode === 'selected'
                ? 'border-emerald-300 focus:ring-emerald-100'
                : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
          )}
        />
        {mode === 'search' && search.isSearching && (
          <Spinner className="absolute right-3 top-3 text-slate-400" />
        )}
        {mode !== 'search' && (
          <button
            type="button"
            onClick={clear}
            aria-label={mode === 'selected' ? MSG_CUENTAS.prestadorClear : MSG_CUENTAS.prestadorSearchAgain}
            title={mode === 'selected' ? MSG_CUENTAS.prestadorClear : MSG_CUENTAS.prestadorSearchAgain}
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
        {isListShown && (
          <div className="absolute z-30 mt-1 max-h-[200px] w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
            <ul id={listId} role="listbox" aria-label="Prestadores">
              {options.map((option, index) => (
                <li
                  key={option.kind === 'manual' ? 'manual' : option.prestador.id}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(option)}
                  className={cn(
                    'cursor-pointer px-3 py-2 text-sm',
                    index === active ? 'bg-brand-50 text-brand-800 outline-2 -outline-offset-2 outline-brand-500' : 'text-slate-700 hover:bg-slate-50',
                    option.kind === 'manual' && 'flex items-center gap-2 border-b border-slate-100 font-medium text-brand-700',
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
            {search.isSearching && (
              <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-slate-500">
                <Spinner /> {MSG_CUENTAS.prestadorSearching}
              </p>
            )}
            {search.isEmpty && (
              <div role="status" className="px-3 py-2 text-sm text-slate-500">
                <p>{MSG_CUENTAS.prestadorNoResults}</p>
                <p className="mt-1 text-xs text-slate-600">{MSG_CUENTAS.prestadorNoResultsAyuda}</p>
              </div>
            )}
          </div>
        )}
      </div>
      {searchError && (
        <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {searchError}
        </p>
      )}
      {mode === 'selected' && selected && (
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
      )}
    </div>
  );
}
