import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ZBillingPrefill, ZMiPlan } from '@radica/contracts/payments';
import { client, grantModules, operatorHeaders, registerAndLogin, startTestApp, waitFor, type TTestApp } from '../../../test/helpers.ts';

/** GET /api/payment/mi-plan (Configuración › Mi plan) and GET /api/payment/datos-facturacion, with the attacker's tries. */
let t: TTestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const sim = (path: string) => `${t.url}/_sim/wompi/v1${path}`;
const keys = () => t.app.deps.payments.keys;

async function acceptance() {
  const { data } = (await (await fetch(sim(`/merchants/${keys().publicKey}`))).json()) as {
    data: { presigned_acceptance: { acceptance_token: string }; presigned_personal_data_auth: { acceptance_token: string } };
  };
  return { acceptanceToken: data.presigned_acceptance.acceptance_token, acceptPersonalAuth: data.presigned_personal_data_auth.acceptance_token };
}

async function cardMethod(number: string) {
  const res = await fetch(sim('/tokens/cards'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${keys().publicKey}` },
    body: JSON.stringify({ number, cvc: '123', exp_month: '12', exp_year: '30', card_holder: 'María Fernanda Ríos' }),
  });
  return { type: 'CARD', cardData: { token: ((await res.json()) as { data: { id: string } }).data.id, installments: 1 } };
}

const BILLING = {
  firstName: 'Luisa Fernanda',
  lastName: 'Ríos Vargas',
  email: 'tesoreria@ips-norte.co',
  phone: '+573115550000',
  country: 'Colombia',
  address: 'Calle 45 # 12-30',
  city: 'Medellín',
  region: 'Antioquia',
  codPais: 'CO',
  codDepartamento: '05',
  codCiudad: '05001',
};

/** A card sale by the signed-in `c`; waits for its final status. */
async function buy(c: ReturnType<typeof client>, card: string) {
  const res = await c.post('/api/payment/create-sale', { productoTitulo: 'Profesional', billingData: BILLING, paymentMethod: await cardMethod(card), ...(await acceptance()), expectedTotal: 400000 });
  expect(res.status).toBe(200);
  const { paymentResult, saleData } = res.body as unknown as { paymentResult: { reference: string }; saleData: { numeroVenta: string } };
  const status = await waitFor('final sale', async () => {
    const s = (await client(t.url).get(`/api/payment/sales/${encodeURIComponent(paymentResult.reference)}`)).body.data.status as string;
    return s !== 'PENDING' ? s : null;
  }, 15_000);
  return { reference: paymentResult.reference, numeroVenta: saleData.numeroVenta, status };
}

describe('GET /api/payment/mi-plan', () => {
  it("shows the company's plan, modules, valid-until and payments; declined attempts are not payments", async () => {
    const { c } = await registerAndLogin(t.url, 'miplan-a@example.co', '900000021', undefined, []);
    const empty = await c.get('/api/payment/mi-plan');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ plan: null, planNombre: null, vigenteHasta: null, modulos: [], pagos: [] });

    const declined = await buy(c, '4111111111111111');
    expect(declined.status).toBe('DECLINED');
    const paid = await buy(c, '4242424242424242');
    expect(paid.status).toBe('APPROVED');
    const res = await c.get('/api/payment/mi-plan');
    expect(res.status).toBe(200);
    const data = ZMiPlan.parse(res.body.data);
    expect(data).toMatchObject({ plan: 'profesional', planNombre: 'Profesional' });
    expect(data.modulos).toEqual([{ modulo: 'ministerio', titulo: 'Ministerio de Salud', activo: true, vigenteHasta: data.vigenteHasta }]);
    const months = (new Date(data.vigenteHasta!).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.8);
    expect(months).toBeLessThan(12.2);
    expect(data.pagos).toEqual([
      { numeroVenta: paid.numeroVenta, referencia: paid.reference, fecha: expect.any(String), plan: 'Profesional', metodoPago: 'CARD', monto: 400000, estado: 'APPROVED', vigenteHasta: data.vigenteHasta, numeroFactura: null, tipo: 'pago' },
    ]);

    // The period ends: the plan is gone, the module says until when it ran, the payment stays.
    await t.app.deps.dbRows(sql`update purchases set vigente_hasta = now() - interval '1 day' where numero_venta = ${paid.numeroVenta}`);
    const ended = ZMiPlan.parse((await c.get('/api/payment/mi-plan')).body.data);
    expect(ended.plan).toBeNull();
    expect(ended.modulos[0]).toMatchObject({ modulo: 'ministerio', activo: false });
    expect(new Date(ended.vigenteHasta!).getTime()).toBeLessThan(Date.now());
    expect(ended.pagos).toHaveLength(1);
  });

  it("lists what an operator granted as a grant with its 12-month term, without a transaction number, and never another company's payments", async () => {
    const a = await registerAndLogin(t.url, 'miplan-b@example.co', '900000022', undefined, []);
    const paidA = await buy(a.c, '4242424242424242');
    const b = await registerAndLogin(t.url, 'miplan-c@example.co', '900000023');
    const res = await b.c.get('/api/payment/mi-plan');
    expect(res.status).toBe(200);
    const data = ZMiPlan.parse(res.body.data);
    expect(data).toMatchObject({ plan: 'profesional' });
    const months = (new Date(data.vigenteHasta!).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months).toBeGreaterThan(11.8);
    expect(months).toBeLessThan(12.2);
    expect(data.pagos).toHaveLength(1);
    expect(data.pagos[0]).toMatchObject({ referencia: null, metodoPago: 'TRANSFERENCIA', estado: 'APPROVED', monto: 0, tipo: 'otorgamiento', vigenteHasta: data.vigenteHasta });
    expect(JSON.stringify(data)).not.toContain(paidA.numeroVenta);
    // Another tenant's ids in the query change nothing: the tenant comes from the session.
    const tenantA = a.login.user.tenant;
    const tried = await b.c.get(`/api/payment/mi-plan?tenantId=1&validator=${encodeURIComponent(tenantA.validator)}`);
    expect(tried.status).toBe(200);
    expect(JSON.stringify(tried.body)).not.toContain(paidA.numeroVenta);
  });

  it('a Business grant over a paid Profesional: the plan is Business until the grant ends, the Profesional payment keeps its own term', async () => {
    const { c } = await registerAndLogin(t.url, 'miplan-business@example.co', '900000027', undefined, []);
    const paid = await buy(c, '4242424242424242');
    // A 3-month Business grant beside the paid 12 months: Mi plan says until when Business runs, not the Profesional end.
    const grant = await grantModules(t.url, 'miplan-business@example.co', ['ministerio'], { plan: 'business', meses: 3 });
    expect(grant.vigenteHasta).toEqual(expect.any(String));
    const months = (iso: string | null) => (new Date(iso!).getTime() - Date.now()) / (30.4 * 86_400_000);
    expect(months(grant.vigenteHasta)).toBeGreaterThan(2.8);
    expect(months(grant.vigenteHasta)).toBeLessThan(3.2);
    const data = ZMiPlan.parse((await c.get('/api/payment/mi-plan')).body.data);
    expect(data).toMatchObject({ plan: 'business', planNombre: 'Business', vigenteHasta: grant.vigenteHasta });
    const otorgado = data.pagos.find((p) => p.numeroVenta === grant.numeroVenta);
    expect(otorgado).toMatchObject({ tipo: 'otorgamiento', plan: 'Business', monto: 0, vigenteHasta: grant.vigenteHasta });
    const pagado = data.pagos.find((p) => p.numeroVenta === paid.numeroVenta);
    expect(pagado).toMatchObject({ tipo: 'pago', plan: 'Profesional', monto: 400000 });
    expect(months(pagado!.vigenteHasta)).toBeGreaterThan(11.8);
    // The term must be whole months between 1 and 120.
    for (const meses of [0, 121, 1.5, '12']) {
      const bad = await client(t.url).call('POST', '/api/admin/grant', { email: 'miplan-business@example.co', modulos: ['ministerio'], plan: 'business', meses }, operatorHeaders(t.url));
      expect(bad.status).toBe(400);
    }
  });

  it('refuses callers without a session (401), a forged token (401) and a role other than administrator (403), in Spanish', async () => {
    expect((await client(t.url).get('/api/payment/mi-plan')).status).toBe(401);
    const forged = client(t.url);
    forged.setSession('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.firma-falsa', 'validador');
    const f = await forged.get('/api/payment/mi-plan');
    expect(f.status).toBe(401);
    expect(f.body.message).toMatch(/[áéíóúñ]|sesión|inicia/i);
    const { c } = await registerAndLogin(t.url, 'miplan-facturador@example.co', '900000024', undefined, []);
    await t.app.deps.dbRows(sql`update users set rol = 'facturador' where email = 'miplan-facturador@example.co'`);
    for (const path of ['/api/payment/mi-plan', '/api/payment/datos-facturacion']) {
      const r = await c.get(path);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe('ROL_REQUERIDO');
    }
  });
});

describe('GET /api/payment/datos-facturacion', () => {
  it('starts from the account: given names and surnames as registered, phone, address and city; then from the last purchase', async () => {
    const { c } = await registerAndLogin(t.url, 'prefill@example.co', '900000025', undefined, []);
    await t.app.deps.dbRows(sql`update terceros set primer_nombre = 'María', segundo_nombre = 'Fernanda', primer_apellido = 'Ríos', segundo_apellido = 'Gómez',
      telefono = '(+57) 300 123 4567', direccion = 'Carrera 7 # 12-34', cod_pais = 'CO', cod_departamento = '11', cod_ciudad = '001'
      where id = (select tercero_id from users where email = 'prefill@example.co')`);
    const first = await c.get('/api/payment/datos-facturacion');
    expect(first.status).toBe(200);
    const cuenta = ZBillingPrefill.parse(first.body.data);
    expect(cuenta.origen).toBe('cuenta');
    expect(cuenta.datos).toMatchObject({
      firstName: 'María Fernanda',
      lastName: 'Ríos Gómez',
      email: 'prefill@example.co',
      phone: '+573001234567',
      address: 'Carrera 7 # 12-34',
      country: 'Colombia',
      codPais: 'CO',
      codDepartamento: '11',
      codCiudad: '11001',
    });
    expect(cuenta.datos.city).toMatch(/bogot/i);

    await buy(c, '4111111111111111'); // declined, but the buyer typed these data: remembered all the same
    const second = ZBillingPrefill.parse((await c.get('/api/payment/datos-facturacion')).body.data);
    expect(second).toEqual({ origen: 'ultima-compra', datos: BILLING });

    // Another company never starts from these data.
    const other = await registerAndLogin(t.url, 'prefill-otra@example.co', '900000026', undefined, []);
    const theirs = ZBillingPrefill.parse((await other.c.get('/api/payment/datos-facturacion')).body.data);
    expect(theirs.origen).toBe('cuenta');
    expect(JSON.stringify(theirs)).not.toContain('tesoreria@ips-norte.co');
    expect((await client(t.url).get('/api/payment/datos-facturacion')).status).toBe(401);
  });
});
