import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { client, startTestApp, TERCERO, type TTestApp } from '../../../test/helpers.ts';

/** Real SMTP (issue 3 "Mail"): SMTP_URL points at a local smtp-server; the test reads what arrives. */
type TReceived = { from: string; to: string[]; raw: string };
const received: TReceived[] = [];
let smtp: SMTPServer;
let t: TTestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
  const address = smtp.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Radica <no-reply@radica.test>' });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((ok) => smtp?.close(() => ok()));
});

async function waitFor(to: string, pattern: RegExp, timeoutMs = 5000): Promise<TReceived> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = [...received].reverse().find((r) => r.to.includes(to) && pattern.test(r.raw));
    if (m) return m;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('mail over SMTP', () => {
  it('registers with the code from SMTP, then delivers an HTML + text reset e-mail with an 8-digit code', async () => {
    const email = 'smtp@example.co';
    const c = client(t.url);
    expect((await c.get('/api/info')).body.data.mail).toBe('smtp');
    expect((await c.get(`/api/dev/mail?to=${email}`)).status).toBe(404);

    await c.post('/api/Email/send-verification-code', { email });
    const verification = await waitFor(email, /verificaci/i);
    const code = /\b(\d{6})\b/.exec(verification.raw.split(/\r?\n\r?\n/).slice(1).join('\n'))![1]!;
    const v = await c.post('/api/Email/verify-code', { email, code });
    expect(v.status).toBe(200);
    const reg = await c.post('/api/Auth/registration', {
      terceroData: TERCERO('901019681'),
      credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: v.body.data.verificationToken },
    });
    expect(reg.status).toBe(200);

    const forgot = await c.post('/api/Auth/forgot-password', { email });
    expect(forgot.body.message).toBe(MSG_CUENTAS.forgotPasswordSent);
    const mail = await waitFor(email, /multipart\/alternative/i);
    expect(mail.from).toBe('no-reply@radica.test');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    const resetCode = /\n {4}(\d{8})\s*\r?\n/.exec(mail.raw)?.[1];
    expect(resetCode).toMatch(/^\d{8}$/);
    const reset = await c.post('/api/Auth/reset-password', { email, resetCode, newPassword: 'NuevaClave2026' });
    expect(reset.status).toBe(200);
    expect((await c.post('/api/Auth/login', { email, password: 'NuevaClave2026' })).status).toBe(200);
  });
});
