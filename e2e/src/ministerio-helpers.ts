import type { Page } from 'playwright-core';
import { PAR1_JSON, PAR1_XML, PAR2_XML, PROVIDER_CONFIG, par1Copy } from '../../apps/api/test/http-helpers.ts';
import { OPERATOR_HEADER, loadOperatorSecret } from '../../apps/api/src/plugins/operator.ts';
import { codeFromOutbox, type THarness } from './harness.ts';

/** Helpers of the ministry journeys: accounts, module grant and documents made over the API. */

export const NIT = '901019681';
export { PAR1_JSON, PAR1_XML, PAR2_XML };

type TJson = { success?: boolean; data?: any; message?: string; code?: string }; // eslint-disable-line @typescript-eslint/no-explicit-any

export type TApiSession = {
  token: string;
  validator: string;
  call: (method: string, path: string, body?: unknown) => Promise<TJson>;
};

async function request(
  url: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const isForm = body instanceof FormData;
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { ...(body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as TJson;
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${json.message ?? ''}`);
  return json;
}

/**
 * Register a manual account with NIT 901019681 (the par1 invoice's obligated party), grant it the ministerio
 * module through the operator endpoint (what `npm run admin -- grant` does; `o.plan` 'business' for the Business
 * plan's users), log in over the API and save the provider configuration. Returns an API session for seeding documents.
 */
export async function createMinisterioAccount(
  h: THarness,
  email: string,
  password: string,
  o: { plan?: 'profesional' | 'business' } = {},
): Promise<TApiSession> {
  const { url } = h;
  await request(url, 'POST', '/api/Email/send-verification-code', {
    email,
    userName: email.split('@')[0],
    companyName: 'IPS Prueba',
  });
  const code = await codeFromOutbox(url, email);
  const verified = await request(url, 'POST', '/api/Email/verify-code', { email, code });
  await request(url, 'POST', '/api/Auth/registration', {
    terceroData: {
      nombre: 'Medical Energy SAS',
      razonSocial: 'MEDICAL ENERGY SAS',
      primerNombre: 'Ana',
      primerApellido: 'Gómez',
      tipoIdentidad: 'NI',
      numeroIdentificacion: NIT,
      dv: '8',
      codPais: 'CO',
      codDepartamento: '11',
      codCiudad: '001',
      direccion: 'Calle 1 # 2-3',
      telefono: '3001234567',
    },
    credentialData: {
      credentialType: 'manual',
      email,
      password,
      verificationToken: verified.data?.verificationToken,
    },
  });
  await request(
    url,
    'POST',
    '/api/admin/grant',
    { email, modulos: ['ministerio'], plan: o.plan ?? 'profesional' },
    { [OPERATOR_HEADER]: loadOperatorSecret(h.dataDir) },
  );
  const login = await request(url, 'POST', '/api/Auth/login', { email, password, rememberMe: false });
  const token = login.data.accessToken as string;
  const validator = login.data.tenant.validator as string;
  const session: TApiSession = {
    token,
    validator,
    call: (method, path, body) =>
      request(url, method, path, body, { Authorization: `Bearer ${token}`, 'X-Validator': validator }),
  };
  await session.call('POST', '/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  return session;
}

/** The par1 pair rewritten to another invoice number (same NIT, same content): a distinct formato. */
export const par1As = par1Copy;

/** Upload one file over the API; returns the document id. */
export async function uploadFile(
  s: TApiSession,
  name: string,
  bytes: Buffer,
  fevRipsId?: number,
): Promise<number> {
  const form = new FormData();
  if (fevRipsId) form.append('fevRipsId', String(fevRipsId));
  form.append('archivo', new Blob([new Uint8Array(bytes)]), name);
  const res = await s.call('POST', '/api/FevRips/subir-archivo', form);
  return res.data.fevRipsId as number;
}

/** Create a document for `formato` with the XML and, unless `onlyXml`, the JSON. Returns its id. */
export async function seedDocument(s: TApiSession, formato: string, onlyXml = false): Promise<number> {
  const pair = par1As(formato);
  const id = await uploadFile(s, `${formato}.xml`, pair.xml);
  if (!onlyXml) await uploadFile(s, `${formato}.json`, pair.json, id);
  return id;
}

/** Sign in through the login page and wait for /Inicio. */
export async function loginInUi(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await page.waitForURL(/\/Inicio/, { timeout: 30_000 });
}
