import { MSG_LEGAL } from '@radica/contracts/messages-legal';
import { cn } from '../lib/cn';

const LINK =
  'font-medium text-brand-700 underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:text-brand-300';

/** One of the legal pages, opened in a new tab so the form being filled in is not lost. */
function LegalLink({ to, children }: { to: string; children: string }) {
  return (
    <a href={to} target="_blank" rel="noopener" className={LINK}>
      {children}
      <span className="sr-only"> (se abre en una pestaña nueva)</span>
    </a>
  );
}

/**
 * 'Al registrarte aceptas los Términos y condiciones y la Política de privacidad.' (seed 000 §2 registration links;
 *) or the purchase's 'Al pagar aceptas…'. The server records the version in force when the account is
 * created or the sale is started (apps/api/src/modules/legal).
 */
export function LegalConsent({ action, className }: { action: 'registro' | 'compra'; className?: string }) {
  return (
    <p data-testid="legal-consent" className={cn('text-xs text-slate-600', className)}>
      {action === 'registro' ? MSG_LEGAL.registroAcepta : MSG_LEGAL.compraAcepta}{' '}
      <LegalLink to="/terms">{MSG_LEGAL.terminosLink}</LegalLink> {MSG_LEGAL.y}{' '}
      <LegalLink to="/privacy">{MSG_LEGAL.privacidadLink}</LegalLink>
      {action === 'compra' ? ' de Radica.' : '.'}
    </p>
  );
}
