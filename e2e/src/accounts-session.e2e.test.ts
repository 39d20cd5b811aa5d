import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type THarness } from './harness.ts';
import { loginInUi, registerOverApi } from './accounts-helpers.ts';

/**
 * journeys with short lifetimes: an access token of 12 s is refreshed silently (proactive refresh and
 * 401 → refresh → retry), and the inactivity warning (dialog + countdown) and logout with short timeouts
 * (apps/web/src/lib/timings.ts overrides through localStorage `radica.timings`).
 */
const EMAIL = 'cuentas.sesion@example.co';
const PASSWORD = 'Clave#Sesion2026';

describe('session expiry → silent refresh', () => {
  let h: THarness;
  beforeAll(async () => {
    h = await startHarness({ env: { ACCESS_TOKEN_TTL_S: '12' } });
    await registerOverApi(h.url, EMAIL, PASSWORD);
  });
  afterAll(async () => h?.close());

  it('keeps the user signed in across several access-token lifetimes', async () => {
    const { page, url } = h;
    const refreshes: number[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/Auth/refresh')) refreshes.push(res.status());
    });
    await loginInUi(page, url, EMAIL, PASSWORD);
    await page.waitForTimeout(26_000); // > 2 token lifetimes
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((s) => s === 200)).toBe(true);
    await page
      .getByRole('navigation', { name: 'Menú principal' })
      .getByRole('link', { name: 'Configuración' })
      .click();
    await page.waitForURL(/\/settings/);
    await page.getByText('Información personal y de la empresa').waitFor();
    expect(page.url()).not.toMatch(/auth\/login/);
  });

  it('after a reload, the session is restored from the refresh cookie', async () => {
    const { page } = h;
    await page.reload();
    await page.getByText('Información personal y de la empresa').waitFor();
    expect(page.url()).toMatch(/\/settings/);
  });
});

describe('inactivity warning and logout', () => {
  let h: THarness;
  beforeAll(async () => {
    h = await startHarness({ timings: { inactivityMs: 9_000, warningMs: 6_000, activityDebounceMs: 200 } });
    await registerOverApi(h.url, EMAIL, PASSWORD);
  });
  afterAll(async () => h?.close());

  it("shows the countdown dialog; 'Continuar sesión' extends the session", async () => {
    const { page, url } = h;
    await loginInUi(page, url, EMAIL, PASSWORD);
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Tu sesión está por expirar').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('inactivity-countdown').textContent()).toMatch(/^0:0[0-6]$/);
    await dialog.getByRole('button', { name: 'Continuar sesión' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).toMatch(/\/Inicio/);
  });

  it('logs out automatically when the countdown reaches zero', async () => {
    const { page } = h;
    await page.getByRole('dialog').getByText('Tu sesión está por expirar').waitFor({ timeout: 15_000 });
    await page.waitForURL(/\/auth\/login/, { timeout: 20_000 });
    await page.getByText('Tu sesión se cerró por inactividad').waitFor();
  });
});
