import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import type { TEventoWebhook } from '@radica/contracts/avisos';
import {
  PROVIDER_CONFIG,
  client,
  fileForm,
  operatorHeaders,
  outbox,
  par1Copy,
  registerAndLogin,
  startTestApp,
  uploadPar1Copy,
  waitFor,
  type TTestApp,
} from '../../../test/helpers.ts';
import { fetch as undiciFetch } from 'undici';
import ipaddr from 'ipaddr.js';
import { checkWebhookUrl, describirErrorTransporte, isPublicAddress, publicOnly } from './webhooks.ts';
import { enviarResumenesDiarios, publicarResultado } from './service.ts';

/** A local webhook receiver: answers each request with the next status of `plan` (then 200) and keeps what arrived. */
type TReceived = { headers: IncomingMessage['headers']; body: string };
function receiver(plan: number[]) {
  const received: TReceived[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = plan.shift() ?? 200;
      res.end('ok');
    });
  });
  return { server, received };
}

let t: TTestApp;
let c: Awaited<ReturnType<typeof registerAndLogin>>['c'];
let other: Awaited<ReturnType<typeof registerAndLogin>>['c'];
let tenantId = 0;
const hook = receiver([500]);
let hookUrl = '';

beforeAll(async () => {
  await new Promise<void>((ok) => hook.server.listen(0, '127.0.0.1', ok));
  const address = hook.server.address();
  hookUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/radica`;
  t = await startTestApp();
  ({ c } = await registerAndLogin(t.url, 'avisos@example.co', '901019681'));
  tenantId = (await client(t.url).post('/api/admin/grant', { email: 'avisos@example.co', modulos: ['ministerio'] }, operatorHeaders(t.url))).body.data.tenantId;
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  ({ c: other } = await registerAndLogin(t.url, 'otro-avisos@example.co', '901019681'));
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((ok) => hook.server.close(() => ok()));
});

/** A par1 copy with an 11-digit codPrestador (RVG01): the ministry (simulator) answers NO_APROBADO. */
async function uploadRejected(formato: string): Promise<number> {
  const pair = par1Copy(formato);
  const rips = JSON.parse(pair.json.toString('utf8'));
  rips.usuarios[0].servicios.procedimientos[0].codPrestador = '76001126940'; // 11 digits: RVG01, as in a real answer
  const x = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.xml`, pair.xml));
  const j = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.json`, Buffer.from(JSON.stringify(rips)), x.body.data.fevRipsId));
  expect(j.status).toBe(200);
  return j.body.data.fevRipsId;
}

let secreto = '';
let webhookId = 0;

describe('result webhooks: registration, signing, delivery and limits', () => {
  it('registers a webhook and shows its whsec_ secret once; the list never carries it', async () => {
    const res = await c.post('/api/integraciones/webhooks', { url: hookUrl });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_AVISOS.webhookCreado);
    secreto = res.body.data.secreto;
    webhookId = res.body.data.id;
    expect(secreto).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await c.get('/api/integraciones/webhooks');
    expect(list.body.data.webhooks).toEqual([{ id: webhookId, url: hookUrl, activo: true, creadoEn: expect.any(String) }]);
    expect(JSON.stringify(list.body)).not.toContain(secreto);
  });

  it('signs a final status (Standard Webhooks) and retries after a 500 until delivered', async () => {
    const id = await uploadPar1Copy(c, 'WHK001');
    expect((await c.post(`/api/FevRips/${id}/enviar`)).body.data.exitoso).toBe(true);
    const entrega = await waitFor('delivered', async () => {
      const list = await c.get('/api/integraciones/webhooks');
      return list.body.data.entregas.find((e: { fevRipsId: number; estado: string }) => e.fevRipsId === id && e.estado === 'ENTREGADO');
    }, 20_000);
    expect(entrega).toMatchObject({ intentos: 2, ultimoHttpStatus: 200, evento: 'documento.resultado', formato: 'WHK001', estadoDocumento: 'APROBADO' });
    expect(hook.received.length).toBe(2);
    const [first, second] = hook.received as [TReceived, TReceived];
    // The same event id on the retry; each attempt signed with its own timestamp.
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    const headers = { 'webhook-id': String(second.headers['webhook-id']), 'webhook-timestamp': String(second.headers['webhook-timestamp']), 'webhook-signature': String(second.headers['webhook-signature']) };
    const evento = new Webhook(secreto).verify(second.body, headers) as TEventoWebhook;
    expect(evento).toMatchObject({ tipo: 'documento.resultado', data: { id, formato: 'WHK001', estado: 'APROBADO', canal: 'plataforma' } });
    expect(evento.data!.resultado!.cuv).toMatch(/^[0-9a-f]{96}$/);
    // The algorithm as documented: base64 HMAC-SHA256 over "id.timestamp.body" with the secret's bytes.
    const key = Buffer.from(secreto.slice('whsec_'.length), 'base64');
    const mac = createHmac('sha256', key).update(`${headers['webhook-id']}.${headers['webhook-timestamp']}.${second.body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);
    // A forged body does not verify.
    expect(() => new Webhook(secreto).verify(second.body.replace('APROBADO', 'NO_APROBADO'), headers)).toThrow();
  });

  it('publishing the same status change twice delivers it once', async () => {
    const id = await uploadPar1Copy(c, 'WHK002');
    await c.post(`/api/FevRips/${id}/enviar`);
    await publicarResultado(t.app.deps, tenantId, id);
    await publicarResultado(t.app.deps, tenantId, id);
    const rows = (await c.get('/api/integraciones/webhooks')).body.data.entregas.filter((e: { fevRipsId: number }) => e.fevRipsId === id);
    expect(rows).toHaveLength(1);
  });

  it("sends a test event on 'Enviar prueba'; another tenant's webhook ids are 404 and an API key is refused", async () => {
    const before = hook.received.length;
    const res = await c.post(`/api/integraciones/webhooks/${webhookId}/probar`);
    expect(res.body.message).toBe(MSG_AVISOS.webhookPruebaEncolada);
    const prueba = await waitFor('test event', async () => hook.received.slice(before).find((r) => JSON.parse(r.body).tipo === 'webhook.prueba'), 10_000);
    expect(JSON.parse(prueba.body)).toMatchObject({ id: expect.stringMatching(/^evt_/), data: null });
    expect((await other.post(`/api/integraciones/webhooks/${webhookId}/probar`)).status).toBe(404);
    expect((await other.call('DELETE', `/api/integraciones/webhooks/${webhookId}`)).status).toBe(404);
    expect((await other.get('/api/integraciones/webhooks')).body.data).toEqual({ webhooks: [], entregas: [] });
    const key = (await c.post('/api/integraciones/claves', { nombre: 'HIS' })).body.data.clave;
    const withKey = await client(t.url).call('GET', '/api/integraciones/webhooks', undefined, { authorization: `Bearer ${key}` });
    expect(withKey.status).toBe(403);
    expect((await client(t.url).get('/api/integraciones/webhooks')).status).toBe(401);
  });

  it('refuses malformed URLs, credentials in the URL and more than 5 webhooks', async () => {
    for (const url of ['no-es-url', 'ftp://example.co/x', 'https://user:pass@example.co/x', `https://example.co/${'a'.repeat(600)}`]) {
      const res = await other.post('/api/integraciones/webhooks', { url });
      expect(res.status, url).toBe(400);
      expect(res.body.message).toMatch(/webhook/i);
    }
    for (let i = 0; i < 5; i++) expect((await other.post('/api/integraciones/webhooks', { url: `${hookUrl}/${i}` })).status).toBe(200);
    const sixth = await other.post('/api/integraciones/webhooks', { url: `${hookUrl}/6` });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe(MSG_AVISOS.webhookLimite(5));
  });

  it('in production rules only https to public addresses are accepted (no loopback, private, link-local or mapped ones)', async () => {
    const deps = { config: { ...t.config, webhookAllowLocal: false } };
    for (const url of ['http://example.co/x', 'https://127.0.0.1/x', 'https://10.1.2.3/x', 'https://192.168.0.10/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://localhost/x'])
      await expect(checkWebhookUrl(deps, url), url).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
    await expect(checkWebhookUrl(deps, 'https://8.8.8.8/hook')).resolves.toBeInstanceOf(URL);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
  });
});

