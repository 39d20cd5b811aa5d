import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CONTACTO } from '@radica/contracts/messages-contacto';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { client, outbox, startTestApp, type TTestApp } from '../../../test/helpers.ts';

/** minor: the Business contact form acknowledges the request to the requester, through the app's mailer. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ rateLimitScale: 1 });
});
afterAll(async () => t?.close());

const form = (email: string) => ({
  nombre: 'Visita http://spam.example <b>ya</b>',
  email,
  telefono: '3001234567',
  empresa: 'Clínica Sur',
  mensaje: 'Compra ya en http://spam.example',
});

describe('POST /api/payment/business-contact: acknowledgement', () => {
  it('mails the requester a fixed acknowledgement (none of the typed text) besides the sales mailbox', async () => {
    const res = await client(t.url).post('/api/payment/business-contact', form('marta@clinica-sur.co'));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_PAGOS.contactoEnviado);
    const [sales] = await outbox(t.url, t.config.salesEmail);
    expect(sales?.text).toContain('marta@clinica-sur.co');
    const acks = await outbox(t.url, 'marta@clinica-sur.co');
    expect(acks).toHaveLength(1);
    expect(acks[0]!.subject).toBe(MSG_CONTACTO.acuseAsunto);
    expect(acks[0]!.text).toContain('te escribirá a este correo en un día hábil');
    expect(acks[0]!.text).not.toContain('spam.example');
    expect(acks[0]!.text).not.toContain('Clínica Sur');
  });

  it('an invalid form mails no one; one address gets at most 3 requests a day (then 429 in Spanish)', async () => {
    const email = 'lote@clinica-sur.co';
    const bad = await client(t.url).post('/api/payment/business-contact', { ...form(email), mensaje: ' ' });
    expect(bad.status).toBe(400);
    expect(await outbox(t.url, email)).toHaveLength(0);
    for (let i = 0; i < 3; i++) expect((await client(t.url).post('/api/payment/business-contact', form(email))).status).toBe(200);
    const fourth = await client(t.url).post('/api/payment/business-contact', form(email.toUpperCase()));
    expect(fourth.status).toBe(429);
    expect(fourth.body.message).toMatch(/[áéíóúñ]|intenta/i);
    expect(await outbox(t.url, email)).toHaveLength(3);
  });
});
