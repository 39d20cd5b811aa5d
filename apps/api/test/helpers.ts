import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { createServer } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { computeDv } from '@radica/contracts/nit';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import { wompiSimulatorPlugin } from '@radica/wompi-simulator/plugin';
import { whatsappSimulatorPlugin } from '@radica/whatsapp-simulator/plugin';
import { buildApp } from '../src/app.ts';
import { pgliteSnapshot, pgTemplate } from './db-templates.ts';
import { loadConfig, type TConfig } from '../src/config.ts';
import { OPERATOR_HEADER, operatorSecretPath } from '../src/plugins/operator.ts';

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

export type TTestApp = { app: FastifyInstance; url: string; close: () => Promise<void>; config: TConfig };

/**
 * A new database `radica_t_…` on the PostgreSQL server of DATABASE_URL (as on CI), and how to drop it (forcing out
 * any connection left). It is a copy of a migrated template (db-templates.ts), unless `empty` asks for a database with
 * no schema at all (tests of the migrations themselves).
 */
export async function createTestDatabase(opts: { empty?: boolean } = {}): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('DATABASE_URL is not set');
  const name = `radica_t_${randomBytes(6).toString('hex')}`;
  const templateName = opts.empty ? null : await pgTemplate(base);
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(templateName ? `create database ${name} template ${templateName}` : `create database ${name}`);
  await admin.end();
  const u = new URL(base);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    name,
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * Build the real app on a fresh database and listen on a random port: PGlite in memory by default, or a new
 * PostgreSQL database (created and dropped here) when DATABASE_URL is set, as on CI.
 */
export async function startTestApp(overrides: Partial<TConfig> = {}): Promise<TTestApp> {
  const scratch = process.env.DATABASE_URL ? await createTestDatabase() : null;
  const base = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const config: TConfig = {
    ...base,
    whatsapp: { ...base.whatsapp, simulatorControl: true },
    webhookAllowLocal: true,
    webhookRetryDelayS: 1,
    databaseUrl: scratch?.url ?? null,
    pgliteDataDir: 'memory',
    dataDir: mkdtempSync(join(tmpdir(), 'radica-test-')),
    encryptionKey: randomBytes(32).toString('base64'),
    jwtSecret: randomBytes(32).toString('hex'),
    muvRetryBaseMs: 10,
    rateLimitScale: 100,
    muvSimulatorControl: true,
    wompiSimulatorControl: true,
    ...overrides,
  };
  // An embedded database (the default, or a test's own on-disk one) starts from the migrated snapshot.
  if (!config.databaseUrl && !('pgliteSnapshot' in overrides)) config.pgliteSnapshot = await pgliteSnapshot();
  const app = await buildApp(config, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin, whatsappSimulator: whatsappSimulatorPlugin });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  dataDirs.set(url, config.dataDir);
  return {
    app,
    url,
    config,
    close: async () => {
      await app.close();
      await scratch?.drop();
    },
  };
}

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

/**
 * Insert $3 synthetic documents for tenant $1, user $2 (list-speed benches and plan tests): statuses in realistic
 * shares, creation spread back 3 minutes apart, filing date, CUV and proceso for approved ones. Formatos BN0000001….
 */
export const SYNTHETIC_DOCUMENTS_SQL = `insert into fev_rips (tenant_id, id_usuario, formato, tipo_documento, estado, total_factura, info_fev_rips, fecha_creacion, fecha_modificacion, fecha_radicacion, cuv, proceso_id, intentos_envio)
     select $1, $2, 'BN' || lpad(g::text, 7, '0'),
       (array['FV','FV','FV','NC','ND'])[1 + g % 5],
       (array['APROBADO','APROBADO','APROBADO','EN_ESPERA','PENDIENTE_RIPS','PENDIENTE_XML','NO_APROBADO','ANULADO','PROCESADO','ERROR'])[1 + g % 10],
       (100000 + g)::numeric,
       '{"cantidadUsuarios":1,"cantidadAtenciones":1,"totalFactura":100000,"totalValorServicios":100000,"modalidadPago":"04","identificacionAdquiriente":"860000000"}'::jsonb,
       now() - (g * interval '3 minutes'), now(),
       case when g % 10 < 3 then now() - (g * interval '3 minutes') + interval '1 hour' end,
       case when g % 10 < 3 then md5(g::text) || md5((g + 1)::text) || md5((g + 2)::text) end,
       case when g % 10 < 3 then g end,
       case when g % 10 < 3 then 1 else 0 end
     from generate_series(1, $3::int) g`;

/** Counters of the simulator's GET /_control/stats. */
export type TSimStats = {
  logins: number;
  cargas: number;
  aceptados: number;
  rechazados: number;
  consultas: number;
  paquetes: number;
  /** Per package (numFactura or numNota): its uploads, acceptances and re-sends answered RVG18. */
  porPaquete: Record<string, { cargas: number; aceptados: number; duplicados: number }>;
};

/** A standalone simulator (its own Fastify on a random port) so its counters survive the API's restarts. */
export async function startSimulator(latencyMs: number): Promise<{ app: FastifyInstance; url: string; stats: () => Promise<TSimStats> }> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(muvSimulatorPlugin, { prefix: '', latencyMs, controlHooks: true });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { app, url, stats: async () => (await fetch(`${url}/_control/stats`)).json() as Promise<TSimStats> };
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



/** The newest code of `digits` digits mailed to `email` with a subject matching `subject` (waits for background mail). */
export async function mailedCode(url: string, email: string, subject: RegExp, digits: number, timeoutMs = 3000): Promise<string | null> {
  const pattern = new RegExp(`\\b(\\d{${digits}})\\b`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(url, email)).find((m) => subject.test(m.subject));
    const code = mail ? pattern.exec(mail.text)?.[1] : undefined;
    if (code) return code;
    if (Date.now() > until) return null;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A message the SMTP sink received: envelope sender and recipients, and the message as `parse` made it. */
export type TSunkMail<T> = { from: string; to: string[]; mail: T };

/**
 * A local SMTP server (smtp-server, no auth, no TLS) on a random port that keeps every message it receives, for
 * SMTP_URL in tests: `received` fills as mail arrives; `parse` turns the raw bytes into what tests read (default:
 * the raw text; mailparser's simpleParser for parsed mail).
 */
export async function startSmtpSink<T = string>(
  parse: (raw: Buffer) => T | Promise<T> = (raw) => raw.toString('utf8') as T,
): Promise<{ url: string; received: TSunkMail<T>[]; close: () => Promise<void> }> {
  const received: TSunkMail<T>[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        void Promise.resolve(parse(Buffer.concat(chunks))).then((mail) => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), mail });
          done();
        }, done);
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((ok) => server.close(() => ok())) };
}

/** A buyer's billing data in Bogotá (create-sale's `billingData`), for purchase tests. */
export const testBillingData = (email: string) => ({
  firstName: 'Ana',
  lastName: 'Gómez',
  email,
  phone: '+57 3001234567',
  country: 'Colombia',
  address: 'Calle 1 # 2-3',
  city: 'Bogotá',
  region: 'Bogotá D.C.',
  codPais: '169',
  codDepartamento: '11',
  codCiudad: '11001',
});
