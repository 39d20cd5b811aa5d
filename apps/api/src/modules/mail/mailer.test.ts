import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { client, startSmtpSink, startTestApp, TERCERO, type TSunkMail, type TTestApp } from '../../../test/helpers.ts';

/** Real SMTP: SMTP_URL points at a local smtp-server; the test reads what arrives. */
type TReceived = TSunkMail<string>;
let sink: Awaited<ReturnType<typeof startSmtpSink<string>>>;
let received: TReceived[] = [];
let t: TTestApp;

beforeAll(async () => {
  sink = await startSmtpSink<string>();
  received = sink.received;
  t = await startTestApp({ smtpUrl: sink.url, mailFrom: 'Radica <no-reply@radica.test>' });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function waitFor(to: string, pattern: RegExp, timeoutMs = 5000): Promise<TReceived> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const m = [...received].reverse().find((r) => r.to.includes(to) && pattern.test(r.mail));
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
    const code = /\b(\d{6})\b/.exec(verification.mail.split(/\r?\n\r?\n/).slice(1).join('\n'))![1]!;
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
    expect(mail.mail).toMatch(/Content-Type: text\/plain/i);
    expect(mail.mail).toMatch(/Content-Type: text\/html/i);
    const resetCode = /\n {4}(\d{8})\s*\r?\n/.exec(mail.mail)?.[1];
    expect(resetCode).toMatch(/^\d{8}$/);
    const reset = await c.post('/api/Auth/reset-password', { email, resetCode, newPassword: 'NuevaClave2026' });
    expect(reset.status).toBe(200);
    expect((await c.post('/api/Auth/login', { email, password: 'NuevaClave2026' })).status).toBe(200);
  });
});
