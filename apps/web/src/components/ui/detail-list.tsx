import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export type DetailItem = { label: string; value: ReactNode; mono?: boolean; testId?: string };

/** Label/value pairs as a description list; empty values read 'No disponible'. */
export function DetailList({ items, columns = 2 }: { items: DetailItem[]; columns?: 1 | 2 | 3 }) {
  return (
    <dl
      className={cn(
        'grid gap-x-6 gap-y-4',
        columns >= 2 && 'sm:grid-cols-2',
        columns === 3 && 'lg:grid-cols-3',
      )}
    >
      {items.map((item) => (
        <div key={item.label} className="min-w-0">
          <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{item.label}</dt>
          <dd
            data-testid={item.testId}
            className={cn('mt-1 break-words text-sm text-slate-900', item.mono && 'font-mono')}
          >
            {item.value === null || item.value === undefined || item.value === '' ? (
              <span className="text-slate-500">No disponible</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
