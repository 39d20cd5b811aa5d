import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { acceptanceKey } from './acceptance.ts';
import { ControlState, parseFailNext } from './control.ts';
import { EventDispatcher } from './events.ts';
import {
  BANCOLOMBIA_DECISIONS,
  PSE_SANDBOX_BANKS,
  pageCsp,
  renderCheckoutPage,
  renderFinishedPage,
  renderMessagePage,
  renderTermsPage,
} from './pages.ts';
import { inputValidation, invalidAccessToken, notFound, type TWompiErrorReply } from './responses.ts';
import { WompiStateStore, type TTransactionRecord } from './state.ts';
import { getMerchant, tokenizeCard } from './tokens.ts';
import { attachAsyncPaymentUrl, createTransaction, resolveTransaction } from './transactions.ts';
import type { TSandboxOutcome } from './cards.ts';

/** Options of `wompiSimulatorPlugin` (plus Fastify's own `prefix`). */
export type TWompiSimulatorOptions = {
  /** `pub_test_…`: names the merchant (`GET /v1/merchants/:publicKey`) and authorizes the browser's calls. */
  publicKey: string;
  /** `prv_test_…`: authorizes server calls; also signs the acceptance tokens. */
  privateKey: string;
  /** `test_events_…`: the events' checksum secret. */
  eventsSecret: string;
  /** `test_integrity_…`: the transactions' integrity signature secret. */
  integritySecret: string;
  /** Where to POST `transaction.updated` events, read before every attempt; null = do not send. */
  eventsUrl: () => string | null;
  /** JSON file that keeps transactions and issued acceptance tokens; `null`/absent = memory only. */
  stateFile?: string | null;
  /** Time before a CARD/NEQUI transaction reaches its final status, and before PSE/Bancolombia get their checkout URL, in ms. Default 200. */
  resolveDelayMs?: number;
  /** Wait before each event retry, in ms (one retry per entry). Default `[1000, 5000, 30000]`. */
  eventRetryDelaysMs?: number[];
  /** Clock for dates, token expiry and event timestamps. Default `() => new Date()`. */
  now?: () => Date;
  /** Serve the SIMULATOR-ONLY test hooks `/_control/*`. Default false (404), so nobody can steer a reachable simulator. */
  controlHooks?: boolean;
};

/** The four credentials of a Wompi merchant. */
export type TWompiKeys = Pick<
  TWompiSimulatorOptions,
  'publicKey' | 'privateKey' | 'eventsSecret' | 'integritySecret'
>;

const DEFAULT_RESOLVE_DELAY_MS = 200;
const DEFAULT_EVENT_RETRY_DELAYS_MS = [1000, 5000, 30000];
const FORM_BODY_LIMIT_BYTES = 16_384;
const KEY_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

const randomKeyPart = () =>
  Array.from({ length: 32 }, () => KEY_ALPHABET[randomInt(KEY_ALPHABET.length)]).join('');

/**
 * Random sandbox credentials with the gateway's prefixes (`pub_test_`, `prv_test_`, `test_events_`, `test_integrity_`
 * followed by 32 letters and digits, like the dashboard's).
 */
export function createWompiTestKeys(): TWompiKeys {
  return {
    publicKey: `pub_test_${randomKeyPart()}`,
    privateKey: `prv_test_${randomKeyPart()}`,
    eventsSecret: `test_events_${randomKeyPart()}`,
    integritySecret: `test_integrity_${randomKeyPart()}`,
  };
}

const sendError = (reply: FastifyReply, error: TWompiErrorReply) => reply.code(error.status).send(error.body);

function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

function sendHtml(reply: FastifyReply, status: number, html: string, redirectOrigin: string | null = null) {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(redirectOrigin))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);

const BANCOLOMBIA_VALUES = new Set<string>(BANCOLOMBIA_DECISIONS.map((d) => d.value));

