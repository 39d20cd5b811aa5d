import { useId, useRef, useState } from 'react';
import { MapPin, X } from 'lucide-react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { cn } from '../../lib/cn';
import { getErrorMessage } from '../../lib/http';
import { LOCATION_MIN_CHARS, useLocationSearch, type TLocationOption } from '../../lib/location-search';
import { Spinner } from './spinner';

/** seed 000 §9: the suggestion list closes 200 ms after blur; max height 200 px. */
const BLUR_CLOSE_MS = 200;

/**
 * City picker (seed 000 §5 "Location must be chosen from suggestions; typed text alone is invalid"): a combobox
 * that searches after the 1 s pause with ≥ 2 characters and lists cities only. Choosing fills and locks the
 * input until the X clears it; typing clears the choice (`onChange(null)`).
 */
export function LocationAutocomplete({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  placeholder = 'Escribe tu ciudad',
}: {
  id: string;
  value: TLocationOption | null;
  onChange: (option: TLocationOption | null) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(0);
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const search = useLocationSearch(value ? '' : text);
  // Only the results of the text as it is now: while the pause runs, the previous text's list must not stay
  // pickable (ArrowDown+Enter chose an old result).
  const options = search.isDebouncing ? [] : (search.data ?? []);
  const hasText = text.trim().length >= LOCATION_MIN_CHARS;
  const showList = !value && isOpen && hasText;

  const choose = (option: TLocationOption) => {
    onChange(option);
    setText('');
    setIsOpen(false);
  };

  if (value) return <ChosenLocation id={id} value={value} describedBy={describedBy} onClear={() => onChange(null)} />;

  return (
    <div className="relative">
      <MapPin
        aria-hidden="true"
        className="pointer-events-none absolute left-3 top-3 size-4 text-slate-400"
      />
      <input
        id={id}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={showList && options[active] ? `${listId}-${active}` : undefined}
        autoComplete="off"
        placeholder={placeholder}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setIsOpen(true);
          setActive(0);
        }}
        onFocus={() => {
          clearTimeout(blurTimer.current);
          setIsOpen(true);
        }}
        onBlur={() => {
          blurTimer.current = setTimeout(() => setIsOpen(false), BLUR_CLOSE_MS);
        }}
        onKeyDown={(e) => {
          if (!showList || options.length === 0) return;
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => (a + 1) % options.length);
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => (a - 1 + options.length) % options.length);
          } else if (e.key === 'Enter') {
            e.preventDefault();
            const option = options[active];
            if (option) choose(option);
          } else if (e.key === 'Escape') setIsOpen(false);
        }}
        className={cn(
          'block h-10 w-full rounded-lg border bg-white pl-9 pr-9 text-sm text-slate-900 focus:outline-none focus:ring-2',
          invalid
            ? 'border-red-400 focus:ring-red-200'
            : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
        )}
      />
      {(search.isFetching || (search.isDebouncing && hasText)) && (
        <Spinner className="absolute right-3 top-3 text-slate-400" />
      )}
      {showList && <LocationList listId={listId} search={search} options={options} active={active} onChoose={choose} />}
    </div>
  );
}

/** A chosen city: the read-only input and the X that clears it. */
function ChosenLocation({ id, value, describedBy, onClear }: { id: string; value: TLocationOption; describedBy?: string; onClear: () => void }) {
  return (
  <div className="relative">
    <input
      id={id}
      readOnly
      value={value.label}
      aria-describedby={describedBy}
      className="block h-10 w-full rounded-lg border border-emerald-300 bg-emerald-50 px-3 pr-10 text-sm text-slate-900"
    />
    <button
      type="button"
      onClick={onClear}
      aria-label="Quitar ubicación"
      className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-700"
    >
      <X aria-hidden="true" className="size-4" />
    </button>
  </div>
  );
}

/** The open list: the search's failure or "no results", then the cities to choose (a click keeps the input's focus). */
function LocationList(props: {
  listId: string;
  search: ReturnType<typeof useLocationSearch>;
  options: TLocationOption[];
  active: number;
  onChoose: (option: TLocationOption) => void;
}) {
  const { listId, search, options, active, onChoose } = props;
  return (
    <ul
      id={listId}
      role="listbox"
      className="absolute z-30 mt-1 max-h-[200px] w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      {search.isError && (
        <li className="px-3 py-2 text-sm text-red-600" role="presentation">
          {getErrorMessage(search.error, MSG_CUENTAS.geoSearchUnknownError)}.{' '}
          {MSG_CUENTAS.locationConnectionHint}
        </li>
      )}
      {search.isSuccess && !search.isDebouncing && options.length === 0 && (
        <li className="px-3 py-2 text-sm text-slate-500" role="presentation">
          {MSG_CUENTAS.locationNoResults}
        </li>
      )}
      {options.map((option, index) => (
        <li
          key={option.key}
          id={`${listId}-${index}`}
          role="option"
          aria-selected={index === active}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onChoose(option)}
          className={cn(
            'cursor-pointer px-3 py-2 text-sm',
            index === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700',
          )}
        >
          {option.label}
        </li>
      ))}
    </ul>
  );
}
