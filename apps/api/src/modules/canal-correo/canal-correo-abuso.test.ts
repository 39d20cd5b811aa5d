import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import nodemailer from 'nodemailer';
import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { simpleParser, type ParsedMail } from 'mailparser';
import { zipSync } from 'fflate';
import { eq, sql } from 'drizzle-orm';
import { MSG_CORREO } from '@radica/contracts/messages-correo';
import { correoRespuestasLimite } from '../../db/schema.ts';
import { PROVIDER_CONFIG, TERCERO, client, grantModules, par1Copy, startSmtpSink, startTestApp, waitFor, type TSunkMail, type TTestApp } from '../../../test/helpers.ts';

/**
 * (items 1, 2, 4, 7 and the unreadable message) over real SMTP: what an outsider can make the e-mail channel
 * do with a bounce, forged senders, automatic mail, names with control characters, MIME it cannot read and ZIPs that
 * expand past the message's budget. Replies go through SMTP_URL to a local sink the test reads. One app; reply limits
 * of 2 per recipient and 4 per tenant an hour.
 */
const DOMAIN = 'radica.test';
let sink: Awaited<ReturnType<typeof startSmtpSink<ParsedMail>>>;
let received: TSunkMail<ParsedMail>[] = [];
let t: TTestApp;
let port: number;

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
    inboundMaxBytes: 1_048_576,
    inboundReplyMaxPerRecipientHour: 2,
    inboundReplyMaxPerTenantHour: 4,
  });
  port = (await t.app.inboundSmtpPort())!;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const mailsTo = (to: string) => received.filter((r) => r.to.includes(to));

/** A tenant with the ministerio module, its provider configuration, and its channel allowing `remitentes`. */
async function tenant(email: string, nit: string, remitentes: string[]) {
  const c = client(t.url);
  const before = received.length;
  await c.post('/api/Email/send-verification-code', { email });
  const mail = await waitFor('code', async () => received.slice(before).find((r) => r.to.includes(email))?.mail, 15_000);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  const v = await c.post('/api/Email/verify-code', { email, code });
  const reg = await c.post('/api/Auth/registration', {
    terceroData: TERCERO(nit),
    credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: v.body.data.verificationToken },
  });
  expect(reg.status).toBe(200);
  await grantModules(t.url, email, ['ministerio']);
  const login = await c.post('/api/Auth/login', { email, password: 'Clave-Segura-2026', rememberMe: false });
  c.setSession(login.body.data.accessToken, login.body.data.tenant.validator);
  expect((await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG)).status).toBe(200);
  const direccion = (await c.get('/api/canales/correo')).body.data.direccion as string;
  expect((await c.put('/api/canales/correo', { remitentes, envioAutomatico: false, activo: true })).status).toBe(200);
  return { c, direccion };
}

type TEntrante = { estado: string; motivo: string | null; remitente: string; asunto: string; respuestaEnviada: boolean; detalle: { archivo: string; resultado: string; mensaje: string | null }[] };
const entrantes = async (c: ReturnType<typeof client>) => (await c.get('/api/canales/correo/entrantes?tamanoPagina=50')).body.data.items as TEntrante[];
const docs = async (c: ReturnType<typeof client>, formato: string) =>
  ((await c.post('/api/FevRips/search', { formato, pageSize: 100, estado: '' })).body.data.results.data as { formato: string }[]).filter((d) => d.formato === formato);