describe('result webhooks: address checks, transport errors and removal', () => {
  it('normalises every IPv6 form that carries an IPv4 address before the range check, for every range ipaddr.js names', async () => {
    const deps = { config: { ...t.config, webhookAllowLocal: false } };
    const hex = (o: number[]) => `${((o[0]! << 8) | o[1]!).toString(16)}:${((o[2]! << 8) | o[3]!).toString(16)}`;
    /** Every way an IPv6 address can carry the IPv4 `o`. */
    const forms = (o: number[]) => {
      const v4 = o.join('.');
      return [v4, `::ffff:${v4}`, `::ffff:${hex(o)}`, `::${v4}`, `::${hex(o)}`, `::ffff:0:${v4}`, `64:ff9b::${v4}`, `64:ff9b::${hex(o)}`, `2002:${hex(o)}::1`];
    };
    // Every special IPv4 range (its first address after the network's), in every form: refused.
    const v4Ranges = (ipaddr.IPv4.prototype as unknown as { SpecialRanges: Record<string, [ipaddr.IPv4, number] | [ipaddr.IPv4, number][]> }).SpecialRanges;
    const firsts = (r: [ipaddr.IPv4, number] | [ipaddr.IPv4, number][]) => (Array.isArray(r[0]) ? (r as [ipaddr.IPv4, number][]) : [r as [ipaddr.IPv4, number]]);
    const refused: string[] = [];
    for (const [name, ranges] of Object.entries(v4Ranges))
      for (const [net, bits] of firsts(ranges)) {
        const o = [...net.octets];
        if (bits < 32) o[3] = o[3]! + 1;
        for (const f of forms(o)) if (isPublicAddress(f)) refused.push(`${name} ${f}`);
      }
    // Every special IPv6 range: refused (none of them carries a public IPv4 here).
    const v6Ranges = (ipaddr.IPv6.prototype as unknown as { SpecialRanges: Record<string, [ipaddr.IPv6, number] | [ipaddr.IPv6, number][]> }).SpecialRanges;
    for (const [name, ranges] of Object.entries(v6Ranges))
      for (const [net, bits] of (Array.isArray(ranges[0]) ? ranges : [ranges]) as [ipaddr.IPv6, number][]) {
        const parts = [...net.parts];
        if (bits < 128) parts[7] = parts[7]! + 1;
        const address = new ipaddr.IPv6(parts).toString();
        if (isPublicAddress(address)) refused.push(`${name} ${address}`);
      }
    expect(refused).toEqual([]);
    // A public IPv4 stays public in every form; public IPv6 stays public.
    for (const f of [...forms([8, 8, 8, 8]), '2001:4860:4860::8888']) expect(isPublicAddress(f), f).toBe(true);
    // The reported one, as a URL.
    for (const url of ['https://[::7f00:1]/x', 'https://[::127.0.0.1]/x', 'https://[::ffff:7f00:1]/x', 'https://[64:ff9b::a9fe:a9fe]/latest', 'https://[2002:a00:1::]/x'])
      await expect(checkWebhookUrl(deps, url), url).rejects.toMatchObject({ code: 'WEBHOOK_URL_INVALID' });
  });

  it('checks the resolved addresses again when the delivery connects (a name that now points inside is refused)', async () => {
    const before = hook.received.length;
    const port = new URL(hookUrl).port;
    // 'localhost' stands for a public name whose DNS answer changed to a private address after the check.
    const attempt = undiciFetch(`http://localhost:${port}/radica`, { method: 'POST', body: '{}', dispatcher: publicOnly });
    await expect(attempt).rejects.toMatchObject({ cause: { code: 'EPRIVATEADDRESS' } });
    expect(hook.received.length).toBe(before);
  });

  it("says a host that does not resolve does not resolve, not 'Escribe la dirección completa…'", async () => {
    const deps = { config: { ...t.config, webhookAllowLocal: false } };
    await expect(checkWebhookUrl(deps, 'https://no-existe.radica-prueba.invalid/x')).rejects.toMatchObject({
      code: 'WEBHOOK_URL_INVALID',
      message: MSG_AVISOS.webhookHostNoResuelve('no-existe.radica-prueba.invalid'),
    });
  });

  it("writes every transport error in Spanish, never undici's 'fetch failed'", async () => {
    const t26 = MSG_AVISOS.transporte;
    const falla = async (url: string, init: Parameters<typeof undiciFetch>[1] = {}) => {
      try {
        await undiciFetch(url, { method: 'POST', body: '{}', ...init });
      } catch (err) {
        return describirErrorTransporte(err, new URL(url).hostname, 300);
      }
      throw new Error(`${url} answered`);
    };
    // A closed port: refused.
    const closed = createServer();
    await new Promise<void>((ok) => closed.listen(0, '127.0.0.1', ok));
    const closedPort = (closed.address() as { port: number }).port;
    await new Promise<void>((ok) => closed.close(() => ok()));
    expect(await falla(`http://127.0.0.1:${closedPort}/x`)).toBe(t26.rechazada);
    // A system that never answers: the response timeout.
    const silent = createServer(() => {});
    await new Promise<void>((ok) => silent.listen(0, '127.0.0.1', ok));
    const silentPort = (silent.address() as { port: number }).port;
    expect(await falla(`http://127.0.0.1:${silentPort}/x`, { signal: AbortSignal.timeout(300) })).toBe(t26.tiempoRespuesta(1));
    silent.closeAllConnections();
    await new Promise<void>((ok) => silent.close(() => ok()));
    // A name that does not resolve (or a DNS that does not answer, in a sandbox).
    expect([t26.noResuelve('x.radica-prueba.invalid'), t26.dnsTemporal('x.radica-prueba.invalid')]).toContain(await falla('http://x.radica-prueba.invalid/x'));
    // A private address met at connect time.
    expect(await falla(`http://localhost:${new URL(hookUrl).port}/x`, { dispatcher: publicOnly })).toBe(MSG_AVISOS.webhookDestinoPrivado);
    // undici's own codes and an unknown one.
    const wrapped = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('x'), { code }) });
    expect(describirErrorTransporte(wrapped('UND_ERR_CONNECT_TIMEOUT'), 'h', 10_000)).toBe(t26.tiempoConexion);
    expect(describirErrorTransporte(wrapped('UND_ERR_HEADERS_TIMEOUT'), 'h', 10_000)).toBe(t26.tiempoRespuesta(10));
    expect(describirErrorTransporte(wrapped('ECONNRESET'), 'h', 10_000)).toBe(t26.reiniciada);
    expect(describirErrorTransporte(wrapped('CERT_HAS_EXPIRED'), 'h', 10_000)).toBe(t26.certificado);
    expect(describirErrorTransporte(wrapped('DEPTH_ZERO_SELF_SIGNED_CERT'), 'h', 10_000)).toBe(t26.certificado);
    expect(describirErrorTransporte(wrapped('ERR_SSL_WRONG_VERSION_NUMBER'), 'h', 10_000)).toBe(t26.tls);
    expect(describirErrorTransporte(wrapped('EHOSTUNREACH'), 'h', 10_000)).toBe(t26.inalcanzable);
    expect(describirErrorTransporte(new TypeError('fetch failed'), 'h', 10_000)).not.toMatch(/fetch failed/);
  });

  it('a removed webhook gets nothing more', async () => {
    expect((await c.call('DELETE', `/api/integraciones/webhooks/${webhookId}`)).body.message).toBe(MSG_AVISOS.webhookEliminado);
    expect((await c.call('DELETE', `/api/integraciones/webhooks/${webhookId}`)).status).toBe(404);
    const before = hook.received.length;
    const id = await uploadPar1Copy(c, 'WHK003');
    await c.post(`/api/FevRips/${id}/enviar`);
    await new Promise((r) => setTimeout(r, 1500));
    expect(hook.received.length).toBe(before);
  });
});

