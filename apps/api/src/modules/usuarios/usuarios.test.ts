import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ACCESO, ROL_NOMBRE, type TRol } from '@radica/contracts/usuarios';
import {
  PROVIDER_CONFIG,
  TERCERO,
  client,
  fileForm,
  operatorHeaders,
  par1Copy,
  startSmtpSink,
  startTestApp,
  type TSunkMail,
  type TTestApp,
} from '../../../test/helpers.ts';

/**
 * Users and roles over real HTTP, with invitations delivered over real SMTP (a local smtp-server) and read
 * back from what arrives: invitation and acceptance, every route's declared roles walked from the route table, the
 * last administrator, seats, removal and role changes ending sessions and suspending keys, another company's ids and
 * links, and the document history naming who acted.
 */
type TMail = { to: string; subject: string; text: string };
let sink: Awaited<ReturnType<typeof startSmtpSink<TMail>>>;
let t: TTestApp;
/** Google sign-in against a local JWKS (as auth/google.test.ts): ID tokens signed here. */
const GOOGLE_CLIENT_ID = 'radica-usuarios.apps.googleusercontent.com';
let jwks: Server;
let googleKey: CryptoKey;
const googleToken = (email: string, sub: string) =>
  new SignJWT({ sub, email, email_verified: true, name: 'Laura Pérez', given_name: 'Laura', family_name: 'Pérez' })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' })
    .setIssuer('https://accounts.google.com')
    .setAudience(GOOGLE_CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(googleKey);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((ok) => jwks.listen(0, '127.0.0.1', ok));
  const jwksAddress = jwks.address();
  sink = await startSmtpSink<TMail>(async (raw) => {
    const m = await simpleParser(raw);
    return { to: m.to ? [m.to].flat().map((a) => a.text).join(',') : '', subject: m.subject ?? '', text: m.text ?? '' };
  });
  t = await startTestApp({
    smtpUrl: sink.url,
    mailFrom: 'Radica <no-reply@radica.test>',
    publicUrl: 'https://radica.test',
    googleClientId: GOOGLE_CLIENT_ID,
    googleJwksUrl: `http://127.0.0.1:${typeof jwksAddress === 'object' && jwksAddress ? jwksAddress.port : 0}/certs`,
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  await new Promise((ok) => jwks?.close(ok));
});

/** The newest message to `to` whose subject matches, waiting for it to arrive over SMTP. */
async function mailTo(to: string, subject: RegExp, after = 0): Promise<TSunkMail<TMail>> {
  const until = Date.now() + 10_000;
  for (;;) {
    const m = sink.received.slice(after).reverse().find((r) => r.to.includes(to) && subject.test(r.mail.subject));
    if (m) return m;
    if (Date.now() > until) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The invitation link's token of the newest invitation mailed to `email`. */
async function tokenMailed(email: string, after = 0): Promise<string> {
  const m = await mailTo(email, /invitaron/, after);
  const link = /https:\/\/radica\.test\/auth\/invitacion\?token=([A-Za-z0-9_-]+)/.exec(m.mail.text);
  if (!link) throw new Error(`no link in ${m.mail.text}`);
  return link[1]!;
}

/** Register a company's first user with the code mailed over SMTP, give it the plan, and sign in. */
async function registrar(email: string, nit: string, plan: 'profesional' | 'business') {
  const c = client(t.url);
  const before = sink.received.length;
  await c.post('/api/Email/send-verification-code', { email });
  const mail = await mailTo(email, /verificaci/i, before);
  const code = /\b(\d{6})\b/.exec(mail.mail.text)![1]!;
  const v = await c.post('/api/Email/verify-code', { email, code });
  const reg = await c.post('/api/Auth/registration', {
    terceroData: TERCERO(nit),
    credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: v.body.data.verificationToken },
  });
  expect(reg.status).toBe(200);
  const grant = await c.post('/api/admin/grant', { email, modulos: ['ministerio'], plan }, operatorHeaders(t.url));
  expect(grant.status).toBe(200);
  return login(email, 'Clave-Segura-2026');
}

async function login(email: string, password: string) {
  const c = client(t.url);
  const r = await c.post('/api/Auth/login', { email, password });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  c.setSession(r.body.data.accessToken, r.body.data.tenant.validator);
  return { c, userId: r.body.data.user.id as number, refreshToken: r.body.data.refreshToken as string, rol: r.body.data.user.rol as TRol };
}

/** Invite `email` as `rol` from `admin` and accept the mailed link with a name and password; signed in as them. */
async function invitarYAceptar(admin: ReturnType<typeof client>, email: string, rol: TRol) {
  const before = sink.received.length;
  const inv = await admin.post('/api/usuarios/invitaciones', { email, rol });
  expect(inv.status, JSON.stringify(inv.body)).toBe(200);
  const token = await tokenMailed(email, before);
  const accepted = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token, nombre: `Persona ${rol}`, password: 'Clave-Segura-2026' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return login(email, 'Clave-Segura-2026');
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let a: Awaited<ReturnType<typeof registrar>>;
let b: Awaited<ReturnType<typeof registrar>>;
beforeAll(async () => {
  a = await registrar('admin@clinica-a.co', '901019681', 'business');
  b = await registrar('admin@clinica-b.co', '891856372', 'profesional');
});

describe('invitations: the link, Google and concurrency', () => {
  it('mails a link valid 7 days, stores only its hash, and the invitee sets a name and a password and signs in with the role', async () => {
    const before = sink.received.length;
    const inv = await a.c.post('/api/usuarios/invitaciones', { email: 'Facturador@Clinica-A.co', rol: 'facturador' });
    expect(inv.status).toBe(200);
    expect(inv.body.message).toBe(MSG_USUARIOS.invitacionEnviada('facturador@clinica-a.co'));
    expect(inv.body.data).toMatchObject({ email: 'facturador@clinica-a.co', rol: 'facturador', estado: 'pendiente' });
    const days = (Date.parse(inv.body.data.expiraEn) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);

    const mail = await mailTo('facturador@clinica-a.co', /invitaron/, before);
    expect(mail.from).toBe('no-reply@radica.test');
    expect(mail.mail.subject).toBe(MSG_USUARIOS.invitacionAsunto('MEDICAL ENERGY SAS'));
    expect(mail.mail.text).toContain('con el rol Facturador');
    const token = await tokenMailed('facturador@clinica-a.co', before);
    const rows = await t.app.deps.dbRows<{ token_hash: string }>(sql`select token_hash from invitaciones where email = 'facturador@clinica-a.co'`);
    expect(rows.map((r) => r.token_hash)).toEqual([sha256(token)]);

    const anon = client(t.url);
    const info = await anon.post('/api/usuarios/invitaciones/consultar', { token });
    expect(info.body.data).toMatchObject({ email: 'facturador@clinica-a.co', rol: 'facturador', empresa: 'MEDICAL ENERGY SAS' });
    // The registration's password rules (seed 000 §5).
    const weak = await anon.post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Fabio Facturador', password: 'corta' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^Falta: /);
    const ok = await anon.post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Fabio Facturador', password: 'Clave-Segura-2026' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: 'facturador@clinica-a.co', name: 'Fabio Facturador', rol: 'facturador' });
    expect(ok.body.data.tenant.validator).toBe(a.c.validator);
    expect(ok.headers.get('set-cookie')).toMatch(/radica_rt=/);
    // Single use.
    const again = await anon.post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Otro', password: 'Clave-Segura-2026' });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVITACION_INVALIDA');

    const f = await login('facturador@clinica-a.co', 'Clave-Segura-2026');
    expect((await f.c.get('/api/usuarios/yo')).body.data).toMatchObject({ rol: 'facturador', plan: 'business', nombre: 'Fabio Facturador' });
    const list = await a.c.get('/api/usuarios');
    expect(list.body.data.usuarios.map((u: { email: string; rol: string }) => `${u.email}:${u.rol}`)).toEqual([
      'admin@clinica-a.co:administrador',
      'facturador@clinica-a.co:facturador',
    ]);
    expect(list.body.data.usuarios[1].ultimoIngreso).not.toBeNull();
    expect(list.body.data.puestos).toEqual({ usados: 2, total: 10, plan: 'business' });
  });

  it('accepts with Google only for the invited e-mail, then signs in with Google', async () => {
    const before = sink.received.length;
    expect((await a.c.post('/api/usuarios/invitaciones', { email: 'laura@gmail.test', rol: 'consulta' })).status).toBe(200);
    const token = await tokenMailed('laura@gmail.test', before);
    const other = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token, googleToken: await googleToken('otra@gmail.test', 'g-otra') });
    expect(other.status).toBe(400);
    expect(other.body).toMatchObject({ code: 'GOOGLE_EMAIL_MISMATCH', message: MSG_USUARIOS.invitacionEmailGoogle('laura@gmail.test') });
    const ok = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token, googleToken: await googleToken('laura@gmail.test', 'g-laura') });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user).toMatchObject({ email: 'laura@gmail.test', name: 'Laura Pérez', authType: 'google', rol: 'consulta' });
    const google = await client(t.url).post('/api/Auth/google', { googleToken: await googleToken('laura@gmail.test', 'g-laura') });
    expect(google.status).toBe(200);
    expect(google.body.data.tenant.validator).toBe(a.c.validator);
    // Removed again so the seat counts below hold.
    await a.c.call('DELETE', `/api/usuarios/${ok.body.data.user.id}`);
  });

  it('accepts a link once under concurrency, and resend and cancel replace or end the link', async () => {
    const before = sink.received.length;
    await a.c.post('/api/usuarios/invitaciones', { email: 'doble@clinica-a.co', rol: 'consulta' });
    const first = await tokenMailed('doble@clinica-a.co', before);
    const resent = await a.c.post(`/api/usuarios/invitaciones/${(await a.c.get('/api/usuarios')).body.data.invitaciones[0].id}/reenviar`);
    expect(resent.status).toBe(200);
    const second = await tokenMailed('doble@clinica-a.co', before + 1);
    expect(second).not.toBe(first);
    expect((await client(t.url).post('/api/usuarios/invitaciones/consultar', { token: first })).body.code).toBe('INVITACION_INVALIDA');
    const tries = await Promise.all(
      [1, 2, 3].map(() => client(t.url).post('/api/usuarios/invitaciones/aceptar', { token: second, nombre: 'Doble', password: 'Clave-Segura-2026' })),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([200, 400, 400]);

    const b4 = sink.received.length;
    const inv = await a.c.post('/api/usuarios/invitaciones', { email: 'cancelada@clinica-a.co', rol: 'consulta' });
    const token = await tokenMailed('cancelada@clinica-a.co', b4);
    // Another company cannot cancel or resend it.
    expect((await b.c.call('DELETE', `/api/usuarios/invitaciones/${inv.body.data.id}`)).status).toBe(404);
    expect((await b.c.post(`/api/usuarios/invitaciones/${inv.body.data.id}/reenviar`)).status).toBe(404);
    expect((await a.c.call('DELETE', `/api/usuarios/invitaciones/${inv.body.data.id}`)).body.message).toBe(MSG_USUARIOS.invitacionCancelada);
    const late = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Tarde', password: 'Clave-Segura-2026' });
    expect(late.body.code).toBe('INVITACION_INVALIDA');
  });
});

