import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { emailCodes, refreshTokens, terceros, users } from '../../db/schema.ts';
import { client, mailedCode, outbox, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/** Forgot/reset, change password and tercero update (seed 000 §2, §5, §7). */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type TC = ReturnType<typeof client>;
/** Newest mail to `email` whose subject matches, waiting for background sends (forgot-password mails async). */
async function mailTo(c: TC, email: string, subject: RegExp, timeoutMs = 3000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(c.url, email)).find((m) => subject.test(m.subject));
    if (mail) return mail;
    if (Date.now() > until) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const resetCodeOf = async (c: TC, email: string) => (await mailedCode(c.url, email, /recuperación/, 8)) ?? undefined;

describe('forgot / reset password', () => {
  it('answers the same for registered, unknown and Google-only e-mails, mailing an 8-digit code only to the manual account', async () => {
    await registerAndLogin(t.url, 'olvido@example.co', '901019681');
    const c = client(t.url);
    const known = await c.post('/api/Auth/forgot-password', { email: 'olvido@example.co' });
    const unknown = await c.post('/api/Auth/forgot-password', { email: 'nadie@example.co' });
    expect(known.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: MSG_CUENTAS.forgotPasswordSent });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const code = await resetCodeOf(c, 'olvido@example.co');
    expect(code).toMatch(/^\d{8}$/);
    expect(await mailTo(c, 'nadie@example.co', /./, 300)).toBeNull();
    await registerAndLogin(t.url, 'solo-google@example.co', '901019681');
    await t.app.deps.db.update(users).set({ authType: 'google', passwordHash: null }).where(eq(users.email, 'solo-google@example.co'));
    const google = await c.post('/api/Auth/forgot-password', { email: 'solo-google@example.co' });
    expect(google.body).toEqual(known.body);
    expect(await mailTo(c, 'solo-google@example.co', /recuperación/, 300)).toBeNull();
    const [stored] = await t.app.deps.db.select().from(emailCodes).where(and(eq(emailCodes.email, 'olvido@example.co'), eq(emailCodes.purpose, 'password-reset')));
    expect(stored!.codeHash).not.toContain(code!);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('has similar timing for known and unknown accounts', async () => {
    const c = client(t.url);
    const time = async (email: string) => {
      const s = performance.now();
      await c.post('/api/Auth/forgot-password', { email });
      return performance.now() - s;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i++) {
      known.push(await time('olvido@example.co'));
      unknown.push(await time(`nadie${i}@example.co`));
    }
    const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    // 50 ms, or a quarter of the slower median on a loaded machine (where every call slows down alike): a known
    // account that did its work inline (hash, mail) would still stand out by far more.
    const slower = Math.max(median(known), median(unknown));
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(50, slower / 4));
  });

  it('resets with the code: new password works, old does not, every session is revoked, the code is single use', async () => {
    const email = 'reset@example.co';
    const { login } = await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    const other = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });
    await c.post('/api/Auth/forgot-password', { email });
    const code = (await resetCodeOf(c, email))!;

    const weak = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'solominusculas1' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MSG_CUENTAS.resetPasswordRules);
    const short = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'Ab1' });
    expect(short.body.message).toBe(MSG.passwordMin8);
    const shortCode = await c.post('/api/Auth/reset-password', { email, resetCode: '123', newPassword: 'NuevaClave2026' });
    expect(shortCode.body.message).toBe(MSG_CUENTAS.resetCodeMin6);

    const ok = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'NuevaClave2026' });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: MSG_CUENTAS.passwordChanged });
    for (const rt of [login.refreshToken, other.body.data.refreshToken])
      expect((await c.post('/api/Auth/refresh', { refreshToken: rt })).status).toBe(401);
    expect((await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' })).status).toBe(401);
    expect((await c.post('/api/Auth/login', { email, password: 'NuevaClave2026' })).status).toBe(200);

    const again = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'OtraClave2026' });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(MSG_CUENTAS.resetCodeInvalid);
  });

  it('answers 400 for a wrong code, an unknown e-mail and after 5 tries even with the right code', async () => {
    const email = 'tries@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    await c.post('/api/Auth/forgot-password', { email });
    const code = (await resetCodeOf(c, email))!;
    const wrong = code === '11111111' ? '22222222' : '11111111';
    const unknown = await c.post('/api/Auth/reset-password', { email: 'nadie@example.co', resetCode: code, newPassword: 'NuevaClave2026' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(MSG_CUENTAS.resetCodeInvalid);
    for (let i = 0; i < 5; i++) {
      const r = await c.post('/api/Auth/reset-password', { email, resetCode: wrong, newPassword: 'NuevaClave2026' });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MSG_CUENTAS.resetCodeInvalid);
    }
    const exhausted = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'NuevaClave2026' });
    expect(exhausted.status).toBe(400);
    expect((await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const email = 'expira@example.co';
    await registerAndLogin(t.url, email, '901019681');
    const c = client(t.url);
    await c.post('/api/Auth/forgot-password', { email });
    const code = (await resetCodeOf(c, email))!;
    await t.app.deps.db.update(emailCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailCodes.email, email));
    const res = await c.post('/api/Auth/reset-password', { email, resetCode: code, newPassword: 'NuevaClave2026' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CUENTAS.resetCodeInvalid);
  });

  it('rate-limits forgot-password per address with the seed 429 text and Retry-After', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const c = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await c.post('/api/Auth/forgot-password', { email: `f${i}@example.co` })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const last = await c.post('/api/Auth/forgot-password', { email: 'f9@example.co' });
      expect(last.body.message).toBe(MSG.http429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('change password (manual accounts)', () => {
  const changeCodeOf = async (c: TC, email: string) => (await mailedCode(c.url, email, /cambiar tu contraseña/, 6)) ?? undefined;

  it('mails a 6-digit code to the caller, changes the password and revokes only the other sessions', async () => {
    const email = 'cambio@example.co';
    const { c, login } = await registerAndLogin(t.url, email, '901019681');
    const otherSession = await client(t.url).post('/api/Auth/login', { email, password: 'Clave-Segura-2026' });

    const req = await c.post('/api/Auth/request-password-change-code', { email });
    expect(req.status).toBe(200);
    expect(req.body).toEqual({ success: true, message: MSG.codeSent });
    const code = (await changeCodeOf(c, email))!;
    expect(code).toMatch(/^\d{6}$/);

    const weak = await c.post('/api/Auth/verify-password-change-code', { email, verificationCode: code, newPassword: 'sinmayuscula1' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MSG_CUENTAS.changePasswordRules);
    const wrong = await c.post('/api/Auth/verify-password-change-code', {
      email,
      verificationCode: code === '000000' ? '111111' : '000000',
      newPassword: 'CambioClave2026',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG_CUENTAS.resetCodeInvalid);

    const ok = await c.post('/api/Auth/verify-password-change-code', {
      email,
      verificationCode: code,
      newPassword: 'CambioClave2026',
      refreshToken: login.refreshToken,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: true, message: MSG_CUENTAS.passwordChanged });
    expect((await c.post('/api/Auth/refresh', { refreshToken: otherSession.body.data.refreshToken })).status).toBe(401);
    expect((await c.post('/api/Auth/refresh', { refreshToken: login.refreshToken })).status).toBe(200);
    expect((await c.post('/api/Auth/login', { email, password: 'CambioClave2026' })).status).toBe(200);
    const reused = await c.post('/api/Auth/verify-password-change-code', { email, verificationCode: code, newPassword: 'OtraClave2026' });
    expect(reused.status).toBe(400);
  });

  it('keeps the session of the web app that changes the password (its cookie still refreshes), ends the others', async () => {
    const email = 'cambio-web@example.co';
    const { c } = await registerAndLogin(t.url, email, '901019681');
    const web = client(t.url);
    const login = await web.post('/api/Auth/login', { email, password: 'Clave-Segura-2026' }, { 'x-radica-client': 'web' });
    web.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    await web.post('/api/Auth/request-password-change-code', { email });
    const code = (await changeCodeOf(web, email))!;
    const ok = await web.call('POST', '/api/Auth/verify-password-change-code', { email, verificationCode: code, newPassword: 'CambioClave2026' }, { cookie });
    expect(ok.status).toBe(200);
    const r = await client(t.url).post('/api/Auth/refresh', {}, { cookie });
    expect(r.status).toBe(200);
    expect((await c.get('/api/Auth/productos-comprados')).status).toBe(401);
    const [u] = await t.app.deps.db.select().from(users).where(eq(users.email, email));
    const live = await t.app.deps.db.select().from(refreshTokens).where(eq(refreshTokens.userId, u!.id));
    expect(new Set(live.filter((x) => !x.revokedAt).map((x) => x.familyId)).size).toBe(1);
  });

  it('refuses another user e-mail, unauthenticated calls, and Google accounts', async () => {
    const { c } = await registerAndLogin(t.url, 'cambio2@example.co', '901019681');
    const other = await c.post('/api/Auth/request-password-change-code', { email: 'cambio@example.co' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(MSG_CUENTAS.changePasswordEmailMismatch);
    expect((await client(t.url).post('/api/Auth/request-password-change-code', { email: 'cambio2@example.co' })).status).toBe(401);
    await t.app.deps.db.update(users).set({ authType: 'google', passwordHash: null }).where(eq(users.email, 'cambio2@example.co'));
    const google = await c.post('/api/Auth/request-password-change-code', { email: 'cambio2@example.co' });
    expect(google.status).toBe(400);
    expect(google.body).toMatchObject({ code: 'PASSWORD_MANAGED_BY_GOOGLE', message: MSG_CUENTAS.changePasswordGoogleAccount });
  });
});

describe('PUT /api/Auth/actualizar-tercero', () => {
  const body = {
    nombre: 'Clínica Norte',
    razonSocial: 'CLÍNICA NORTE SAS',
    tipoIdentidad: 'NI',
    numeroIdentificacion: '900.373.115',
    dv: '3',
    codPais: 'CO',
    codDepartamento: '05',
    codCiudad: '001',
    direccion: 'Carrera 43A # 1-50',
    telefono: '6044440000',
    email: 'contacto@clinicanorte.co',
    observaciones: 'Sede principal',
  };

  it('updates only the caller tercero (cross-tenant: B cannot touch A)', async () => {
    const a = await registerAndLogin(t.url, 'tercero-a@example.co', '901019681');
    const b = await registerAndLogin(t.url, 'tercero-b@example.co', '901019682');
    const res = await a.c.put('/api/Auth/actualizar-tercero', body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_CUENTAS.terceroUpdated);
    const [ta] = await t.app.deps.db.select().from(terceros).where(eq(terceros.id, a.registration.terceroId));
    expect(ta).toMatchObject({ nombre: 'Clínica Norte', numeroIdentificacion: '900373115', dv: '3', codDepartamento: '05', email: 'contacto@clinicanorte.co' });
    const resB = await b.c.put('/api/Auth/actualizar-tercero', { ...body, nombre: 'B' });
    expect(resB.status).toBe(200);
    const [ta2] = await t.app.deps.db.select().from(terceros).where(eq(terceros.id, a.registration.terceroId));
    expect(ta2!.nombre).toBe('Clínica Norte');
    const [tb] = await t.app.deps.db.select().from(terceros).where(eq(terceros.id, b.registration.terceroId));
    expect(tb!.nombre).toBe('B');
    expect((await client(t.url).put('/api/Auth/actualizar-tercero', body)).status).toBe(401);
  });

  it('validates the required fields with Spanish texts', async () => {
    const { c } = await registerAndLogin(t.url, 'tercero-v@example.co', '901019681');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body, nombre: ' ' }, MSG_CUENTAS.nombreRequired],
      [{ ...body, razonSocial: '' }, MSG_CUENTAS.razonSocialRequired],
      [{ ...body, telefono: '' }, MSG_CUENTAS.telefonoRequired],
      [{ ...body, direccion: '' }, MSG_CUENTAS.direccionRequired],
      [{ ...body, email: '' }, MSG.emailObligatorio],
      [{ ...body, email: 'no-es-email' }, MSG.emailInvalid],
      [{ ...body, tipoIdentidad: 'XX' }, MSG.tipoIdentidadRequired],
      [{ ...body, numeroIdentificacion: '' }, MSG.numeroIdentificacionRequired],
      // seed 000 §5 / 900373115's check digit is 3.
      [{ ...body, dv: '8' }, MSG_CUENTAS.dvIncorrecto],
      [{ ...body, numeroIdentificacion: '900373116' }, MSG_CUENTAS.dvIncorrecto],
    ];
    for (const [b, message] of cases) {
      const res = await c.put('/api/Auth/actualizar-tercero', b);
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
  });
});

describe('registration password checked on the server (seed 000 §5)', () => {
  it("refuses a password without a symbol or a digit with the 'Falta: …' text", async () => {
    const c = client(t.url);
    const reg = (password: string) =>
      c.post('/api/Auth/registration', {
        terceroData: { primerNombre: 'Ana', primerApellido: 'Gómez', tipoIdentidad: 'CC', numeroIdentificacion: '1', codPais: 'CO', codDepartamento: '68', codCiudad: '001' },
        credentialData: { credentialType: 'manual', email: 'debil@example.co', password },
      });
    const noSymbol = await reg('abcdefgh1');
    expect(noSymbol.status).toBe(400);
    expect(noSymbol.body.message).toBe(MSG_CUENTAS.passwordMissing([MSG_CUENTAS.passwordMissingSymbol]));
    expect(noSymbol.body.message).toBe('Falta: un símbolo (!@#$%^&*…)');
    const onlyLetters = await reg('abcdefghij');
    expect(onlyLetters.body.message).toBe('Falta: un número, un símbolo (!@#$%^&*…)');
    expect((await reg('abc')).body.message).toBe(MSG.passwordMin8);
  });
});
