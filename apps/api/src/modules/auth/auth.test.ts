import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { emailCodes, refreshTokens, tenants, terceros, users } from '../../db/schema.ts';
import { client, codeFromOutbox, outbox, registerAndLogin, startTestApp, TERCERO, type TTestApp } from '../../../test/helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  // No concurrency grace here, so an immediate second use is reuse (like Supabase's reuse-interval 0 in
  // TestRefreshTokenReuseRevocation); the grace itself is tested in auth-session-security.test.ts.
  t = await startTestApp({ refreshRaceGraceS: 0 });
});
afterAll(async () => t?.close());

describe('public endpoints', () => {
  it('answers /ping and /api/info without a session', async () => {
    const c = client(t.url);
    expect((await c.get('/ping')).body).toEqual({ success: true, data: 'pong' });
    const info = await c.get('/api/info');
    expect(info.status).toBe(200);
    expect(info.body.data.name).toBe('Radica');
    expect(JSON.stringify(info.body)).not.toMatch(/secret|password/i);
  });
  it('answers unknown /api paths with the seed 404 text', async () => {
    const res = await client(t.url).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(MSG.http404);
  });
});

const email = 'registro@example.co';

describe('registration with a server-side e-mail code: the code and the personal data', () => {
  it('reports availability, mails a 6-digit code stored only as a hash, and verifies it once', async () => {
    const c = client(t.url);
    expect((await c.post('/api/Auth/check-email-availability', { email, credentialType: 'manual' })).body.data).toEqual({
      isAvailable: true,
      email,
    });
    const sent = await c.post('/api/Email/send-verification-code', { email, userName: 'registro', companyName: 'Clínica' });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(MSG.codeSent);
    const code = await codeFromOutbox(c, email);
    // Without the person's name the mail greets the seed's userName.
    expect((await outbox(t.url, email))[0]?.text).toMatch(/^Hola registro:/);
    const [stored] = await t.app.deps.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);

    const wrong = await c.post('/api/Email/verify-code', { email, code: code === '111111' ? '222222' : '111111' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.codeWrong);

    const ok = await c.post('/api/Email/verify-code', { email, code });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.data.verificationToken).toBe('string');

    const again = await c.post('/api/Email/verify-code', { email, code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG.codeExpired);
  });

  it('greets the person by the name typed in the registration, not by the e-mail (ana.admin)', async () => {
    const c = client(t.url);
    const sent = await c.post('/api/Email/send-verification-code', { email: 'ana.admin@example.co', userName: 'ana.admin', nombre: 'Ana Gómez', companyName: 'Clínica' });
    expect(sent.status).toBe(200);
    const [mail] = await outbox(t.url, 'ana.admin@example.co');
    expect(mail?.text).toMatch(/^Hola Ana Gómez:\n/);
    expect(mail?.text).not.toContain('ana.admin:');
    // A name is text, bounded like the other fields.
    expect((await c.post('/api/Email/send-verification-code', { email: 'ana.admin@example.co', nombre: 'x'.repeat(201) })).status).toBe(400);
  });

  it('locks a code after 5 wrong tries', async () => {
    const c = client(t.url);
    const e2 = 'intentos@example.co';
    await c.post('/api/Email/send-verification-code', { email: e2 });
    const code = await codeFromOutbox(c, e2);
    const bad = code === '000000' ? '999999' : '000000';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await c.post('/api/Email/verify-code', { email: e2, code: bad })).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const blocked = await c.post('/api/Email/verify-code', { email: e2, code });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(MSG.codeTooManyAttempts);
  });

  it('refuses registration without a verification token for that e-mail', async () => {
    const c = client(t.url);
    const res = await c.post('/api/Auth/registration', {
      terceroData: TERCERO('900373115'),
      credentialData: { credentialType: 'manual', email: 'sin-token@example.co', password: 'Clave-Segura-2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.verificationTokenInvalid);
  });

  it('validates the personal data with the seed texts', async () => {
    const res = await client(t.url).post('/api/Auth/registration', {
      terceroData: { ...TERCERO('900373115'), primerNombre: '' },
      credentialData: { credentialType: 'manual', email: 'x@example.co', password: 'Clave-Segura-2026' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.primerNombreRequired);
  });

  it("refuses a NIT whose DV is not its check digit (seed 000 §5), and stores the computed DV when none is sent", async () => {
    const c = client(t.url);
    for (const dv of ['0', '4', '9']) {
      const res = await c.post('/api/Auth/registration', {
        terceroData: { ...TERCERO('900373115'), dv },
        credentialData: { credentialType: 'manual', email: 'dv@example.co', password: 'Clave-Segura-2026' },
      });
      expect(res.status, dv).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION', message: MSG_CUENTAS.dvIncorrecto });
    }
    // A CC carries no DV rule.
    const cc = await c.post('/api/Auth/registration', {
      terceroData: { ...TERCERO('1010101010'), tipoIdentidad: 'CC', dv: '5' },
      credentialData: { credentialType: 'manual', email: 'dv@example.co', password: 'Clave-Segura-2026' },
    });
    expect(cc.body.message).not.toBe(MSG_CUENTAS.dvIncorrecto);

    await c.post('/api/Email/send-verification-code', { email: 'sin-dv@example.co', userName: 'sin-dv', companyName: 'Prueba' });
    const code = await codeFromOutbox(c, 'sin-dv@example.co');
    const verified = await c.post('/api/Email/verify-code', { email: 'sin-dv@example.co', code });
    const reg = await c.post('/api/Auth/registration', {
      terceroData: { ...TERCERO('900.373.115'), dv: '' },
      credentialData: { credentialType: 'manual', email: 'sin-dv@example.co', password: 'Clave-Segura-2026', verificationToken: verified.body.data.verificationToken },
    });
    expect(reg.status).toBe(200);
    const [row] = await t.app.deps.db.select().from(terceros).where(eq(terceros.id, reg.body.data.terceroId));
    expect(row).toMatchObject({ numeroIdentificacion: '900373115', dv: '3' });
  });
});

describe('registration with a server-side e-mail code: the account created', () => {
  it('creates tenant, tercero and user with an argon2id hash and unguessable validator', async () => {
    const { registration, login } = await registerAndLogin(t.url, 'nuevo@example.co', '901019681');
    expect(registration.validator).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(registration.databaseName).toMatch(/^radica_[0-9a-f]{16}$/);
    const [u] = await t.app.deps.db.select().from(users).where(eq(users.id, registration.userId));
    expect(u!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [tenant] = await t.app.deps.db.select().from(tenants).where(eq(tenants.validator, registration.validator));
    expect(tenant).toBeTruthy();
    expect(login.user).toMatchObject({ email: 'nuevo@example.co', authType: 'manual', tenant: { validator: registration.validator } });
    expect(Object.keys(login)).toEqual(
      expect.arrayContaining(['user', 'tenant', 'authType', 'accessToken', 'refreshToken', 'accessTokenExpiry', 'refreshTokenExpiry', 'tokenType']),
    );
    const taken = await client(t.url).post('/api/Auth/check-email-availability', { email: 'NUEVO@example.co' });
    expect(taken.body.data.isAvailable).toBe(false);
  });

  it('answers 409 when the e-mail is already registered', async () => {
    const c = client(t.url);
    await c.post('/api/Email/send-verification-code', { email: 'nuevo@example.co' });
    const code = await codeFromOutbox(c, 'nuevo@example.co');
    const v = await c.post('/api/Email/verify-code', { email: 'nuevo@example.co', code });
    const res = await c.post('/api/Auth/registration', {
      terceroData: TERCERO('901019681'),
      credentialData: { credentialType: 'manual', email: 'nuevo@example.co', password: 'Otra-Clave-2026', verificationToken: v.body.data.verificationToken },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailAlreadyRegistered);
  });
});

describe('rate limits', () => {
  it('answers 429 with the seed text after 5 code e-mails a minute from one address', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const c = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/Email/send-verification-code', { email: `rl${i}@example.co` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await c.post('/api/Email/send-verification-code', { email: 'rl9@example.co' });
      expect(last.body.message).toBe(MSG.http429);
    } finally {
      await limited.close();
    }
  });
});

describe('login, refresh rotation and logout', () => {
  it('rejects bad credentials with the seed 401 text, for unknown and known users alike', async () => {
    await registerAndLogin(t.url, 'login@example.co', '901019681');
    const c = client(t.url);
    const unknown = await c.post('/api/Auth/login', { email: 'nadie@example.co', password: 'Clave-Segura-2026' });
    const wrong = await c.post('/api/Auth/login', { email: 'login@example.co', password: 'incorrecta' });
    expect([unknown.status, wrong.status]).toEqual([401, 401]);
    expect(unknown.body.message).toBe(MSG.http401);
    expect(wrong.body.message).toBe(MSG.http401);
  });

  it('validates the login body with the seed texts', async () => {
    const res = await client(t.url).post('/api/Auth/login', { email: 'login@example.co', password: '123' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG.passwordMin6);
  });

  it('rotates refresh tokens and revokes the whole chain when a used token comes back', async () => {
    const c = client(t.url);
    const login = await c.post('/api/Auth/login', { email: 'login@example.co', password: 'Clave-Segura-2026' });
    const first = login.body.data.refreshToken as string;
    const validator = login.body.data.tenant.validator as string;
    const r1 = await c.post('/api/Auth/refresh', { refreshToken: first, validator });
    expect(r1.status).toBe(200);
    const second = r1.body.data.refreshToken as string;
    expect(second).not.toBe(first);
    expect(r1.body.data.refreshTokenExpiry).toBe(login.body.data.refreshTokenExpiry);

    const reuse = await c.post('/api/Auth/refresh', { refreshToken: first, validator });
    expect(reuse.status).toBe(401);
    const afterReuse = await c.post('/api/Auth/refresh', { refreshToken: second, validator });
    expect(afterReuse.status).toBe(401);
    const rows = await t.app.deps.db.select().from(refreshTokens);
    expect(rows.every((r) => r.tokenHash.length === 64 && r.tokenHash !== first)).toBe(true);
  });

  it('refuses a refresh with another tenant validator', async () => {
    const c = client(t.url);
    const login = await c.post('/api/Auth/login', { email: 'login@example.co', password: 'Clave-Segura-2026' });
    const res = await c.post('/api/Auth/refresh', { refreshToken: login.body.data.refreshToken, validator: 'otro' });
    expect(res.status).toBe(401);
  });

  it('gives the web client the refresh token only as an httpOnly cookie and refreshes from it', async () => {
    const c = client(t.url);
    const login = await c.post('/api/Auth/login', { email: 'login@example.co', password: 'Clave-Segura-2026' }, { 'x-radica-client': 'web' });
    expect(login.body.data.refreshToken).toBe('');
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/radica_rt=[^;]+;/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/api\/Auth/);
    const cookie = setCookie.split(';')[0]!;
    const r = await c.post('/api/Auth/refresh', { validator: login.body.data.tenant.validator }, { cookie, 'x-radica-client': 'web' });
    expect(r.status).toBe(200);
    expect(r.body.data.accessToken).toBeTruthy();
    expect(r.body.data.refreshToken).toBe('');
    const out = await c.post('/api/Auth/logout', {}, { cookie: (r.headers.get('set-cookie') ?? '').split(';')[0]! });
    expect(out.status).toBe(200);
  });

  it('logout revokes the refresh chain', async () => {
    const c = client(t.url);
    const login = await c.post('/api/Auth/login', { email: 'login@example.co', password: 'Clave-Segura-2026' });
    await c.post('/api/Auth/logout', { refreshToken: login.body.data.refreshToken });
    const res = await c.post('/api/Auth/refresh', { refreshToken: login.body.data.refreshToken });
    expect(res.status).toBe(401);
  });

  it('requires a bearer token and the matching X-Validator on protected calls', async () => {
    const { c, login } = await registerAndLogin(t.url, 'validador@example.co', '901019681');
    const anon = await client(t.url).get('/api/Auth/tercero-fevrips');
    expect(anon.status).toBe(401);
    const wrongValidator = await client(t.url).call('GET', '/api/Auth/tercero-fevrips', undefined, {
      authorization: `Bearer ${login.accessToken}`,
      'x-validator': 'otro-tenant',
    });
    expect(wrongValidator.status).toBe(403);
    expect(wrongValidator.body.message).toBe(MSG.http403);
    expect((await c.get('/api/Auth/tercero-fevrips')).status).toBe(200);
  });
});
