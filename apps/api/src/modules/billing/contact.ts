import { MSG_CONTACTO } from '@radica/contracts/messages-contacto';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import type { TBusinessContactRequest } from '@radica/contracts/payments';
import type { TDeps } from '../../deps.ts';
import { businessContactMail } from '../mail/templates.ts';

/** The acknowledgement to the requester (contracts MSG_CONTACTO): fixed text, none of the form's values. */
export function businessContactAckMail() {
  const paragraphs = [MSG_CORREO.respuestaSaludo, ...MSG_CONTACTO.acuseCuerpo, MSG_CONTACTO.acuseDespedida];
  return {
    subject: MSG_CONTACTO.acuseAsunto,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f2937">${paragraphs
      .map((p) => `<p>${p}</p>`)
      .join('')}</body></html>`,
  };
}

/**
 * The Business plan's contact form (seed 002 §1 "priced on request"): delivered to SALES_EMAIL through the
 * mailer (SMTP, or the local outbox), then acknowledged to the requester. Throws when the sales mail cannot
 * be handed over, so the visitor keeps the form; a failed acknowledgement is only logged (sales has the request).
 */
export async function sendBusinessContact(deps: Pick<TDeps, 'mailer' | 'config' | 'log'>, input: Required<TBusinessContactRequest>): Promise<void> {
  await deps.mailer.send({ to: deps.config.salesEmail, ...businessContactMail(input) });
  await deps.mailer
    .send({ to: input.email, ...businessContactAckMail() })
    .catch((err: unknown) => deps.log.warn({ err: String(err) }, 'business contact acknowledgement not sent'));
}
