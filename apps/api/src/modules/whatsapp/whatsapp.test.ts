import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import {
  PROVIDER_CONFIG,
  fileForm,
  operatorHeaders,
  par1Copy,
  registerAndLogin,
  startTestApp,
  waitFor,
  type TTestApp,
} from '../../../test/helpers.ts';

/**
 * the WhatsApp assistant over the whole loop on the embedded default: the local WhatsApp Cloud API
 * simulator delivers users' messages to Radica's webhook signed as Meta signs them, Radica answers through the
 * simulator's /messages with a job, and the tests read what the simulator received.
 */
let t: TTestApp;
type TSimMensaje = { id: string; to: string; type: 'text' | 'template'; template: string; parameters: string[]; text: string };
type TEntrega = { id: string; from: string; status: number; answer: string };

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const sim = async <T,>(path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${t.url}/_sim/whatsapp/_control/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
};
const mensajes = async () => (await sim<{ mensajes: TSimMensaje[] }>('mensajes')).mensajes;
const textosA = async (numero: string) => (await mensajes()).filter((m) => m.to === numero && m.type === 'text');
/** A user writes to the business number; the simulator delivers it to Radica's webhook as Meta would. */
const escribe = (from: string, text: string, extra: Record<string, unknown> = {}) => sim<TEntrega>('entrante', { from, text, ...extra });
/** The next text the simulator receives for `numero` after the `antes` it already had. */
const respuesta = (numero: string, antes: number) =>
  waitFor(`respuesta a ${numero}`, async () => (await textosA(numero))[antes]?.text, 20_000);
/** The stored row of an inbound message, once its job has finished with it. */
const procesado = (wamid: string) =>
  waitFor(`proceso de ${wamid}`, async () => {
    const [row] = await t.app.deps.dbRows<{ resultado: string | null; respuesta_wamid: string | null }>(
      sql`select resultado, respuesta_wamid from whatsapp_mensajes where wamid = ${wamid} and resultado is not null`,
    );
    return row;
  }, 20_000);

const NUMERO = '573001112233';
let a: Awaited<ReturnType<typeof registerAndLogin>>;
let b: Awaited<ReturnType<typeof registerAndLogin>>;

async function business(email: string) {
  const res = await fetch(`${t.url}/api/admin/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorHeaders(t.url) },
    body: JSON.stringify({ email, modulos: ['ministerio'], plan: 'business' }),
  });
  expect(res.status).toBe(200);
}

/** Upload a par1 copy as `formato` (rejected with RVG01 when `rechazado`) and send it. */
async function enviado(c: typeof a.c, formato: string, rechazado = false): Promise<number> {
  const pair = par1Copy(formato);
  const rips = JSON.parse(pair.json.toString('utf8'));
  if (rechazado) rips.usuarios[0].servicios.procedimientos[0].codPrestador = '76001126940'; // 11 digits: RVG01
  const x = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.xml`, pair.xml));
  const j = await c.post('/api/FevRips/subir-archivo', fileForm(`${formato}.json`, Buffer.from(JSON.stringify(rips)), x.body.data.fevRipsId));
  expect(j.status).toBe(200);
  const sent = await c.post(`/api/FevRips/${j.body.data.fevRipsId}/enviar`);
  expect(sent.status).toBe(200);
  return j.body.data.fevRipsId;
}

beforeAll(async () => {
  a = await registerAndLogin(t.url, 'wa-a@clinica.co', '901019681');
  b = await registerAndLogin(t.url, 'wa-b@clinica.co', '901019681');
  await business('wa-a@clinica.co');
  await business('wa-b@clinica.co');
  await a.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  await b.c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  await enviado(a.c, 'WAOK100');
  await enviado(a.c, 'WANO200', true);
  await enviado(b.c, 'OTRA300');
});

