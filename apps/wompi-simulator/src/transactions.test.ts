import { ZWompiEvent, ZWompiTransaction } from '@radica/contracts/wompi';
import { eventChecksum, integritySignature } from '@radica/contracts/wompi-signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  cardToken,
  createTransaction,
  newReference,
  startReceiver,
  startSim,
  transactionBody,
  waitForFinal,
  type TSim,
} from './test-helpers.ts';

describe('wompi-simulator: POST /v1/transactions', () => {
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

  const post = (body: unknown, key: string | null = sim.keys.publicKey) =>
    call(`${sim.base}/v1/transactions`, { body, key });
  const eventsOf = (id: string) => receiver.received.filter((e) => e.json.data.transaction.id === id);

  it('a 4242 card: 201 PENDING, then APPROVED with a signed transaction.updated event', async () => {
    const token = await cardToken(sim, '4242424242424242');
    const body = await transactionBody(
      sim,
      { type: 'CARD', token, installments: 1 },
      { redirect_url: 'https://tienda.example/pago' },
    );
    const res = await post(body);
    expect(res.status).toBe(201);
    const created = ZWompiTransaction.parse(res.json.data);
    expect(created).toMatchObject({
      status: 'PENDING',
      reference: body.reference,
      amount_in_cents: 5_990_000,
      currency: 'COP',
      payment_method_type: 'CARD',
      payment_method: { type: 'CARD', installments: 1, extra: { brand: 'VISA', last_four: '4242' } },
      redirect_url: 'https://tienda.example/pago',
      finalized_at: null,
    });
    expect(created.id).toMatch(/^\d+-\d{10}-\d{5}$/);
    expect(JSON.stringify(created)).not.toContain(token);

    const final = await waitForFinal(sim, created.id);
    expect(final).toMatchObject({ status: 'APPROVED', status_message: null });
    expect(Date.parse(final.finalized_at)).not.toBeNaN();

    await receiver.waitForCount(1);
    const [received] = eventsOf(created.id);
    const event = ZWompiEvent.parse(received!.json);
    expect(event).toMatchObject({
      event: 'transaction.updated',
      environment: 'test',
      data: { transaction: { id: created.id, status: 'APPROVED', amount_in_cents: 5_990_000 } },
      signature: { properties: ['transaction.id', 'transaction.status', 'transaction.amount_in_cents'] },
    });
    expect(event.signature.checksum).toMatch(/^[0-9A-F]{64}$/);
    expect(event.signature.checksum).toBe(eventChecksum(event, sim.keys.eventsSecret).toUpperCase());
    expect(received!.headers['x-event-checksum']).toBe(event.signature.checksum);
    expect(Math.abs(event.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(Date.parse(event.sent_at!)).not.toBeNaN();
    expect(received!.headers['content-type']).toMatch(/application\/json/);
  });

  it('a 4111 card ends DECLINED and any other valid card ERROR, each with its event', async () => {
    const declined = await createTransaction(sim, {
      type: 'CARD',
      token: await cardToken(sim, '4111111111111111'),
      installments: 2,
    });
    const errored = await createTransaction(sim, {
      type: 'CARD',
      token: await cardToken(sim, '5555555555554444'),
      installments: 1,
    });
    expect(await waitForFinal(sim, declined.id)).toMatchObject({
      status: 'DECLINED',
      status_message: expect.any(String),
    });
    expect(await waitForFinal(sim, errored.id)).toMatchObject({
      status: 'ERROR',
      payment_method: { extra: { brand: 'MASTERCARD' } },
    });
    await receiver.waitForCount(3);
    expect(eventsOf(declined.id).map((e) => e.json.data.transaction.status)).toEqual(['DECLINED']);
    expect(eventsOf(errored.id).map((e) => e.json.data.transaction.status)).toEqual(['ERROR']);
  });

  it('Nequi: 3991111111 APPROVED, 3992222222 DECLINED, another phone ERROR', async () => {
    const approved = await createTransaction(sim, { type: 'NEQUI', phone_number: '3991111111' });
    const declined = await createTransaction(sim, { type: 'NEQUI', phone_number: '3992222222' });
    const other = await createTransaction(sim, { type: 'NEQUI', phone_number: '3001234567' });
    expect(approved).toMatchObject({
      status: 'PENDING',
      payment_method: { type: 'NEQUI', phone_number: '3991111111' },
    });
    expect((await waitForFinal(sim, approved.id)).status).toBe('APPROVED');
    expect((await waitForFinal(sim, declined.id)).status).toBe('DECLINED');
    expect((await waitForFinal(sim, other.id)).status).toBe('ERROR');
    const shortPhone = await post(await transactionBody(sim, { type: 'NEQUI', phone_number: '399111' }));
    expect(shortPhone.status).toBe(422);
    expect(Object.keys(shortPhone.json.error.messages)).toEqual(['payment_method.phone_number']);
  });

  it('the private key may create transactions too; no key or a wrong key → 401', async () => {
    const body = await transactionBody(sim, { type: 'NEQUI', phone_number: '3991111111' });
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, 'prv_test_otra')).json.error.type).toBe('INVALID_ACCESS_TOKEN');
    expect((await post(body, sim.keys.privateKey)).status).toBe(201);
  });
});