describe('rejection alerts (Business)', () => {
  const waMensajes = async () =>
    ((await (await fetch(`${t.url}/_sim/whatsapp/_control/mensajes`)).json()) as { mensajes: Array<{ to: string; template: string; parameters: string[] }> }).mensajes;
  const alertas = { correos: ['Alertas@Example.co', 'alertas@example.co'], whatsapp: ['+57 300 123 4567'], alertarNoAprobado: true, alertarError: true, resumenDiario: true };

  it('without the Business plan the settings are readable, marked unavailable, and saving is 403', async () => {
    const read = await c.get('/api/integraciones/alertas');
    expect(read.body.data).toMatchObject({ disponible: false, whatsappDisponible: true, correos: [], envios: [] });
    const save = await c.put('/api/integraciones/alertas', alertas);
    expect(save.status).toBe(403);
    expect(save.body.message).toBe(MSG_AVISOS.alertasSoloBusiness);
  });

  it('with Business: e-mail with each code and its fix, and the WhatsApp template, on NO_APROBADO; nothing on APROBADO', async () => {
    const grant = await client(t.url).post('/api/admin/grant', { email: 'avisos@example.co', modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url));
    expect(grant.status).toBe(200);
    expect((await c.get('/api/Auth/productos-comprados')).body.data.plan).toBe('business');
    const bad = await c.put('/api/integraciones/alertas', { ...alertas, whatsapp: ['12'] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(MSG_AVISOS.alertaWhatsappInvalido);
    const saved = await c.put('/api/integraciones/alertas', alertas);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ disponible: true, correos: ['alertas@example.co'], whatsapp: ['573001234567'] });

    const id = await uploadRejected('ALR001');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    expect(sent.body.data.exitoso).toBe(false);
    const mail = await waitFor('alert mail', async () => (await outbox(t.url, 'alertas@example.co')).find((m) => m.subject.includes('ALR001')), 15_000);
    expect(mail.subject).toBe(MSG_AVISOS.alertaAsunto('ALR001', 'no aprobado'));
    expect(mail.text).toMatch(/Cómo corregirlo: /);
    expect(mail.text).toContain(`/ministerio/${id}`);
    const wa = await waitFor('whatsapp', async () => (await waMensajes()).find((m) => m.parameters[0] === 'ALR001'), 15_000);
    expect(wa).toMatchObject({ to: '573001234567', template: 'radica_alerta_rechazo' });
    expect(wa.parameters[2]).toMatch(/error/);
    const log = (await c.get('/api/integraciones/alertas')).body.data.envios;
    expect(log.filter((e: { fevRipsId: number; estado: string }) => e.fevRipsId === id && e.estado === 'ENVIADO')).toHaveLength(2);

    const ok = await uploadPar1Copy(c, 'ALR002');
    await c.post(`/api/FevRips/${ok}/enviar`);
    await new Promise((r) => setTimeout(r, 1000));
    expect((await outbox(t.url, 'alertas@example.co')).some((m) => m.subject.includes('ALR002'))).toBe(false);
  });

  it('alerts on ERROR (the ministry down past MUV_TRANSIENT_MAX_S), and a WhatsApp failure is retried without blocking the send', async () => {
    // No verdict is a wait (docs/decisions/047); one that outlasts MUV_TRANSIENT_MAX_S ends in ERROR: here at once.
    const maxS = t.app.deps.config.muvTransientMaxS;
    t.app.deps.config.muvTransientMaxS = 1;
    await fetch(`${t.url}/_sim/whatsapp/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503 }) });
    await fetch(`${t.url}/_sim/muv/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503, count: 2 }) });
    const id = await uploadPar1Copy(c, 'ALR003');
    const sent = await c.post(`/api/FevRips/${id}/enviar`);
    t.app.deps.config.muvTransientMaxS = maxS;
    expect(sent.status).toBe(503);
    expect((await c.get(`/api/FevRips/${id}/detail`)).body.data.estado).toBe('ERROR');
    const wa = await waitFor('whatsapp after retry', async () => (await waMensajes()).find((m) => m.parameters[0] === 'ALR003'), 20_000);
    expect(wa.parameters[2]).toBe('El Ministerio no respondió al envío');
    const envio = (await c.get('/api/integraciones/alertas')).body.data.envios.find((e: { fevRipsId: number; canal: string }) => e.fevRipsId === id && e.canal === 'whatsapp');
    expect(envio).toMatchObject({ estado: 'ENVIADO', intentos: 2 });
  });

  it("sends the day's summary once after 6 p.m. Bogotá, never before", async () => {
    const morning = new Date('2026-11-24T14:00:00Z'); // 09:00 Bogotá
    expect(await enviarResumenesDiarios(t.app.deps, morning)).toBe(0);
    const evening = new Date('2026-11-24T23:30:00Z'); // 18:30 Bogotá
    expect(await enviarResumenesDiarios(t.app.deps, evening)).toBe(1);
    expect(await enviarResumenesDiarios(t.app.deps, evening)).toBe(0);
    const mail = await waitFor('summary', async () => (await outbox(t.url, 'alertas@example.co')).find((m) => m.subject === MSG_AVISOS.resumenAsunto('2026-11-24')), 15_000);
    expect(mail.text).toMatch(/Ver los documentos/);
  });
});
