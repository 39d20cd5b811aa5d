import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { RotateCw } from 'lucide-react';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { cn } from '../../../lib/cn';

export type TSugerencia = { codigo: string; nombre: string; detalle?: string };

/**
 * The search behind {@link Autocompletar}: each `query` of 2+ characters is searched after 250 ms of quiet (a newer
 * keystroke aborts the older search); `intento` is bumped to run the same search again. The suggestions open only if
 * the input still has the focus when they come.
 */
function useSugerencias(buscar: (texto: string, signal: AbortSignal) => Promise<TSugerencia[]>, inputRef: RefObject<HTMLInputElement | null>) {
  const [items, setItems] = useState<TSugerencia[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [query, setQuery] = useState<string | null>(null);
  /** What the last search said besides suggestions: it failed, or it found nothing for that text. */
  const [aviso, setAviso] = useState<{ tipo: 'error' | 'vacio'; texto: string } | null>(null);
  /** Bumped by 'Reintentar' to run the same search again. */
  const [intento, setIntento] = useState(0);
  const buscarRef = useRef(buscar);
  useEffect(() => {
    buscarRef.current = buscar;
  });

  useEffect(() => {
    if (query === null || query.trim().length < 2) return;
    const controller = new AbortController();
    const texto = query.trim();
    const timer = setTimeout(() => {
      buscarRef
        .current(texto, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setActive(0);
          const focused = document.activeElement === inputRef.current;
          // an answer that comes after the clerk moved on (Tab) opens nothing
          setOpen(found.length > 0 && focused);
          setAviso(found.length === 0 && focused ? { tipo: 'vacio', texto } : null);
        })
        .catch(() => {
          // a search replaced by a newer keystroke is not a failure
          if (controller.signal.aborted) return;
          setOpen(false);
          setAviso({ tipo: 'error', texto });
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, intento, inputRef]);
  return { items, open, setOpen, active, setActive, setQuery, aviso, setAviso, setIntento };
}

/**
 * A text input with suggestions (CUPS, CIE-10, DIVIPOLA, country, patient and medication searches): what is
 * typed is the value (a clerk who knows the code types it and moves on with Tab); after 2 characters and a short pause
 * the suggestions are fetched; ArrowDown / ArrowUp move, Enter chooses, Escape closes. A search never fails silently:
 * a failed one says so under the field with 'Reintentar' (the typed value stays), and one that finds nothing says so
 * while the field has the focus.
 */
export function Autocompletar({
  id,
  value,
  onChange,
  buscar,
  onElegir,
  invalid,
  describedBy,
  label,
  inputClassName,
}: {
  id: string;
  value: string;
  onChange: (text: string) => void;
  buscar: (texto: string, signal: AbortSignal) => Promise<TSugerencia[]>;
  /** Called with the chosen suggestion (default: its code becomes the value). */
  onElegir?: (s: TSugerencia) => void;
  invalid?: boolean;
  describedBy?: string;
  label: string;
  inputClassName?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { items, open, setOpen, active, setActive, setQuery, aviso, setAviso, setIntento } = useSugerencias(buscar, inputRef);
  const avisoId = `${id}-busqueda`;

  const elegir = (s: TSugerencia) => {
    if (onElegir) onElegir(s);
    else onChange(s.codigo);
    setOpen(false);
    setQuery(null);
    setAviso(null);
  };
  const reintentar = () => {
    setAviso(null);
    setQuery((q) => q ?? value);
    setIntento((n) => n + 1);
    inputRef.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!open || items.length === 0) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => Math.min(items.length - 1, a + 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      elegir(items[active]!);
    } else if (e.key === 'Escape') {
      e.stopPropagation();
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        aria-label={label}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={[aviso ? avisoId : null, describedBy].filter(Boolean).join(' ') || undefined}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setQuery(e.target.value);
          setAviso(null);
          if (e.target.value.trim().length < 2) setOpen(false);
        }}
        onKeyDown={onKeyDown}
        onBlur={() =>
          setTimeout(() => {
            setOpen(false);
            // "nothing found" is a hint while typing; a failure stays until it is retried
            setAviso((a) => (a?.tipo === 'vacio' ? null : a));
          }, 150)
        }
        className={inputClassName}
      />
      {aviso?.tipo === 'error' && (
        <p id={avisoId} role="alert" className="mt-1 text-[11px] text-red-700 [overflow-wrap:anywhere]">
          {MSG_RIPS.busquedaFallida}{' '}
          {/* out of the Tab order, like the findings' 'Cómo corregir': a clerk tabbing from field to field never stops on
              it (typing in the field searches again too) */}
          <button type="button" tabIndex={-1} onClick={reintentar} className="inline-flex items-center gap-0.5 font-medium text-brand-700 underline">
            <RotateCw aria-hidden="true" className="size-3" /> Reintentar
          </button>
        </p>
      )}
      {aviso?.tipo === 'vacio' && (
        <p id={avisoId} role="status" className="mt-1 text-[11px] text-slate-600 [overflow-wrap:anywhere]">
          {MSG_RIPS.busquedaSinResultados(aviso.texto)}
        </p>
      )}
      {open && <ListaSugerencias id={listId} items={items} active={active} onElegir={elegir} />}
    </div>
  );
}

/** The open list of suggestions; a click chooses without taking the focus from the input. */
function ListaSugerencias({ id, items, active, onElegir }: { id: string; items: TSugerencia[]; active: number; onElegir: (s: TSugerencia) => void }) {
  return (
    <ul id={id} role="listbox" className="absolute z-30 mt-1 max-h-56 w-full min-w-64 overflow-auto rounded-md border border-slate-200 bg-white py-1 text-xs shadow-lg">
      {items.map((s, i) => (
        <li
          key={`${s.codigo}-${i}`}
          role="option"
          aria-selected={i === active}
          onMouseDown={(e) => {
            e.preventDefault();
            onElegir(s);
          }}
          className={cn('cursor-pointer px-2 py-1', i === active ? 'bg-brand-50 text-brand-800' : 'text-slate-700')}
        >
          <span className="font-mono font-medium">{s.codigo}</span> {s.nombre}
          {s.detalle && <span className="text-slate-400"> · {s.detalle}</span>}
        </li>
      ))}
    </ul>
  );
}
