import { useId } from 'react';
import { Info } from 'lucide-react';

/** A focusable info icon whose text shows on hover or focus and is read as the icon's description. */
export function InfoTooltip({ text, label = 'Más información' }: { text: string; label?: string }) {
  const id = useId();
  return (
    <span className="group relative inline-flex align-middle">
      <button
        type="button"
        aria-label={label}
        aria-describedby={id}
        className="rounded-full text-slate-400 hover:text-brand-600 focus-visible:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <Info aria-hidden="true" className="size-4" />
      </button>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-64 -translate-x-1/2 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {text}
      </span>
    </span>
  );
}
