import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Check, Stethoscope } from 'lucide-react';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { cn } from '../../../lib/cn';

/** The frame of the purchase pages: brand header (link to the sales page), optional step indicator and title. */
export function CheckoutShell({
  title,
  step,
  children,
}: {
  title?: ReactNode;
  step?: 1 | 2;
  children: ReactNode;
}) {
  return (
    <div className="min-h-full bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex h-16 max-w-6xl items-center px-4">
          <Link
            to="/"
            className="flex items-center gap-2 rounded-md text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300"
          >
            <Stethoscope aria-hidden="true" className="size-6" />
            <span className="text-xl font-bold tracking-tight">Radica</span>
          </Link>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
        {step && <StepIndicator current={step} />}
        {title && <h1 className="mb-6 text-2xl font-semibold text-slate-900">{title}</h1>}
        {children}
      </main>
    </div>
  );
}

const STEPS = [
  { number: 1, label: MSG_PAGOS.pasoDireccion },
  { number: 2, label: MSG_PAGOS.pasoPago },
] as const;

/** seed 002 §2 "A 2-step indicator: 1 billing address, 2 payment"; the current step has aria-current="step". */
export function StepIndicator({ current }: { current: 1 | 2 }) {
  return (
    <nav aria-label="Pasos de la compra" className="mb-6">
      <ol className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {STEPS.map((step, index) => {
          const isCurrent = step.number === current;
          const isDone = step.number < current;
          return (
            <li
              key={step.number}
              aria-current={isCurrent ? 'step' : undefined}
              className="flex items-center gap-2 text-sm"
            >
              {index > 0 && <span aria-hidden="true" className="h-px w-6 bg-slate-300 sm:w-10" />}
              <span
                className={cn(
                  'flex size-7 items-center justify-center rounded-full border text-xs font-semibold',
                  isCurrent && 'border-brand-600 bg-brand-600 text-white',
                  isDone &&
                    'border-brand-600 bg-brand-50 text-brand-700 dark:bg-brand-900 dark:text-brand-200',
                  !isCurrent && !isDone && 'border-slate-300 bg-white text-slate-500',
                )}
              >
                {isDone ? <Check aria-hidden="true" className="size-4" /> : step.number}
              </span>
              <span className={cn(isCurrent ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                {step.label}
                {isDone && <span className="sr-only"> (completado)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
