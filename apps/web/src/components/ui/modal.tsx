import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * The dialog's focus while `isOpen`: it moves to the dialog, Tab and Shift+Tab cycle inside it, Escape calls the
 * latest `onClose`, and on close it returns to the element focused before.
 */
function useDialogFocus(isOpen: boolean, dialogRef: RefObject<HTMLDivElement | null>, onClose: () => void) {
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!isOpen) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const focusables = () =>
      dialog
        ? Array.from(
            dialog.querySelectorAll<HTMLElement>(
              'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])',
            ),
          )
        : [];
    dialog?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        const items = focusables();
        const first = items[0];
        const last = items[items.length - 1];
        if (!first || !last) return;
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      previous?.focus();
    };
  }, [isOpen, dialogRef]);
}

/**
 * An accessible dialog: role="dialog", labelled by its title, Escape and the X close it, focus moves
 * to it on open (so its title is read first) and returns to the previously focused element on close, Tab stays inside.
 * `placement="right"` shows it as a full-height side panel (seed 001 §2) with the same behaviour.
 */
export function Modal({
  isOpen,
  title,
  onClose,
  children,
  footer,
  tone = 'default',
  placement = 'center',
  className,
}: {
  isOpen: boolean;
  title: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  tone?: 'default' | 'warning' | 'error';
  placement?: 'center' | 'right';
  className?: string;
}) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useDialogFocus(isOpen, dialogRef, onClose);

  if (!isOpen) return null;
  return (
    <div
      className={cn(
        'fixed inset-0 z-50 flex',
        placement === 'right' ? 'justify-end bg-slate-900/40' : 'items-center justify-center bg-slate-900/50 p-4',
      )}
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          placement === 'right'
            ? 'flex h-full w-full max-w-xl flex-col bg-white shadow-2xl outline-none'
            : 'flex max-h-[90vh] w-full max-w-lg flex-col rounded-xl bg-white shadow-xl outline-none',
          className,
        )}
      >
        <div
          className={cn(
            'flex items-start justify-between gap-4 border-b px-5 py-4',
            tone === 'error'
              ? 'border-red-100'
              : tone === 'warning'
                ? 'border-amber-100'
                : 'border-slate-200',
          )}
        >
          <h2
            id={titleId}
            className={cn(
              'text-lg font-semibold',
              tone === 'error' ? 'text-red-700' : tone === 'warning' ? 'text-amber-700' : 'text-slate-900',
            )}
          >
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label="Cerrar"
            className="rounded-md p-1 text-slate-400 hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <div
          className={cn(
            'overflow-y-auto px-5 py-4 text-sm text-slate-700',
            placement === 'right' && 'flex-1 space-y-5',
          )}
        >
          {children}
        </div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
        )}
      </div>
    </div>
  );
}
