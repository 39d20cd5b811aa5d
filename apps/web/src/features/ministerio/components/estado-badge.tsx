import { cn } from '../../../lib/cn';
import { estadoGroup, estadoLabel, type EstadoGroup } from '../utils/estado';

const TONES: Record<EstadoGroup, string> = {
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  rejected: 'bg-red-50 text-red-700 ring-red-600/20',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  ready: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  processing: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  pending: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  partial: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  unknown: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

/** The status label in a coloured pill; `data-estado` carries the raw status name. */
export function EstadoBadge({ estado, testId }: { estado: string; testId?: string }) {
  return (
    <span
      data-testid={testId}
      data-estado={estado}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[estadoGroup(estado)],
      )}
    >
      {estadoLabel(estado)}
    </span>
  );
}
