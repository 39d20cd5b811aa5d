import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import type { TEventoWebhook } from '@radica/contracts/avisos';
import { PROVIDER_CONFIG, operatorHeaders, par1Copy, registerAndLogin, startSimulator, startTestApp, waitFor, type TTestApp } from '../../../test/helpers.ts';

/**
 * asynchronous sending on the API channel: `enviar=async` answers 202 at once with the document; the send
 * runs as a job and its result arrives at the result webhook and in GET /api/v1/paquetes/{id}.
 */
let t: TTestApp;
let sim: Awaited<ReturnType<typeof startSimulator>>;
let key = '';
let session: Awaited<ReturnType<typeof registerAndLogin>>['c'];
const received: string[] = [];
const hook: Server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push(Buffer.concat(chunks).toString('utf8'));
    res.end('ok');
  });
});

beforeAll(async () => {
  await new Promise<void>((ok) => hook.listen(0, '127.0.0.1', ok));
  const address = hook.address();
  // A ministry that takes 300 ms per call (as the real one often does), outside the app: the synchronous answer waits
  // for it, the asynchronous one does not.
  sim = await startSimulator(300);
  t = await startTestApp({ muvBaseUrl: sim.url });
  const { c } = await registerAndLogin(t.url, 'async@example.co', '901019681');
  session = c;
  expect((await c.post('/api/v1/paquetes', { xmlFevFile: par1Copy('ASY0001').xml.toString('base64'), enviar: 'async' })).body).toMatchObject({
    code: 'PLAN_BUSINESS_REQUIRED',
    message: MSG_INTEGRACIONES.envioAsincronoBusiness,
  });
  const grant = await fetch(`${t.url}/api/admin/grant`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorHeaders(t.url) },
    body: JSON.stringify({ email: 'async@example.co', modulos: ['ministerio'], plan: 'business' }),
  });
  expect(grant.status).toBe(200);
  await c.post('/api/Auth/crear-configuracion-fevrips', PROVIDER_CONFIG);
  const created = await c.post('/api/integraciones/claves', { nombre: 'HIS', diasVigencia: 30 });
  key = created.body.data.clave;
  const wh = await c.post('/api/integraciones/webhooks', { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/radica` });
  expect(wh.status).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await sim?.app.close();
  await new Promise<void>((ok) => hook.close(() => ok()));
});

/** POST /api/v1/paquetes with the key, as multipart, `enviar` as given. */
async function radicar(formato: string, enviar: string, o: { sinRips?: boolean; idempotencyKey?: string } = {}) {
  const pair = par1Copy(formato);
  const form = new FormData();
  form.append('xml', new Blob([new Uint8Array(pair.xml)]), `${formato}.xml`);
  if (!o.sinRips) form.append('rips', new Blob([new Uint8Array(pair.json)]), `${formato}.json`);
  form.append('enviar', enviar);
  const started = performance.now();
  const res = await fetch(`${t.url}/api/v1/paquetes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, ...(o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {}) },
    body: form,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  return { status: res.status, body: (await res.json()) as any, ms: performance.now() - started };
}
const estado = async (id: number) =>
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- asserted field by field
  (await (await fetch(`${t.url}/api/v1/paquetes/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as any;

describe('enviar=async (Business: a Profesional company is refused before anything is filed)', () => {
  it('answers 202 at once with the document; the result arrives at the result webhook and in GET /api/v1/paquetes/{id}', async () => {
    const res = await radicar('ASY1001', 'async', { idempotencyKey: 'asy-1001' });
    expect(res.status).toBe(202);
    expect(res.body.data).toMatchObject({ formato: 'ASY1001', canal: 'api', resultado: null });
    expect(res.body.data.envio).toEqual({ exitoso: false, enCola: true, mensaje: MSG_INTEGRACIONES.paqueteEncolado });
    const id = res.body.data.id as number;

    const evento = await waitFor('the result webhook', async () => {
      const e = received.map((b) => JSON.parse(b) as TEventoWebhook).find((x) => x.data?.id === id && x.data?.estado === 'APROBADO');
      return e;
    }, 30_000);
    expect(evento.data?.resultado?.cuv).toMatch(/^[0-9a-f]{96}$/);
    const final = await estado(id);
    expect(final.data).toMatchObject({ id, estado: 'APROBADO', envio: null });
    expect(final.data.resultado.cuv).toBe(evento.data?.resultado?.cuv);
    // The detail's history says how the send was scheduled: by the API, asynchronously, not as a bulk send.
    const historial = (await session.get(`/api/FevRips/${id}/detail`)).body.data.historial as Array<{ accion: string; descripcion: string }>;
    expect(historial.find((e) => e.accion === 'envio_programado')?.descripcion).toBe('Programó el envío · envío asíncrono · con la clave de API «HIS»');
    expect(historial.map((e) => e.descripcion).join('\n')).not.toContain('masivo');
    // The same key and body answer the first answer again and queue nothing more.
    const replay = await radicar('ASY1001', 'async', { idempotencyKey: 'asy-1001' });
    expect(replay.status).toBe(200);
    expect(replay.body.data.id).toBe(id);
  });

  it('is faster to answer than the synchronous send (the ministry is not waited for)', async () => {
    const sync = await radicar('ASY2001', 'true');
    const async = await radicar('ASY2002', 'async');
    expect(sync.status).toBe(201);
    expect(async.status).toBe(202);
    expect(sync.body.data.envio.exitoso).toBe(true);
    console.log(`paquete: síncrono ${Math.round(sync.ms)} ms, asíncrono ${Math.round(async.ms)} ms`);
    expect(async.ms).toBeLessThan(sync.ms);
    await waitFor('the queued send', async () => (await estado(async.body.data.id)).data.estado === 'APROBADO', 30_000);
  });

  it('a package missing a file says why it was not queued, with 201', async () => {
    const res = await radicar('ASY3001', 'async', { sinRips: true });
    expect(res.status).toBe(201);
    expect(res.body.data.envio).toEqual({ exitoso: false, mensaje: MSG.sendNeedsBothFiles });
    expect((await estado(res.body.data.id)).data.envio).toBeNull();
  });
});
