import { useState, type KeyboardEvent } from 'react';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { usePrestadoresSearch } from '../api/search-prestadores';
import type { TPrestadorOption } from '../components/prestador-autocomplete-parts';

/** What the provider input holds: the search text, a chosen provider (locked), or a code typed by hand. */
export type TPrestadorMode = 'search' | 'selected' | 'manual';

/** A search text that is a provider code (digits only): kept when the user switches to manual entry. */
const CODIGO_TECLEADO = /^\d{4,12}$/;

/**
 * The state of the provider combobox (seed 000 §2 "Autocomplete behaviour", §5 "Searches"): its mode, the search text
 * and its REPS results (the options: manual entry first), whether the list is open and which option is active.
 * `choose` takes an option (manual entry keeps a typed code: digits), `clearChoice` goes back to the search,
 * `onTextChange` types (the code itself in manual mode) and `onKeyDown` handles ArrowDown/ArrowUp (move and open),
 * Enter (choose) and Escape (close). The active option resets on every keystroke, so a list from an earlier text is
 * never picked.
 */
export function usePrestadorCombobox({
  initialMode,
  onCodeChange,
  onSelect,
  onManual,
  onClear,
}: {
  initialMode: 'search' | 'manual';
  onCodeChange: (code: string) => void;
  onSelect: (prestador: TPrestadorResultado) => void;
  onManual: () => void;
  onClear: () => void;
}) {
  const [mode, setMode] = useState<TPrestadorMode>(initialMode);
  const [selected, setSelected] = useState<TPrestadorResultado | null>(null);
  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = usePrestadoresSearch(mode === 'search' ? text : '');

  const options: TPrestadorOption[] = [
    { kind: 'manual' },
    ...search.results.map((prestador) => ({ kind: 'prestador' as const, prestador })),
  ];
  const isListShown = mode === 'search' && isOpen;
  const activeOption = isListShown && active >= 0 ? options[active] : undefined;

  const close = () => {
    setIsOpen(false);
    setActive(-1);
  };
  const choose = (option: TPrestadorOption) => {
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
  const clearChoice = () => {
    setSelected(null);
    setMode('search');
    setText('');
    setActive(-1);
    onClear();
  };
  const onTextChange = (value: string) => {
    if (mode === 'manual') {
      onCodeChange(value);
      return;
    }
    setText(value);
    setIsOpen(true);
    setActive(-1);
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
  return {
    mode,
    selected,
    text,
    active,
    search,
    options,
    isListShown,
    activeOption,
    open: () => setIsOpen(true),
    close,
    choose,
    clearChoice,
    onTextChange,
    onKeyDown,
  };
}
