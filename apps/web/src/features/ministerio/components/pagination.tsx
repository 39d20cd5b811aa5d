import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { getPageWindow } from '../utils/page-window';

export function Pagination({
  page,
  totalPages,
  onChange,
}: {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const base =
    'inline-flex h-9 min-w-9 items-center justify-center rounded-md px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40';
  return (
    <nav aria-label="Paginación" className="flex flex-wrap items-center gap-1">
      <button
        type="button"
        className={cn(base, 'hover:bg-slate-100')}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Página anterior"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
      </button>
      {getPageWindow(page, totalPages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            onClick={() => onChange(item)}
            aria-label={`Página ${item}`}
            aria-current={item === page ? 'page' : undefined}
            className={cn(
              base,
              item === page ? 'bg-brand-600 font-semibold text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ),
      )}
      <button
        type="button"
        className={cn(base, 'hover:bg-slate-100')}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Página siguiente"
      >
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
