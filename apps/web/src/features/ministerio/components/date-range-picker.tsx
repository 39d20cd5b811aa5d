import { useEffect, useId, useLayoutEffect, useRef, useState, type CSSProperties } from 'react';
import { DayPicker, type DateRange } from 'react-day-picker';
import { es } from 'react-day-picker/locale';
import { format, isValid, parse, subMonths } from 'date-fns';
import { CalendarDays, X } from 'lucide-react';
import 'react-day-picker/style.css';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { cn } from '../../../lib/cn';

const ISO = 'yyyy-MM-dd';
const DMY = 'dd/MM/yyyy';
/** Below this viewport width the calendar shows one month, so it fits a phone. */
const TWO_MONTHS_MIN_PX = 700;
/** Room kept between the calendar and the viewport's edge. */
const EDGE_PX = 8;
/** The calendar in the product's colours (react-day-picker reads these CSS variables on its root). */
const BRAND_COLORS = {
  '--rdp-accent-color': 'var(--color-brand-600)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-range_middle-background-color': 'var(--color-brand-50)',
} as CSSProperties;
const toDate = (value: string) => (value ? parse(value, ISO, new Date()) : undefined);

/** yyyy-mm-dd → dd/mm/aaaa ('' stays ''). */
export const isoToDmy = (iso: string) => (iso ? format(parse(iso, ISO, new Date()), DMY) : '');

/**
 * What the user typed in a date field, read as dd/mm/aaaa whatever the browser's locale: digits get
 * their slashes as they are typed ('0102' → '01/02'). Returns the text to show and, once it names a real day,
 * its yyyy-mm-dd; `iso` is '' for an empty field and null while incomplete or impossible (31/02/2026).
 */
export function readDmy(typed: string): { text: string; iso: string | null } {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  const text = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
  if (digits.length === 0) return { text: '', iso: '' };
  if (digits.length < 8) return { text, iso: null };
  const date = parse(text, DMY, new Date());
  return { text, iso: isValid(date) && format(date, DMY) === text ? format(date, ISO) : null };
}

/** One end of the range: a text field in dd/mm/aaaa that commits a yyyy-mm-dd (or '') once complete, else reports it invalid when full or left. */
function DmyInput({
  label,
  value,
  className,
  onCommit,
  onInvalid,
  describedBy,
}: {
  label: string;
  value: string;
  className: string;
  onCommit: (iso: string) => void;
  onInvalid: () => void;
  describedBy?: string;
}) {
  const [text, setText] = useState(() => isoToDmy(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setText(isoToDmy(value));
  }
  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={MSG_MINISTERIO.datePlaceholder}
      aria-label={label}
      aria-describedby={describedBy}
      value={text}
      onChange={(e) => {
        const read = readDmy(e.target.value);
        setText(read.text);
        if (read.iso !== null) onCommit(read.iso);
        else if (read.text.length === DMY.length) onInvalid();
      }}
      onBlur={() => readDmy(text).iso === null && onInvalid()}
      className={className}
    />
  );
}

/** The dd/mm/aaaa fields' look (a red border when invalid). */
const INPUT_CLASS =
  'h-10 w-[8.5rem] min-w-[7.5rem] flex-1 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

/**
 * The calendar popup of {@link DateRangePicker}: closed by a click outside the field or Escape, and aligned with the
 * field's right edge when left-aligned it would run past the viewport.
 */
function useCalendarPopup() {
  const [isOpen, setIsOpen] = useState(false);
  const [isAlignedRight, setIsAlignedRight] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
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

  useLayoutEffect(() => {
    if (!isOpen || !popupRef.current || !rootRef.current) return;
    const popup = popupRef.current.getBoundingClientRect();
    const root = rootRef.current.getBoundingClientRect();
    // Left-aligned it would run past the right edge: align it with the field's right edge instead.
    setIsAlignedRight(root.left + popup.width > window.innerWidth - EDGE_PX);
  }, [isOpen]);
  return { isOpen, setIsOpen, isAlignedRight, rootRef, popupRef };
}

/**
 * A date range filter (seed 001 §5, §9): start to end, typed as dd/mm/aaaa (whatever the browser's
 * locale) or picked in a calendar of 2 months (1 on a phone) with weeks starting on Monday. A start after the end
 * is refused with 'La fecha inicial no puede ser posterior a la fecha final.' and not applied; the calendar opens
 * with the current month (or the chosen end) on the right, cannot page into future months, stays inside the
 * viewport, and a day clicked twice is a one-day range instead of clearing it.
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
  const { isOpen, setIsOpen, isAlignedRight, rootRef, popupRef } = useCalendarPopup();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const today = new Date();
  const months = typeof window !== 'undefined' && window.innerWidth < TWO_MONTHS_MIN_PX ? 1 : 2;

  const apply = (range: { from: string; to: string }) => {
    if (range.from && range.to && range.from > range.to) {
      setError(MSG_MINISTERIO.dateRangeReversed);
      return;
    }
    setError(null);
    onChange(range);
  };
  const selected: DateRange | undefined = from || to ? { from: toDate(from), to: toDate(to) } : undefined;
  const onSelect = (range: DateRange | undefined, triggerDate: Date) => {
    // react-day-picker clears the range when its only day is clicked again: keep that day instead.
    const day = format(triggerDate, ISO);
    apply(
      range?.from
        ? { from: format(range.from, ISO), to: range.to ? format(range.to, ISO) : '' }
        : { from: day, to: day },
    );
  };
  const rightMonth = toDate(to) ?? toDate(from) ?? today;

  return (
    <div ref={rootRef} className="relative" data-testid={testId}>
      <span id={`${id}-label`} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </span>
      <div className="flex flex-wrap items-center gap-1" role="group" aria-labelledby={`${id}-label`}>
        <DmyInput
          label={`${label} desde`}
          value={from}
          className={INPUT_CLASS}
          describedBy={error ? errorId : undefined}
          onCommit={(iso) => apply({ from: iso, to })}
          onInvalid={() => setError(MSG_MINISTERIO.dateInvalid)}
        />
        <span aria-hidden="true" className="text-slate-500">
          –
        </span>
        <DmyInput
          label={`${label} hasta`}
          value={to}
          className={INPUT_CLASS}
          describedBy={error ? errorId : undefined}
          onCommit={(iso) => apply({ from, to: iso })}
          onInvalid={() => setError(MSG_MINISTERIO.dateInvalid)}
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
            onClick={() => apply({ from: '', to: '' })}
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-md text-slate-400 hover:bg-slate-100"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
      {isOpen && (
        <div
          ref={popupRef}
          className={cn(
            'absolute z-40 mt-2 w-max max-w-[calc(100vw-1rem)] overflow-x-auto rounded-xl border border-slate-200 bg-white p-3 shadow-lg',
            isAlignedRight ? 'right-0' : 'left-0',
          )}
          role="dialog"
          aria-label={label}
        >
          <DayPicker
            mode="range"
            numberOfMonths={months}
            weekStartsOn={1}
            locale={es}
            selected={selected}
            onSelect={onSelect}
            defaultMonth={subMonths(rightMonth, months - 1)}
            endMonth={today}
            style={BRAND_COLORS}
          />
        </div>
      )}
    </div>
  );
}