describe('invitations: one company per e-mail, and seats', () => {
  it('never gives an e-mail a second company, and an invitation token only ever joins its own company', async () => {
    // An address with an account elsewhere cannot be invited…
    const taken = await a.c.post('/api/usuarios/invitaciones', { email: 'admin@clinica-b.co', rol: 'consulta' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG_USUARIOS.emailConOtraEmpresa('admin@clinica-b.co'));
    expect((await a.c.post('/api/usuarios/invitaciones', { email: 'admin@clinica-a.co', rol: 'consulta' })).body.code).toBe('EMAIL_YA_USUARIO');
    // …nor join a second company by accepting another invitation after joining the first.
    const be = sink.received.length;
    expect((await b.c.post('/api/usuarios/invitaciones', { email: 'dos@empresas.co', rol: 'consulta' })).status).toBe(409); // Profesional: one seat
    await t.app.deps.dbRows(sql`update purchases set plan = 'business' where tenant_id = (select tenant_id from users where email = 'admin@clinica-b.co')`);
    await new Promise((r) => setTimeout(r, 10));
    const fromB = await b.c.post('/api/usuarios/invitaciones', { email: 'dos@empresas.co', rol: 'consulta' });
    expect(fromB.status, JSON.stringify(fromB.body)).toBe(200);
    const tokenB = await tokenMailed('dos@empresas.co', be);
    const ae = sink.received.length;
    await a.c.post('/api/usuarios/invitaciones', { email: 'dos@empresas.co', rol: 'facturador' });
    const tokenA = await tokenMailed('dos@empresas.co', ae);
    const joinedA = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token: tokenA, nombre: 'Dos', password: 'Clave-Segura-2026' });
    expect(joinedA.body.data.tenant.validator).toBe(a.c.validator);
    const joinB = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token: tokenB, nombre: 'Dos', password: 'Clave-Segura-2026' });
    expect(joinB.status).toBe(409);
    expect(joinB.body.message).toBe(MSG_USUARIOS.emailConOtraEmpresa('dos@empresas.co'));
    await t.app.deps.dbRows(sql`update purchases set plan = 'profesional' where tenant_id = (select tenant_id from users where email = 'admin@clinica-b.co')`);
    await b.c.call('DELETE', `/api/usuarios/invitaciones/${fromB.body.data.id}`);
  });

  it('counts seats with pending invitations: Profesional keeps one user, Business ten', async () => {
    const prof = await b.c.post('/api/usuarios/invitaciones', { email: 'nadie@clinica-b.co', rol: 'consulta' });
    expect(prof.status).toBe(409);
    expect(prof.body).toMatchObject({ code: 'PUESTOS_AGOTADOS', message: MSG_USUARIOS.puestosAgotados(1) });
    const used = (await a.c.get('/api/usuarios')).body.data.puestos;
    const free = used.total - used.usados;
    for (let i = 0; i < free; i++) expect((await a.c.post('/api/usuarios/invitaciones', { email: `puesto${i}@clinica-a.co`, rol: 'consulta' })).status).toBe(200);
    const full = await a.c.post('/api/usuarios/invitaciones', { email: 'once@clinica-a.co', rol: 'consulta' });
    expect(full.body).toMatchObject({ code: 'PUESTOS_AGOTADOS', message: MSG_USUARIOS.puestosAgotados(10) });
    // Cancelling one frees its seat.
    const open = (await a.c.get('/api/usuarios')).body.data.invitaciones as Array<{ id: number; email: string }>;
    for (const inv of open.filter((i) => i.email.startsWith('puesto'))) await a.c.call('DELETE', `/api/usuarios/invitaciones/${inv.id}`);
    expect((await a.c.get('/api/usuarios')).body.data.puestos.usados).toBe(used.usados);
  });
});

