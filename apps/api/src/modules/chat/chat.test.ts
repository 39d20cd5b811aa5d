import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MAX_FILE_BYTES, CHAT_MAX_FILES } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { reglaDe } from '@radica/contracts/reglas';
import {
  PAR1_JSON,
  PAR1_XML,
  PROVIDER_CONFIG,
  client,
  fileForm,
  par1Copy,
  registerAndLogin,
  sample,
  startTestApp,
  type TTestApp,
} from '../../../test/helpers.ts';

/**
 * POST /api/chat in both modes — the built-in assistant (Radica's help articles, the caller's own documents,
 * attached files) and the workflow webhook (a local HTTP server standing in for n8n) — with the attacker's cases.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const SESSION = 'sesion-de-prueba-0001';
const ask = (c: ReturnType<typeof client>, chatInput: string, extra: Record<string, unknown> = {}) =>
  c.post('/api/chat', { sessionId: SESSION, action: 'sendMessage', chatInput, ...extra });
const ids = (body: { data?: { articulos: { id: string }[] } }) => body.data?.articulos.map((a) => a.id) ?? [];

/** A multipart chat message with `files` as file0..n. */
function chatForm(chatInput: string, files: { name: string; bytes: Buffer | string }[], sessionId = SESSION) {
  const form = new FormData();
  form.append('sessionId', sessionId);
  form.append('action', 'sendMessage');
  form.append('chatInput', chatInput);
  files.forEach((f, i) => form.append(`file${i}`, new Blob([typeof f.bytes === 'string' ? f.bytes : new Uint8Array(f.bytes)]), f.name));
  return form;
}

describe('built-in assistant, sales chat (visitors)', () => {
  it.each([
    ['¿Cuánto cuesta el plan Profesional?', 'planes-precios'],
    ['cuanto vale el plan profesinal al año', 'planes-precios'],
    ['que medios de pago aceptan? tienen pse o nequi', 'medios-de-pago'],
    ['¿Cómo le mando mis facturas por correo o por sftp?', 'canales-de-entrega'],
    ['que es el cuv', 'que-es-cuv'],
    ['quiero registrarme, como creo una cuenta', 'registro'],
  ])('%s → %s', async (pregunta, articulo) => {
    const r = await ask(client(t.url), pregunta, { chatType: 'sales' });
    expect(r.status).toBe(200);
    expect(r.body.data.fuente).toBe('asistente');
    expect(ids(r.body)[0]).toBe(articulo);
    expect(r.body.data.output.length).toBeGreaterThan(40);
  });

  it('names the plans and the price from the plan catalogue', async () => {
    const r = await ask(client(t.url), 'precios de los planes');
    expect(r.body.data.output).toContain('Profesional');
    expect(r.body.data.output).toContain('Business');
    expect(r.body.data.output).toContain('400.000');
  });

  it('answers visitors only from the sales articles, and says so when nothing matches', async () => {
    const code = await ask(client(t.url), '¿Qué significa el error RVC004?');
    expect(ids(code.body).some((id) => id.startsWith('regla-'))).toBe(false);
    const nothing = await ask(client(t.url), 'xyzzy plugh qwerty');
    expect(nothing.body.data).toEqual({ output: MSG_CHAT.chatNoMatch, articulos: [], fuente: 'asistente' });
  });

  it('refuses attachments in the sales chat (seed 001 §5), even when the browser is bypassed', async () => {
    const r = await client(t.url).post('/api/chat', chatForm('mira esto', [{ name: 'a.pdf', bytes: '%PDF-1.4' }]));
    expect([r.status, r.body.message, r.body.code]).toEqual([400, MSG_CHAT.chatSalesNoFiles, 'CHAT_SALES_NO_FILES']);
  });
});