/**
 * Fastify plugin simulating the Wompi payment gateway (https://docs.wompi.co, API v1, sandbox behaviour): same paths,
 * keys, bodies, signatures and events, so Radica's real client and the web checkout can talk to it.
 * Register it with a prefix, e.g. `app.register(wompiSimulatorPlugin, { prefix: '/_sim/wompi', ...keys, eventsUrl })`.
 *
 * Endpoints (relative to the prefix):
 * - `GET /v1/merchants/:publicKey` → `{ data: merchant }` with two fresh acceptance tokens; 404 for another key.
 * - `POST /v1/tokens/cards` (public key) → 201 `{ status: 'CREATED', data: cardToken }`; 422 for an invalid card.
 * - `POST /v1/transactions` (public or private key) → 201 `{ data: transaction }` PENDING; 422 per `createTransaction`.
 * - `GET /v1/transactions/:id` (no key) → `{ data: transaction }`; 404 unknown.
 * - `GET /v1/pse/financial_institutions` (public key) → `{ data: banks }` (the two sandbox banks).
 * - `GET /terminos`: the acceptance tokens' permalink. `GET|POST /checkout/:id`: the PSE bank / Bancolombia page
 *   (`payment_method.extra.async_payment_url`); the POST sets the final status and answers 303 to
 *   `redirect_url?id=<id>&env=test`.
 * - Events `transaction.updated` to `eventsUrl()` on every final status, retried after each `eventRetryDelaysMs`.
 * - SIMULATOR-ONLY hooks, only with `controlHooks: true`: `GET /_control/events`, `POST /_control/fail-next`,
 *   `POST /_control/resend-event/:id`, `POST /_control/reset`.
 * Errors use the gateway's body `{ error: { type, reason?, messages? } }`: 401 INVALID_ACCESS_TOKEN, 404
 * NOT_FOUND_ERROR, 422 INPUT_VALIDATION_ERROR.
 *
 * @throws (at registration) when `stateFile` exists but is not a valid state file.
 */
