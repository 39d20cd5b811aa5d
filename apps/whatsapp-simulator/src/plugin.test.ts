import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whatsappSimulatorPlugin } from './plugin.ts';

const app = Fastify();
let url = '';
beforeAll(async () => {
  await app.register(whatsappSimulatorPlugin, { prefix: '/wa', accessToken: 'tok-123', phoneNumberId: '1055', templates: { alerta: 2 }, controlHooks: true });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => app.close());

const send = (body: unknown, token = 'tok-123', path = '/wa/v21.0/1055/messages') =>
  fetch(`${url}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
const template = (to: string, params: string[], name = 'alerta') => ({
  messaging_product: 'whatsapp',
  to,
  type: 'template',
  template: { name, language: { code: 'es' }, components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }] },
});

describe('WhatsApp Cloud API simulator', () => {
  it('accepts an approved template with its parameters and records it', async () => {
    const res = await send(template('573001234567', ['FE123', 'No aprobado']));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { contacts: Array<{ wa_id: string }>; messages: Array<{ id: string }> };
    expect(body.contacts[0]!.wa_id).toBe('573001234567');
    expect(body.messages[0]!.id).toMatch(/^wamid\./);
    const list = (await (await fetch(`${url}/wa/_control/mensajes`)).json()) as { mensajes: Array<{ parameters: string[] }> };
    expect(list.mensajes.at(-1)!.parameters).toEqual(['FE123', 'No aprobado']);
  });
  it('answers the Graph API errors: bad token 401/190, unknown template 404/132001, wrong parameter count 400/132000, wrong phone id', async () => {
    const bad = await send(template('573001234567', ['a', 'b']), 'otro');
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { code: number } }).error.code).toBe(190);
    const unknown = await send(template('573001234567', ['a', 'b'], 'otra'));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: number } }).error.code).toBe(132001);
    const count = await send(template('573001234567', ['a']));
    expect(((await count.json()) as { error: { code: number } }).error.code).toBe(132000);
    expect((await send(template('573001234567', ['a', 'b']), 'tok-123', '/wa/v21.0/9999/messages')).status).toBe(400);
    expect((await send({ ...template('573001234567', ['a', 'b']), type: 'text' })).status).toBe(400);
  });
  it('fails the next call on request, once', async () => {
    await fetch(`${url}/wa/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ status: 503 }) });
    expect((await send(template('573001234567', ['a', 'b']))).status).toBe(503);
    expect((await send(template('573001234567', ['a', 'b']))).status).toBe(200);
  });
});
