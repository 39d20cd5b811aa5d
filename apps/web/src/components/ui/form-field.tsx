import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

/** aria props tying a control to its error and hint texts. */
export function fieldA11y(id: string, error?: string, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/**
 * Label + control + hint + error. The label holds only the field name (so `getByLabelText('Email')`
 * matches exactly); the required mark sits beside it, hidden from assistive tech.
 */
export function FormField({
  id,
  label,
  error,
  hint,
  required,
  extra,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Placed after the label (a tooltip, a link). */
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <div className="flex items-center gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
        {extra}
      </div>
      {children}
      {hint && (
        <div id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

const controlClasses = (invalid: boolean | undefined, className?: string) =>
  cn(
    'block w-full rounded-lg border bg-white px-3 text-sm text-slate-900 shadow-xs placeholder:text-slate-400',
    'focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
    invalid
      ? 'border-red-400 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-500 focus:ring-brand-100',
    className,
  );

export function Input({ className, ...props }: ComponentProps<'input'>) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return (
    <input
      className={controlClasses(invalid, cn('h-10', props.readOnly && 'bg-slate-50', className))}
      {...props}
    />
  );
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  const invalid = props['aria-invalid'] === true || props['aria-invalid'] === 'true';
  return <select className={controlClasses(invalid, cn('h-10 pr-8', className))} {...props} />;
}
