import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { terceros, userIdentities, users } from '../../db/schema.ts';
import { client, registerAndLogin, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/**
 * Google sign-in against a LOCAL JWKS: an RS256 key pair made here, its public JWK served by a tiny
 * HTTP server that GOOGLE_JWKS_URL points at, and ID tokens signed locally.
 */
const CLIENT_ID = 'radica-test.apps.googleusercontent.com';
let t: TTestApp;
let jwksServer: Server;
let privateKey: CryptoKey;
let otherKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((ok) => jwksServer.listen(0, '127.0.0.1', ok));
  const address = jwksServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  t = await startTestApp({ googleClientId: CLIENT_ID, googleJwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((ok) => jwksServer?.close(ok));
});

type TClaims = JWTPayload & Record<string, unknown>;
const baseClaims = (sub: string, email: string): TClaims => ({
  sub,
  email,
  email_verified: true,
  name: 'Laura Pérez',
  given_name: 'Laura',
  family_name: 'Pérez',
  picture: 'https://lh3.googleusercontent.com/a/x',
});
async function idToken(claims: TClaims, o: { aud?: string; iss?: string; exp?: number | string; key?: CryptoKey } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
    .setIssuer(o.iss ?? 'https://accounts.google.com')
    .setAudience(o.aud ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime(o.exp ?? '1h')
    .sign(o.key ?? privateKey);
}
const completion = (razonSocial: string, numeroIdentificacion: string, tipoIdentidad = 'NI') => ({
  razonSocial,
  numeroIdentificacion,
  tipoIdentidad,
});

describe('Google configuration', () => {
  it('publishes googleClientId in /api/info', async () => {
    const info = await client(t.url).get('/api/info');
    expect(info.body.data.googleClientId).toBe(CLIENT_ID);
  });

  it('lets the page load Google Identity Services only when Google is configured (CSP)', async () => {
    const csp = (await client(t.url).get('/ping')).headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' https:\/\/accounts\.google\.com\/gsi\/client/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/accounts\.google\.com\/gsi\//);
    const off = await startTestApp();
    try {
      const plain = (await client(off.url).get('/ping')).headers.get('content-security-policy') ?? '';
      expect(plain).not.toContain('accounts.google.com');
      expect(plain).toMatch(/script-src 'self'(;|$)/);
    } finally {
      await off.close();
    }
  });

  it('answers 400 with googleDisabled when GOOGLE_CLIENT_ID is unset, and /api/info says null', async () => {
    const off = await startTestApp();
    try {
      const c = client(off.url);
      expect((await c.get('/api/info')).body.data.googleClientId).toBeNull();
      const res = await c.post('/api/Auth/google', { googleToken: await idToken(baseClaims('g-off', 'off@gmail.com')) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'GOOGLE_DISABLED', message: MSG_CUENTAS.googleDisabled });
    } finally {
      await off.close();
    }
  });
});

describe('POST /api/Auth/google and Google registration', () => {
  it('answers 404 GOOGLE_NOT_REGISTERED with the profile, registers with the completion form, then logs in', async () => {
    const c = client(t.url);
    const token = await idToken(baseClaims('google-sub-1', 'Laura.Perez@gmail.com'));
    const first = await c.post('/api/Auth/google', { googleToken: token });
    expect(first.status).toBe(404);
    expect(first.body).toMatchObject({
      success: false,
      code: 'GOOGLE_NOT_REGISTERED',
      message: MSG_CUENTAS.googleNotRegistered,
      data: { email: 'laura.perez@gmail.com', name: 'Laura Pérez', given_name: 'Laura', family_name: 'Pérez', picture: 'https://lh3.googleusercontent.com/a/x' },
    });

    const reg = await c.post('/api/Auth/registration', {
      terceroData: completion('Consultorio Laura SAS', '900123456'),
      credentialData: { credentialType: 'google', email: 'laura.perez@gmail.com', googleToken: token, googleId: 'google-sub-1', emailGoogle: 'laura.perez@gmail.com' },
    });
    expect(reg.status).toBe(200);
    expect(reg.body.success).toBe(true);
    const [u] = await t.app.deps.db.select().from(users).where(eq(users.id, reg.body.data.userId));
    expect(u).toMatchObject({ authType: 'google', passwordHash: null, email: 'laura.perez@gmail.com', name: 'Laura Pérez' });
    const [ter] = await t.app.deps.db.select().from(terceros).where(eq(terceros.id, reg.body.data.terceroId));
    expect(ter).toMatchObject({
      primerNombre: 'Laura',
      primerApellido: 'Pérez',
      razonSocial: 'Consultorio Laura SAS',
      tipoIdentidad: 'NI',
      codDepartamento: '68',
      codCiudad: '001',
      codPais: 'CO',
    });
    const ids = await t.app.deps.db.select().from(userIdentities).where(eq(userIdentities.userId, u!.id));
    expect(ids).toEqual([expect.objectContaining({ provider: 'google', subject: 'google-sub-1' })]);

    const login = await c.post('/api/Auth/google', { googleToken: token }, { 'x-radica-client': 'web' });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(MSG.loginSucceeded);
    expect(login.body.data).toMatchObject({ authType: 'google', refreshToken: '', user: { email: 'laura.perez@gmail.com', authType: 'google' } });
    expect(login.headers.get('set-cookie') ?? '').toMatch(/radica_rt=[^;]+;.*HttpOnly/i);
    const api = await c.post('/api/Auth/google', { googleToken: token });
    expect(api.body.data.refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);

    const again = await c.post('/api/Auth/registration', {
      terceroData: completion('Otra', '900123457'),
      credentialData: { credentialType: 'google', email: 'laura.perez@gmail.com', googleToken: token },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('GOOGLE_ALREADY_REGISTERED');
  });

  it('identifies users by subject, not e-mail: another subject with the same e-mail is refused with 409', async () => {
    const c = client(t.url);
    const other = await idToken(baseClaims('google-sub-otro', 'laura.perez@gmail.com'));
    const res = await c.post('/api/Auth/google', { googleToken: other });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(MSG.emailAlreadyRegistered);
  });

  it('does not link a Google identity to a manual account with the same e-mail (409)', async () => {
    await registerAndLogin(t.url, 'manual.google@example.co', '901019681');
    const c = client(t.url);
    const token = await idToken(baseClaims('google-sub-manual', 'manual.google@example.co'));
    const res = await c.post('/api/Auth/google', { googleToken: token });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN', message: MSG.emailAlreadyRegistered });
    const reg = await c.post('/api/Auth/registration', {
      terceroData: completion('X', '123'),
      credentialData: { credentialType: 'google', email: 'manual.google@example.co', googleToken: token },
    });
    expect(reg.status).toBe(409);
    expect(reg.body.message).toBe(MSG.emailAlreadyRegistered);
    expect(await t.app.deps.db.select().from(userIdentities).where(eq(userIdentities.subject, 'google-sub-manual'))).toHaveLength(0);
  });

  it('rejects a registration whose e-mail or googleId differs from the verified token', async () => {
    const c = client(t.url);
    const token = await idToken(baseClaims('google-sub-2', 'dos@gmail.com'));
    const mismatch = await c.post('/api/Auth/registration', {
      terceroData: completion('Dos SAS', '900000002'),
      credentialData: { credentialType: 'google', email: 'otro@gmail.com', googleToken: token },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(MSG_CUENTAS.googleEmailMismatch);
    const wrongId = await c.post('/api/Auth/registration', {
      terceroData: completion('Dos SAS', '900000002'),
      credentialData: { credentialType: 'google', email: 'dos@gmail.com', googleToken: token, googleId: 'someone-else' },
    });
    expect(wrongId.status).toBe(401);
    expect(wrongId.body.message).toBe(MSG_CUENTAS.googleTokenInvalid);
  });

  it('validates the completion form: razonSocial, tipo NI/CC/CE and the token', async () => {
    const c = client(t.url);
    const token = await idToken(baseClaims('google-sub-3', 'tres@gmail.com'));
    const noRazon = await c.post('/api/Auth/registration', {
      terceroData: { numeroIdentificacion: '1', tipoIdentidad: 'CC' },
      credentialData: { credentialType: 'google', email: 'tres@gmail.com', googleToken: token },
    });
    expect(noRazon.status).toBe(400);
    expect(noRazon.body.message).toBe(MSG_CUENTAS.razonSocialRequired);
    const badTipo = await c.post('/api/Auth/registration', {
      terceroData: completion('Tres', '1', 'PA'),
      credentialData: { credentialType: 'google', email: 'tres@gmail.com', googleToken: token },
    });
    expect(badTipo.status).toBe(400);
    expect(badTipo.body.message).toBe(MSG.tipoIdentidadRequired);
    const noToken = await c.post('/api/Auth/registration', {
      terceroData: completion('Tres', '1', 'CC'),
      credentialData: { credentialType: 'google', email: 'tres@gmail.com' },
    });
    expect(noToken.status).toBe(400);
    expect(noToken.body.message).toBe(MSG_CUENTAS.googleTokenMissing);
    const ok = await c.post('/api/Auth/registration', {
      terceroData: completion('Tres', '1020304050', 'CC'),
      credentialData: { credentialType: 'google', email: 'tres@gmail.com', googleToken: token },
    });
    expect(ok.status).toBe(200);
  });
});

describe('Google ID-token verification', () => {
  const cases: [string, () => Promise<string>][] = [
    ['wrong audience', () => idToken(baseClaims('s', 'a@gmail.com'), { aud: 'otra-app.apps.googleusercontent.com' })],
    ['wrong issuer', () => idToken(baseClaims('s', 'a@gmail.com'), { iss: 'https://evil.example.com' })],
    ['expired', () => idToken(baseClaims('s', 'a@gmail.com'), { exp: Math.floor(Date.now() / 1000) - 600 })],
    ['bad signature (other key)', () => idToken(baseClaims('s', 'a@gmail.com'), { key: otherKey })],
    ['unverified e-mail', () => idToken({ ...baseClaims('s', 'a@gmail.com'), email_verified: false })],
    ['tampered payload', async () => {
      const [h, , sig] = (await idToken(baseClaims('s', 'a@gmail.com'))).split('.');
      const forged = Buffer.from(JSON.stringify({ ...baseClaims('admin', 'a@gmail.com'), iss: 'accounts.google.com', aud: CLIENT_ID, exp: 9_999_999_999 })).toString('base64url');
      return `${h}.${forged}.${sig}`;
    }],
    ['not a JWT', async () => 'no-es-un-token'],
  ];
  for (const [name, make] of cases) {
    it(`answers 401 'Token inválido' for ${name}`, async () => {
      const res = await client(t.url).post('/api/Auth/google', { googleToken: await make() });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'GOOGLE_TOKEN_INVALID', message: MSG_CUENTAS.googleTokenInvalid });
    });
  }

  it('accepts the issuer without scheme (accounts.google.com)', async () => {
    const res = await client(t.url).post('/api/Auth/google', {
      googleToken: await idToken(baseClaims('google-sub-iss', 'iss@gmail.com'), { iss: 'accounts.google.com' }),
    });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('GOOGLE_NOT_REGISTERED');
  });

  it('requires googleToken in the body', async () => {
    const res = await client(t.url).post('/api/Auth/google', {});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(MSG_CUENTAS.googleTokenMissing);
  });
});
