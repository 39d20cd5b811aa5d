import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import { simpleParser, type ParsedMail } from 'mailparser';
import { zipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG } from '@radica/contracts/messages';
import { CORREO_MAX_REMITENTES } from '@radica/contracts/canal-correo';
import {
  PROVIDER_CONFIG,
  TERCERO,
  client,
  grantModules,
  par1Copy,
  startSmtpSink,
  startTestApp,
  waitFor,
  type TSunkMail,
  type TTestApp,
} from '../../../test/helpers.ts';

/**
 * The e-mail channel end to end over real SMTP: a nodemailer client delivers to the API's inbound SMTP
 * server; Radica's replies (and its account codes) go through SMTP_URL to a local smtp-server sink the test reads.
 */
const DOMAIN = 'radica.test';
const MAX_BYTES = 1_048_576;
let received: TSunkMail<ParsedMail>[] = [];
let sink: Awaited<ReturnType<typeof startSmtpSink<ParsedMail>>>;
let t: TTestApp;
let inboundPort: number;

beforeAll(async () => {
  sink = await startSmtpSink(simpleParser);
  received = sink.received;
  t = await startTestApp({
    smtpUrl: sink.url,
    mailFrom: 'Radica <no-reply@radica.test>',
    inboundSmtpEnabled: true,
    inboundSmtpPort: 0,
    inboundSmtpHost: '127.0.0.1',
    inboundMailDomain: DOMAIN,
    inboundMaxBytes: MAX_BYTES,
    publicUrl: 'https://radica.example',
  });
  inboundPort = (await t.app.inboundSmtpPort())!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

/** The newest mail the sink got for `to` whose subject or text matches, waiting for it. */
function replyTo(to: string, pattern: RegExp, after = 0): Promise<ParsedMail> {
  return waitFor(
    `mail to ${to} matching ${pattern}`,
    async () =>
      received
        .slice(after)
        .reverse()
        .find((r) => r.to.includes(to) && pattern.test(`${r.mail.subject ?? ''}\n${r.mail.text ?? ''}`))?.mail,
    15_000,
  );
}

/** Register (the code arrives through SMTP), grant ministerio, log in; optionally configure the provider. */
async function registerTenant(email: string, nit: string, opts: { provider?: boolean } = {}) {
  const c = client(t.url);
  const before = received.length;
  await c.post('/api/Email/send-verification-code', { email });
  const verification = await replyTo(email, /verificaci/i, before);
  const code = /\b(\d{6})\b/.exec(verification.text ?? '')![1]!;
  const v = await c.post('/api/Email/verify-code', { email, code });
  const reg = await c.post('/api/Auth/registration', {
    terceroData: TERCERO(nit),
    credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: v.body.data.verificationToken },
  });
  expect(reg.status).toBe(200);
  await grantModules(t.url, email, ['ministerio']);
  const login = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026', rememberMe: false });
  c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
  if (opts.provider) expect((await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
  return c;
}

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port: inboundPort, secure: false, ignoreTLS: true });

type TAdjunto = { filename: string; content: Buffer };
/** Accepted mail is filed by a job (docs/decisions/029): wait until no accepted message waits. */
const procesados = () =>
  waitFor(
    'accepted mail filed',
    async () => (await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from correos_recibidos where procesado_en is null`, { prepared: false }))[0]!.n === 0,
    30_000,
  );

/** Delivers a message; resolves (or rejects) once the server answered and what it accepted was filed. */
async function sendMail(o: { from: string; to: string; subject?: string; attachments?: TAdjunto[]; envelopeFrom?: string; messageId?: string }) {
  return enviarSinEsperar(o).finally(() => procesados());
}
function enviarSinEsperar(o: { from: string; to: string; subject?: string; attachments?: TAdjunto[]; envelopeFrom?: string; messageId?: string }) {
  return transport().sendMail({
    from: o.from,
    to: o.to,
    subject: o.subject ?? 'Radicación',
    text: 'Adjunto la factura y el RIPS.',
    attachments: o.attachments ?? [],
    ...(o.messageId ? { messageId: o.messageId } : {}),
    ...(o.envelopeFrom ? { envelope: { from: o.envelopeFrom, to: o.to } } : {}),
  });
}

const pair = (formato: string): TAdjunto[] => {
  const p = par1Copy(formato);
  return [
    { filename: `${formato}.xml`, content: p.xml },
    { filename: `${formato}.json`, content: p.json },
  ];
};

async function entrantes(c: ReturnType<typeof client>) {
  const r = await c.get('/api/canales/correo/entrantes?tamanoPagina=50');
  expect(r.status).toBe(200);
  return r.body.data as { items: { estado: string; motivo: string | null; remitente: string; detalle: { archivo: string; resultado: string; mensaje: string | null; cuv: string | null; fevRipsId: number | null }[]; respuestaEnviada: boolean }[]; total: number };
}

async function documentsByFormato(c: ReturnType<typeof client>, formato: string) {
  const r = await c.post('/api/FevRips/search', { formato, pageSize: 100, estado: '' });
  return (r.body.data.results.data as { id: number; formato: string; canal: string; estado: string; cuv: string | null }[]).filter((d) => d.formato === formato);
}

const SENDER = 'facturacion@clinica.co';
let a: ReturnType<typeof client>;
let address: string;

describe('e-mail channel: settings, a mailed pair filed, senders refused', () => {
  beforeAll(async () => {
    a = await registerTenant('admin-correo@clinica.co', '901019681', { provider: true });
  }, 60_000);

  it('creates the channel on first read with an unguessable address, and saves a normalised allow-list', async () => {
    const first = await a.get('/api/canales/correo');
    expect(first.status).toBe(200);
    address = first.body.data.direccion;
    expect(address).toMatch(new RegExp(`^radicar\\+[a-z2-7]{26}@${DOMAIN.replace('.', '\\.')}$`));
    // The registered account's e-mail is authorised from the start ("desde la cuenta de correo registrada").
    expect(first.body.data).toMatchObject({ remitentes: ['admin-correo@clinica.co'], envioAutomatico: false, activo: true });
    expect((await a.get('/api/canales/correo')).body.data.direccion).toBe(address);

    const put = await a.put('/api/canales/correo', { remitentes: [' Facturacion@Clinica.CO ', SENDER], envioAutomatico: true, activo: true });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(MSG_CORREO.canalActualizado);
    expect(put.body.data).toMatchObject({ remitentes: [SENDER], envioAutomatico: true, direccion: address });
  });

  it('refuses an invalid sender list with a Spanish 400', async () => {
    const bad = await a.put('/api/canales/correo', { remitentes: ['no-es-correo'], envioAutomatico: true, activo: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_CORREO.remitenteInvalido('no-es-correo'));
    const many = Array.from({ length: CORREO_MAX_REMITENTES + 1 }, (_, i) => `r${i}@x.co`);
    const tooMany = await a.put('/api/canales/correo', { remitentes: many, envioAutomatico: true, activo: true });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe(MSG_CORREO.remitentesMaximo(CORREO_MAX_REMITENTES));
    const badPage = await a.get('/api/canales/correo/entrantes?tamanoPagina=51');
    expect(badPage.status).toBe(400);
    expect((await a.get('/api/canales/correo')).body.data.remitentes).toEqual([SENDER]);
  });

  it('files a mailed pair, sends it, and replies with the CUV; the document records channel email', async () => {
    const before = received.length;
    const info = await sendMail({ from: 'Facturación <Facturacion@Clinica.co>', to: address, subject: 'Factura EM1001', attachments: pair('EM1001') });
    expect(info.accepted).toEqual([address]);
    const reply = await replyTo(SENDER, /CUV/, before);
    const [doc] = await documentsByFormato(a, 'EM1001');
    expect(doc).toMatchObject({ canal: 'email', estado: 'APROBADO' });
    expect(doc!.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(reply.subject).toBe(MSG_CORREO.respuestaAsunto('Factura EM1001'));
    expect(reply.text).toContain(MSG_CORREO.respuestaCuv(doc!.cuv!));
    expect(reply.text).toContain(`https://radica.example/ministerio/${doc!.id}`);
    expect(reply.html).toContain(doc!.cuv!);

    const log = await entrantes(a);
    const row = log.items[0]!;
    expect(row).toMatchObject({ estado: 'PROCESADO', remitente: SENDER, respuestaEnviada: true, motivo: null });
    expect(row.detalle.map((d) => [d.archivo, d.resultado, d.cuv])).toEqual([
      ['EM1001.xml', 'RADICADO', doc!.cuv],
      ['EM1001.json', 'RADICADO', doc!.cuv],
    ]);
  });

  it("files what the registered account mails to a new channel with no setup; another tenant's account is not authorised", async () => {
    const b = await registerTenant('cuenta-nueva@ips-correo.co', '901019681', { provider: true });
    const canal = (await b.get('/api/canales/correo')).body.data as { direccion: string; remitentes: string[] };
    expect(canal.remitentes).toEqual(['cuenta-nueva@ips-correo.co']);
    const before = received.length;
    await sendMail({ from: 'Cuenta Nueva <Cuenta-Nueva@IPS-correo.co>', to: canal.direccion, subject: 'Factura EM1901', attachments: pair('EM1901') });
    await replyTo('cuenta-nueva@ips-correo.co', /./, before);
    const [doc] = await documentsByFormato(b, 'EM1901');
    expect(doc).toMatchObject({ canal: 'email' });
    // The first tenant's channel does not authorise the second tenant's account.
    expect((await a.get('/api/canales/correo')).body.data.remitentes).not.toContain('cuenta-nueva@ips-correo.co');
  });

  it('an unknown sender is refused and logged, without a reply (no backscatter: )', async () => {
    const before = received.length;
    await sendMail({ from: 'intruso@otra.co', to: address, subject: 'Hola', attachments: pair('EM1002') });
    expect(await documentsByFormato(a, 'EM1002')).toEqual([]);
    const row = (await entrantes(a)).items[0]!;
    expect(row).toMatchObject({ estado: 'RECHAZADO', remitente: 'intruso@otra.co', motivo: MSG_CORREO.motivoRemitenteNoAutorizado, respuestaEnviada: false });
    expect(received.slice(before).filter((r) => r.to.includes('intruso@otra.co'))).toEqual([]);
  });

  it('an allowed envelope sender with another From header is refused as spoofed', async () => {
    const before = received.length;
    await sendMail({ from: 'jefe@otra.co', envelopeFrom: SENDER, to: address, attachments: pair('EM1003') });
    await replyTo(SENDER, /autorizada/, before);
    expect(await documentsByFormato(a, 'EM1003')).toEqual([]);
    expect((await entrantes(a)).items[0]).toMatchObject({ estado: 'RECHAZADO', motivo: MSG_CORREO.motivoRemitenteSuplantado });
  });

  it('an unknown address, another domain or a malformed token answers 550 in Spanish', async () => {
    for (const to of [`radicar+${'a'.repeat(26)}@${DOMAIN}`, address.replace(DOMAIN, 'otro.test'), `radicar@${DOMAIN}`, `radicar+corto@${DOMAIN}`]) {
      const err = await sendMail({ from: SENDER, to, attachments: pair('EM1004') }).then(
        () => null,
        (e: { responseCode?: number; response?: string }) => e,
      );
      expect(err?.responseCode, to).toBe(550);
      expect(err?.response).toContain(MSG_CORREO.smtpDestinoDesconocido);
    }
  });

  it('an oversized message answers 552, is logged and the sender gets a reply', async () => {
    const before = received.length;
    const big = Buffer.alloc(MAX_BYTES + 1000, 'a');
    const err = await sendMail({ from: SENDER, to: address, attachments: [{ filename: 'grande.xml', content: big }] }).then(
      () => null,
      (e: { responseCode?: number }) => e,
    );
    expect(err?.responseCode).toBe(552);
    const reply = await replyTo(SENDER, /tamaño máximo/, before);
    expect(reply.text).toContain(MSG_CORREO.respuestaDemasiadoGrande(1));
    expect((await entrantes(a)).items[0]).toMatchObject({ estado: 'RECHAZADO', motivo: MSG_CORREO.motivoDemasiadoGrande(1) });
  });
});

