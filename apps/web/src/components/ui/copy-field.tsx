import { useId, useRef, type ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { copyWithToast } from '../../lib/clipboard';
import { Button } from './button';
import { FormField, Input, fieldA11y } from './form-field';

/**
 * A labelled read-only value with a copy button (an inbound address, a server's fingerprint, a signing secret):
 * focusing the value selects it; the copy says so in a toast, and when the browser refuses it focuses the value so the
 * user can copy it by hand. `actions` go after the copy button (e.g. 'Rotar dirección').
 */
export function CopyField({
  label,
  value,
  hint,
  testId,
  copyText,
  copyAriaLabel,
  messages,
  actions,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
  /** The copy button's visible text. */
  copyText: string;
  /** Its accessible name when several copy buttons share one visible text. */
  copyAriaLabel?: string;
  messages: { ok: string; fail: string };
  actions?: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const onCopy = () => copyWithToast(value, messages, () => inputRef.current?.focus());
  return (
    <FormField id={id} label={label} hint={hint}>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          ref={inputRef}
          {...fieldA11y(id, undefined, Boolean(hint))}
          readOnly
          value={value}
          spellCheck={false}
          data-testid={testId}
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs sm:text-sm"
        />
        <Button variant="secondary" className="shrink-0" aria-label={copyAriaLabel} onClick={() => void onCopy()}>
          <Copy aria-hidden="true" className="size-4" /> {copyText}
        </Button>
        {actions}
      </div>
    </FormField>
  );
}
