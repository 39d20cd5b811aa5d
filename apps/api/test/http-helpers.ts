import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { computeDv } from '@radica/contracts/nit';
import { OPERATOR_HEADER, operatorSecretPath } from '../src/plugins/operator.ts';

/**
 * The test helpers that talk to a running Radica over HTTP and files (a client, the outbox, grants, the samples, free
 * ports, polling) without importing the app: the tests of a child process (the compiled build, the e2e journeys) load
 * these in a fraction of the time helpers.ts takes, which also builds the app in-process. helpers.ts re-exports them.
 */

/** Data directory of each running test app, by URL (the operator secret lives there). */
const dataDirs = new Map<string, string>();
/** Tell the helpers where the data directory of an app started elsewhere (a child process) is. */
export const rememberDataDir = (url: string, dataDir: string) => dataDirs.set(url, dataDir);

/** Samples shipped beside the project (real files; fixtures only). */
export const SAMPLES = resolve(import.meta.dirname, '../../../../shared/samples');
export const sample = (name: string) => readFileSync(join(SAMPLES, name));
export const PAR1_XML = 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml';
export const PAR1_JSON = 'par1_rips_evento_nit901019681_A01E5687.json';
export const PAR2_XML = 'par2_fev-attacheddocument_evento_nit891856372_FECE214626_bom-mojibake.xml';
export const PAR2_JSON = 'par2_rips_evento_nit891856372_FECE214626_tipoNota-vacio.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test bodies are asserted field by field
export type TJson = { success: boolean; data?: any; message?: string; code?: string };

/** A small HTTP client over real fetch that remembers a session's bearer token and validator. */
export function client(url: string) {
  let token = '';
  let validator = '';
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}`, 'x-validator': validator } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let json: TJson;
    try {
      json = JSON.parse(text) as TJson;
    } catch {
      json = { success: false, message: text };
    }
    return { status: res.status, body: json, headers: res.headers };
  };
  return {
    url,
    call,
    get: (path: string) => call('GET', path),
    post: (path: string, body?: unknown, headers?: Record<string, string>) => call('POST', path, body, headers),
    put: (path: string, body?: unknown) => call('PUT', path, body),
    setSession: (t: string, v: string) => {
      token = t;
      validator = v;
    },
    get token() {
      return token;
    },
    get validator() {
      return validator;
    },
  };
}

export const TERCERO = (numeroIdentificacion: string) => ({
  primerNombre: 'Ana',
  segundoNombre: '',
  primerApellido: 'Gómez',
  segundoApellido: '',
  nombre: 'Medical Energy SAS',
  razonSocial: 'MEDICAL ENERGY SAS',
  tipoIdentidad: 'NI',
  numeroIdentificacion,
  dv: computeDv(numeroIdentificacion),
  codPais: 'CO',
  codDepartamento: '11',
  codCiudad: '001',
  direccion: 'Calle 1 # 2-3',
  telefono: '3000000000',
});

/** The operator secret of the test app at `url` (what `npm run admin` reads from DATA_DIR). */
export function operatorHeaders(url: string): Record<string, string> {
  const dir = dataDirs.get(url);
  if (!dir) throw new Error(`no test app at ${url}`);
  return { [OPERATOR_HEADER]: readFileSync(operatorSecretPath(dir), 'utf8').trim() };
}

/** Messages of the local outbox for `email`, newest first, read as the operator does (`npm run admin -- mail`). */
export async function outbox(url: string, email: string): Promise<{ to: string; subject: string; text: string; sentAt: string }[]> {
  const res = await client(url).call('GET', `/api/dev/mail?to=${encodeURIComponent(email)}`, undefined, operatorHeaders(url));
  if (res.status !== 200) throw new Error(`outbox: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Read the newest 6-digit code mailed to `email` from the dev outbox. */
export async function codeFromOutbox(c: ReturnType<typeof client>, email: string): Promise<string> {
  const text: string = (await outbox(c.url, email))[0]?.text ?? '';
  const m = /\b(\d{6})\b/.exec(text);
  if (!m) throw new Error('no code in outbox');
  return m[1]!;
}

