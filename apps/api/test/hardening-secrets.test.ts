import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { loadConfig } from '../src/config.ts';
import { runAdmin } from '../src/admin/admin-cli.ts';
import { client, codeFromOutbox, mailedCode, operatorHeaders, outbox, registerAndLogin, startTestApp, type TTestApp } from './helpers.ts';

/** What an attacker without the operator's secret or a live session can reach. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

/** The refresh cookie a login set, as a Cookie header. */
const refreshCookieOf = (headers: Headers) => /radica_rt=[^;]+/.exec(headers.get('set-cookie') ?? '')?.[0] ?? '';

describe('no unauthenticated route reveals a mailed code', () => {
  it('the local outbox answers only the operator secret: not anonymous callers, not a signed-in user', async () => {
    const anon = client(t.url);
    await anon.post('/api/Email/send-verification-code', { email: 'victima@example.co' });
    const open = await anon.get('/api/dev/mail?to=victima@example.co');
    expect(open.status).toBe(401);
    expect(open.body.message).toBe(MSG_MINISTERIO.operadorNoAutorizado);
    expect(JSON.stringify(open.body)).not.toMatch(/\d{6}/);
    const forged = await anon.call('GET', '/api/dev/mail?to=victima@example.co', undefined, { 'x-radica-operator': 'A'.repeat(44) });
    expect(forged.status).toBe(401);
    const { c } = await registerAndLogin(t.url, 'curioso@example.co', '901019681');
    expect((await c.get('/api/dev/mail?to=victima@example.co')).status).toBe(401);
    // The operator reads it (what `npm run admin -- mail` does).
    expect((await outbox(t.url, 'victima@example.co'))[0]?.text).toMatch(/\b\d{6}\b/);
  });

  it('npm run admin -- mail EMAIL prints the code through the running server', async () => {
    await client(t.url).post('/api/Email/send-verification-code', { email: 'nuevo@example.co' });
    const code = await codeFromOutbox(client(t.url), 'nuevo@example.co');
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => lines.push(line));
    try {
      expect(await runAdmin(['mail', 'nuevo@example.co'], { ...t.config, port: Number(new URL(t.url).port) })).toBe(0);
      expect(lines.join('\n')).toContain(code);
      expect(await runAdmin(['mail', 'nadie@example.co'], { ...t.config, port: Number(new URL(t.url).port) })).toBe(0);
      expect(lines.at(-1)).toMatch(/No hay correos para nadie@example.co/);
    } finally {
      log.mockRestore();
    }
  });

  it('production refuses to start without SMTP unless MAIL_DEV_OUTBOX=true, and never mounts the simulator or its hooks unasked', () => {
    const wompi = {
      WOMPI_BASE_URL: 'https://production.wompi.co/v1',
      WOMPI_PUBLIC_KEY: 'pub_prod_clave',
      WOMPI_PRIVATE_KEY: 'prv_prod_clave',
      WOMPI_EVENTS_SECRET: 'prod_events_secreto',
      WOMPI_INTEGRITY_SECRET: 'prod_integrity_secreto',
    };
    const keys = { ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'), JWT_SECRET: 'j'.repeat(48) };
    const prod = { NODE_ENV: 'production', MUV_BASE_URL: 'https://muv.example.co', ...keys, ...wompi };
    expect(() => loadConfig(prod)).toThrow(/SMTP_URL/);
    expect(loadConfig({ ...prod, SMTP_URL: 'smtp://mail.example.co:587' }).smtpUrl).toBe('smtp://mail.example.co:587');
    expect(loadConfig({ ...prod, MAIL_DEV_OUTBOX: 'true' }).mailDevOutbox).toBe(true);
    const withSmtp = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.co:587', ...keys, ...wompi };
    expect(() => loadConfig(withSmtp)).toThrow(/MUV_BASE_URL/);
    expect(loadConfig({ ...withSmtp, MUV_BASE_URL: 'https://muv.example.co' }).muvSimulator).toBe(false);
    expect(loadConfig({ ...withSmtp, MUV_SIMULATOR: 'true' }).muvSimulator).toBe(true);
    expect(() => loadConfig({ ...withSmtp, MUV_SIMULATOR: 'true', MUV_SIMULATOR_CONTROL: 'true' })).toThrow(/MUV_SIMULATOR_CONTROL/);
    // The payment gateway: production needs the real one with its four keys, or the explicit trial flag.
    const noGateway = { NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.co:587', MUV_BASE_URL: 'https://muv.example.co', ...keys };
    expect(() => loadConfig(noGateway)).toThrow(/WOMPI_BASE_URL/);
    expect(() => loadConfig({ ...noGateway, WOMPI_BASE_URL: 'https://production.wompi.co/v1' })).toThrow(/WOMPI_PUBLIC_KEY/);
    expect(loadConfig({ ...noGateway, ...wompi })).toMatchObject({ wompiSimulator: false, wompiBaseUrl: 'https://production.wompi.co/v1' });
    expect(loadConfig({ ...noGateway, WOMPI_SIMULATOR: 'true' }).wompiSimulator).toBe(true);
    expect(() => loadConfig({ ...noGateway, WOMPI_SIMULATOR: 'true', WOMPI_SIMULATOR_CONTROL: 'true' })).toThrow(/WOMPI_SIMULATOR_CONTROL/);
    // Every node must share the keys, so production never generates them; the message says how to make them.
    const { ENCRYPTION_KEY: _k, ...sinClave } = { ...prod, SMTP_URL: 'smtp://mail.example.co:587' };
    expect(() => loadConfig(sinClave)).toThrow(/ENCRYPTION_KEY \(32 bytes: `openssl rand -base64 32`\)/);
    const { JWT_SECRET: _j, ...sinJwt } = { ...prod, SMTP_URL: 'smtp://mail.example.co:587' };
    expect(() => loadConfig(sinJwt)).toThrow(/JWT_SECRET .*openssl rand -base64 48/);
    expect(() => loadConfig({ NODE_ENV: 'production', MAIL_DEV_OUTBOX: 'true', MUV_SIMULATOR: 'true', WOMPI_SIMULATOR: 'true' })).toThrow(/ENCRYPTION_KEY .* y JWT_SECRET/);
    // Development keeps the zero-setup defaults.
    expect(loadConfig({})).toMatchObject({ muvSimulator: true, muvSimulatorControl: false, smtpUrl: null, trustProxy: false, wompiSimulator: true, wompiSimulatorControl: false });
  });

  it('a production app with a trial outbox and an https PUBLIC_URL still keeps the outbox and the simulator hooks closed', async () => {
    const prod = await startTestApp({
      env: 'production',
      publicUrl: 'https://radica.example.co',
      mailDevOutbox: true,
      muvSimulator: true,
      muvSimulatorControl: false,
      wompiSimulator: true,
      wompiSimulatorControl: false,
    });
    try {
      const anon = client(prod.url);
      await anon.post('/api/Email/send-verification-code', { email: 'prod@example.co' });
      expect((await anon.get('/api/dev/mail?to=prod@example.co')).status).toBe(401);
      expect((await anon.post('/_sim/muv/_control/fail-next', { status: 503, count: 3 })).status).toBe(404);
      expect((await anon.get('/_sim/muv/_control/stats')).status).toBe(404);
      expect((await anon.post('/_sim/muv/_control/reset', {})).status).toBe(404);
      expect((await anon.get('/_sim/wompi/_control/events')).status).toBe(404);
      expect((await anon.post('/_sim/wompi/_control/fail-next', { mode: '503' })).status).toBe(404);
      expect(await codeFromOutbox(anon, 'prod@example.co')).toMatch(/^\d{6}$/);
      expect(operatorHeaders(prod.url)).toBeTruthy();
    } finally {
      await prod.close();
    }
  });
});

describe('the refresh token never reaches page script', () => {
  it('a refresh authenticated by the cookie answers refreshToken "" whatever the headers and body carry', async () => {
    const email = 'cookie@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    const login = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }, { 'x-radica-client': 'web' });
    expect(login.body.data.refreshToken).toBe('');
    let cookie = refreshCookieOf(login.headers);
    expect(cookie).toMatch(/^radica_rt=.{20,}/);
    const variants: Array<[unknown, Record<string, string>]> = [
      [undefined, {}],
      [{}, {}],
      [{ validator: login.body.data.tenant.validator }, {}],
      [{ refreshToken: '' }, { 'x-radica-client': 'api' }],
      [undefined, { 'x-radica-client': 'mobile', accept: 'application/json' }],
    ];
    for (const [body, headers] of variants) {
      const res = await c.call('POST', '/api/Auth/refresh', body, { cookie, ...headers });
      expect(res.status).toBe(200);
      expect(res.body.data.refreshToken).toBe('');
      expect(res.body.data.accessToken).toBeTruthy();
      cookie = refreshCookieOf(res.headers);
    }
  });

  it('an API client that sends its refresh token in the body gets the rotated one in the body', async () => {
    const { login } = await registerAndLogin(t.url, 'apiclient@example.co', '901019681');
    const res = await client(t.url).post('/api/Auth/refresh', { refreshToken: login.refreshToken });
    expect(res.status).toBe(200);
    expect(res.body.data.refreshToken).toMatch(/^[\w-]{40,}$/);
  });
});

describe('logout and password changes end access at once (ASVS 7.4.1/7.4.3)', () => {
  it('after logout the same access token is refused on the very next call', async () => {
    const { c, login } = await registerAndLogin(t.url, 'salida@example.co', '901019681');
    expect((await c.get('/api/Auth/productos-comprados')).status).toBe(200);
    const out = await c.post('/api/Auth/logout', { refreshToken: login.refreshToken });
    expect(out.status).toBe(200);
    const after = await c.get('/api/Auth/productos-comprados');
    expect(after.status).toBe(401);
    expect(after.body.message).toBe(MSG.sessionExpired);
    expect((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 10, estado: '' })).status).toBe(401);
  });

  it('a logout that sends only the access token (no cookie, no body) still ends that session', async () => {
    const { c } = await registerAndLogin(t.url, 'salida2@example.co', '901019681');
    expect((await c.post('/api/Auth/logout')).status).toBe(200);
    expect((await c.get('/api/Auth/productos-comprados')).status).toBe(401);
  });

  it('a password reset refuses every access token of the account at once', async () => {
    const email = 'reset-sesion@example.co';
    const { c } = await registerAndLogin(t.url, email, '901019681');
    const other = client(t.url);
    const second = await other.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
    other.setSession(second.body.data.accessToken, second.body.data.tenant.validator);
    expect((await other.get('/api/Auth/productos-comprados')).status).toBe(200);
    await client(t.url).post('/api/Auth/forgot-password', { email });
    const code = (await mailedCode(t.url, email, /recuperación/, 8))!;
    const reset = await client(t.url).post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'Otra-Clave-2026!' });
    expect(reset.status).toBe(200);
    expect((await c.get('/api/Auth/productos-comprados')).status).toBe(401);
    expect((await other.get('/api/Auth/productos-comprados')).status).toBe(401);
  });

  it('a password change keeps the caller signed in and refuses the other sessions at once', async () => {
    const email = 'cambio-sesion@example.co';
    const { c } = await registerAndLogin(t.url, email, '901019681');
    const other = client(t.url);
    const second = await other.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
    other.setSession(second.body.data.accessToken, second.body.data.tenant.validator);
    await c.post('/api/Auth/request-password-change-code', { email });
    const code = await mailedCode(t.url, email, /cambiar tu contraseña/, 6);
    const changed = await c.post('/api/Auth/verify-password-change-code', { email, verificationCode: code, newPassword: 'Nueva-Clave-2026!' });
    expect(changed.status).toBe(200);
    expect((await c.get('/api/Auth/productos-comprados')).status).toBe(200);
    expect((await other.get('/api/Auth/productos-comprados')).status).toBe(401);
  });
});

describe('authenticated answers are not cached', () => {
  it('carries Cache-Control: no-store on authenticated calls and on the calls that hand out tokens', async () => {
    const email = 'cache@example.co';
    const { c, login } = await registerAndLogin(t.url, email, '901019681');
    for (const res of [
      await c.get('/api/Auth/productos-comprados'),
      await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 10, estado: '' }),
      await c.get('/api/Auth/tercero-fevrips'),
      await client(t.url).post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }),
      await client(t.url).post('/api/Auth/refresh', { refreshToken: login.refreshToken }),
      await client(t.url).get('/api/Auth/productos-comprados'),
    ]) {
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
  });
});
