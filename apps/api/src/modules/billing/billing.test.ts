import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { eventChecksum } from '@radica/contracts/wompi-signatures';
import type { TWompiTransaction } from '@radica/contracts/wompi';
import { client, outbox, registerAndLogin, startTestApp, testBillingData, waitFor, type TTestApp } from '../../../test/helpers.ts';
import { liberarCuponesRetenidos, saveCoupon, VENTA_PENDIENTE_VENCE_S } from './coupons.ts';

const PROMO = 'LANZAMIENTO-2026';
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp({ promoCouponCode: PROMO });
});
afterAll(async () => t?.close());

const sim = (path: string) => `${t.url}/_sim/wompi/v1${path}`;
const keys = () => t.app.deps.payments.keys;

/** The two acceptance tokens the buyer ticks (GET /merchants/{public_key}, from the browser in the product). */
async function acceptance() {
  const res = await fetch(sim(`/merchants/${keys().publicKey}`));
  expect(res.status).toBe(200);
  const { data } = (await res.json()) as { data: { presigned_acceptance: { acceptance_token: string }; presigned_personal_data_auth: { acceptance_token: string } } };
  return { acceptanceToken: data.presigned_acceptance.acceptance_token, acceptPersonalAuth: data.presigned_personal_data_auth.acceptance_token };
}