describe('roles on every route', () => {
  /** A route's path with its parameters filled with an id nobody has. */
  const concreta = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

  it('every /api route declares who may call it, and the server answers 403 naming the role to exactly the roles it leaves out', async () => {
    const routes = t.app.routeTable.filter((r) => (r.url.startsWith('/api/') || r.url === '/ping') && r.method !== 'HEAD' && !r.url.startsWith('/api/docs'));
    expect(routes.length).toBeGreaterThan(60);
    const sinDeclarar = routes.filter((r) => r.roles === undefined || (Array.isArray(r.roles) && r.roles.length === 0));
    expect(sinDeclarar.map((r) => `${r.method} ${r.url}`)).toEqual([]);
    const f = await login('facturador@clinica-a.co', 'Clave-Segura-2026');
    const cq = await invitarYAceptar(a.c, 'consulta@clinica-a.co', 'consulta');
    const callers: Record<TRol, ReturnType<typeof client>> = { consulta: cq.c, facturador: f.c, administrador: a.c };
    const walked: string[] = [];
    for (const route of routes) {
      if (route.roles === 'publico' || route.roles === 'operador' || !route.roles) continue;
      const roles: readonly TRol[] = route.roles;
      const path = concreta(route.url);
      const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
      // Without a session: 401, unless the route also serves anonymous callers.
      const anon = await client(t.url).call(route.method, path, body);
      if (!route.anonimo) expect(anon.status, `${route.method} ${route.url} anónimo`).toBe(401);
      for (const rol of ['consulta', 'facturador', 'administrador'] as const) {
        const res = await callers[rol].call(route.method, path, body);
        const where = `${route.method} ${route.url} como ${rol}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (roles.includes(rol)) {
          expect(res.body.code, where).not.toBe('ROL_REQUERIDO');
          expect(res.status, where).not.toBe(401);
        } else {
          expect(res.status, where).toBe(403);
          expect(res.body.code, where).toBe('ROL_REQUERIDO');
          expect(res.body.message, where).toContain(`requiere el rol ${ROL_NOMBRE[roles[0]!]}`);
          expect(res.body.message, where).toContain(`tu rol es ${ROL_NOMBRE[rol]}`);
        }
      }
      walked.push(`${route.method} ${route.url}`);
    }
    // The groups the issue names: settings, users, keys and channels are for administrators; documents for both.
    const rolesOf = (method: string, url: string) => routes.find((r) => r.method === method && r.url === url)?.roles;
    expect(rolesOf('GET', '/api/usuarios')).toEqual(ACCESO.administracion);
    expect(rolesOf('POST', '/api/integraciones/claves')).toEqual(ACCESO.administracion);
    expect(rolesOf('PUT', '/api/canales/correo')).toEqual(ACCESO.administracion);
    expect(rolesOf('PUT', '/api/Auth/actualizar-configuracion-fevrips')).toEqual(ACCESO.administracion);
    expect(rolesOf('POST', '/api/FevRips/subir-archivo')).toEqual(ACCESO.edicion);
    expect(rolesOf('POST', '/api/FevRips/:id/anular')).toEqual(ACCESO.edicion);
    expect(rolesOf('POST', '/api/FevRips/search')).toEqual(ACCESO.lectura);
    expect(walked.length).toBeGreaterThan(40);
  });

  it('a Facturador cannot make themselves Administrador nor touch users; a Consulta cannot upload', async () => {
    const f = await login('facturador@clinica-a.co', 'Clave-Segura-2026');
    const promote = await f.c.call('PATCH', `/api/usuarios/${f.userId}`, { rol: 'administrador' });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe(MSG_USUARIOS.rolRequerido('Administrador', 'Facturador'));
    expect((await t.app.deps.dbRows<{ rol: string }>(sql`select rol from users where id = ${f.userId}`))[0]!.rol).toBe('facturador');
    const cq = await login('consulta@clinica-a.co', 'Clave-Segura-2026');
    const up = await cq.c.post('/api/FevRips/subir-archivo', fileForm('FE1.xml', par1Copy('FE1').xml));
    expect(up.status).toBe(403);
    expect(up.body.message).toBe(MSG_USUARIOS.rolRequerido('Administrador o Facturador', 'Consulta'));
  });

  it('the company keeps an administrator: the last one can neither step down nor be removed, and nobody removes themselves', async () => {
    const me = (await a.c.get('/api/usuarios/yo')).body.data;
    const down = await a.c.call('PATCH', `/api/usuarios/${me.id}`, { rol: 'consulta' });
    expect(down.status).toBe(409);
    expect(down.body.message).toBe(MSG_USUARIOS.ultimoAdministrador);
    const self = await a.c.call('DELETE', `/api/usuarios/${me.id}`);
    expect(self.body.code).toBe('NO_AUTOELIMINAR');
    // Another company's user is not found.
    expect((await b.c.call('PATCH', `/api/usuarios/${me.id}`, { rol: 'consulta' })).status).toBe(404);
    expect((await b.c.call('DELETE', `/api/usuarios/${me.id}`)).status).toBe(404);
  });
});

describe('removal and lower roles end sessions', () => {
  it('lowering an administrator ends their sessions at once and suspends their API keys until another administrator confirms one', async () => {
    const second = await invitarYAceptar(a.c, 'segundo@clinica-a.co', 'administrador');
    const key = await second.c.post('/api/integraciones/claves', { nombre: 'HIS del segundo', diasVigencia: 30 });
    expect(key.status).toBe(200);
    const withKey = (k: string) => fetch(`${t.url}/api/v1/paquetes/999999`, { headers: { authorization: `Bearer ${k}` } });
    expect((await withKey(key.body.data.clave)).status).toBe(404);

    const lowered = await a.c.call('PATCH', `/api/usuarios/${second.userId}`, { rol: 'consulta' });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.clavesSuspendidas).toBe(1);
    expect(lowered.body.message).toContain(MSG_USUARIOS.clavesSuspendidas(1));
    expect((await second.c.get('/api/usuarios/yo')).status).toBe(401);
    // The refused refresh says the session was closed and the role now, so the web can say the role was lowered.
    const refused = await client(t.url).post('/api/Auth/refresh', { refreshToken: second.refreshToken });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'SESION_CERRADA', data: { rol: 'consulta' } });
    // Another company's validator learns nothing: the usual refusal.
    const foreign = await client(t.url).post('/api/Auth/refresh', { refreshToken: second.refreshToken, validator: 'validador-de-otra-empresa' });
    expect(foreign.body.code).toBe('REFRESH_INVALID');
    expect(foreign.body.data).toBeUndefined();
    const suspended = await withKey(key.body.data.clave);
    expect(suspended.status).toBe(401);
    expect(((await suspended.json()) as { message: string }).message).toBe(MSG_USUARIOS.claveSuspendida);
    const listed = (await a.c.get('/api/integraciones/claves')).body.data.claves.find((k: { id: number }) => k.id === key.body.data.id);
    expect(listed).toMatchObject({ suspendida: true, activa: false, creadaPor: 'Persona administrador' });

    const confirmed = await a.c.post(`/api/integraciones/claves/${key.body.data.id}/confirmar`);
    expect(confirmed.body.data).toMatchObject({ suspendida: false, activa: true });
    expect((await withKey(key.body.data.clave)).status).toBe(404);
    // Signing in again gives the lower role.
    const again = await login('segundo@clinica-a.co', 'Clave-Segura-2026');
    expect(again.rol).toBe('consulta');
    expect((await again.c.get('/api/usuarios')).status).toBe(403);
  });

  it('removing a user ends their sessions and sign-in, keeps their name in the audit, and frees the e-mail', async () => {
    const victim = await invitarYAceptar(a.c, 'saliente@clinica-a.co', 'facturador');
    const removed = await a.c.call('DELETE', `/api/usuarios/${victim.userId}`);
    expect(removed.status).toBe(200);
    expect(removed.body.message).toContain(MSG_USUARIOS.usuarioEliminado('Persona facturador'));
    expect((await victim.c.get('/api/usuarios/yo')).status).toBe(401);
    expect((await victim.c.post('/api/FevRips/search', {})).status).toBe(401);
    // The removed person is told so, naming the company: by the refused refresh, and by a login with the right password.
    const refused = await client(t.url).post('/api/Auth/refresh', { refreshToken: victim.refreshToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'USUARIO_RETIRADO', message: MSG_USUARIOS.usuarioRetirado('MEDICAL ENERGY SAS') });
    const signIn = await client(t.url).post('/api/Auth/login', { email: 'saliente@clinica-a.co', password: 'Clave-Segura-2026' });
    expect(signIn.status).toBe(403);
    expect(signIn.body).toMatchObject({ code: 'USUARIO_RETIRADO', message: MSG_USUARIOS.usuarioRetirado('MEDICAL ENERGY SAS') });
    expect(signIn.body.data).toBeUndefined();
    // A wrong password learns nothing about the removal.
    const guess = await client(t.url).post('/api/Auth/login', { email: 'saliente@clinica-a.co', password: 'otra-Clave-2026' });
    expect(guess.status).toBe(401);
    expect(guess.body.code).toBe('INVALID_CREDENTIALS');
    expect((await a.c.get('/api/usuarios')).body.data.usuarios.some((u: { email: string }) => u.email === 'saliente@clinica-a.co')).toBe(false);
    // The e-mail can be invited again.
    expect((await a.c.post('/api/usuarios/invitaciones', { email: 'saliente@clinica-a.co', rol: 'consulta' })).status).toBe(200);
  });
});

describe('accountability', () => {
  it("the detail's history names who uploaded each file and who sent", async () => {
    await a.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    const f = await login('facturador@clinica-a.co', 'Clave-Segura-2026');
    const pair = par1Copy('HIS28');
    const xml = await a.c.post('/api/FevRips/subir-archivo', fileForm('HIS28.xml', pair.xml));
    expect(xml.status).toBe(200);
    const id = xml.body.data.fevRipsId as number;
    expect((await f.c.post('/api/FevRips/subir-archivo', fileForm('HIS28.json', pair.json, id))).status).toBe(200);
    const sent = await f.c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const detail = await a.c.get(`/api/FevRips/${id}/detail`);
    const historial = detail.body.data.historial as Array<{ accion: string; usuario: string; descripcion: string; canal: string }>;
    expect(historial.map((h) => `${h.accion}:${h.usuario}`)).toEqual([
      'envio:Fabio Facturador',
      'carga:Fabio Facturador',
      'carga:Ana Gómez',
    ]);
    expect(historial[1]!.descripcion).toBe('Cargó un archivo · JSON HIS28.json');
    // One send, one time: the document's 'Fecha de envío' is the instant the history records for 'Envió al Ministerio'
    // (when the package left), not when the answer came back; the filing date is the ministry's and not earlier.
    expect(detail.body.data.fechaEnvio).toBe((historial[0] as unknown as { fecha: string }).fecha);
    expect(Date.parse(detail.body.data.fechaRadicacion)).toBeGreaterThanOrEqual(Date.parse(detail.body.data.fechaEnvio) - 1000);
    // Another company sees nothing of it.
    expect((await b.c.get(`/api/FevRips/${id}/detail`)).status).toBe(404);
  });
});
