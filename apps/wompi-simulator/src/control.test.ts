import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acceptanceTokens,
  call,
  cardToken,
  createTransaction,
  startReceiver,
  startSim,
  transactionBody,
  waitFor,
  waitForFinal,
  type TSim,
} from './test-helpers.ts';

const NEQUI_OK = { type: 'NEQUI', phone_number: '3991111111' };

describe('wompi-simulator: event delivery and the SIMULATOR-ONLY /_control hooks', () => {
  let sim: TSim;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let receiverUrl: string | null;

  beforeEach(async () => {
    receiver = await startReceiver();
    receiverUrl = receiver.url;
    sim = await startSim({ eventsUrl: () => receiverUrl });
  });
  afterEach(async () => {
    await sim.close();
    await receiver.close();
  });

  const deliveries = async () => (await call(`${sim.base}/_control/events`)).json.data;

  it('retries after each delay while the receiver answers 500, and stops at the first 2xx', async () => {
    await receiver.close();
    receiver = await startReceiver([500, 503]);
    receiverUrl = receiver.url;
    const created = await createTransaction(sim, NEQUI_OK);
    await receiver.waitForCount(3);
    const bodies = receiver.received.map((e) => e.body);
    expect(new Set(bodies).size).toBe(1);
    const log = await waitFor(async () => ((await deliveries()).length === 3 ? deliveries() : null));
    expect(log.map((a: { attempt: number; httpStatus: number }) => [a.attempt, a.httpStatus])).toEqual([
      [1, 500],
      [2, 503],
      [3, 200],
    ]);
    expect(log[0]).toMatchObject({ transactionId: created.id, status: 'APPROVED', error: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(3);
  });

  it('gives up after the last retry, and records network errors without details', async () => {
    await receiver.close();
    receiverUrl = receiver.url;
    const created = await createTransaction(sim, NEQUI_OK);
    const log = await waitFor(async () => {
      const attempts = await deliveries();
      return attempts.length === 3 ? attempts : null;
    });
    expect(log.map((a: { attempt: number }) => a.attempt)).toEqual([1, 2, 3]);
    expect(log[0]).toMatchObject({ transactionId: created.id, httpStatus: null, error: 'ECONNREFUSED' });
    expect(JSON.stringify(log)).not.toContain('127.0.0.1');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await deliveries()).toHaveLength(3);
  });

  it('sends nothing when eventsUrl() is null', async () => {
    receiverUrl = null;
    const created = await createTransaction(sim, NEQUI_OK);
    await waitForFinal(sim, created.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await deliveries()).toEqual([]);
    expect(receiver.received).toEqual([]);
  });

  it('resend-event replays the last event: same body, timestamp and checksum', async () => {
    const created = await createTransaction(sim, NEQUI_OK);
    await receiver.waitForCount(1);
    const res = await call(`${sim.base}/_control/resend-event/${created.id}`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ transactionId: created.id, httpStatus: 200 });
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
    expect(receiver.received[1]!.headers['x-event-checksum']).toBe(
      receiver.received[0]!.headers['x-event-checksum'],
    );

    expect(
      (await call(`${sim.base}/_control/resend-event/100-1700000000-00000`, { method: 'POST' })).status,
    ).toBe(404);
    const pending = await createTransaction(sim, {
      type: 'BANCOLOMBIA_TRANSFER',
      user_type: 'PERSON',
      payment_description: 'x',
    });
    expect((await call(`${sim.base}/_control/resend-event/${pending.id}`, { method: 'POST' })).status).toBe(
      404,
    );
  });
});

