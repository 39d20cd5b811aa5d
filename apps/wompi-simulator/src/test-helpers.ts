/* eslint-disable @typescript-eslint/no-explicit-any -- tests read loosely typed JSON answers */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { integritySignature } from '@radica/contracts/wompi-signatures';
import {
  createWompiTestKeys,
  wompiSimulatorPlugin,
  type TWompiKeys,
  type TWompiSimulatorOptions,
} from './plugin.ts';

/** Where the simulator is mounted in tests (the API mounts it at the same prefix). */
export const PREFIX = '/_sim/wompi';

export type TSim = {
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** `origin` + `PREFIX`. */
  base: string;
  keys: TWompiKeys;
  close: () => Promise<void>;
};

/**
 * Starts a Fastify app with the simulator under `PREFIX` on a free port, with fresh keys, control hooks on, a 10 ms
 * resolve delay and 20/40 ms event retries (all overridable).
 */
export async function startSim(opts: Partial<TWompiSimulatorOptions> = {}): Promise<TSim> {
  const keys = opts.publicKey ? (opts as TWompiKeys) : createWompiTestKeys();
  // forceCloseConnections: a held ("hang") call or undici's spare keep-alive socket must not delay close().
  const app = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(wompiSimulatorPlugin, {
    prefix: PREFIX,
    eventsUrl: () => null,
    resolveDelayMs: 10,
    eventRetryDelaysMs: [20, 40],
    controlHooks: true,
    ...opts,
    ...keys,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { app, origin, base: `${origin}${PREFIX}`, keys, close: () => app.close() };
}

export type TReply = { status: number; headers: Headers; text: string; json: any };

/** Calls the simulator: JSON body when `body` is given, `Authorization: Bearer <key>` when `key` is. Never follows redirects. */
export async function call(
  url: string,
  init: { method?: string; body?: unknown; key?: string | null; form?: Record<string, string> } = {},
): Promise<TReply> {
  const headers: Record<string, string> = {};
  let body: string | undefined;
  if (init.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(init.form).toString();
  } else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
  }
  if (init.key) headers.authorization = `Bearer ${init.key}`;
  const res = await fetch(url, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: 'manual',
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Fresh acceptance tokens from `GET /v1/merchants/:publicKey`. */
export async function acceptanceTokens(sim: TSim): Promise<{ acceptance: string; personal: string }> {
  const res = await call(`${sim.base}/v1/merchants/${sim.keys.publicKey}`);
  return {
    acceptance: res.json.data.presigned_acceptance.acceptance_token,
    personal: res.json.data.presigned_personal_data_auth.acceptance_token,
  };
}

export const VALID_CARD = { cvc: '123', exp_month: '08', exp_year: '39', card_holder: 'Ana Pérez' };

/** Tokenizes `number` and returns the token id (throws when refused). */
export async function cardToken(sim: TSim, number: string): Promise<string> {
  const res = await call(`${sim.base}/v1/tokens/cards`, {
    body: { ...VALID_CARD, number },
    key: sim.keys.publicKey,
  });
  if (res.status !== 201) throw new Error(`tokenización falló: ${res.status} ${res.text}`);
  return res.json.data.id as string;
}

let referenceCounter = 0;

/** A fresh reference (`REF-<time>-<n>`). */
export function newReference(): string {
  referenceCounter += 1;
  return `REF-${Date.now()}-${referenceCounter}`;
}

/** A valid, signed `POST /v1/transactions` body for `paymentMethod`; `overrides` replace fields after signing. */
export async function transactionBody(
  sim: TSim,
  paymentMethod: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const { acceptance, personal } = await acceptanceTokens(sim);
  const reference = (overrides.reference as string | undefined) ?? newReference();
  const amount = (overrides.amount_in_cents as number | undefined) ?? 5_990_000;
  return {
    acceptance_token: acceptance,
    accept_personal_auth: personal,
    amount_in_cents: amount,
    currency: 'COP',
    signature: integritySignature(reference, amount, 'COP', sim.keys.integritySecret),
    customer_email: 'comprador@example.com',
    reference,
    payment_method: paymentMethod,
    ...overrides,
  };
}

/** Creates a transaction (throws unless 201) and returns it. */
export async function createTransaction(
  sim: TSim,
  paymentMethod: Record<string, unknown>,
  overrides: Record<string, unknown> = {},
) {
  const body = await transactionBody(sim, paymentMethod, overrides);
  const res = await call(`${sim.base}/v1/transactions`, { body, key: sim.keys.publicKey });
  if (res.status !== 201) throw new Error(`transacción falló: ${res.status} ${res.text}`);
  return res.json.data;
}

/** Polls `check` every 5 ms until it returns a truthy value (returned), or throws after `timeoutMs`. */
export async function waitFor<T>(check: () => T | Promise<T>, timeoutMs = 2_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('waitFor: se acabó el tiempo');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Polls `GET /v1/transactions/:id` until its status is not PENDING; returns the transaction. */
export async function waitForFinal(sim: TSim, id: string): Promise<any> {
  return waitFor(async () => {
    const res = await call(`${sim.base}/v1/transactions/${id}`);
    return res.json.data.status === 'PENDING' ? null : res.json.data;
  });
}

export type TReceivedEvent = { body: string; json: any; headers: IncomingHttpHeaders };

/** A merchant events endpoint: records every POST and answers the next status of `statuses` (200 once they run out). */
export async function startReceiver(statuses: number[] = []) {
  const received: TReceivedEvent[] = [];
  const queue = [...statuses];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ body, json: JSON.parse(body), headers: req.headers });
      res.writeHead(queue.shift() ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/eventos`,
    received,
    /** Waits until `count` events arrived. */
    waitForCount: (count: number) => waitFor(() => received.length >= count),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