describe('built-in assistant, technical chat (signed-in users)', () => {
  let owner: Awaited<ReturnType<typeof registerAndLogin>>;
  let rejectedId = 0;
  beforeAll(async () => {
    owner = await registerAndLogin(t.url, 'chat-owner@example.co', '901019681');
    await owner.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
    // A par1 copy whose four services carry an 11-digit codPrestador: the ministry rejects it (RVG01, as in a real answer).
    const pair = par1Copy('FE777');
    const rips = JSON.parse(pair.json.toString('utf8')) as { usuarios: { servicios: { procedimientos: { codPrestador: string }[] } }[] };
    for (const u of rips.usuarios) u.servicios.procedimientos[0]!.codPrestador = '76001126940';
    const x = await owner.c.post('/api/FevRips/subir-archivo', fileForm('FE777.xml', pair.xml));
    rejectedId = x.body.data.fevRipsId;
    await owner.c.post('/api/FevRips/subir-archivo', fileForm('FE777.json', JSON.stringify(rips), rejectedId));
    const sent = await owner.c.post(`/api/FevRips/${rejectedId}/enviar`);
    expect(sent.body.data?.exitoso ?? false).toBe(false);
  });

  it.each([
    ['¿Cómo configuro el usuario y la contraseña del validador?', 'configurar-prestador'],
    ['como subo el xml y el json para radicar', 'subir-y-enviar'],
    ['que significa el estado pendiente json', 'estados'],
    ['el ministerio no respondio y el documento quedo en error', 'estado-error'],
    ['como radico una nota credito', 'notas-y-paquetes'],
    ['resolucion 948 cie11', 'resolucion-948'],
    ['olvide mi contrasena', 'contrasena'],
    ['¿Qué significa RVC004?', 'regla-rvc004'],
    ['qué es el codigo dnd114', 'regla-dnd114'],
    ['¿cómo configuro el SFTP?', 'canal-sftp'],
    ['como configuro el correo para radicar por email', 'canal-correo'],
    ['¿cómo integro mi HIS por la API?', 'canal-api'],
  ])('%s → %s', async (pregunta, articulo) => {
    const r = await ask(owner.c, pregunta);
    expect(r.status).toBe(200);
    expect(ids(r.body)[0]).toBe(articulo);
  });

  it("leads a channel question to Configuración › Canales / Integraciones, never to the sales page '/'", async () => {
    const sftp = await ask(owner.c, 'como configuro el sftp');
    expect(sftp.body.data.output).toContain('(/settings?tab=canales)');
    const api = await ask(owner.c, 'como uso la api de radica');
    expect(api.body.data.output).toContain('(/settings?tab=integraciones)');
    for (const pregunta of ['qué canales tienen para enviar archivos', 'que es radica', 'como configuro el sftp']) {
      const r = await ask(owner.c, pregunta);
      expect(r.body.data.output).not.toContain('](/)');
      expect((r.body.data.articulos as { ruta: string | null }[]).some((a) => a.ruta === '/')).toBe(false);
    }
  });

  it("answers 'hola' with a greeting and topics, not 'No encontré información'", async () => {
    for (const saludo of ['hola', '¡Hola, buenas tardes!', 'gracias']) {
      expect((await ask(owner.c, saludo)).body.data.output).toBe(MSG_CHAT.chatSaludoTecnico);
      expect((await ask(client(t.url), saludo)).body.data.output).toBe(MSG_CHAT.chatSaludoVentas);
    }
    expect((await ask(owner.c, 'hola, como configuro el sftp')).body.data.articulos[0].id).toBe('canal-sftp');
  });

  it('explains a rule code with the catalogue text (one source with the errors panel)', async () => {
    const r = await ask(owner.c, 'me salió RVC004, qué hago');
    expect(r.body.data.output).toContain(reglaDe('RVC004')!.comoCorregir);
  });

  it("answers about the caller's own rejected document with each code and its fix, once per code", async () => {
    const r = await ask(owner.c, '¿por qué rechazaron la factura fe777?');
    expect(r.status).toBe(200);
    const output = r.body.data.output as string;
    expect(output).toContain('FE777');
    expect(output.match(/^- RVG01/gm)).toHaveLength(1);
    expect(output).toContain('- RVG01 (4 veces) en ');
    expect(output.split(reglaDe('RVG01')!.comoCorregir)).toHaveLength(2);
    expect(output).toContain(`(/ministerio/${rejectedId})`);
    expect(ids(r.body)).toContain('regla-rvg01');
  });

  it("never answers about another tenant's document: its formato is simply not found", async () => {
    const other = await registerAndLogin(t.url, 'chat-other@example.co', '891856372');
    const r = await ask(other.c, '¿por qué rechazaron la factura FE777?');
    expect(r.status).toBe(200);
    expect(r.body.data.output).toContain('No encontré');
    expect(r.body.data.output).not.toContain('RVG01');
    expect(r.body.data.output).not.toContain(String(rejectedId));
  });

  it('checks attached XML and JSON with the pre-validator, in the worker pool like an upload', async () => {
    const before = t.app.deps.analysis.porTarea().revisar;
    const ok = await owner.c.post('/api/chat', chatForm('¿están bien estos archivos?', [
      { name: 'factura.xml', bytes: sample(PAR1_XML) },
      { name: 'rips.json', bytes: sample(PAR1_JSON) },
    ]));
    expect(ok.status).toBe(200);
    expect(ok.body.data.output).toContain('no encontré rechazos');
    const rips = JSON.parse(sample(PAR1_JSON).toString('utf8')) as Record<string, unknown>;
    rips['numFactura'] = 'A01E0001';
    // and an 11-digit codPrestador in every service: RVC004 (the whole file) leads, RVG01 is one line for the four
    for (const u of rips['usuarios'] as { servicios: { procedimientos: { codPrestador: string }[] } }[])
      u.servicios.procedimientos[0]!.codPrestador = '76001126940';
    const bad = await owner.c.post('/api/chat', chatForm('', [
      { name: 'factura.xml', bytes: sample(PAR1_XML) },
      { name: 'rips.json', bytes: JSON.stringify(rips) },
    ]));
    const lines = (bad.body.data.output as string).split('\n');
    expect(lines[0]).toContain('por 2 motivos');
    expect(lines[1]).toMatch(/^- RVC004 en numFactura/);
    expect(lines[2]).toMatch(/^- RVG01 \(4 veces\) en usuarios\[0\]/);
    expect(t.app.deps.analysis.porTarea().revisar - before).toBe(2);
  });
});