describe('wompi-simulator: the SIMULATOR-ONLY /_control hooks (fail-next, reset, close)', () => {
  let sim: TSim;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let receiverUrl: string | null;

  beforeEach(async () => {
    receiver = await startReceiver();
    receiverUrl = receiver.url;
    sim = await startSim({ eventsUrl: () => receiverUrl });
  });
  afterEach(async () => {
    await sim.close();
    await receiver.close();
  });

  const deliveries = async () => (await call(`${sim.base}/_control/events`)).json.data;

  it('fail-next 503 fails only the next POST /v1/transactions, unprocessed', async () => {
    expect((await call(`${sim.base}/_control/fail-next`, { body: { mode: 'nunca' } })).status).toBe(422);
    expect((await call(`${sim.base}/_control/fail-next`, { body: { mode: '503' } })).status).toBe(200);
    const body = await transactionBody(sim, NEQUI_OK);
    const failed = await call(`${sim.base}/v1/transactions`, { body, key: sim.keys.publicKey });
    expect(failed.status).toBe(503);
    expect(failed.json.error.type).toEqual(expect.any(String));
    // Nothing was stored: the same reference goes through now.
    expect((await call(`${sim.base}/v1/transactions`, { body, key: sim.keys.publicKey })).status).toBe(201);
  });

  it('fail-next hang holds the call until the client gives up, and does not delay close()', async () => {
    await call(`${sim.base}/_control/fail-next`, { body: { mode: 'hang' } });
    const body = JSON.stringify(await transactionBody(sim, NEQUI_OK));
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${sim.keys.publicKey}` };
    const url = `${sim.base}/v1/transactions`;
    await expect(
      fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(150) }),
    ).rejects.toThrow();
    expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(201);

    await call(`${sim.base}/_control/fail-next`, { body: { mode: 'hang' } });
    const held = fetch(url, { method: 'POST', headers, body }).then(
      (res) => res.status,
      (error: Error) => error,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    const outcome = await held;
    expect(outcome instanceof Error ? 'closed' : String(outcome)).toMatch(/closed|503/);
    sim = await startSim();
  });

  it('reset forgets transactions, acceptance tokens, the delivery log and a queued failure', async () => {
    const created = await createTransaction(sim, NEQUI_OK);
    await waitFor(async () => (await deliveries()).length === 1);
    const { acceptance } = await acceptanceTokens(sim);
    await call(`${sim.base}/_control/fail-next`, { body: { mode: '503' } });
    expect((await call(`${sim.base}/_control/reset`, { method: 'POST' })).status).toBe(200);

    expect((await call(`${sim.base}/v1/transactions/${created.id}`)).status).toBe(404);
    expect(await deliveries()).toEqual([]);
    const stale = await transactionBody(sim, NEQUI_OK, {});
    const res = await call(`${sim.base}/v1/transactions`, {
      body: { ...stale, acceptance_token: acceptance },
      key: sim.keys.publicKey,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.error.messages)).toEqual(['acceptance_token']);
    expect((await call(`${sim.base}/v1/transactions`, { body: stale, key: sim.keys.publicKey })).status).toBe(
      201,
    );
  });

  it('closing with retries and resolutions pending leaves no timer behind', async () => {
    await receiver.close();
    receiverUrl = receiver.url;
    await sim.close();
    sim = await startSim({ eventsUrl: () => receiverUrl, resolveDelayMs: 0, eventRetryDelaysMs: [60_000] });
    await createTransaction(sim, NEQUI_OK);
    await createTransaction(sim, { ...NEQUI_OK }, {});
    const started = Date.now();
    await sim.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    sim = await startSim();
  });
});

describe('wompi-simulator: the /_control hooks exist only when enabled', () => {
  it('without controlHooks every /_control path answers 404 and the gateway paths still work', async () => {
    const sim = await startSim({ controlHooks: false });
    try {
      expect((await call(`${sim.base}/_control/events`)).status).toBe(404);
      expect((await call(`${sim.base}/_control/fail-next`, { body: { mode: '503' } })).status).toBe(404);
      expect((await call(`${sim.base}/_control/resend-event/x`, { method: 'POST' })).status).toBe(404);
      expect((await call(`${sim.base}/_control/reset`, { method: 'POST' })).status).toBe(404);
      expect(
        (
          await call(`${sim.base}/v1/transactions`, {
            body: await transactionBody(sim, NEQUI_OK),
            key: sim.keys.publicKey,
          })
        ).status,
      ).toBe(201);
    } finally {
      await sim.close();
    }
  });
});

describe('wompi-simulator: state file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wompi-sim-state-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps transactions and acceptance tokens across a restart, with no card number or CVC in it', async () => {
    const stateFile = join(dir, 'sub', 'wompi.json');
    const first = await startSim({ stateFile });
    const keys = first.keys;
    const approved = await createTransaction(first, {
      type: 'CARD',
      token: await cardToken(first, '4242424242424242'),
      installments: 1,
    });
    await waitForFinal(first, approved.id);
    const pse = await createTransaction(first, {
      type: 'PSE',
      user_type: 0,
      user_legal_id_type: 'CC',
      user_legal_id: '1099888777',
      financial_institution_code: '1',
      payment_description: 'Plan',
    });
    const kept = await transactionBody(first, NEQUI_OK);
    await first.close();

    const text = await readFile(stateFile, 'utf8');
    expect(text).not.toContain('4242424242424242');
    expect(text).not.toContain('"123"');
    expect((await readdir(join(dir, 'sub'))).filter((f) => f.endsWith('.tmp'))).toEqual([]);

    const second = await startSim({ ...keys, stateFile });
    try {
      const again = await call(`${second.base}/v1/transactions/${approved.id}`);
      expect(again.json.data).toMatchObject({ id: approved.id, status: 'APPROVED' });
      // A PENDING PSE transaction resumes: it gets its checkout URL after the restart.
      const resumed = await waitFor(
        async () =>
          (await call(`${second.base}/v1/transactions/${pse.id}`)).json.data.payment_method.extra
            ?.async_payment_url,
      );
      expect(resumed).toBe(`/_sim/wompi/checkout/${pse.id}`);
      // The reference stays used, and the acceptance token issued before the restart still works.
      const reused = await call(`${second.base}/v1/transactions`, {
        body: await transactionBody(second, NEQUI_OK, { reference: approved.reference }),
        key: keys.publicKey,
      });
      expect(Object.keys(reused.json.error.messages)).toEqual(['reference']);
      expect((await call(`${second.base}/v1/transactions`, { body: kept, key: keys.publicKey })).status).toBe(
        201,
      );
    } finally {
      await second.close();
    }
  });
});
