import { useEffect, useId, useRef } from 'react';
import { Search, X } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { prestadoresSearchErrorMessage } from '../api/search-prestadores';
import { usePrestadorCombobox, type TPrestadorMode } from '../hooks/use-prestador-combobox';
import { PrestadorListbox, PrestadorSeleccionado } from './prestador-autocomplete-parts';

/** seed 000 §9: the suggestion list closes 200 ms after blur (its max height, 200 px, is in the class list). */
export const SUGGESTIONS_BLUR_CLOSE_MS = 200;

/** The input's classes: a search icon's room, green once a provider is chosen, red when invalid. */
function inputClassName(mode: TPrestadorMode, isInvalid: boolean): string {
  return cn(
    'block h-10 w-full rounded-lg border px-3 pr-10 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 focus-visible:ring-2',
    mode === 'search' && 'pl-9',
    mode === 'selected' ? 'bg-emerald-50 font-medium' : 'bg-white',
    isInvalid
      ? 'border-red-500 focus:ring-red-200'
      : mode === 'selected'
        ? 'border-emerald-300 focus:ring-emerald-100'
        : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
  );
}

/** The props of `PrestadorAutocomplete`. */
type TPrestadorAutocompleteProps = {
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
};

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
}: TPrestadorAutocompleteProps) {
  const listId = useId();
  const errorId = `${id}-search-error`;
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const combobox = usePrestadorCombobox({ initialMode, onCodeChange, onSelect, onManual, onClear });
  const { mode, selected, text, active, search, options, isListShown, activeOption } = combobox;
  useEffect(() => () => clearTimeout(blurTimer.current), []);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const searchError = mode === 'search' && search.error ? prestadoresSearchErrorMessage(search.error) : null;
  const isInvalid = Boolean(invalid || searchError);

  useEffect(() => {
    if (active >= 0)
      document.getElementById(`${listId}-option-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active, listId]);

  const clear = () => {
    combobox.clearChoice();
    ownInput.current?.focus();
  };

  const value = mode === 'search' ? text : mode === 'manual' ? code : (selected?.displayText ?? code);
  const describedByIds = [searchError ? errorId : null, describedBy].filter(Boolean).join(' ') || undefined;

  return (
    <div>
      <div className="relative">
        {mode === 'search' && (
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute left-3 top-3 size-4 text-slate-400"
          />
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
            mode === 'manual'
              ? MSG_CUENTAS.prestadorManualPlaceholder
              : MSG_CUENTAS.prestadorSearchPlaceholder
          }
          value={value}
          onChange={(event) => combobox.onTextChange(event.target.value)}
          onKeyDown={combobox.onKeyDown}
          onFocus={() => {
            clearTimeout(blurTimer.current);
            if (mode === 'search') combobox.open();
          }}
          onBlur={() => {
            blurTimer.current = setTimeout(combobox.close, SUGGESTIONS_BLUR_CLOSE_MS);
            onBlur?.();
          }}
          className={inputClassName(mode, isInvalid)}
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
          <PrestadorListbox
            listId={listId}
            options={options}
            active={active}
            optionId={optionId}
            onChoose={combobox.choose}
            isSearching={search.isSearching}
            isEmpty={search.isEmpty}
          />
        )}
      </div>
      {searchError && (
        <p id={errorId} role="alert" className="mt-1.5 text-xs font-medium text-red-600">
          {searchError}
        </p>
      )}
      {mode === 'selected' && selected && <PrestadorSeleccionado selected={selected} />}
    </div>
  );
}