describe("the webhook's security", () => {
  it("answers Meta's verification handshake with WHATSAPP_VERIFY_TOKEN and refuses another token", async () => {
    expect(await sim('verificar', {})).toEqual({ status: 200, verificado: true });
    expect(await sim('verificar', { verifyToken: 'no-es-el-token' })).toEqual({ status: 403, verificado: false });
    const wrong = await fetch(`${t.url}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=x&hub.challenge=123`);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { message: string }).message).toBe(MSG_USUARIOS.whatsappVerificacion);
  });

  it('refuses a delivery with a bad or missing signature with 401 and stores nothing', async () => {
    const bad = await escribe('573005550000', 'estado de la factura WAOK100', { firmaInvalida: true });
    expect(bad.status).toBe(401);
    expect(JSON.parse(bad.answer).message).toBe(MSG_USUARIOS.whatsappFirmaInvalida);
    const unsigned = await fetch(`${t.url}/api/whatsapp/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ object: 'whatsapp_business_account', entry: [] }),
    });
    expect(unsigned.status).toBe(401);
    const rows = await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from whatsapp_mensajes where numero = '573005550000'`);
    expect(Number(rows[0]!.n)).toBe(0);
  });
});

describe('linking a number', () => {
  it('sends a code through the template, links the number when the user types it back, and no other user can take it', async () => {
    const pedido = await a.c.post('/api/usuarios/yo/whatsapp', { numero: '+57 300 111 2233' });
    expect(pedido.status, JSON.stringify(pedido.body)).toBe(200);
    expect(pedido.body.data.whatsapp).toEqual({ numero: null, pendiente: NUMERO });
    const template = (await mensajes()).filter((m) => m.to === NUMERO && m.type === 'template').at(-1)!;
    expect(template.template).toBe('radica_codigo_vinculacion');
    const code = template.parameters[0]!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await a.c.post('/api/usuarios/yo/whatsapp/confirmar', { codigo: code === '000000' ? '111111' : '000000' });
    expect(wrong.body).toMatchObject({ code: 'WHATSAPP_CODIGO_INCORRECTO', message: MSG_USUARIOS.whatsappCodigoIncorrecto });
    const ok = await a.c.post('/api/usuarios/yo/whatsapp/confirmar', { codigo: code });
    expect(ok.status).toBe(200);
    expect(ok.body.data.whatsapp).toEqual({ numero: NUMERO, pendiente: null });
    expect((await a.c.post('/api/usuarios/yo/whatsapp/confirmar', { codigo: code })).body.code).toBe('WHATSAPP_CODIGO_VENCIDO');
    const taken = await b.c.post('/api/usuarios/yo/whatsapp', { numero: NUMERO });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(MSG_USUARIOS.whatsappNumeroOcupado);
  });
});

