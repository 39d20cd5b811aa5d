import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { loginFailures, refreshTokens } from '../../db/schema.ts';
import { client, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/** Concurrent refreshes (docs/decisions/003), reuse after the grace, per-account lockout. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ refreshRaceGraceS: 1, loginLockoutMaxFailures: 10, loginLockoutWindowS: 900 });
});
afterAll(async () => t?.close());

describe('two concurrent refreshes', () => {
  it('gives one tab the new token and the other 409 REFRESH_RACE without ending the session', async () => {
    const { login } = await registerAndLogin(t.url, 'race@example.co', '901019681');
    const c = client(t.url);
    const body = { refreshToken: login.refreshToken, validator: login.tenant.validator };
    const [a, b] = await Promise.all([c.post('/api/Auth/refresh', body), c.post('/api/Auth/refresh', body)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body).toMatchObject({ success: false, code: 'REFRESH_RACE', message: MSG_CUENTAS.refreshRace });
    expect(loser.headers.get('set-cookie') ?? '').not.toMatch(/radica_rt=;/);
    const next = await c.post('/api/Auth/refresh', { refreshToken: winner.body.data.refreshToken, validator: login.tenant.validator });
    expect(next.status).toBe(200);
  });

  it('treats the same token after the grace as reuse and revokes the whole chain', async () => {
    const { login } = await registerAndLogin(t.url, 'reuse@example.co', '901019681');
    const c = client(t.url);
    const r1 = await c.post('/api/Auth/refresh', { refreshToken: login.refreshToken });
    expect(r1.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1200));
    const reuse = await c.post('/api/Auth/refresh', { refreshToken: login.refreshToken });
    expect(reuse.status).toBe(401);
    expect(reuse.body).toMatchObject({ code: 'REFRESH_REUSED', message: MSG_CUENTAS.refreshReuse });
    expect((await c.post('/api/Auth/refresh', { refreshToken: r1.body.data.refreshToken })).status).toBe(401);
    const rows = await t.app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, login.user.id));
    expect(rows.every((r) => r.revokedAt)).toBe(true);
  });

  it('keeps the absolute expiry of the chain on every rotation', async () => {
    const { login } = await registerAndLogin(t.url, 'absolute@example.co', '901019681');
    const c = client(t.url);
    const r1 = await c.post('/api/Auth/refresh', { refreshToken: login.refreshToken });
    const r2 = await c.post('/api/Auth/refresh', { refreshToken: r1.body.data.refreshToken });
    expect(r2.body.data.refreshTokenExpiry).toBe(login.refreshTokenExpiry);
    await t.app.deps.db.update(refreshTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(refreshTokens.userId, login.user.id));
    expect((await c.post('/api/Auth/refresh', { refreshToken: r2.body.data.refreshToken })).status).toBe(401);
  });
});

describe('per-account login lockout', () => {
  it('answers 429 with the seed text and Retry-After after 10 failures in 15 minutes, even with the right password', async () => {
    const email = 'lockout@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    for (let i = 0; i < 10; i++) {
      const r = await c.post('/api/Auth/login', { email, password: `Equivocada-${i}` });
      expect(r.status).toBe(401);
      expect(r.body.message).toBe(MSG.http401);
    }
    const locked = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ success: false, code: 'ACCOUNT_LOCKED', message: MSG.http429 });
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);

    // Failures older than the window no longer count.
    await t.app.deps.db.update(loginFailures).set({ failedAt: new Date(Date.now() - 16 * 60_000) }).where(eq(loginFailures.email, email));
    const ok = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
    expect(ok.status).toBe(200);
    expect(await t.app.deps.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toHaveLength(0);
  });

  it('locks unknown e-mails the same way (no account enumeration) and does not lock other accounts', async () => {
    const c = client(t.url);
    for (let i = 0; i < 10; i++) await c.post('/api/Auth/login', { email: 'fantasma@example.co', password: 'Equivocada-1' });
    expect((await c.post('/api/Auth/login', { email: 'fantasma@example.co', password: 'Equivocada-1' })).status).toBe(429);
    await registerAndLogin(t.url, 'vecino@example.co', '901019681');
    expect((await c.post('/api/Auth/login', { email: 'vecino@example.co', password: 'Clave-Segura-2026' })).status).toBe(200);
  });

  it('rate-limits login per address with the seed 429 text and Retry-After', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const c = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await c.post('/api/Auth/login', { email: `x${i}@example.co`, password: 'Equivocada-1' })).status);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
      const last = await c.post('/api/Auth/login', { email: 'y@example.co', password: 'Equivocada-1' });
      expect(last.body.message).toBe(MSG.http429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});