/** One SMTP transaction with the envelope sender as given (`''` is MAIL FROM:<>) and a raw message. */
async function deliverRaw(o: { from: string; to: string; raw: string }): Promise<{ code: number; response: string }> {
  const conn = new SMTPConnection({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  await new Promise<void>((ok, fail) => {
    conn.once('error', fail);
    conn.connect(() => ok());
  });
  try {
    return await new Promise((ok) =>
      conn.send({ from: o.from, to: [o.to] }, o.raw, (err, info) =>
        ok(err ? { code: (err as { responseCode?: number }).responseCode ?? 0, response: String((err as { response?: string }).response ?? err.message) } : { code: 250, response: info.response }),
      ),
    );
  } finally {
    conn.quit();
    await procesados();
  }
}

/** Accepted mail is filed by a job (docs/decisions/029): wait until no accepted message waits. */
const procesados = () =>
  waitFor(
    'accepted mail filed',
    async () => (await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from correos_recibidos where procesado_en is null`, { prepared: false }))[0]!.n === 0,
    30_000,
  );
/** nodemailer over the channel's SMTP server; each delivery resolves once its message was filed. */
const transport = () => {
  const tr = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });
  return {
    sendMail: async (o: Parameters<typeof tr.sendMail>[0]) => {
      const info = await tr.sendMail(o);
      await procesados();
      return info;
    },
  };
};
const b64 = (b: Buffer) => b.toString('base64').replace(/(.{76})/g, '$1\r\n');

let a: Awaited<ReturnType<typeof tenant>>;

describe('e-mail channel under abuse: bounces, forged senders, bulk mail, control characters and unreadable mail', () => {
  beforeAll(async () => {
    a = await tenant('admin-abuso@clinica.co', '901019681', ['a1@clinica.co', 'a2@clinica.co', 'a3@clinica.co', 'a4@clinica.co', 'a5@clinica.co']);
  }, 60_000);

  it('item 1: a bounce (MAIL FROM:<>) whose From is an allowed sender is logged, never filed and never answered', async () => {
    const p = par1Copy('RB1001');
    const raw = [
      'From: a1@clinica.co',
      `To: ${a.direccion}`,
      'Subject: Factura RB1001',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: application/xml',
      'Content-Disposition: attachment; filename="RB1001.xml"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(p.xml),
      '--b1',
      'Content-Type: application/json',
      'Content-Disposition: attachment; filename="RB1001.json"',
      'Content-Transfer-Encoding: base64',
      '',
      b64(p.json),
      '--b1--',
      '',
    ].join('\r\n');
    const before = received.length;
    expect((await deliverRaw({ from: '', to: a.direccion, raw })).code).toBe(250);
    expect(await docs(a.c, 'RB1001')).toEqual([]);
    expect((await entrantes(a.c))[0]).toMatchObject({ estado: 'RECHAZADO', remitente: '<>', motivo: MSG_CORREO.motivoRebote, respuestaEnviada: false });
    expect(received.length).toBe(before);
  });

  it('item 7: an unknown or forged envelope sender gets no reply; an allowed one gets Auto-Submitted: auto-replied and In-Reply-To', async () => {
    await transport().sendMail({ from: 'intruso@otra.co', to: a.direccion, subject: 'Hola', text: 'x' });
    await transport().sendMail({ from: 'a1@clinica.co', envelope: { from: 'victima@otra.co', to: a.direccion }, to: a.direccion, subject: 'Hola', text: 'x' });
    const [forged, unknown] = await entrantes(a.c);
    expect(unknown).toMatchObject({ estado: 'RECHAZADO', remitente: 'intruso@otra.co', motivo: MSG_CORREO.motivoRemitenteNoAutorizado, respuestaEnviada: false });
    expect(forged).toMatchObject({ remitente: 'victima@otra.co', motivo: MSG_CORREO.motivoRemitenteNoAutorizado, respuestaEnviada: false });
    expect(mailsTo('intruso@otra.co')).toEqual([]);
    expect(mailsTo('victima@otra.co')).toEqual([]);

    await transport().sendMail({ from: 'a1@clinica.co', to: a.direccion, subject: 'Sin nada', text: 'x', messageId: '<pregunta-1@clinica.co>' });
    const [reply] = mailsTo('a1@clinica.co');
    expect(reply!.mail.text).toContain(MSG_CORREO.respuestaSinAdjuntos);
    expect(reply!.mail.headers.get('auto-submitted')).toBe('auto-replied');
    expect(reply!.mail.inReplyTo).toBe('<pregunta-1@clinica.co>');
  });

  it('item 7: list, bulk and automatic mail from an allowed sender is processed but never answered', async () => {
    const headers = [{ Precedence: 'bulk' }, { Precedence: 'list' }, { Precedence: 'junk' }, { 'List-Id': '<facturas.clinica.co>' }, { 'Auto-Submitted': 'auto-generated' }];
    for (const h of headers) await transport().sendMail({ from: 'a2@clinica.co', to: a.direccion, subject: 'Aviso', text: 'x', headers: h });
    const rows = (await entrantes(a.c)).slice(0, headers.length);
    expect(rows.every((r) => r.remitente === 'a2@clinica.co' && r.motivo === MSG_CORREO.motivoSinAdjuntos && !r.respuestaEnviada)).toBe(true);
    expect(mailsTo('a2@clinica.co')).toEqual([]);
  });

  it('item 4: NUL and control characters in attachment names and the subject are cleaned; the pair is filed, logged and answered', async () => {
    const p = par1Copy('EN1001');
    const raw = [
      'From: a3@clinica.co',
      `To: ${a.direccion}`,
      'Subject: =?utf-8?Q?Factura=00_con=01nulo?=',
      'Message-ID: <nulo-1@clinica.co>',
      'MIME-Version: 1.0',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      '--b1',
      'Content-Type: application/xml',
      "Content-Disposition: attachment; filename*=utf-8''EN1001%00.xml",
      'Content-Transfer-Encoding: base64',
      '',
      b64(p.xml),
      '--b1',
      'Content-Type: application/json',
      "Content-Disposition: attachment; filename*=utf-8''EN1001%1B.json",
      'Content-Transfer-Encoding: base64',
      '',
      b64(p.json),
      '--b1--',
      '',
    ].join('\r\n');
    expect(await deliverRaw({ from: 'a3@clinica.co', to: a.direccion, raw })).toMatchObject({ code: 250 });
    expect(await docs(a.c, 'EN1001')).toHaveLength(1);
    const row = (await entrantes(a.c))[0]!;
    expect(row).toMatchObject({ estado: 'PROCESADO', asunto: 'Factura  con nulo', respuestaEnviada: true });
    expect(row.detalle.map((d) => d.archivo)).toEqual(['EN1001_.xml', 'EN1001_.json']);
    expect(mailsTo('a3@clinica.co')).toHaveLength(1);
  });

  it('a message mailparser cannot read is answered 554 with the reason (not 451) and logged', async () => {
    const parts = Array.from({ length: 1100 }, (_, i) => `--b1\r\nContent-Type: text/plain\r\n\r\nparte ${i}\r\n`).join('');
    const raw = `From: a4@clinica.co\r\nTo: ${a.direccion}\r\nSubject: Mil partes\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary="b1"\r\n\r\n${parts}--b1--\r\n`;
    const r = await deliverRaw({ from: 'a4@clinica.co', to: a.direccion, raw });
    expect(r.code).toBe(554);
    expect(r.response).toContain(MSG_CORREO.smtpIlegible);
    expect((await entrantes(a.c))[0]).toMatchObject({ estado: 'RECHAZADO', remitente: 'a4@clinica.co', motivo: MSG_CORREO.motivoIlegible });
  });
});

describe('e-mail channel under abuse: ZIPs past the budget and replies per hour', () => {
  it('item 2: ZIPs are inflated in the worker pool; several that expand past 50 MB together refuse the message with a reply saying so', async () => {
    const zeros = new Uint8Array(9_500_000);
    const zip = Buffer.from(zipSync({ 'a.json': zeros, 'b.json': zeros, 'c.json': zeros }, { level: 9 }));
    const before = t.app.deps.analysis.porTarea().leerZip;
    await transport().sendMail({
      from: 'a5@clinica.co',
      to: a.direccion,
      subject: 'Lotes',
      text: 'x',
      attachments: [
        { filename: 'lote1.zip', content: zip },
        { filename: 'lote2.zip', content: zip },
        { filename: 'lote3.zip', content: zip },
      ],
    });
    // The second ZIP reaches the budget: the third is never inflated.
    expect(t.app.deps.analysis.porTarea().leerZip - before).toBe(2);
    expect((await entrantes(a.c))[0]).toMatchObject({ estado: 'RECHAZADO', motivo: MSG_CORREO.motivoDescomprimidoMensaje(50), respuestaEnviada: true });
    const [reply] = mailsTo('a5@clinica.co');
    expect(reply!.mail.text).toContain(MSG_CORREO.archivoMensajeDescomprimido(50));

    // A ZIP with the pair still files, read in the pool too.
    const p = par1Copy('ZP1001');
    await transport().sendMail({ from: 'a5@clinica.co', to: a.direccion, subject: 'Par', text: 'x', attachments: [{ filename: 'par.zip', content: Buffer.from(zipSync({ 'ZP1001.xml': p.xml, 'ZP1001.json': p.json })) }] });
    expect(t.app.deps.analysis.porTarea().leerZip - before).toBe(3);
    expect(await docs(a.c, 'ZP1001')).toHaveLength(1);
  });

  it('item 7: replies are limited per recipient and per tenant each hour, counted in the database', async () => {
    const b = await tenant('admin-limite@clinica.co', '891856372', ['s1@clinica.co', 's2@clinica.co', 's3@clinica.co']);
    const send = (from: string) => transport().sendMail({ from, to: b.direccion, subject: 'Sin nada', text: 'x' });
    for (let i = 0; i < 3; i++) await send('s1@clinica.co');
    expect(mailsTo('s1@clinica.co')).toHaveLength(2); // per recipient: 2
    await send('s2@clinica.co');
    await send('s2@clinica.co');
    await send('s3@clinica.co');
    expect(mailsTo('s2@clinica.co')).toHaveLength(2);
    expect(mailsTo('s3@clinica.co')).toHaveLength(0); // the tenant's 4 are spent
    const rows = await entrantes(b.c);
    expect(rows).toHaveLength(6);
    expect(rows.filter((r) => r.respuestaEnviada)).toHaveLength(4);
    expect(rows.every((r) => r.motivo === MSG_CORREO.motivoSinAdjuntos)).toBe(true);
    const [counter] = await t.app.deps.db.select().from(correoRespuestasLimite).where(eq(correoRespuestasLimite.clave, 'r:s1@clinica.co'));
    expect(counter!.n).toBe(3);
  });
});