describe('wompi-simulator: POST /v1/transactions refusals and GET /v1/transactions/:id', () => {
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

  const post = (body: unknown, key: string | null = sim.keys.publicKey) =>
    call(`${sim.base}/v1/transactions`, { body, key });

  it('422 for a bad signature, an unknown acceptance token, a reused reference or an amount under COP 1.500', async () => {
    const nequi = { type: 'NEQUI', phone_number: '3991111111' };
    const expectOnly = async (body: unknown, field: string) => {
      const res = await post(body);
      expect(res.status, field).toBe(422);
      expect(res.json.error.type).toBe('INPUT_VALIDATION_ERROR');
      expect(Object.keys(res.json.error.messages), field).toEqual([field]);
      return res;
    };

    const unsigned = await transactionBody(sim, nequi);
    await expectOnly(
      {
        ...unsigned,
        signature: integritySignature(unsigned.reference, 100, 'COP', sim.keys.integritySecret),
      },
      'signature',
    );
    await expectOnly(
      {
        ...unsigned,
        signature: integritySignature(
          unsigned.reference,
          unsigned.amount_in_cents,
          'COP',
          'test_integrity_otro',
        ),
      },
      'signature',
    );

    await expectOnly({ ...unsigned, acceptance_token: 'eyJhbGciOiJIUzI1NiJ9.e30.firma' }, 'acceptance_token');
    await expectOnly({ ...unsigned, acceptance_token: unsigned.accept_personal_auth }, 'acceptance_token');
    await expectOnly(
      { ...unsigned, accept_personal_auth: unsigned.acceptance_token },
      'accept_personal_auth',
    );

    const small = await transactionBody(sim, nequi, { amount_in_cents: 149_999 });
    await expectOnly(
      { ...small, signature: integritySignature(small.reference, 149_999, 'COP', sim.keys.integritySecret) },
      'amount_in_cents',
    );

    const first = await transactionBody(sim, nequi);
    expect((await post(first)).status).toBe(201);
    const reused = await expectOnly(
      await transactionBody(sim, nequi, { reference: first.reference }),
      'reference',
    );
    expect(reused.json.error.messages.reference[0]).toMatch(/referencia/);

    await expectOnly(
      await transactionBody(sim, nequi, { redirect_url: 'javascript:alert(1)' }),
      'redirect_url',
    );
    await expectOnly(await transactionBody(sim, nequi, { customer_email: 'no-es-correo' }), 'customer_email');
  });

  it('422 for a malformed body, an unknown card token, or a card token used twice', async () => {
    const bad = await post({ amount_in_cents: 'mucho', currency: 'USD' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.messages).toHaveProperty('amount_in_cents');
    expect(bad.json.error.messages).toHaveProperty('currency');
    expect(bad.json.error.messages).toHaveProperty('reference');

    const unknown = await post(
      await transactionBody(sim, { type: 'CARD', token: 'tok_test_1_nope', installments: 1 }),
    );
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.json.error.messages)).toEqual(['payment_method.token']);

    const token = await cardToken(sim, '4242424242424242');
    expect((await post(await transactionBody(sim, { type: 'CARD', token, installments: 1 }))).status).toBe(
      201,
    );
    const twice = await post(await transactionBody(sim, { type: 'CARD', token, installments: 1 }));
    expect(twice.status).toBe(422);
    expect(twice.json.error.messages['payment_method.token'][0]).toMatch(/ya fue usado/);
  });

  it('GET /v1/transactions/:id needs no key; an unknown id is 404 NOT_FOUND_ERROR', async () => {
    const created = await createTransaction(
      sim,
      { type: 'NEQUI', phone_number: '3991111111' },
      { reference: newReference() },
    );
    const res = await call(`${sim.base}/v1/transactions/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.json.data.id).toBe(created.id);
    const missing = await call(`${sim.base}/v1/transactions/100-1700000000-00000`);
    expect(missing.status).toBe(404);
    expect(missing.json.error.type).toBe('NOT_FOUND_ERROR');
  });
});
