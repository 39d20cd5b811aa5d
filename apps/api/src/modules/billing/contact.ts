import type { TBusinessContactRequest } from '@radica/contracts/payments';
import type { TDeps } from '../../deps.ts';
import { businessContactMail } from '../mail/templates.ts';

/**
 * The Business plan's contact form (seed 002 §1 "priced on request"; issue 11): delivered to SALES_EMAIL through the
 * mailer (SMTP, or the local outbox). Throws when the mail cannot be handed over, so the visitor keeps the form.
 */
export async function sendBusinessContact(deps: Pick<TDeps, 'mailer' | 'config'>, input: Required<TBusinessContactRequest>): Promise<void> {
  await deps.mailer.send({ to: deps.config.salesEmail, ...businessContactMail(input) });
}
