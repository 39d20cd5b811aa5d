import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VERSION_PRIVACIDAD, VERSION_TERMINOS } from '@radica/contracts/legal';
import { client, codeFromOutbox, operatorHeaders, outbox, registerAndLogin, startTestApp, TERCERO, testBillingData, type TTestApp } from '../../../test/helpers.ts';
import { aceptacionesLegales } from '../../db/schema-legal.ts';

/**
 * Registering and buying record which version of the terms and the privacy policy was accepted and
 * when; the version is the server's constant, whatever the client sends.
 */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const rowsOf = (email: string) =>
  t.app.deps.db.select().from(aceptacionesLegales).where(eq(aceptacionesLegales.email, email)).orderBy(aceptacionesLegales.id);
const sim = (path: string) => `${t.url}/_sim/wompi/v1${path}`;
/** The sale reference of a create-sale answer (seed 002 §7 paymentResult.reference). */
const referenceOf = (body: unknown) => (body as { paymentResult: { reference: string } }).paymentResult.reference;
const FORGED = { versionTerminos: '0.1-forjada', versionPrivacidad: '0.1-forjada', aceptadoEn: '2001-01-01T00:00:00Z', origen: 'otra' };

async function saleBody(email: string) {
  const keys = t.app.deps.payments.keys;
  const merchant = (await (await fetch(sim(`/merchants/${keys.publicKey}`))).json()) as {
    data: { presigned_acceptance: { acceptance_token: string }; presigned_personal_data_auth: { acceptance_token: string } };
  };
  const token = (await (
    await fetch(sim('/tokens/cards'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${keys.publicKey}` },
      body: JSON.stringify({ number: '4242424242424242', cvc: '123', exp_month: '12', exp_year: '30', card_holder: 'Ana Gómez Pérez' }),
    })
  ).json()) as { data: { id: string } };
  return {
    productoTitulo: 'Profesional',
    billingData: testBillingData(email),
    paymentMethod: { type: 'CARD', cardData: { token: token.data.id, installments: 1 } },
    acceptanceToken: merchant.data.presigned_acceptance.acceptance_token,
    acceptPersonalAuth: merchant.data.presigned_personal_data_auth.acceptance_token,
  };
}

describe('legal acceptances', () => {
  it('registration stores the versions in force with the user, its company and the time; forged versions in the body are ignored', async () => {
    const email = 'legal.registro@ips.co';
    const c = client(t.url);
    await c.post('/api/Email/send-verification-code', { email, userName: 'legal', companyName: 'Prueba' });
    const code = await codeFromOutbox(c, email);
    const verified = await c.post('/api/Email/verify-code', { email, code });
    const before = Date.now();
    const reg = await c.post('/api/Auth/registration', {
      terceroData: { ...TERCERO('900100200'), ...FORGED },
      credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: verified.body.data.verificationToken, ...FORGED },
      ...FORGED,
      aceptacionLegal: FORGED,
    });
    expect(reg.status).toBe(200);
    const rows = await rowsOf(email);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({
      userId: reg.body.data.userId,
      origen: 'registro',
      versionTerminos: VERSION_TERMINOS,
      versionPrivacidad: VERSION_PRIVACIDAD,
      ventaReferencia: null,
    });
    expect(row!.tenantId).toBeGreaterThan(0);
    expect(row!.aceptadoEn.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.aceptadoEn.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("an invitee's account records its own acceptance when the invitation is accepted; forged versions are ignored", async () => {
    const { c } = await registerAndLogin(t.url, 'legal.admin@ips.co', '900100203', 'Clave-Segura-2026', []);
    const grant = await client(t.url).post('/api/admin/grant', { email: 'legal.admin@ips.co', modulos: ['ministerio'], plan: 'business' }, operatorHeaders(t.url));
    expect(grant.status).toBe(200);
    const email = 'legal.invitada@ips.co';
    expect((await c.post('/api/usuarios/invitaciones', { email, rol: 'facturador' })).status).toBe(200);
    const [mail] = await outbox(t.url, email);
    const token = /invitacion\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeTruthy();
    const ok = await client(t.url).post('/api/usuarios/invitaciones/aceptar', { token, nombre: 'Inés', password: 'Clave-Segura-2026', ...FORGED });
    expect(ok.status).toBe(200);
    const [row] = await rowsOf(email);
    expect(row).toMatchObject({ userId: ok.body.data.user.id, origen: 'registro', versionTerminos: VERSION_TERMINOS, versionPrivacidad: VERSION_PRIVACIDAD });
  });

  it('a refused registration (e-mail taken) records nothing more', async () => {
    const email = 'legal.repetido@ips.co';
    await registerAndLogin(t.url, email, '900100201', 'Clave-Segura-2026', []);
    const c = client(t.url);
    const again = await c.post('/api/Auth/registration', {
      terceroData: TERCERO('900100201'),
      credentialData: { credentialType: 'manual', email, password: 'Clave-Segura-2026', verificationToken: 'forjado' },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(await rowsOf(email)).toHaveLength(1);
  });

  it('a guest purchase and a signed-in purchase store the versions in force with the sale reference; forged versions are ignored', async () => {
    const guest = 'legal.invitado@ips.co';
    const g = await client(t.url).post('/api/payment/create-sale', { ...(await saleBody(guest)), ...FORGED });
    expect(g.status).toBe(200);
    const [guestRow] = await rowsOf(guest);
    expect(guestRow).toMatchObject({
      tenantId: null,
      userId: null,
      origen: 'compra',
      versionTerminos: VERSION_TERMINOS,
      versionPrivacidad: VERSION_PRIVACIDAD,
      ventaReferencia: referenceOf(g.body),
    });

    const email = 'legal.comprador@ips.co';
    const { c, registration } = await registerAndLogin(t.url, email, '900100202', 'Clave-Segura-2026', []);
    const s = await c.post('/api/payment/create-sale', { ...(await saleBody(email)), ...FORGED });
    expect(s.status).toBe(200);
    const rows = await rowsOf(email);
    expect(rows.map((r) => r.origen)).toEqual(['registro', 'compra']);
    expect(rows[1]).toMatchObject({
      userId: registration.userId,
      versionTerminos: VERSION_TERMINOS,
      versionPrivacidad: VERSION_PRIVACIDAD,
      ventaReferencia: referenceOf(s.body),
    });
    expect(rows[1]!.tenantId).toBe(rows[0]!.tenantId);
  });

  it('a purchase refused before it exists (tampered total) records no acceptance', async () => {
    const email = 'legal.rechazado@ips.co';
    const res = await client(t.url).post('/api/payment/create-sale', { ...(await saleBody(email)), expectedTotal: 1 });
    expect(res.status).toBe(409);
    expect(await rowsOf(email)).toHaveLength(0);
  });
});
