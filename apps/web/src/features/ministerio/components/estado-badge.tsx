import {
  Ban,
  CheckCircle2,
  Clock,
  FileClock,
  FilePen,
  HelpCircle,
  Loader2,
  Send,
  XCircle,
} from 'lucide-react';
import { cn } from '../../../lib/cn';
import { estadoGroup, estadoGroupLabel, estadoLabel, isErrorEstado, type EstadoGroup } from '../utils/estado';

const TONES: Record<EstadoGroup, string> = {
  accepted: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20',
  rejected: 'bg-red-50 text-red-700 ring-red-600/20',
  cancelled: 'bg-slate-100 text-slate-600 ring-slate-500/20',
  ready: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  processing: 'bg-indigo-50 text-indigo-700 ring-indigo-600/20',
  pending: 'bg-sky-50 text-sky-700 ring-sky-600/20',
  partial: 'bg-amber-50 text-amber-800 ring-amber-600/20',
  draft: 'bg-slate-50 text-slate-600 ring-slate-500/20',
  unknown: 'bg-slate-100 text-slate-600 ring-slate-500/20',
};

const ICONS: Record<EstadoGroup, typeof CheckCircle2> = {
  accepted: CheckCircle2,
  rejected: XCircle,
  cancelled: Ban,
  ready: Send,
  processing: Loader2,
  pending: Clock,
  partial: FileClock,
  draft: FilePen,
  unknown: HelpCircle,
};

/** The status label in a coloured pill; `data-estado` carries the raw status name. */
export function EstadoBadge({ estado, testId }: { estado: string; testId?: string }) {
  const group = estadoGroup(estado);
  return (
    <span
      data-testid={testId}
      data-estado={estado}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[group],
      )}
    >
      {estadoLabel(estado)}
    </span>
  );
}

/**
 * The list's status icon (seed 001 §2 "status icon", §4 normalisation): icon and colour of the display
 * group, the group label beside it, the precise label as a tooltip; ERROR also reads 'Error'.
 */
export function EstadoIcon({ estado, isSending }: { estado: string; isSending?: boolean }) {
  const group = isSending ? 'processing' : estadoGroup(estado);
  const Icon = isSending ? Loader2 : ICONS[group];
  const label = isSending ? 'Enviándose' : estadoGroupLabel(estado);
  // ERROR's label says it already ('Error de envío'); an unknown error status gets '(Error)'.
  const errorSuffix = isErrorEstado(estado) && !/error/i.test(label);
  const title = errorSuffix ? `${label} (Error)` : estadoLabel(estado);
  return (
    <span
      data-testid="estado-fila"
      data-estado={estado}
      title={title}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        TONES[group],
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn('size-3.5', (group === 'processing' || isSending) && 'animate-spin')}
      />
      {label}
      {errorSuffix && !isSending && <span className="sr-only"> (Error)</span>}
    </span>
  );
}
