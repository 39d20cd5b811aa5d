import { useId } from 'react';

/**
 * A labelled checkbox with its help text (settings switches). The box is 20 px and the label around it makes the
 * target at least 24 × 24 px (WCAG 2.2 2.5.8).
 */
export function CheckboxField({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <label htmlFor={id} className="flex min-h-6 min-w-6 shrink-0 items-center justify-center">
        <input
          id={id}
          type="checkbox"
          className="size-5 rounded border-slate-300 text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60"
          checked={checked}
          disabled={disabled}
          aria-describedby={help ? `${id}-help` : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
      </label>
      <div className="pt-0.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {help && (
          <p id={`${id}-help`} className="text-xs text-slate-500">
            {help}
          </p>
        )}
      </div>
    </div>
  );
}
