import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import { format, parse } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import 'react-day-picker/style.css';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { cn } from '../../../lib/cn';

const ISO = 'yyyy-MM-dd';
/** The calendar in the product's colours (react-day-picker reads these CSS variables on its root). */
const BRAND_COLORS = {
  '--rdp-accent-color': 'var(--color-brand-600)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-range_middle-background-color': 'var(--color-brand-50)',
} as CSSProperties;
const toDate = (value: string) => (value ? parse(value, ISO, new Date()) : undefined);

/**
 * A date range filter (seed 001 §5, §9): start to end in yyyy-mm-dd, a picker of 2 months with weeks
 * starting on Monday. The typed inputs stay usable without the calendar.
 */
export function DateRangePicker({
  label,
  from,
  to,
  onChange,
  testId,
}: {
  label: string;
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
  testId?: string;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onDown = (event: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setIsOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setIsOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [isOpen]);

  const selected: DateRange | undefined = from || to ? { from: toDate(from), to: toDate(to) } : undefined;
  const onSelect = (range: DateRange | undefined) => {
    onChange({
      from: range?.from ? format(range.from, ISO) : '',
      to: range?.to ? format(range.to, ISO) : '',
    });
  };
  const inputClass =
    'h-10 min-w-[8.5rem] flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30';

  return (
    <div ref={rootRef} className="relative" data-testid={testId}>
      <span id={`${id}-label`} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-labelledby={`${id}-label`}>
        <input
          type="date"
          aria-label={`${label} desde`}
          value={from}
          max={to || undefined}
          onChange={(e) => onChange({ from: e.target.value, to })}
          className={inputClass}
        />
        <span aria-hidden="true" className="text-slate-400">
          –
        </span>
        <input
          type="date"
          aria-label={`${label} hasta`}
          value={to}
          min={from || undefined}
          onChange={(e) => onChange({ from, to: e.target.value })}
          className={inputClass}
        />
        <button
          type="button"
          aria-label={`${MSG_MINISTERIO.pickRange}: ${label}`}
          aria-expanded={isOpen}
          onClick={() => setIsOpen((v) => !v)}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 text-slate-600 hover:bg-slate-50"
        >
          <CalendarDays aria-hidden="true" className="size-4" />
        </button>
        {(from || to) && (
          <button
            type="button"
            aria-label={`Quitar ${label}`}
            onClick={() => onChange({ from: '', to: '' })}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {isOpen && (
        <div
          className={cn(
            'absolute z-40 mt-2 w-max max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-3 shadow-lg',
            'left-0',
          )}
          role="dialog"
          aria-label={label}
        >
          <DayPicker
            mode="range"
            numberOfMonths={2}
            weekStartsOn={1}
            locale={es}
            selected={selected}
            onSelect={onSelect}
            defaultMonth={toDate(from) ?? new Date()}
            style={BRAND_COLORS}
          />
        </div>
      )}
    </div>
  );
}