describe('the checks an attacker meets', () => {
  it('refuses a forged or expired token (401), not a silent switch to the sales chat', async () => {
    const r = await fetch(`${t.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.forged', 'x-validator': 'x' },
      body: JSON.stringify({ sessionId: SESSION, chatInput: 'hola' }),
    });
    expect(r.status).toBe(401);
  });

  it('answers malformed input with 4xx in Spanish, never 500', async () => {
    const c = client(t.url);
    const noSession = await c.post('/api/chat', { chatInput: 'hola' });
    expect([noSession.status, noSession.body.code]).toEqual([400, 'VALIDATION']);
    const badSession = await c.post('/api/chat', { sessionId: '../../etc', chatInput: 'hola' });
    expect(badSession.status).toBe(400);
    const empty = await c.post('/api/chat', { sessionId: SESSION, chatInput: '   ' });
    expect([empty.status, empty.body.message]).toEqual([400, MSG_CHAT.chatEmptyMessage]);
    const long = await c.post('/api/chat', { sessionId: SESSION, chatInput: 'a'.repeat(4001) });
    expect(long.status).toBe(400);
    const notJson = await fetch(`${t.url}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"sessionId":' });
    expect(notJson.status).toBe(400);
    const weird = await c.post('/api/chat', { sessionId: SESSION, chatInput: { $ne: 1 } });
    expect(weird.status).toBe(400);
  });

  it('checks attachments on the server: size (seed text with the name), type and count', async () => {
    const { c } = await registerAndLogin(t.url, 'chat-files@example.co', '901019681');
    const big = await c.post('/api/chat', chatForm('', [{ name: 'grande.pdf', bytes: Buffer.alloc(CHAT_MAX_FILE_BYTES + 1, 65) }]));
    expect([big.status, big.body.message]).toEqual([413, MSG_CHAT.chatFileTooLarge('grande.pdf')]);
    const exe = await c.post('/api/chat', chatForm('revisa', [{ name: 'virus.exe', bytes: 'MZ' }]));
    expect([exe.status, exe.body.message]).toEqual([415, MSG_CHAT.chatFileType('virus.exe')]);
    const many = await c.post('/api/chat', chatForm('muchos', Array.from({ length: CHAT_MAX_FILES + 1 }, (_, i) => ({ name: `n${i}.txt`, bytes: 'x' }))));
    expect([many.status, many.body.code]).toEqual([413, 'CHAT_TOO_MANY_FILES']);
    const broken = await fetch(`${t.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=zzz', authorization: `Bearer ${c.token}`, 'x-validator': c.validator },
      body: '--zzz\r\nContent-Disposition: form-data; name="sessionId"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
  });

  it('limits messages per chat session and per client address', async () => {
    const limited = await startTestApp({ rateLimitScale: 1 });
    try {
      const c = client(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 21; i++) statuses.push((await ask(c, 'precio del plan')).status);
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses[20]).toBe(429);
      // Another session goes on until the address's own limit (40 a minute); a spoofed X-Forwarded-For changes nothing.
      const more: number[] = [];
      for (let i = 0; i < 20; i++)
        more.push((await c.post('/api/chat', { sessionId: `otra-sesion-${i}-abcdef`, chatInput: 'precio' }, { 'x-forwarded-for': `10.0.0.${i}` })).status);
      expect(more.slice(0, 19).every((s) => s === 200)).toBe(true);
      expect(more[19]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('webhook mode (CHAT_WEBHOOK_URL): the workflow engine answers', () => {
  type TSeen = { contentType: string; body: string };
  let hook: Server;
  let hookUrl = '';
  const seen: TSeen[] = [];
  let reply: (req: IncomingMessage, body: string) => { status: number; type: string; text: string; delayMs?: number } = () => ({
    status: 200,
    type: 'application/json',
    text: JSON.stringify({ output: 'Respuesta del flujo' }),
  });
  let app: TTestApp;

  beforeAll(async () => {
    hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ contentType: req.headers['content-type'] ?? '', body });
        const r = reply(req, body);
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(r.status, { 'content-type': r.type });
          res.end(r.text);
        }, r.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhook/chat`;
    app = await startTestApp({ chatWebhookUrl: hookUrl, chatTimeoutMs: 800 });
  });
  afterAll(async () => {
    await app?.close();
    hook?.closeAllConnections();
    await new Promise((resolve) => hook?.close(resolve));
  });

  it("forwards the seed's JSON body and returns the reply's output; the address never reaches the browser", async () => {
    seen.length = 0;
    const r = await ask(client(app.url), '¿Tienen plan anual?', { chatType: 'sales' });
    expect(r.body.data).toEqual({ output: 'Respuesta del flujo', articulos: [], fuente: 'webhook' });
    expect(JSON.parse(seen[0]!.body)).toEqual({ sessionId: SESSION, action: 'sendMessage', chatInput: '¿Tienen plan anual?', chatType: 'sales' });
    expect(JSON.stringify(r.body)).not.toContain(hookUrl);
    expect(JSON.stringify(r.body)).not.toContain('127.0.0.1');
  });

  it('sends the technical chat without chatType, and files as multipart file0..n', async () => {
    const { c } = await registerAndLogin(app.url, 'chat-hook@example.co', '901019681');
    seen.length = 0;
    await ask(c, 'hola');
    expect(JSON.parse(seen[0]!.body)).toEqual({ sessionId: SESSION, action: 'sendMessage', chatInput: 'hola' });
    reply = () => ({ status: 200, type: 'application/json', text: JSON.stringify([{ output: 'Recibí tu archivo' }]) });
    const r = await c.post('/api/chat', chatForm('mira', [{ name: 'soporte.pdf', bytes: '%PDF-1.4 prueba' }]));
    expect(r.body.data.output).toBe('Recibí tu archivo');
    expect(seen[1]!.contentType).toMatch(/^multipart\/form-data/);
    expect(seen[1]!.body).toContain('name="file0"; filename="soporte.pdf"');
    expect(seen[1]!.body).toContain('name="action"');
    expect(seen[1]!.body).toContain('%PDF-1.4 prueba');
  });

  it('an empty output is returned empty (the browser shows the empty-reply text); failures are the seed text (502)', async () => {
    reply = () => ({ status: 200, type: 'application/json', text: '{}' });
    expect((await ask(client(app.url), 'x')).body.data.output).toBe('');
    reply = () => ({ status: 500, type: 'text/plain', text: 'boom' });
    const down = await ask(client(app.url), 'x');
    expect([down.status, down.body.message, down.body.code]).toEqual([502, MSG_CHAT.chatError, 'CHAT_UNAVAILABLE']);
    reply = () => ({ status: 200, type: 'application/json', text: '{"output":"tarde"}', delayMs: 2000 });
    const slow = await ask(client(app.url), 'x');
    expect([slow.status, slow.body.message]).toEqual([502, MSG_CHAT.chatError]);
    reply = () => ({ status: 200, type: 'application/json', text: JSON.stringify({ output: 'Respuesta del flujo' }) });
  });
});
