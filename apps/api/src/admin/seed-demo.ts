import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { computeDv } from '@radica/contracts/nit';
import { MODULOS } from '@radica/contracts/products';
import { loadConfig, type TConfig } from '../config.ts';
import { muvSimulatorPlugin } from '@radica/muv-simulator/plugin';
import { wompiSimulatorPlugin } from '@radica/wompi-simulator/plugin';
import { buildApp } from '../app.ts';
import { OPERATOR_HEADER } from '../plugins/operator.ts';
import { findLocalApi, operatorPost, readOperatorSecret } from './operator-client.ts';
import { isMain } from '../lib/entry.ts';

/** The demo account `npm run seed:demo` creates (its NIT is the one of the real sample pair par1). */
export const DEMO = {
  email: 'demo@radica.local',
  password: 'Demo-Radica-2026',
  nit: '901019681',
} as const;

const SAMPLES = resolve(import.meta.dirname, '../../../../../shared/samples');
const PAR1_XML = 'par1_fev-attacheddocument_evento_nit901019681_A01E5687.xml';
const PAR1_JSON = 'par1_rips_evento_nit901019681_A01E5687.json';

type TSession = { token: string; validator: string };

/**
 * `npm run seed:demo`: a demo tenant owning every module, with sample documents in every status
 * (APROBADO, EN_ESPERA, PROCESADO, PENDIENTE_RIPS, PENDIENTE_XML, ANULADO, NO_APROBADO, ERROR) built from the real
 * sample pair par1 (invoice number rewritten per document), then prints how to sign in. Works through the running
 * server when one answers on PORT (PGlite has one owner), else starts the app in-process for the duration.
 * Needs the local mail outbox (no SMTP_URL), read with the operator secret, for the registration code. NO_APROBADO
 * comes from a RIPS the simulator rejects (RVG01); ERROR needs the simulator's failure hooks, which only the app this
 * command starts itself turns on (a running server never serves them). Idempotent: an existing demo user is
 * left as it is.
 */
export async function seedDemo(config: TConfig = loadConfig()): Promise<{ baseUrl: string; created: boolean; documentos: Record<string, string> }> {
  const found = await findLocalApi(config);
  const ownApp = !found;
  const { baseUrl, close } = found ? { baseUrl: found, close: async () => {} } : await startOwnApp(config);
  try {
    const secret = readOperatorSecret(config);
    if (!secret) throw new Error(`No se encontró el secreto de operador en ${config.dataDir}. ¿El servidor usa otro DATA_DIR?`);
    const call = createCaller(baseUrl);
    const login = async () => {
      const res = await call('POST', '/api/Auth/login', { email: DEMO.email, password: DEMO.password, rememberMe: false });
      return res.status === 200 ? { token: res.body.data.accessToken as string, validator: res.body.data.tenant.validator as string } : null;
    };
    if (await login()) return { baseUrl, created: false, documentos: {} };
    await registrarDemo(call, baseUrl, secret);
    const session = await login();
    if (!session) throw new Error('No se pudo iniciar sesión con el usuario demo.');
    await configurarFevrips(call, session);
    const documentos = await cargarDocumentos(call, session, baseUrl, ownApp || config.muvTransientMaxS === 0);
    return { baseUrl, created: true, documentos };
  } finally {
    await close();
  }
}

