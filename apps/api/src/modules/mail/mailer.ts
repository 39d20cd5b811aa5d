import nodemailer from 'nodemailer';
import type { TDb } from '../../db/client.ts';
import { insertOutboxMail, listOutboxMail } from './repository.ts';

/**
 * One message: `headers` are extra header fields (an automatic reply's `Auto-Submitted: auto-replied`), `inReplyTo`
 * the Message-ID it answers (also set as References).
 */
export type TMail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string>; inReplyTo?: string };
export type TMailer = {
  /** 'smtp' when SMTP_URL is set; 'outbox' keeps messages in the database for GET /api/dev/mail. */
  kind: 'smtp' | 'outbox';
  send: (mail: TMail) => Promise<void>;
  /** Outbox only: messages to `to`, newest first. */
  listOutbox: (to: string) => Promise<{ to: string; subject: string; text: string; sentAt: string }[]>;
};

/**
 * Mail through nodemailer. With an SMTP URL messages go to that server; otherwise nodemailer's JSON transport
 * renders the message and it is stored in `mail_outbox` (readable at GET /api/dev/mail).
 */
export function createMailer(opts: { smtpUrl: string | null; from: string; db: TDb }): TMailer {
  const transport = opts.smtpUrl
    ? nodemailer.createTransport(opts.smtpUrl)
    : nodemailer.createTransport({ jsonTransport: true });
  return {
    kind: opts.smtpUrl ? 'smtp' : 'outbox',
    async send(mail) {
      const { inReplyTo, ...rest } = mail;
      const info = await transport.sendMail({ from: opts.from, ...rest, ...(inReplyTo ? { inReplyTo, references: inReplyTo } : {}) });
      if (!opts.smtpUrl) {
        const rendered = JSON.parse(String((info as { message: string }).message)) as { subject: string; text: string };
        await insertOutboxMail(opts.db, { to: mail.to.toLowerCase(), subject: rendered.subject, text: rendered.text, html: mail.html ?? null });
      }
    },
    async listOutbox(to) {
      const rows = await listOutboxMail(opts.db, to.toLowerCase(), 50);
      return rows.map((r) => ({ to: r.to, subject: r.subject, text: r.text, sentAt: r.sentAt.toISOString() }));
    },
  };
}
