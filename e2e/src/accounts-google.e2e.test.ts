import { createServer, type Server } from 'node:http';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { screenshot, startHarness, type THarness } from './harness.ts';

/**
 * journey: Google registration and sign-in in Chromium against a LOCAL JWKS. The API verifies real RS256
 * ID tokens signed here (GOOGLE_JWKS_URL → a tiny local server); the page gets a stand-in for Google Identity
 * Services (`window.google.accounts.id`, installed before the app loads) whose button hands that token to the
 * app's callback, exactly what the real GIS button does. The real script is never fetched.
 */
const CLIENT_ID = 'radica-e2e.apps.googleusercontent.com';
const EMAIL = 'laura.google@example.co';
let h: THarness;
let jwks: Server;
let privateKey: KeyObject;

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');
function idToken(): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'RS256', kid: 'e2e-key', typ: 'JWT' };
  const claims = {
    iss: 'https://accounts.google.com',
    aud: CLIENT_ID,
    sub: '109876543210',
    email: EMAIL,
    email_verified: true,
    name: 'Laura Pérez',
    given_name: 'Laura',
    family_name: 'Pérez',
    picture: '',
    iat: now,
    exp: now + 3600,
  };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${b64url(sign('RSA-SHA256', Buffer.from(input), privateKey))}`;
}

beforeAll(async () => {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  privateKey = pair.privateKey;
  const jwk = { ...pair.publicKey.export({ format: 'jwk' }), kid: 'e2e-key', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((ok) => jwks.listen(0, '127.0.0.1', ok));
  const address = jwks.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  h = await startHarness({
    env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
  });
  await h.page.context().addInitScript(() => {
    type TCb = (r: { credential?: string }) => void;
    let callback: TCb = () => {};
    (window as unknown as { google: unknown }).google = {
      accounts: {
        id: {
          initialize: (config: { callback: TCb }) => {
            callback = config.callback;
          },
          renderButton: (element: HTMLElement) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.textContent = 'Continuar con Google';
            button.onclick = () =>
              callback({ credential: (window as unknown as { __googleToken?: string }).__googleToken });
            element.replaceChildren(button);
          },
        },
      },
    };
  });
});
afterAll(async () => {
  await h?.close();
  await new Promise((ok) => jwks?.close(ok));
});

async function clickGoogle() {
  const { page } = h;
  await page.evaluate((token) => {
    (window as unknown as { __googleToken: string }).__googleToken = token;
  }, idToken());
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
}

describe('Google registration → login', () => {
  it('an unregistered Google identity gets the completion form, then "Todo listo"', async () => {
    const { page, url } = h;
    await page.goto(`${url}/auth/login`);
    await clickGoogle();
    await page.waitForURL(/\/auth\/register/);
    await page.getByText('Completa tu registro con Google').waitFor();
    await page.getByText(EMAIL).waitFor();
    await page.getByLabel('Razón social').fill('Laura Pérez IPS S.A.S.');
    await page.getByLabel('Número de identificación').fill('901019681');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.getByText('Creando tu cuenta...').waitFor();
    await page.getByText('Todo listo').waitFor({ timeout: 20_000 });
    await screenshot(page, 'accounts-03-google-todo-listo');
    await page.getByRole('button', { name: 'Ir al login' }).click();
    await page.waitForURL(/\/auth\/login/);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('¡Registro exitoso!').waitFor();
    await dialog.getByRole('button', { name: 'Continuar al Login' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('the same Google identity now signs in', async () => {
    const { page } = h;
    await clickGoogle();
    await page.waitForURL(/\/Inicio/, { timeout: 20_000 });
    await page
      .getByText(/^Bienvenido/)
      .first()
      .waitFor();
    await page.goto(`${h.url}/profile`);
    await page.getByText('Google', { exact: true }).waitFor();
  });
});