describe('e-mail channel: replies, a pair in two mails, ZIPs and duplicates', () => {
  it('a message without attachments, and one with only other files, gets a clear reply and a log row', async () => {
    const before = received.length;
    await sendMail({ from: SENDER, to: address, subject: 'Sin nada' });
    const reply = await replyTo(SENDER, /no trae archivos/, before);
    expect(reply.text).toContain(MSG_CORREO.respuestaSinAdjuntos);
    expect((await entrantes(a)).items[0]).toMatchObject({ estado: 'RECHAZADO', motivo: MSG_CORREO.motivoSinAdjuntos });

    await sendMail({ from: SENDER, to: address, attachments: [{ filename: 'foto.png', content: Buffer.from('png') }] });
    await waitFor('log row', async () => (await entrantes(a)).items[0]!.detalle.length > 0);
    const row = (await entrantes(a)).items[0]!;
    expect(row.detalle).toMatchObject([{ archivo: 'foto.png', resultado: 'IGNORADO', mensaje: MSG_CORREO.archivoIgnorado }]);
  });

  it('a lone XML waits for its pair (PARCIAL, reply says what is missing); its RIPS in a later mail completes and sends it', async () => {
    const files = pair('EM1005');
    let before = received.length;
    await sendMail({ from: SENDER, to: address, attachments: [files[0]!] });
    let reply = await replyTo(SENDER, /EM1005/, before);
    expect(reply.text).toContain(MSG_CORREO.respuestaFalta(MSG_CORREO.faltaJson));
    expect((await entrantes(a)).items[0]).toMatchObject({
      estado: 'PARCIAL',
      detalle: [{ archivo: 'EM1005.xml', resultado: 'ESPERANDO_PAR', mensaje: MSG_CORREO.archivoEsperandoPar(MSG_CORREO.faltaJson) }],
    });
    before = received.length;
    await sendMail({ from: SENDER, to: address, attachments: [files[1]!] });
    reply = await replyTo(SENDER, /CUV/, before);
    const docs = await documentsByFormato(a, 'EM1005');
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ canal: 'email', estado: 'APROBADO' });
    expect(reply.text).toContain(docs[0]!.cuv!);
  });

  it('a ZIP with the pair is filed; a file refused by the checks is reported with its reason', async () => {
    const p = par1Copy('EM1006');
    const zip = Buffer.from(zipSync({ 'lote/EM1006.xml': p.xml, 'lote/EM1006.json': p.json, 'lote/leame.txt': Buffer.from('x') }));
    const before = received.length;
    await sendMail({ from: SENDER, to: address, attachments: [{ filename: 'lote.zip', content: zip }, { filename: 'roto.json', content: Buffer.from('{no') }] });
    const reply = await replyTo(SENDER, /EM1006/, before);
    expect((await documentsByFormato(a, 'EM1006'))[0]).toMatchObject({ canal: 'email', estado: 'APROBADO' });
    const row = (await entrantes(a)).items[0]!;
    expect(row.estado).toBe('PARCIAL');
    const byName = Object.fromEntries(row.detalle.map((d) => [d.archivo, d.resultado]));
    expect(byName).toEqual({ 'EM1006.xml': 'RADICADO', 'EM1006.json': 'RADICADO', 'roto.json': 'RECHAZADO', 'lote.zip/lote/leame.txt': 'IGNORADO' });
    expect(reply.text).toContain('roto.json');
  });

  it('a ZIP with a path traversal, too many entries, a bomb or a ZIP inside is refused', async () => {
    const p = par1Copy('EM1007');
    const cases: [string, Uint8Array, string][] = [
      ['ruta.zip', zipSync({ '../EM1007.xml': p.xml }), MSG_CORREO.archivoZipRuta],
      ['muchos.zip', zipSync(Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`f${i}.json`, Buffer.from('{}')]))), MSG_CORREO.archivoZipDemasiadas(100)],
      ['bomba.zip', zipSync({ 'EM1007.xml': new Uint8Array(11 * 1_048_576) }, { level: 9 }), MSG_CORREO.archivoZipArchivoGrande('EM1007.xml', 10)],
      [
        'total.zip',
        zipSync(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`f${i}.json`, new Uint8Array(9 * 1_048_576)])), { level: 9 }),
        MSG_CORREO.archivoZipDescomprimido(50),
      ],
      ['dentro.zip', zipSync({ 'otro.zip': zipSync({ 'EM1007.xml': p.xml }) }), MSG_CORREO.archivoZipAnidado],
    ];
    for (const [filename, content, mensaje] of cases) {
      expect(content.length, filename).toBeLessThan(MAX_BYTES / 2);
      const before = received.length;
      await sendMail({ from: SENDER, to: address, attachments: [{ filename, content: Buffer.from(content) }] });
      const reply = await replyTo(SENDER, /no se procesó|Ningún archivo/, before);
      expect(reply.text, filename).toContain(mensaje);
      const row = (await entrantes(a)).items[0]!;
      expect(row.estado, filename).toBe('RECHAZADO');
      expect(row.detalle.some((d) => d.resultado === 'RECHAZADO' && d.mensaje === mensaje), filename).toBe(true);
    }
    expect(await documentsByFormato(a, 'EM1007')).toEqual([]);
  });

  it('concurrent duplicates (same Message-ID, or the same files twice) create one document', async () => {
    const messageId = '<dup-em1008@clinica.co>';
    const delPar = (r: { detalle: { archivo: string }[]; motivo: string | null }) =>
      r.detalle.some((d) => d.archivo.startsWith('EM1008')) || r.motivo === MSG_CORREO.motivoDuplicado;
    // The same message twice at once: whichever job runs first files it, the other is refused by its Message-ID.
    await Promise.all([
      sendMail({ from: SENDER, to: address, attachments: pair('EM1008'), messageId }),
      sendMail({ from: SENDER, to: address, attachments: pair('EM1008'), messageId }),
    ]);
    // Accepted messages are filed by jobs: wait until both are in the log.
    await waitFor('two log rows', async () => (await entrantes(a)).items.filter(delPar).length >= 2);
    let rows = (await entrantes(a)).items.slice(0, 2);
    expect(rows.filter((r) => r.estado === 'PROCESADO')).toHaveLength(1);
    expect(rows.filter((r) => r.motivo === MSG_CORREO.motivoDuplicado)).toHaveLength(1);
    // The same files in another message: already radicated, with the document and its CUV, as the API's
    // 409 says; not 'Formato Ya Existe', and the log does not call the message 'Rechazado'.
    const before = received.length;
    await sendMail({ from: SENDER, to: address, attachments: pair('EM1008') });
    await waitFor('three log rows', async () => (await entrantes(a)).items.filter(delPar).length >= 3);
    rows = (await entrantes(a)).items.slice(0, 3);
    const docs = await documentsByFormato(a, 'EM1008');
    expect(docs).toHaveLength(1);
    const doc = docs[0]!;
    expect(doc).toMatchObject({ estado: 'APROBADO' });
    expect(rows[0]).toMatchObject({ estado: 'PROCESADO', motivo: null });
    expect(rows[0]!.detalle.map((d) => [d.resultado, d.cuv, d.fevRipsId])).toEqual([
      ['YA_RADICADO', doc.cuv, doc.id],
      ['YA_RADICADO', doc.cuv, doc.id],
    ]);
    const ya = MSG_INTEGRACIONES.yaRadicado('EM1008', 'Aprobado', doc.cuv);
    expect(rows[0]!.detalle[0]!.mensaje).toBe(ya);
    const reply = await replyTo(SENDER, /ya está radicado/, before);
    expect(reply.text).toContain(MSG_CORREO.respuestaYaRadicados);
    expect(reply.text).toContain(ya);
    expect(reply.text).not.toContain(MSG.formatoExists);
  });
});