export async function wompiSimulatorPlugin(
  app: FastifyInstance,
  opts: TWompiSimulatorOptions,
): Promise<void> {
  const now = opts.now ?? (() => new Date());
  const resolveDelayMs = Math.max(0, opts.resolveDelayMs ?? DEFAULT_RESOLVE_DELAY_MS);
  const termsPath = `${app.prefix}/terminos`;
  const checkoutPath = (id: string) => `${app.prefix}/checkout/${encodeURIComponent(id)}`;
  const signingKey = acceptanceKey(opts.privateKey);
  const store = new WompiStateStore(opts.stateFile ?? null);
  const events = new EventDispatcher({
    eventsUrl: opts.eventsUrl,
    retryDelaysMs: opts.eventRetryDelaysMs ?? DEFAULT_EVENT_RETRY_DELAYS_MS,
    now,
  });
  const control = new ControlState();
  const timers = new Set<NodeJS.Timeout>();
  await store.load();

  // The checkout page posts a plain HTML form.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
  }

  app.setErrorHandler((error: { statusCode?: number; message?: string }, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      request.log.error({ err: error }, 'wompi-simulator: error interno');
      return reply
        .code(500)
        .send({ error: { type: 'INTERNAL_ERROR', reason: 'Error interno del simulador.' } });
    }
    if (status === 400)
      return sendError(reply, inputValidation({ body: ['El cuerpo de la petición no es JSON válido.'] }));
    return reply
      .code(status)
      .send({ error: { type: 'INPUT_VALIDATION_ERROR', reason: error.message ?? 'Petición inválida.' } });
  });
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, notFound('La ruta no existe en el simulador de Wompi.')),
  );

  const stopEverything = async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    events.close();
    control.releaseAll();
  };
  app.addHook('preClose', stopEverything);
  app.addHook('onClose', async () => {
    await stopEverything();
    await store.flush();
  });

  function persist(): void {
    store
      .persist()
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'wompi-simulator: no se pudo escribir el archivo de estado'),
      );
  }

  function schedule(run: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    timers.add(timer);
  }

  /** Final status → state file + event (delivered in the background, like the gateway). */
  function finalize(record: TTransactionRecord, status: TSandboxOutcome): void {
    const event = resolveTransaction(record, status, opts.eventsSecret, now());
    if (!event) return;
    persist();
    void events.send(event);
  }

  /** After `resolveDelayMs`: CARD/NEQUI reach their outcome; PSE/Bancolombia get their checkout URL. */
  function scheduleProgress(record: TTransactionRecord): void {
    schedule(() => {
      const transaction = record.transaction;
      if (transaction.status !== 'PENDING') return;
      if (transaction.payment_method_type === 'CARD' || transaction.payment_method_type === 'NEQUI') {
        if (record.outcome) finalize(record, record.outcome);
        return;
      }
      if (transaction.payment_method.extra?.async_payment_url) return;
      attachAsyncPaymentUrl(record, checkoutPath(transaction.id));
      persist();
    }, resolveDelayMs);
  }
  for (const record of store.pendingTransactions()) scheduleProgress(record);

  /** The key check of the gateway: `public` accepts only the public key, `any` also the private one. */
  function keyError(request: FastifyRequest, accepted: 'public' | 'any'): TWompiErrorReply | null {
    const key = bearerKey(request);
    if (!key)
      return invalidAccessToken(
        'Se esperaba una llave en el encabezado Authorization (Bearer), pero no se recibió ninguna.',
      );
    if (key === opts.publicKey) return null;
    if (key === opts.privateKey) {
      return accepted === 'any'
        ? null
        : invalidAccessToken('Se esperaba la llave pública del comercio, pero se recibió la llave privada.');
    }
    return invalidAccessToken('La llave recibida no corresponde a ningún comercio.');
  }

  app.get(
    '/v1/merchants/:publicKey',
    async (request: FastifyRequest<{ Params: { publicKey: string } }>, reply) => {
      if (request.params.publicKey !== opts.publicKey)
        return sendError(reply, notFound('El comercio no existe.'));
      const data = getMerchant({
        publicKey: opts.publicKey,
        termsPath,
        state: store,
        acceptanceKey: signingKey,
        now: now(),
      });
      persist();
      return { data };
    },
  );

  app.post('/v1/tokens/cards', async (request, reply) => {
    const authError = keyError(request, 'public');
    if (authError) return sendError(reply, authError);
    const result = tokenizeCard({ body: request.body, state: store, now: now() });
    if ('error' in result) return sendError(reply, result.error);
    return reply.code(201).send({ status: 'CREATED', data: result.data });
  });

  app.get('/v1/pse/financial_institutions', async (request, reply) => {
    const authError = keyError(request, 'public');
    if (authError) return sendError(reply, authError);
    return { data: PSE_SANDBOX_BANKS };
  });

  app.post('/v1/transactions', async (request, reply) => {
    const failure = control.takeFailure();
    if (failure === 'hang') {
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      if ((await control.hold(gone.signal)) === 'client-gone') {
        reply.hijack();
        return;
      }
    }
    if (failure) {
      return reply.code(503).send({
        error: {
          type: 'SERVICE_UNAVAILABLE',
          reason: 'Servicio no disponible (falla inyectada en el simulador).',
        },
      });
    }
    const authError = keyError(request, 'any');
    if (authError) return sendError(reply, authError);
    const result = createTransaction(
      { state: store, integritySecret: opts.integritySecret, acceptanceKey: signingKey, now: now() },
      request.body,
    );
    if ('error' in result) return sendError(reply, result.error);
    const body = { data: structuredClone(result.record.transaction) };
    await store.persist();
    scheduleProgress(result.record);
    return reply.code(201).send(body);
  });

  app.get('/v1/transactions/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const record = store.findTransaction(request.params.id);
    if (!record) return sendError(reply, notFound('La transacción no existe.'));
    return { data: record.transaction };
  });

  app.get('/terminos', async (_request, reply) => sendHtml(reply, 200, renderTermsPage()));

  /** The transaction behind a checkout page, or the error page to answer instead. */
  function checkoutRecord(id: string): TTransactionRecord | { status: number; html: string } {
    const record = store.findTransaction(id);
    if (!record)
      return { status: 404, html: renderMessagePage('Pago no encontrado', 'La transacción no existe.') };
    const type = record.transaction.payment_method_type;
    if (type !== 'PSE' && type !== 'BANCOLOMBIA_TRANSFER') {
      return {
        status: 404,
        html: renderMessagePage(
          'Sin página de pago',
          'Este medio de pago no se completa en una página del banco.',
        ),
      };
    }
    return record;
  }

  app.get('/checkout/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const found = checkoutRecord(request.params.id);
    if ('html' in found) return sendHtml(reply, found.status, found.html);
    const transaction = found.transaction;
    const html =
      transaction.status === 'PENDING'
        ? renderCheckoutPage(transaction, checkoutPath(transaction.id))
        : renderFinishedPage(transaction);
    return sendHtml(reply, 200, html, originOf(transaction.redirect_url));
  });

  app.post('/checkout/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const found = checkoutRecord(request.params.id);
    if ('html' in found) return sendHtml(reply, found.status, found.html);
    const transaction = found.transaction;
    if (transaction.status === 'PENDING') {
      let status: TSandboxOutcome;
      if (transaction.payment_method_type === 'PSE') status = found.outcome ?? 'ERROR';
      else {
        const decision = (request.body as Record<string, unknown> | undefined)?.decision;
        if (typeof decision !== 'string' || !BANCOLOMBIA_VALUES.has(decision)) {
          return sendHtml(
            reply,
            400,
            renderMessagePage('Elija una respuesta', 'Use uno de los botones Aprobar, Rechazar o Error.'),
          );
        }
        status = decision as TSandboxOutcome;
      }
      finalize(found, status);
    }
    if (!transaction.redirect_url) return sendHtml(reply, 200, renderFinishedPage(transaction));
    const target = new URL(transaction.redirect_url);
    target.searchParams.set('id', transaction.id);
    target.searchParams.set('env', 'test');
    return reply.code(303).header('cache-control', 'no-store').redirect(target.toString(), 303);
  });

  // ---- SIMULATOR-ONLY test hooks (not part of the gateway's API) -------------------------
  if (!opts.controlHooks) return;

  /** Every event delivery attempt since start or the last reset. */
  app.get('/_control/events', async () => ({ data: events.listAttempts() }));

  /** The next `POST /v1/transactions` answers 503 (`{ mode: '503' }`) or never answers until close (`{ mode: 'hang' }`). */
  app.post('/_control/fail-next', async (request, reply) => {
    const parsed = parseFailNext(request.body);
    if ('error' in parsed)
      return reply.code(422).send({ error: { type: 'INPUT_VALIDATION_ERROR', reason: parsed.error } });
    control.failNext(parsed.mode);
    return { data: { mode: parsed.mode } };
  });

  /** Sends the transaction's last event again, byte for byte (same timestamp and checksum): a replay. */
  app.post(
    '/_control/resend-event/:id',
    async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
      const record = store.findTransaction(request.params.id);
      if (!record) return sendError(reply, notFound('La transacción no existe.'));
      if (!record.lastEvent)
        return sendError(reply, notFound('La transacción sigue PENDING: todavía no tiene evento.'));
      return { data: await events.send(record.lastEvent) };
    },
  );

  /** Forgets transactions, tokens (and the state file's content), the delivery log, pending timers and the queued failure. */
  app.post('/_control/reset', async () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    events.reset();
    control.reset();
    await store.reset();
    return { data: { ok: true } };
  });
}
