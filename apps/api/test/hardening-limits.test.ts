import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { emailCodes, loginFailures } from '../src/db/schema.ts';
import { client, codeFromOutbox, mailedCode, outbox, registerAndLogin, startTestApp, type TTestApp } from './helpers.ts';

/** What a client can do by lying about its address, racing, or targeting someone else. */

/** Headers of a request that claims to come through a proxy for `ip`. */
const via = (ip: string) => ({ 'x-forwarded-for': ip });

describe('per-IP limits and X-Forwarded-For', () => {
  let plain: TTestApp;
  let proxied: TTestApp;
  beforeAll(async () => {
    plain = await startTestApp({ rateLimitScale: 1 });
    proxied = await startTestApp({ rateLimitScale: 1, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await plain?.close();
    await proxied?.close();
  });

  it('by default a client cannot reset its per-IP limit by sending a new X-Forwarded-For each time', async () => {
    const c = client(plain.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/Auth/forgot-password', { email: `xff${i}@example.co` }, via(`203.0.113.${i + 1}`))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('behind a configured proxy (TRUST_PROXY) each forwarded client has its own limit', async () => {
    const c = client(proxied.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/Auth/forgot-password', { email: `px${i}@example.co` }, via(`198.51.100.${i + 1}`))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });
});

describe('code try limits under concurrency', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimitScale: 1000 });
  });
  afterAll(async () => t?.close());

  const attemptsOf = async (email: string, purpose: string) => {
    const [row] = await t.app.deps.db
      .select({ attempts: emailCodes.attempts, usedAt: emailCodes.usedAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)));
    return row!;
  };
  const wrongOf = (code: string, digits: number) => String((Number(code) + 1) % 10 ** digits).padStart(digits, '0');

  it('100 concurrent guesses of an e-mail verification code evaluate at most 5; the right code is refused after', async () => {
    const email = 'carrera-registro@example.co';
    const c = client(t.url);
    await c.post('/api/Email/send-verification-code', { email });
    const code = await codeFromOutbox(c, email);
    const wrong = wrongOf(code, 6);
    const answers = await Promise.all(Array.from({ length: 100 }, () => c.post('/api/Email/verify-code', { email, code: wrong })));
    expect(answers.filter((a) => a.body.code === 'CODE_WRONG').length).toBeLessThanOrEqual(4);
    expect(answers.every((a) => a.status === 400 || a.status === 429)).toBe(true);
    expect((await attemptsOf(email, 'registration')).attempts).toBe(5);
    const right = await c.post('/api/Email/verify-code', { email, code });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe(MSG.codeTooManyAttempts);
  });

  it('100 concurrent guesses of a password-reset code evaluate at most 5; the right code is refused after', async () => {
    const email = 'carrera-reset@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    await c.post('/api/Auth/forgot-password', { email });
    const code = (await mailedCode(t.url, email, /recuperación/, 8))!;
    const wrong = wrongOf(code, 8);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => c.post('/api/Auth/reset-password', { email, resetCode: wrong, newPassword: 'Adivina-2026!' })),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect(await attemptsOf(email, 'password-reset')).toMatchObject({ attempts: 5, usedAt: null });
    const right = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'Adivina-2026!' });
    expect(right.status).toBe(400);
    expect((await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' })).status).toBe(200);
  });

  it('100 concurrent guesses of a password-change code evaluate at most 5; the right code is refused after', async () => {
    const email = 'carrera-cambio@example.co';
    const { c } = await registerAndLogin(t.url, email, '901019681');
    await c.post('/api/Auth/request-password-change-code', { email });
    const code = (await mailedCode(t.url, email, /cambiar tu contraseña/, 6))!;
    const wrong = wrongOf(code, 6);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => c.post('/api/Auth/verify-password-change-code', { email, verificationCode: wrong, newPassword: 'Adivina-2026!' })),
    );
    expect(answers.every((a) => a.status === 400)).toBe(true);
    expect((await attemptsOf(email, 'password-change')).attempts).toBe(5);
    expect((await c.post('/api/Auth/verify-password-change-code', { email, verificationCode: code, newPassword: 'Adivina-2026!' })).status).toBe(400);
  });
});

describe('nobody can lock someone else out', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimitScale: 1000, trustProxy: ['127.0.0.1'], loginLockoutMaxFailures: 10, loginLockoutAccountMaxFailures: 30 });
  });
  afterAll(async () => t?.close());

  it('ten wrong passwords from one client lock that client only; the owner signs in from another', async () => {
    const email = 'duena@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    for (let i = 0; i < 10; i++) expect((await c.post('/api/Auth/login', { email, password: `Mala-${i}` }, via('203.0.113.66'))).status).toBe(401);
    const locked = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }, via('203.0.113.66'));
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(MSG.http429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    const owner = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }, via('198.51.100.7'));
    expect(owner.status).toBe(200);
  });

  it('100 concurrent wrong passwords from one client check at most 10', async () => {
    const email = 'rafaga@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => c.post('/api/Auth/login', { email, password: `Mala-${i}` }, via('203.0.113.77'))));
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.status === 429).length).toBe(100 - checked);
    const rows = await t.app.deps.db.select().from(loginFailures).where(eq(loginFailures.email, email));
    expect(rows.length).toBe(checked);
  });

  it('failures spread over many clients end in the slower global back-off for the account', async () => {
    const email = 'global@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    for (let i = 0; i < 30; i++) expect((await c.post('/api/Auth/login', { email, password: 'Mala-clave-1' }, via(`192.0.2.${i + 1}`))).status).toBe(401);
    expect((await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }, via('198.51.100.99'))).status).toBe(429);
  });
});

describe('mail flooding and enumeration are bounded per target address', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await startTestApp({ rateLimitScale: 1, trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => t?.close());

  it('send-verification-code: five mails to one address in 15 minutes, whatever client asks', async () => {
    const c = client(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await c.post('/api/Email/send-verification-code', { email: 'blanco@example.co' }, via(`203.0.113.${10 + i}`))).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await outbox(t.url, 'blanco@example.co')).toHaveLength(5);
    // Another address is not affected.
    expect((await c.post('/api/Email/send-verification-code', { email: 'otro@example.co' }, via('203.0.113.50'))).status).toBe(200);
  });

  it('forgot-password: five requests for one address in 15 minutes, whatever client asks, the same for unknown addresses', async () => {
    const c = client(t.url);
    for (const email of ['nadie-aqui@example.co', ' Nadie-Aqui@Example.co ']) {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await c.post('/api/Auth/forgot-password', { email }, via(`198.51.100.${20 + statuses.length + (email.startsWith(' ') ? 10 : 0)}`))).status);
      if (email.startsWith(' ')) expect(statuses).toEqual([200, 200, 429]);
      else expect(statuses).toEqual([200, 200, 200]);
    }
  });

  it('check-email-availability: twenty answers about one address an hour, whatever client asks', async () => {
    const c = client(t.url);
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push((await c.post('/api/Auth/check-email-availability', { email: 'sondeo@example.co' }, via(`192.0.2.${100 + i}`))).status);
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  });
});