describe('e-mail channel: rotation and access', () => {
  it('rotation stops the old address at once; switching the channel off refuses mail too', async () => {
    const rot = await a.post('/api/canales/correo/rotar');
    expect(rot.status).toBe(200);
    expect(rot.body.message).toBe(MSG_CORREO.direccionRotada);
    const nueva = rot.body.data.direccion as string;
    expect(nueva).not.toBe(address);
    const old = await sendMail({ from: SENDER, to: address, attachments: pair('EM1009') }).then(() => null, (e: { responseCode?: number }) => e);
    expect(old?.responseCode).toBe(550);
    expect((await sendMail({ from: SENDER, to: nueva, subject: 'nueva' })).accepted).toEqual([nueva]);
    address = nueva;

    await a.put('/api/canales/correo', { remitentes: [SENDER], envioAutomatico: true, activo: false });
    const off = await sendMail({ from: SENDER, to: address }).then(() => null, (e: { responseCode?: number }) => e);
    expect(off?.responseCode).toBe(550);
    await a.put('/api/canales/correo', { remitentes: [SENDER], envioAutomatico: true, activo: true });
  });

  it('another tenant sees only its own channel and log; an API key and no session cannot use the settings', async () => {
    const b = await registerTenant('admin-b@otra-clinica.co', '891856372');
    const mine = await b.get('/api/canales/correo');
    expect(mine.body.data.direccion).not.toBe(address);
    expect((await entrantes(b)).total).toBe(0);
    expect((await entrantes(a)).total).toBeGreaterThan(5);

    const key = await a.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 });
    expect(key.status).toBe(200);
    const withKey = (method: string, path: string, body?: unknown) =>
      client(t.url).call(method, path, body, { authorization: `Bearer ${key.body.data.clave}`, 'x-validator': a.validator });
    for (const [method, path, body] of [
      ['GET', '/api/canales/correo'],
      ['PUT', '/api/canales/correo', { remitentes: ['x@y.co'], envioAutomatico: false, activo: true }],
      ['POST', '/api/canales/correo/rotar'],
      ['GET', '/api/canales/correo/entrantes'],
    ] as const) {
      const r = await withKey(method, path, body);
      expect(r.status, `${method} ${path}`).toBe(403);
      expect(r.body.code).toBe('API_KEY_FORBIDDEN');
      expect((await client(t.url).call(method, path, body)).status).toBe(401);
    }
    expect((await a.get('/api/canales/correo')).body.data.remitentes).toEqual([SENDER]);
  });
});
