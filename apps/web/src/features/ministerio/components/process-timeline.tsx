import { Check, X } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { TimelineStep } from '../utils/timeline';

/** The document's process steps with a progress bar (seed 001 §2). */
export function ProcessTimeline({ steps, progress }: { steps: TimelineStep[]; progress: number }) {
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <div
          role="progressbar"
          aria-label="Progreso del reporte"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
        >
          <div
            className="h-full rounded-full bg-brand-500 transition-all"
            style={{ width: `${progress}%` }}
          />
        </div>
        <span className="w-10 text-right text-xs font-medium text-slate-500">{progress}%</span>
      </div>
      <ol className="grid gap-3 sm:grid-cols-5">
        {steps.map((step, index) => (
          <li
            key={step.key}
            className="flex items-center gap-2 sm:flex-col sm:text-center"
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span
              className={cn(
                'flex size-8 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                step.state === 'complete' && 'bg-brand-600 text-white',
                step.state === 'failed' && 'bg-red-600 text-white',
                step.state === 'current' && 'bg-white text-brand-700 ring-2 ring-brand-500',
                step.state === 'upcoming' && 'bg-slate-100 text-slate-600',
              )}
            >
              {step.state === 'complete' ? (
                <Check aria-hidden="true" className="size-4" />
              ) : step.state === 'failed' ? (
                <X aria-hidden="true" className="size-4" />
              ) : (
                index + 1
              )}
            </span>
            <span
              className={cn(
                'text-xs font-medium',
                step.state === 'upcoming' ? 'text-slate-500' : 'text-slate-700',
              )}
            >
              {step.label}
              <span className="sr-only">
                {step.state === 'complete'
                  ? ' (completado)'
                  : step.state === 'failed'
                    ? ' (con errores)'
                    : step.state === 'current'
                      ? ' (siguiente)'
                      : ''}
              </span>
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
