import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTransaction, startReceiver, startSim, waitFor, type TSim } from './test-helpers.ts';

const PSE = {
  type: 'PSE',
  user_type: 0,
  user_legal_id_type: 'CC',
  user_legal_id: '1099888777',
  financial_institution_code: '1',
  payment_description: 'Plan Radica mensual',
};
const BANCOLOMBIA = {
  type: 'BANCOLOMBIA_TRANSFER',
  user_type: 'PERSON',
  payment_description: 'Plan Radica mensual',
};
const REDIRECT = 'https://radica.example/pagos/resultado?plan=mensual';

// Every describe of this file runs on the same setup.
let sim: TSim;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  sim = await startSim({ eventsUrl: () => receiver.url });
});
afterAll(async () => {
  await sim.close();
  await receiver.close();
});

/** Polls until the transaction has its async_payment_url (the gateway adds it after creation). */
const checkoutUrl = async (id: string) =>
  waitFor(
    async () =>
      (await call(`${sim.base}/v1/transactions/${id}`)).json.data.payment_method.extra
        ?.async_payment_url as string | undefined,
  );
const eventStatuses = (id: string) =>
  receiver.received
    .filter((e) => e.json.data.transaction.id === id)
    .map((e) => e.json.data.transaction.status);

describe('wompi-simulator: PSE and Bancolombia transfer through the checkout page', () => {
  it('PSE with "Banco que aprueba": PENDING, checkout URL, page shows the bank, POST → 303 to redirect_url?id=…&env=test, APPROVED event', async () => {
    const created = await createTransaction(sim, PSE, { redirect_url: REDIRECT });
    expect(created.status).toBe('PENDING');
    expect(created.payment_method.extra?.async_payment_url).toBeUndefined();
    const path = await checkoutUrl(created.id);
    expect(path).toBe(`/_sim/wompi/checkout/${created.id}`);

    const page = await fetch(`${sim.origin}${path}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://radica.example");
    const html = await page.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Banco que aprueba');
    expect(html).toContain(created.reference);
    expect(html).toMatch(/<form method="post" action="\/_sim\/wompi\/checkout\/[^"]+">/);
    expect(html).not.toMatch(/<script/i);

    const post = await call(`${sim.origin}${path}`, { form: { decision: 'continue' } });
    expect(post.status).toBe(303);
    const location = new URL(post.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe('https://radica.example/pagos/resultado');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      plan: 'mensual',
      id: created.id,
      env: 'test',
    });

    expect((await call(`${sim.base}/v1/transactions/${created.id}`)).json.data.status).toBe('APPROVED');
    await waitFor(() => eventStatuses(created.id).length === 1);
    expect(eventStatuses(created.id)).toEqual(['APPROVED']);

    // A second submit (back button) changes nothing and sends no new event.
    const again = await call(`${sim.origin}${path}`, { form: { decision: 'continue' } });
    expect(again.status).toBe(303);
    const reopened = await (await fetch(`${sim.origin}${path}`)).text();
    expect(reopened).toContain('aprobado');
    expect(eventStatuses(created.id)).toEqual(['APPROVED']);
  });
});

describe('wompi-simulator: checkout page outcomes, refusals and escaping', () => {
  it('PSE with "Banco que rechaza" ends DECLINED; an unknown bank ERROR; without redirect_url a "pago finalizado" page', async () => {
    const declined = await createTransaction(
      sim,
      { ...PSE, financial_institution_code: '2' },
      { redirect_url: REDIRECT },
    );
    const page = await (await fetch(`${sim.origin}${await checkoutUrl(declined.id)}`)).text();
    expect(page).toContain('Banco que rechaza');
    expect(
      (await call(`${sim.base}/checkout/${declined.id}`, { form: { decision: 'continue' } })).status,
    ).toBe(303);
    expect((await call(`${sim.base}/v1/transactions/${declined.id}`)).json.data.status).toBe('DECLINED');
    await waitFor(() => eventStatuses(declined.id)[0] === 'DECLINED');

    const unknown = await createTransaction(sim, { ...PSE, financial_institution_code: '1007' });
    const done = await call(`${sim.base}/checkout/${unknown.id}`, { form: { decision: 'continue' } });
    expect(done.status).toBe(200);
    expect(done.text).toContain('Pago finalizado');
    expect((await call(`${sim.base}/v1/transactions/${unknown.id}`)).json.data.status).toBe('ERROR');
  });

  it.each([
    ['APPROVED', 'Aprobar'],
    ['DECLINED', 'Rechazar'],
    ['ERROR', 'Error'],
  ])('Bancolombia transfer: the %s button', async (status, label) => {
    const created = await createTransaction(sim, BANCOLOMBIA, { redirect_url: REDIRECT });
    const path = await checkoutUrl(created.id);
    const html = await (await fetch(`${sim.origin}${path}`)).text();
    expect(html).toContain(`<button type="submit" name="decision" value="${status}">${label}</button>`);
    expect(html).toContain('<legend>');

    const post = await call(`${sim.origin}${path}`, { form: { decision: status } });
    expect(post.status).toBe(303);
    expect(new URL(post.headers.get('location')!).searchParams.get('id')).toBe(created.id);
    expect((await call(`${sim.base}/v1/transactions/${created.id}`)).json.data.status).toBe(status);
    await waitFor(() => eventStatuses(created.id)[0] === status);
  });

  it('Bancolombia without a valid decision stays PENDING (400 page); unknown or card transactions have no checkout', async () => {
    const created = await createTransaction(sim, BANCOLOMBIA);
    const bad = await call(`${sim.base}/checkout/${created.id}`, { form: { decision: 'VOIDED' } });
    expect(bad.status).toBe(400);
    expect((await call(`${sim.base}/v1/transactions/${created.id}`)).json.data.status).toBe('PENDING');

    expect((await fetch(`${sim.base}/checkout/100-1700000000-00000`)).status).toBe(404);
    const nequi = await createTransaction(sim, { type: 'NEQUI', phone_number: '3991111111' });
    expect((await fetch(`${sim.base}/checkout/${nequi.id}`)).status).toBe(404);
  });

  it('escapes a hostile reference, description and redirect_url on the page', async () => {
    const hostile = `<script>alert("x")</script>&'`;
    const created = await createTransaction(
      sim,
      { ...BANCOLOMBIA, payment_description: `<img src=x onerror=alert(1)>` },
      {
        reference: `REF-${Date.now()}-${hostile}`,
        redirect_url: `https://radica.example/vuelta?x="><script>alert(2)</script>`,
      },
    );
    const html = await (await fetch(`${sim.base}/checkout/${encodeURIComponent(created.id)}`)).text();
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');

    const post = await call(`${sim.base}/checkout/${created.id}`, { form: { decision: 'APPROVED' } });
    expect(post.status).toBe(303);
    const location = post.headers.get('location')!;
    expect(location).not.toMatch(/[<>"]/);
    expect(new URL(location).searchParams.get('x')).toBe('"><script>alert(2)</script>');
    const finished = await (await fetch(`${sim.base}/checkout/${created.id}`)).text();
    expect(finished).not.toContain('<script');
  });
});
