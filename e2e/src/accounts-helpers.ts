import type { Page } from 'playwright-core';
import { codeFromOutbox, outboxTexts } from './harness.ts';

/** Helpers of the accounts journeys. */

async function post(url: string, path: string, body: unknown) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { success?: boolean; data?: Record<string, unknown>; message?: string };
  if (!res.ok) throw new Error(`${path} → ${res.status} ${json.message ?? ''}`);
  return json;
}

/** Create a manual account over the API (e-mail code from the dev outbox), as the wizard would. */
export async function registerOverApi(url: string, email: string, password: string): Promise<void> {
  await post(url, '/api/Email/send-verification-code', {
    email,
    userName: email.split('@')[0],
    companyName: 'IPS Prueba',
  });
  const code = await codeFromOutbox(url, email);
  const verified = await post(url, '/api/Email/verify-code', { email, code });
  await post(url, '/api/Auth/registration', {
    terceroData: {
      nombre: 'IPS Prueba',
      razonSocial: 'IPS Prueba S.A.S.',
      primerNombre: 'Ana',
      primerApellido: 'Gómez',
      tipoIdentidad: 'NI',
      numeroIdentificacion: '901019681',
      dv: '8',
      codPais: 'CO',
      codDepartamento: '68',
      codCiudad: '001',
      telefono: '3001234567',
      email,
    },
    credentialData: {
      credentialType: 'manual',
      email,
      password,
      verificationToken: verified.data?.verificationToken,
    },
  });
}

/** The newest code of `minLength`–10 digits in the outbox for `email` that differs from `notThis`. */
export async function latestCode(url: string, email: string, notThis?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const m = /\b(\d{6,10})\b/.exec((await outboxTexts(url, email))[0] ?? '');
    if (m && m[1] !== notThis) return m[1]!;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('no new code in the outbox');
}

/** Sign in through the login page and wait for /Inicio. */
export async function loginInUi(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/Inicio/, { timeout: 30_000 });
}

/** Sign out through the profile menu and wait for the login page. */
export async function logoutInUi(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Menú de usuario/ }).click();
  await page.getByRole('menuitem', { name: 'Cerrar Sesión' }).click();
  await page.waitForURL(/\/auth\/login/, { timeout: 30_000 });
}