/** The app started in this process (no server answered on PORT), listening on a free local port. */
async function startOwnApp(config: TConfig): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  // muvTransientMaxS 0: an unavailable ministry ends the wait at once, so the demo holds a document in ERROR (a real
  // install waits MUV_TRANSIENT_MAX_S, retrying, before it gives up).
  const app = await buildApp({ ...config, logLevel: 'warn', muvSimulatorControl: config.muvSimulator, muvTransientMaxS: 0 }, { muvSimulator: muvSimulatorPlugin, wompiSimulator: wompiSimulatorPlugin });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { baseUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`, close: () => app.close() };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- envelopes of many calls
type TAnswer = { status: number; body: { success?: boolean; data?: any; message?: string } };
type TCall = (method: string, path: string, body?: unknown, s?: TSession, headers?: Record<string, string>) => Promise<TAnswer>;

/** A call to the API at `baseUrl`: JSON or a form, signed in as `s` when given; the answer's envelope ({} when not JSON). */
function createCaller(baseUrl: string): TCall {
  return async (method, path, body, s, headers = {}) => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
        ...(s ? { authorization: `Bearer ${s.token}`, 'x-validator': s.validator } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json().catch(() => ({}))) as TAnswer['body'] };
  };
}

/** Registers the demo user (its code read from the local outbox with the operator secret) and grants it every module. */
async function registrarDemo(call: TCall, baseUrl: string, secret: string): Promise<void> {
  await call('POST', '/api/Email/send-verification-code', { email: DEMO.email, userName: 'demo', companyName: 'Demo Radica' });
  const mail = await call('GET', `/api/dev/mail?to=${encodeURIComponent(DEMO.email)}`, undefined, undefined, { [OPERATOR_HEADER]: secret });
  const code = /\b(\d{6})\b/.exec(String(mail.body.data?.[0]?.text ?? ''))?.[1];
  if (!code) throw new Error('No se pudo leer el código de verificación: seed:demo necesita el buzón local (sin SMTP_URL).');
  const verified = await call('POST', '/api/Email/verify-code', { email: DEMO.email, code });
  const reg = await call('POST', '/api/Auth/registration', {
    terceroData: {
      primerNombre: 'Demo',
      segundoNombre: '',
      primerApellido: 'Radica',
      segundoApellido: '',
      nombre: 'IPS Demo Radica SAS',
      razonSocial: 'IPS DEMO RADICA SAS',
      tipoIdentidad: 'NI',
      numeroIdentificacion: DEMO.nit,
      dv: computeDv(DEMO.nit),
      codPais: 'CO',
      codDepartamento: '11',
      codCiudad: '001',
      direccion: 'Calle 100 # 10-10',
      telefono: '3000000000',
    },
    credentialData: { credentialType: 'manual', email: DEMO.email, password: DEMO.password, verificationToken: verified.body.data?.verificationToken },
  });
  if (reg.status !== 200) throw new Error(`Registro del usuario demo falló: ${reg.body.message ?? reg.status}`);
  const grant = await operatorPost(baseUrl, secret, '/api/admin/grant', { email: DEMO.email, modulos: [...MODULOS], metodoPago: 'DEMO' });
  if (grant.status !== 200) throw new Error(`No se pudieron otorgar los módulos: ${grant.body.message}`);
}

/** The demo tenant's FEV-RIPS settings (validator credentials the simulator accepts). */
async function configurarFevrips(call: TCall, s: TSession): Promise<void> {
  await call(
    'POST',
    '/api/Auth/crear-configuracion-fevrips',
    {
      codigoPrestador: '110013120501',
      userValidator: '1010101010',
      passwordValidator: 'clave-demo',
      tipoPrestadorServicio: '02',
      tipoCaracter: 'E',
      tipoClasePersona: 'J',
      tipoEntidad: '01',
      telefonoAdicional: '',
      nombreRepresentanteLegal: 'Demo Radica',
      fechaRadicacion: '',
      fechaVencimiento: '',
    },
    s,
  );
}

/**
 * Uploads the sample pair par1 as `formato` (its invoice number rewritten): the XML and/or the JSON (`ripsOf` may change
 * the RIPS). Returns the document's id.
 */
async function subir(call: TCall, s: TSession, formato: string, parts: { xml: boolean; json: boolean }, ripsOf: (text: string) => string = (t) => t): Promise<number> {
  const xml = readFileSync(join(SAMPLES, PAR1_XML), 'utf8');
  const json = readFileSync(join(SAMPLES, PAR1_JSON), 'utf8');
  let id: number | undefined;
  for (const [tipo, text, on] of [
    ['xml', xml, parts.xml],
    ['json', ripsOf(json), parts.json],
  ] as const) {
    if (!on) continue;
    const form = new FormData();
    if (id) form.append('fevRipsId', String(id));
    form.append('archivo', new Blob([text.replaceAll('A01E5687', formato)]), `${formato}.${tipo}`);
    const res = await call('POST', '/api/FevRips/subir-archivo', form, s);
    if (res.status !== 200) throw new Error(`Carga de ${formato}.${tipo} falló: ${res.body.message}`);
    id = res.body.data.fevRipsId;
  }
  return id!;
}

/**
 * The demo's documents, one or more in every status; returns each one's status (or what kept it from it).
 * `errorAlFinal`: the wait of an unavailable ministry ends at once (the app is ours, or MUV_TRANSIENT_MAX_S is 0).
 */
async function cargarDocumentos(call: TCall, s: TSession, baseUrl: string, errorAlFinal: boolean): Promise<Record<string, string>> {
  const upload = (formato: string, parts: { xml: boolean; json: boolean }, ripsOf?: (text: string) => string) => subir(call, s, formato, parts, ripsOf);
  const documentos: Record<string, string> = {};
  const simControl = (body: unknown) =>
    fetch(`${baseUrl}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
      (r) => r.ok,
      () => false,
    );
  for (let i = 0; i < 3; i++) {
    const id = await upload(`DEMO${1001 + i}`, { xml: true, json: true });
    const sent = await call('POST', `/api/FevRips/${id}/enviar`, undefined, s);
    documentos[`DEMO${1001 + i}`] = sent.body.data?.exitoso ? 'APROBADO' : `envío: ${sent.body.message}`;
  }
  await upload('DEMO2001', { xml: true, json: true });
  documentos.DEMO2001 = 'EN_ESPERA';
  const procesado = await upload('DEMO2002', { xml: true, json: true });
  await call('POST', `/api/FevRips/${procesado}/anular`, undefined, s);
  await call('POST', `/api/FevRips/${procesado}/reactivar`, undefined, s);
  documentos.DEMO2002 = 'PROCESADO';
  await upload('DEMO3001', { xml: true, json: false });
  documentos.DEMO3001 = 'PENDIENTE_RIPS';
  await upload('DEMO3002', { xml: false, json: true });
  documentos.DEMO3002 = 'PENDIENTE_XML';
  const anulado = await upload('DEMO4001', { xml: true, json: true });
  await call('POST', `/api/FevRips/${anulado}/anular`, undefined, s);
  documentos.DEMO4001 = 'ANULADO';
  // A user identification type outside TipoIDPISIS: the ministry (and the simulator) reject it with RVG01.
  const rechazado = await upload('DEMO5001', { xml: true, json: true }, (text) => {
    const rips = JSON.parse(text) as { usuarios: Array<{ tipoDocumentoIdentificacion: string }> };
    rips.usuarios[0]!.tipoDocumentoIdentificacion = 'ZZ';
    return JSON.stringify(rips);
  });
  const rejected = await call('POST', `/api/FevRips/${rechazado}/enviar`, undefined, s);
  documentos.DEMO5001 = rejected.status === 200 && !rejected.body.data?.exitoso ? 'NO_APROBADO' : `envío: ${rejected.body.message}`;
  // An unavailable ministry needs the simulator's failure hooks (only when this command started the app itself).
  const error = await upload('DEMO5002', { xml: true, json: true });
  if (await simControl({ status: 503, count: 10 })) {
    await call('POST', `/api/FevRips/${error}/enviar`, undefined, s);
    await simControl({ status: 503, count: 0 });
    // ERROR once the wait is over (MUV_TRANSIENT_MAX_S); a server with a longer wait keeps retrying it meanwhile.
    documentos.DEMO5002 = errorAlFinal ? 'ERROR' : 'EN_ESPERA (el Ministerio no respondió: Radica reintentará)';
  } else {
    documentos.DEMO5002 = 'EN_ESPERA (ERROR solo se genera con el servidor detenido: el simulador en marcha no acepta fallos inyectados)';
  }
  return documentos;
}

if (isMain(import.meta.url)) {
  const config = loadConfig();
  const result = await seedDemo(config);
  console.log(result.created ? 'Inquilino de demostración creado.' : 'El usuario de demostración ya existía; no se cambió nada.');
  for (const [formato, estado] of Object.entries(result.documentos)) console.log(`  ${formato}: ${estado}`);
  console.log(`\nInicie sesión en ${config.publicUrl ?? `http://localhost:${config.port}`}/auth/login`);
  console.log(`  Correo:     ${DEMO.email}`);
  console.log(`  Contraseña: ${DEMO.password}`);
  console.log('  Módulos:    ministerio, facturacion, marketing, automatizaciones');
}