/**
 * Record a manual purchase of `modulos` for the tenant of `email` through the operator endpoint (what
 * `npm run admin -- grant EMAIL MODULE…` does), authenticated with the app's operator secret file.
 */
export async function grantModules(url: string, email: string, modulos: string[], o: { plan?: 'profesional' | 'business'; meses?: number } = {}) {
  const res = await client(url).post('/api/admin/grant', { email, modulos, ...o }, operatorHeaders(url));
  if (res.status !== 200) throw new Error(`grant failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/**
 * Register (code from the outbox) and log in; returns the session client and the login data. The tenant gets the
 * `modulos` products (default: ministerio, so ministry calls are allowed; pass [] for a tenant without products).
 */
export async function registerAndLogin(url: string, email: string, nit: string, password = 'Clave-Segura-2026', modulos: string[] = ['ministerio']) {
  const c = client(url);
  await c.post('/api/Email/send-verification-code', { email, userName: email.split('@')[0], companyName: 'Prueba' });
  const code = await codeFromOutbox(c, email);
  const verified = await c.post('/api/Email/verify-code', { email, code });
  const reg = await c.post('/api/Auth/registration', {
    terceroData: TERCERO(nit),
    credentialData: { credentialType: 'manual', email, password, verificationToken: verified.body.data.verificationToken },
  });
  if (reg.status !== 200) throw new Error(`registration failed: ${reg.status} ${JSON.stringify(reg.body)}`);
  if (modulos.length) await grantModules(url, email, modulos);
  const login = await c.post('/api/Auth/login', { email, password, rememberMe: false });
  c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
  return { c, login: login.body.data, registration: reg.body.data };
}

/** Multipart body with field `archivo` (and optional fevRipsId). */
export function fileForm(name: string, bytes: Buffer | string, fevRipsId?: number) {
  const form = new FormData();
  if (fevRipsId) form.append('fevRipsId', String(fevRipsId));
  form.append('archivo', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return form;
}

export const PROVIDER_CONFIG = {
  codigoPrestador: '110013120501',
  userValidator: '1010101010',
  passwordValidator: 'clave-del-validador',
  tipoPrestadorServicio: '02',
  tipoCaracter: 'E',
  tipoClasePersona: 'J',
  tipoEntidad: '01',
  telefonoAdicional: '',
  nombreRepresentanteLegal: 'Ana Gómez',
  fechaRadicacion: '',
  fechaVencimiento: '',
};

/**
 * A copy of the real par1 pair (FEV XML + RIPS JSON) with the invoice number A01E5687 rewritten to `formato` in both
 * files, so many distinct documents can be uploaded and sent (formato: capital letters then digits, seed 001 §5).
 */
export function par1Copy(formato: string): { xml: Buffer; json: Buffer } {
  const swap = (b: Buffer) => Buffer.from(b.toString('utf8').replaceAll('A01E5687', formato), 'utf8');
  return { xml: swap(sample(PAR1_XML)), json: swap(sample(PAR1_JSON)) };
}

/** Upload a par1 copy as one document (XML then JSON); returns its id. */
export async function uploadPar1Copy(c: ReturnType<typeof client>, formato: string, parts: { xml?: boolean; json?: boolean } = {}): Promise<number> {
  const pair = par1Copy(formato);
  let id: number | undefined;
  if (parts.xml !== false) {
    const x = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.xml`, pair.xml));
    if (x.status !== 200) throw new Error(`xml upload failed: ${x.status} ${JSON.stringify(x.body)}`);
    id = x.body.data.fevRipsId;
  }
  if (parts.json !== false) {
    const j = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.json`, pair.json, id));
    if (j.status !== 200) throw new Error(`json upload failed: ${j.status} ${JSON.stringify(j.body)}`);
    id = j.body.data.fevRipsId;
  }
  return id!;
}

/** Poll `probe` every 100 ms until it returns something truthy; throws after `timeoutMs`. */
export async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A free TCP port on localhost. */
export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? res(a.port) : rej(new Error('no port'))));
    });
  });
}