describe('answers', () => {
  it("a linked number gets a formato's status and CUV from the same assistant as the technical chat", async () => {
    const antes = (await textosA(NUMERO)).length;
    const entrega = await escribe(NUMERO, '¿Cuál es el estado de la factura WAOK100?');
    expect(entrega.status).toBe(200);
    const texto = await respuesta(NUMERO, antes);
    expect(texto).toContain('WAOK100');
    const [doc] = await t.app.deps.dbRows<{ cuv: string }>(sql`select cuv from fev_rips where formato = 'WAOK100'`);
    expect(doc!.cuv).toMatch(/^[0-9a-f]{96}$/);
    expect(texto).toContain(doc!.cuv);
    // The web chat answers the same question with the same facts.
    const web = await a.c.post('/api/chat', { sessionId: 'web-sesion-1', action: 'sendMessage', chatInput: '¿Cuál es el estado de la factura WAOK100?' });
    expect(web.body.data.output).toContain(doc!.cuv);
    // App links become absolute addresses: a phone cannot follow "/ministerio/…".
    expect(texto).not.toMatch(/\]\(\//);
  });

  it('explains why a document was rejected, with the rule and its fix', async () => {
    const antes = (await textosA(NUMERO)).length;
    await escribe(NUMERO, '¿Por qué me rechazaron la factura WANO200?');
    const texto = await respuesta(NUMERO, antes);
    expect(texto).toContain('WANO200');
    expect(texto).toContain('RVG01');
  });

  it("another company's formato is 'no encontré', without a word of it", async () => {
    const antes = (await textosA(NUMERO)).length;
    await escribe(NUMERO, 'estado de la factura OTRA300');
    const texto = await respuesta(NUMERO, antes);
    expect(texto).toMatch(/^No encontré en tu cuenta un documento con el número OTRA300/);
  });

  it("tells today's sends of the company", async () => {
    const antes = (await textosA(NUMERO)).length;
    await escribe(NUMERO, '¿Cuántas facturas enviamos hoy al ministerio?');
    const texto = await respuesta(NUMERO, antes);
    expect(texto).toMatch(/^Hoy tu empresa envió 2 documentos al Ministerio: /);
  });

  it('a replay of the same message id (Meta delivering twice) is answered once', async () => {
    const antes = (await textosA(NUMERO)).length;
    const first = await escribe(NUMERO, 'estado de la factura WAOK100');
    await respuesta(NUMERO, antes);
    const again = await sim<TEntrega>('reenviar', { id: first.id });
    expect(again.status).toBe(200);
    expect(JSON.parse(again.answer).message).toBe('0');
    await procesado(first.id);
    // A later message is answered; the replay added nothing before it.
    await escribe(NUMERO, 'estado de la factura WANO200');
    await respuesta(NUMERO, antes + 1);
    const rows = await t.app.deps.dbRows<{ n: number }>(sql`select count(*)::int as n from whatsapp_mensajes where wamid = ${first.id}`);
    expect(Number(rows[0]!.n)).toBe(1);
    expect((await textosA(NUMERO)).length).toBe(antes + 2);
  });

  it('an unknown number gets a short generic answer with no company data', async () => {
    const desconocido = '573009998877';
    await escribe(desconocido, 'estado de la factura WAOK100');
    const texto = await respuesta(desconocido, 0);
    expect(texto).toBe(MSG_USUARIOS.whatsappDesconocido);
  });

  it('a message older than the 24-hour window gets no text (it would be refused)', async () => {
    const viejo = await escribe(NUMERO, 'estado de la factura WAOK100', { minutosAtras: 25 * 60 });
    expect(viejo.status).toBe(200);
    expect(await procesado(viejo.id)).toEqual({ resultado: 'fuera_de_ventana', respuesta_wamid: null });
  });
});

describe('limits', () => {
  it('per number: one notice once over the hourly limit, then silence', async () => {
    const numero = '573004440000';
    const limite = t.config.whatsapp.limitePorNumeroHora;
    // Earlier messages of this hour, as the webhook stores them.
    await t.app.deps.dbRows(sql`insert into whatsapp_mensajes (wamid, numero, tipo, texto, enviado_en, procesado_en, resultado)
      select 'wamid.previo' || g, ${numero}, 'text', 'hola', now(), now(), 'desconocido' from generate_series(1, ${limite}) g`);
    const over = await escribe(numero, 'hola');
    expect(await respuesta(numero, 0)).toBe(MSG_USUARIOS.whatsappLimite);
    expect((await procesado(over.id)).resultado).toBe('limite_numero');
    const silent = await escribe(numero, 'hola de nuevo');
    expect(await procesado(silent.id)).toEqual({ resultado: 'limite_numero', respuesta_wamid: null });
    expect((await textosA(numero)).length).toBe(1);
  });

  it('per company: over the daily limit the linked user gets the notice, not an answer', async () => {
    const limite = t.config.whatsapp.limitePorEmpresaDia;
    const tenant = (await t.app.deps.dbRows<{ tenant_id: number }>(sql`select tenant_id from users where email = 'wa-b@clinica.co'`))[0]!.tenant_id;
    await b.c.post('/api/usuarios/yo/whatsapp', { numero: '573002220000' });
    const code = (await mensajes()).filter((m) => m.to === '573002220000' && m.type === 'template').at(-1)!.parameters[0]!;
    expect((await b.c.post('/api/usuarios/yo/whatsapp/confirmar', { codigo: code })).status).toBe(200);
    await t.app.deps.dbRows(sql`insert into whatsapp_mensajes (wamid, numero, tipo, texto, enviado_en, procesado_en, resultado, tenant_id)
      select 'wamid.empresa' || g, '57300000' || lpad(g::text, 4, '0'), 'text', 'hola', now(), now(), 'respondido', ${tenant} from generate_series(1, ${limite}) g`);
    await escribe('573002220000', 'estado de la factura OTRA300');
    expect(await respuesta('573002220000', 0)).toBe(MSG_USUARIOS.whatsappLimite);
  });
});