/** A card token, as the browser gets it from the gateway (the card never reaches our API). */
async function cardToken(number: string) {
  const res = await fetch(sim('/tokens/cards'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys().publicKey}` },
    body: JSON.stringify({ number, cvc: '123', exp_month: '12', exp_year: '30', card_holder: 'Ana Gómez Pérez' }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

const billing = testBillingData;

async function saleBody(email: string, method: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return { productoTitulo: 'Profesional', billingData: billing(email), paymentMethod: method, ...(await acceptance()), ...extra };
}

const cardMethod = async (number = '4242424242424242') => ({ type: 'CARD', cardData: { token: await cardToken(number), installments: 1 } });

/** Poll the sale until it leaves PENDING (the status call asks the gateway too). */
async function finalSale(reference: string) {
  return waitFor(`sale ${reference} final`, async () => {
    const res = await client(t.url).get(`/api/payment/sales/${encodeURIComponent(reference)}`);
    expect(res.status).toBe(200);
    return res.body.data.status !== 'PENDING' ? res.body.data : null;
  }, 15_000);
}

async function gatewayTransaction(id: string): Promise<TWompiTransaction> {
  return ((await (await fetch(sim(`/transactions/${id}`))).json()) as { data: TWompiTransaction }).data;
}

/** A gateway event signed with the events secret (what the gateway POSTs to our webhook). */
function signedEvent(tx: Partial<TWompiTransaction> & { id: string; reference: string; status: string; amount_in_cents: number }, timestamp = Math.floor(Date.now() / 1000)) {
  const event = {
    event: 'transaction.updated',
    data: {
      transaction: {
        created_at: new Date().toISOString(),
        currency: 'COP',
        payment_method_type: 'PSE',
        payment_method: { type: 'PSE' },
        ...tx,
      },
    },
    environment: 'test',
    signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'], checksum: '' },
    timestamp,
  };
  event.signature.checksum = eventChecksum(event, keys().eventsSecret).toUpperCase();
  return event;
}

const countRows = async (query: ReturnType<typeof sql>) => Number(((await t.app.deps.dbRows<{ n: string | number }>(query))[0]?.n) ?? 0);

describe('GET /api/payment/config and POST /api/payment/validate-coupon', () => {
  it('tells the browser the gateway to call and the plan price, never a secret', async () => {
    const res = await client(t.url).get('/api/payment/config');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      baseUrl: '/_sim/wompi/v1',
      publicKey: keys().publicKey,
      environment: 'simulator',
      plan: { id: 'profesional', name: 'Profesional', yearlyPrice: 400000 },
    });
    const text = JSON.stringify(res.body);
    for (const secret of [keys().privateKey, keys().eventsSecret, keys().integritySecret, PROMO]) expect(text).not.toContain(secret);
  });

  it('quotes the launch coupon at 1 500 COP in any case, and refuses unknown, expired and exhausted codes with the seed text', async () => {
    const c = client(t.url);
    const ok = await c.post('/api/payment/validate-coupon', { couponCode: ` ${PROMO.toLowerCase()} `, productoTitulo: 'Profesional' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ couponCode: PROMO, originalPrice: 400000, discountAmount: 398500, finalPrice: 1500 });
    await saveCoupon(t.app.deps, { code: 'VENCIDO', kind: 'DISCOUNT', value: 100000, validUntil: new Date(Date.now() - 1000) });
    await saveCoupon(t.app.deps, { code: 'AGOTADO', kind: 'DISCOUNT', value: 100000, maxUses: 0 });
    for (const code of ['NO-EXISTE', 'VENCIDO', 'AGOTADO', "' OR 1=1 --"]) {
      const res = await c.post('/api/payment/validate-coupon', { couponCode: code, productoTitulo: 'Profesional' });
      expect(res.status, code).toBe(400);
      expect(res.body).toMatchObject({ code: 'COUPON_INVALID', message: MSG_PAGOS.cuponInvalido });
    }
    const business = await c.post('/api/payment/validate-coupon', { couponCode: PROMO, productoTitulo: 'Business' });
    expect(business.status).toBe(400);
    expect(business.body.code).toBe('PLAN_NOT_SOLD');
    expect((await c.post('/api/payment/validate-coupon', { couponCode: 'x'.repeat(500), productoTitulo: 'Profesional' })).status).toBe(400);
  });
});

describe('POST /api/payment/create-sale: the server decides the money', () => {
  it('a guest pays 400 000 COP by card 4242, the sale is approved, mailed, and the account registered with that e-mail gets ministerio for 12 months', async () => {
    const email = 'invitada@example.co';
    const res = await client(t.url).post('/api/payment/create-sale', await saleBody(email, await cardMethod(), { expectedTotal: 400000 }));
    expect(res.status).toBe(200);
    const body = res.body as unknown as { paymentResult: { reference: string; transactionId: string; redirectUrl: string | null }; saleData: { total: number; numeroVenta: string } };
    expect(body.paymentResult.redirectUrl).toBeNull();
    expect(body.saleData.total).toBe(400000);
    expect((await gatewayTransaction(body.paymentResult.transactionId)).amount_in_cents).toBe(40_000_000);
    const sale = await finalSale(body.paymentResult.reference);
    expect(sale).toMatchObject({ status: 'APPROVED', plan: 'Profesional', total: 400000, periodo: 'Anual', modulos: ['ministerio'], numeroVenta: body.saleData.numeroVenta });
    const mails = await waitFor('confirmation mail', async () => (await outbox(t.url, email)).find((m) => m.subject.includes(body.saleData.numeroVenta)));
    expect(mails.text).toContain('400.000');
    // The e-mail names both numbers the success page shows, labelled alike.
    expect(mails.text).toContain(`${MSG_PAGOS.etiquetaNumeroVenta}: ${body.saleData.numeroVenta}`);
    expect(mails.text).toContain(`${MSG_PAGOS.etiquetaNumeroTransaccion}: ${body.paymentResult.reference}`);
    // Pays first, registers after (seed 002 §2): the plan is there at the first login, with no operator.
    const { c } = await registerAndLogin(t.url, email, '901019681', undefined, []);
    const products = await c.get('/api/Auth/productos-comprados');
    expect(products.body.data.ministerio).toBe(true);
    const detail = products.body.data.productosDetalle[0];
    expect(detail).toMatchObject({ estado: 'APROBADO', montoPagado: 400000, numeroVenta: body.saleData.numeroVenta, activo: true, metodoPago: 'CARD' });
    const months = (new Date(detail.vigenteHasta).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.8);
    expect(months).toBeLessThan(12.2);
    expect((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).status).toBe(200);
  });

  it('answers 403 on ministry calls before the sale and 200 after a signed-in purchase; an expired purchase stops granting', async () => {
    const { c } = await registerAndLogin(t.url, 'compradora@example.co', '901019681', undefined, []);
    expect((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).status).toBe(403);
    const res = await c.post('/api/payment/create-sale', await saleBody('facturacion@otra.co', await cardMethod(), { expectedTotal: 400000 }));
    expect(res.status).toBe(200);
    const reference = (res.body as unknown as { paymentResult: { reference: string } }).paymentResult.reference;
    expect((await finalSale(reference)).status).toBe('APPROVED');
    // The buyer's tenant gets it, whatever billing e-mail was used.
    expect((await c.get('/api/Auth/productos-comprados')).body.data.ministerio).toBe(true);
    await t.app.deps.dbRows(sql`update purchases set vigente_hasta = now() - interval '1 day' where numero_venta = (select numero_venta from sales where reference = ${reference})`);
    const after = await c.get('/api/Auth/productos-comprados');
    expect(after.body.data.ministerio).toBe(false);
    expect(after.body.data.productosDetalle[0].activo).toBe(false);
    expect((await c.post('/api/FevRips/search', { pageIndex: 1, pageSize: 15 })).status).toBe(403);
  });

  it('refuses a tampered amount (409, nothing kept), a made-up coupon, and ignores a client-chosen reference', async () => {
    const c = client(t.url);
    const salesBefore = await countRows(sql`select count(*) as n from sales`);
    const cheap = await c.post('/api/payment/create-sale', await saleBody('tramposo@example.co', await cardMethod(), { expectedTotal: 1000 }));
    expect(cheap.status).toBe(409);
    expect(cheap.body).toMatchObject({ code: 'PRICE_CHANGED', message: MSG_PAGOS.precioCambio });
    const fakeDiscount = await c.post(
      '/api/payment/create-sale',
      await saleBody('tramposo@example.co', await cardMethod(), { discountInfo: { couponCode: PROMO, discountAmount: 399999, originalPrice: 400000, finalPrice: 1 } }),
    );
    expect(fakeDiscount.status).toBe(409);
    const fakeCoupon = await c.post(
      '/api/payment/create-sale',
      await saleBody('tramposo@example.co', await cardMethod(), { discountInfo: { couponCode: 'GRATIS', discountAmount: 400000, originalPrice: 400000, finalPrice: 0 } }),
    );
    expect(fakeCoupon.status).toBe(400);
    expect(fakeCoupon.body.code).toBe('COUPON_INVALID');
    expect(await countRows(sql`select count(*) as n from sales`)).toBe(salesBefore);
    // No total at all: the plan's price is charged; a reference in the body is not ours to choose.
    const existing = (await t.app.deps.dbRows<{ reference: string }>(sql`select reference from sales limit 1`))[0]!.reference;
    const plain = await c.post('/api/payment/create-sale', { ...(await saleBody('directo@example.co', await cardMethod())), reference: existing, amount: 1 });
    expect(plain.status).toBe(200);
    const pr = (plain.body as unknown as { paymentResult: { reference: string; transactionId: string } }).paymentResult;
    expect(pr.reference).not.toBe(existing);
    expect((await gatewayTransaction(pr.transactionId)).amount_in_cents).toBe(40_000_000);
    await expect(t.app.deps.dbRows(sql`insert into sales (reference, numero_venta, email, plan_id, plan_name, original_price, total, amount_in_cents, payment_method_type, billing_data) values (${existing}, 'V-X', 'x@x.co', 'profesional', 'Profesional', 1, 1, 100, 'CARD', '{}')`)).rejects.toThrow();
  });

  it('charges 1 500 COP with the launch coupon; a coupon with one use left serves one of two concurrent sales; a declined card gives the use back', async () => {
    await saveCoupon(t.app.deps, { code: 'UNO-SOLO', kind: 'FINAL_PRICE', value: 1500, maxUses: 1 });
    const discount = { couponCode: 'uno-solo', discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const bodies = await Promise.all([1, 2].map(async (i) => saleBody(`cupon${i}@example.co`, await cardMethod('4111111111111111'), { discountInfo: discount, expectedTotal: 1500 })));
    const [a, b] = await Promise.all(bodies.map((body) => client(t.url).post('/api/payment/create-sale', body)));
    expect([a!.status, b!.status].sort()).toEqual([200, 400]);
    const winner = (a!.status === 200 ? a! : b!).body as unknown as { paymentResult: { reference: string; transactionId: string }; saleData: { total: number } };
    expect(winner.saleData.total).toBe(1500);
    expect((await gatewayTransaction(winner.paymentResult.transactionId)).amount_in_cents).toBe(150_000);
    const declined = await finalSale(winner.paymentResult.reference);
    expect(declined.status).toBe('DECLINED');
    expect(declined.modulos).toEqual([]);
    // The declined sale returned its use: the coupon quotes again.
    expect((await client(t.url).post('/api/payment/validate-coupon', { couponCode: 'UNO-SOLO', productoTitulo: 'Profesional' })).status).toBe(200);
  });
});

describe('POST /api/payment/create-sale: the launch coupon per company, and the body checked', () => {
  it('serves the launch coupon once per company: the same tenant, another account of its NIT and the guest e-mail of its user are refused in Spanish; another company is not', async () => {
    const promo = { couponCode: PROMO.toLowerCase(), discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const quote = (c: ReturnType<typeof client>) => c.post('/api/payment/validate-coupon', { couponCode: PROMO, productoTitulo: 'Profesional' });
    const { c } = await registerAndLogin(t.url, 'cupon-empresa@example.co', '900000011', undefined, []);
    expect((await quote(c)).status).toBe(200);
    const first = await c.post('/api/payment/create-sale', await saleBody('pagos@empresa.co', await cardMethod(), { discountInfo: promo, expectedTotal: 1500 }));
    expect(first.status).toBe(200);
    expect((await finalSale((first.body as unknown as { paymentResult: { reference: string } }).paymentResult.reference)).status).toBe('APPROVED');

    const usesBefore = await countRows(sql`select uses as n from coupons where code = ${PROMO}`);
    const again = await quote(c);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'COUPON_ALREADY_USED', message: MSG_PAGOS.cuponYaUsado });
    const sale = await c.post('/api/payment/create-sale', await saleBody('otro-correo@empresa.co', await cardMethod(), { discountInfo: promo, expectedTotal: 1500 }));
    expect(sale.status).toBe(409);
    expect(sale.body).toMatchObject({ code: 'COUPON_ALREADY_USED', message: MSG_PAGOS.cuponYaUsado });
    // The same company registered again (same NIT), and a guest paying with the e-mail of the company's user.
    const twin = await registerAndLogin(t.url, 'cupon-gemela@example.co', '900000011', undefined, []);
    expect((await quote(twin.c)).status).toBe(409);
    const guest = await client(t.url).post('/api/payment/create-sale', await saleBody('cupon-empresa@example.co', await cardMethod(), { discountInfo: promo, expectedTotal: 1500 }));
    expect(guest.status).toBe(409);
    expect(await countRows(sql`select uses as n from coupons where code = ${PROMO}`)).toBe(usesBefore);
    // Another company, and a guest quoting (no company known yet), still get the price.
    const other = await registerAndLogin(t.url, 'cupon-otra@example.co', '900000012', undefined, []);
    expect((await quote(other.c)).status).toBe(200);
    expect((await quote(client(t.url))).status).toBe(200);
    // The company buys again at the full price: the coupon is what is refused, not the purchase.
    expect((await c.post('/api/payment/create-sale', await saleBody('pagos@empresa.co', await cardMethod(), { expectedTotal: 400000 }))).status).toBe(200);
  });

  it('two concurrent sales of one company with the coupon: one is kept, the other answers 409 and takes no use; a declined payment frees the company\'s turn', async () => {
    const promo = { couponCode: PROMO, discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const { c } = await registerAndLogin(t.url, 'cupon-carrera@example.co', '900000013', undefined, []);
    const usesBefore = await countRows(sql`select uses as n from coupons where code = ${PROMO}`);
    const bodies = await Promise.all([1, 2, 3].map(async () => saleBody('cupon-carrera@example.co', await cardMethod('4111111111111111'), { discountInfo: promo, expectedTotal: 1500 })));
    const answers = await Promise.all(bodies.map((body) => c.post('/api/payment/create-sale', body)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.body.message).toBe(MSG_PAGOS.cuponYaUsado);
    expect(await countRows(sql`select uses as n from coupons where code = ${PROMO}`)).toBe(usesBefore + 1);
    const winner = answers.find((a) => a.status === 200)!.body as unknown as { paymentResult: { reference: string } };
    expect((await finalSale(winner.paymentResult.reference)).status).toBe('DECLINED');
    expect(await countRows(sql`select uses as n from coupons where code = ${PROMO}`)).toBe(usesBefore);
    expect((await c.post('/api/payment/validate-coupon', { couponCode: PROMO, productoTitulo: 'Profesional' })).status).toBe(200);
    // Two guests racing with one e-mail (no account): the same rule.
    const guestBodies = await Promise.all([1, 2].map(async () => saleBody('invitado-carrera@example.co', await cardMethod(), { discountInfo: promo, expectedTotal: 1500 })));
    const guests = await Promise.all(guestBodies.map((body) => client(t.url).post('/api/payment/create-sale', body)));
    expect(guests.map((g) => g.status).sort()).toEqual([200, 409]);
  });

  it('validates the body with the seed messages, refuses a forged session, and answers 502 in Spanish when the gateway is down', async () => {
    const c = client(t.url);
    const bad = await c.post('/api/payment/create-sale', await saleBody('x@example.co', { type: 'NEQUI', nequiData: { phoneNumber: '123' } }));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(MSG_PAGOS.telefonoNequiInvalido);
    const noCity = await c.post('/api/payment/create-sale', { ...(await saleBody('x@example.co', await cardMethod())), billingData: { ...billing('x@example.co'), codCiudad: '' } });
    expect(noCity.status).toBe(400);
    expect(noCity.body.message).toContain(MSG_PAGOS.ubicacionRequerida);
    expect((await c.post('/api/payment/create-sale', 'no es json', { 'content-type': 'application/json' })).status).toBe(400);
    const forged = await c.post('/api/payment/create-sale', await saleBody('x@example.co', await cardMethod()), { authorization: 'Bearer forjado', 'x-validator': 'demo' });
    expect(forged.status).toBe(401);
    const business = await c.post('/api/payment/create-sale', { ...(await saleBody('x@example.co', await cardMethod())), productoTitulo: 'Business' });
    expect(business.body.code).toBe('PLAN_NOT_SOLD');
    // Oversized and malformed input answer 4xx in Spanish; the process goes on.
    const huge = await c.post('/api/payment/create-sale', { ...(await saleBody('x@example.co', await cardMethod())), relleno: 'x'.repeat(2_000_000) });
    expect(huge.status).toBe(413);
    for (const ref of ['corta', 'x'.repeat(200), "RAD-' OR 1=1 --"]) {
      const res = await c.get(`/api/payment/sales/${encodeURIComponent(ref)}`);
      expect(res.status, ref).toBeGreaterThanOrEqual(400);
      expect(res.status, ref).toBeLessThan(500);
      expect(res.body.success).toBe(false);
    }
    expect((await c.get('/ping')).status).toBe(200);
    await fetch(`${t.url}/_sim/wompi/_control/fail-next`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ mode: '503' }) });
    const down = await c.post('/api/payment/create-sale', await saleBody('caida@example.co', await cardMethod()));
    expect(down.status).toBe(502);
    expect(down.body).toMatchObject({ code: 'GATEWAY_UNAVAILABLE', message: MSG_PAGOS.pasarelaNoDisponible });
  });
});

describe('Nequi and PSE', () => {
  it('approves Nequi 3991111111 and declines 3992222222', async () => {
    for (const [phone, status] of [['3991111111', 'APPROVED'], ['3992222222', 'DECLINED']] as const) {
      const res = await client(t.url).post('/api/payment/create-sale', await saleBody(`nequi${status}@example.co`, { type: 'NEQUI', nequiData: { phoneNumber: phone } }));
      expect(res.status).toBe(200);
      expect((await finalSale((res.body as unknown as { paymentResult: { reference: string } }).paymentResult.reference)).status).toBe(status);
    }
  });

  it('sends a PSE buyer to the bank page (redirectUrl) and approves after the bank, back on /billing/success?reference=…', async () => {
    const res = await client(t.url).post(
      '/api/payment/create-sale',
      await saleBody('pse@example.co', { type: 'PSE', pseData: { userType: '0', documentType: 'CC', documentNumber: '1020304050', institution: '1' } }),
    );
    expect(res.status).toBe(200);
    const pr = (res.body as unknown as { paymentResult: { reference: string; redirectUrl: string } }).paymentResult;
    expect(pr.redirectUrl).toMatch(/\/_sim\/wompi\/checkout\//);
    const page = await fetch(new URL(pr.redirectUrl, t.url));
    expect(page.status).toBe(200);
    const done = await fetch(new URL(pr.redirectUrl, t.url), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=APPROVED' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain(`/billing/success?reference=${encodeURIComponent(pr.reference)}`);
    expect((await finalSale(pr.reference)).status).toBe('APPROVED');
  });
});

/** A PSE sale left pending (the buyer has not gone to the bank), with its gateway transaction. */
async function pendingSale(email: string) {
  const res = await client(t.url).post(
    '/api/payment/create-sale',
    await saleBody(email, { type: 'PSE', pseData: { userType: '0', documentType: 'CC', documentNumber: '1020304050', institution: '1' } }),
  );
  const pr = (res.body as unknown as { paymentResult: { reference: string; transactionId: string } }).paymentResult;
  return { reference: pr.reference, tx: await gatewayTransaction(pr.transactionId) };
}
const post = (body: unknown) => client(t.url).post('/api/payment/webhook', body);
const saleStatus = async (reference: string) => (await t.app.deps.dbRows<{ status: string }>(sql`select status from sales where reference = ${reference}`))[0]!.status;

describe('POST /api/payment/webhook: coupon uses held by abandoned sales', () => {
  it('an abandoned PSE sale holding a coupon\'s last use gives it back once it expires; paid later, it still grants and takes the use again', async () => {
    await saveCoupon(t.app.deps, { code: 'PSE-UNO', kind: 'FINAL_PRICE', value: 1500, maxUses: 1 });
    const discount = { couponCode: 'PSE-UNO', discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const pse = { type: 'PSE', pseData: { userType: '0', documentType: 'CC', documentNumber: '1020304050', institution: '1' } };
    const res = await client(t.url).post('/api/payment/create-sale', await saleBody('pse-cupon@example.co', pse, { discountInfo: discount, expectedTotal: 1500 }));
    expect(res.status).toBe(200);
    const pr = (res.body as unknown as { paymentResult: { reference: string; redirectUrl: string } }).paymentResult;
    const quote = () => client(t.url).post('/api/payment/validate-coupon', { couponCode: 'PSE-UNO', productoTitulo: 'Profesional' });
    const uses = () => countRows(sql`select uses as n from coupons where code = 'PSE-UNO'`);
    expect((await quote()).status).toBe(400); // held by the pending sale
    // The hold goes by and the buyer never reaches the bank.
    await t.app.deps.dbRows(sql`update sales set created_at = now() - make_interval(secs => ${VENTA_PENDIENTE_VENCE_S + 60}) where reference = ${pr.reference}`);
    expect((await quote()).status).toBe(200);
    expect(await uses()).toBe(0);
    const voided = (await client(t.url).get(`/api/payment/sales/${encodeURIComponent(pr.reference)}`)).body.data;
    expect(voided).toMatchObject({ status: 'VOIDED', statusMessage: MSG_PAGOS.pagoVencido, redirectUrl: null, modulos: [] });

    // The buyer pays at the bank after all: the money taken grants the plan, and the coupon use is taken again.
    const paid = await fetch(new URL(pr.redirectUrl, t.url), { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'outcome=APPROVED' });
    expect(paid.status).toBe(303);
    await waitFor('approved after expiry', async () => (await saleStatus(pr.reference)) === 'APPROVED', 15_000);
    expect(await uses()).toBe(1);
  });

  it('three abandoned Bancolombia transfers hold a 3-use coupon only until they expire (30 min): the sweep gives the uses back with nobody asking, and of five buyers at once exactly three get them', async () => {
    expect(VENTA_PENDIENTE_VENCE_S).toBe(1800);
    await saveCoupon(t.app.deps, { code: 'TRES-USOS', kind: 'FINAL_PRICE', value: 1500, maxUses: 3 });
    const discount = { couponCode: 'TRES-USOS', discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const buy = async (email: string) =>
      client(t.url).post('/api/payment/create-sale', await saleBody(email, { type: 'BANCOLOMBIA_TRANSFER' }, { discountInfo: discount, expectedTotal: 1500 }));
    const uses = () => countRows(sql`select uses as n from coupons where code = 'TRES-USOS'`);
    const abandoned = [];
    for (const i of [1, 2, 3]) {
      const res = await buy(`bancolombia-${i}@example.co`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      abandoned.push((res.body as unknown as { paymentResult: { reference: string } }).paymentResult.reference);
    }
    // The fourth buyer, while the three are pending: no use left.
    const fourth = await buy('bancolombia-4@example.co');
    expect(fourth.status).toBe(400);
    expect(fourth.body.message).toBe(MSG_PAGOS.cuponInvalido);
    expect(await uses()).toBe(3);
    // Half an hour goes by; nobody quotes the coupon: the minute's sweep voids the three and gives their uses back.
    for (const reference of abandoned)
      await t.app.deps.dbRows(sql`update sales set created_at = now() - make_interval(secs => ${VENTA_PENDIENTE_VENCE_S + 1}) where reference = ${reference}`);
    expect(await liberarCuponesRetenidos(t.app.deps)).toEqual({ vencidas: 3, huerfanas: 0 });
    expect(await uses()).toBe(0);
    expect(await countRows(sql`select count(*) as n from sales where reference in (${sql.join(abandoned.map((r) => sql`${r}`), sql`, `)}) and status = 'VOIDED' and coupon_released`)).toBe(3);
    // A second sweep finds nothing (each sale gave its use back once).
    expect(await liberarCuponesRetenidos(t.app.deps)).toEqual({ vencidas: 0, huerfanas: 0 });
    // Five buyers at once: exactly the three uses are taken.
    const all = await Promise.all([4, 5, 6, 7, 8].map((i) => buy(`bancolombia-${i}@example.co`)));
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 200, 400, 400]);
    expect(await uses()).toBe(3);
    expect(await countRows(sql`select count(*) as n from sales s join coupons c on c.id = s.coupon_id where c.code = 'TRES-USOS' and not s.coupon_released`)).toBe(3);
  });

  it('a use left held by a sale that ended otherwise (a process died between the two steps) is given back by the sweep', async () => {
    await saveCoupon(t.app.deps, { code: 'HUERFANO', kind: 'FINAL_PRICE', value: 1500, maxUses: 1 });
    const discount = { couponCode: 'HUERFANO', discountAmount: 398500, originalPrice: 400000, finalPrice: 1500 };
    const res = await client(t.url).post('/api/payment/create-sale', await saleBody('huerfano@example.co', { type: 'BANCOLOMBIA_TRANSFER' }, { discountInfo: discount, expectedTotal: 1500 }));
    expect(res.status).toBe(200);
    const { reference } = (res.body as unknown as { paymentResult: { reference: string } }).paymentResult;
    // Declined, but the process stopped before it gave the use back.
    await t.app.deps.dbRows(sql`update sales set status = 'DECLINED', finalized_at = now() where reference = ${reference}`);
    const quote = () => client(t.url).post('/api/payment/validate-coupon', { couponCode: 'HUERFANO', productoTitulo: 'Profesional' });
    expect((await quote()).status).toBe(400);
    expect((await liberarCuponesRetenidos(t.app.deps)).huerfanas).toBe(1);
    expect((await quote()).status).toBe(200);
  });
});

describe('POST /api/payment/webhook: signed events', () => {
  it('answers 401 to a bad or missing checksum and 400 to a malformed event; nothing changes', async () => {
    const { reference, tx } = await pendingSale('firma@example.co');
    const event = signedEvent({ ...tx, status: 'APPROVED' });
    const forged = { ...event, signature: { ...event.signature, checksum: 'A'.repeat(64) } };
    const res = await post(forged);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MSG_PAGOS.eventoFirmaInvalida);
    // Signed with the right properties but another secret.
    const other = { ...event, signature: { ...event.signature, checksum: eventChecksum(event, 'test_events_otro') } };
    expect((await post(other)).status).toBe(401);
    // Even with the right secret, a checksum that does not cover the status and the amount is not accepted.
    const narrow = { ...event, signature: { properties: ['transaction.id'], checksum: '' } };
    narrow.signature.checksum = eventChecksum(narrow, keys().eventsSecret);
    expect((await post(narrow)).status).toBe(401);
    expect((await post({ event: 'transaction.updated' })).status).toBe(400);
    expect(await saleStatus(reference)).toBe('PENDING');
  });

  it('applies a signed APPROVED event once: a replay changes nothing more, a later DECLINED never moves it back', async () => {
    const { reference, tx } = await pendingSale('replay@example.co');
    const approved = signedEvent({ ...tx, status: 'APPROVED' });
    const first = await post(approved);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('applied');
    const replays = await Promise.all([post(approved), post(approved), post(approved)]);
    for (const r of replays) expect(r.status).toBe(200);
    expect(await saleStatus(reference)).toBe('APPROVED');
    expect(await countRows(sql`select count(*) as n from payment_events where reference = ${reference}`)).toBe(1);
    const late = await post(signedEvent({ ...tx, status: 'DECLINED' }, approved.timestamp + 5));
    expect(late.status).toBe(200);
    expect(late.body.message).toBe('ignored');
    expect(await saleStatus(reference)).toBe('APPROVED');
    // One confirmation mail, whatever the number of events.
    const mails = (await outbox(t.url, 'replay@example.co')).filter((m) => m.subject.startsWith('Radica: pago aprobado'));
    expect(mails).toHaveLength(1);
  });

  it('refuses an event whose amount, currency or transaction does not match its sale (422), and an unknown reference (404)', async () => {
    const { reference, tx } = await pendingSale('monto@example.co');
    for (const change of [{ amount_in_cents: 150_000 }, { currency: 'USD' }, { id: 'otra-transaccion' }]) {
      const res = await post(signedEvent({ ...tx, ...change, status: 'APPROVED' }));
      expect(res.status, JSON.stringify(change)).toBe(422);
    }
    expect(await saleStatus(reference)).toBe('PENDING');
    // (Another second: an event with the same signed values and timestamp is the same event, a replay.)
    const unknown = await post(signedEvent({ ...tx, reference: 'RAD-NO-EXISTE-123', status: 'APPROVED' }, Math.floor(Date.now() / 1000) + 60));
    expect(unknown.status).toBe(404);
  });
});

describe('POST /api/payment/business-contact', () => {
  it('delivers the form to the sales mailbox with every value escaped, and validates in Spanish', async () => {
    const c = client(t.url);
    const res = await c.post('/api/payment/business-contact', {
      nombre: 'Luis <script>alert(1)</script>',
      email: 'luis@clinica.co',
      telefono: '3001234567',
      empresa: 'Clínica Norte',
      mensaje: 'Somos 12 sedes y 40 usuarios.',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(MSG_PAGOS.contactoEnviado);
    const [mail] = await outbox(t.url, t.config.salesEmail);
    expect(mail?.text).toContain('Somos 12 sedes');
    expect(mail?.text).toContain('luis@clinica.co');
    const empty = await c.post('/api/payment/business-contact', { nombre: 'Luis', email: 'luis@clinica.co', mensaje: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain(MSG_PAGOS.contactoMensajeRequerido);
  });
});
