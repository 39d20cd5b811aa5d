import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { acceptanceKey } from './acceptance.ts';
import { ControlState } from './control.ts';
import { EventDispatcher } from './events.ts';
import { inputValidation, notFound } from './responses.ts';
import { registerControlRoutes, registerGatewayRoutes, registerPageRoutes } from './routes.ts';
import { WompiRuntime, sendError } from './runtime.ts';
import { WompiStateStore } from './state.ts';

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
  const store = new WompiStateStore(opts.stateFile ?? null);
  const events = new EventDispatcher({
    eventsUrl: opts.eventsUrl,
    retryDelaysMs: opts.eventRetryDelaysMs ?? DEFAULT_EVENT_RETRY_DELAYS_MS,
    now,
  });
  const control = new ControlState();
  await store.load();

  const runtime = new WompiRuntime({
    publicKey: opts.publicKey,
    privateKey: opts.privateKey,
    eventsSecret: opts.eventsSecret,
    integritySecret: opts.integritySecret,
    signingKey: acceptanceKey(opts.privateKey),
    now,
    resolveDelayMs,
    termsPath: `${app.prefix}/terminos`,
    checkoutPath: (id: string) => `${app.prefix}/checkout/${encodeURIComponent(id)}`,
    store,
    events,
    control,
    log: app.log,
  });
  registerParsers(app);

  const stopEverything = async () => {
    runtime.clearTimers();
    events.close();
    control.releaseAll();
  };
  app.addHook('preClose', stopEverything);
  app.addHook('onClose', async () => {
    await stopEverything();
    await store.flush();
  });

  for (const record of store.pendingTransactions()) runtime.scheduleProgress(record);
  registerGatewayRoutes(app, runtime);
  registerPageRoutes(app, runtime);
  // ---- SIMULATOR-ONLY test hooks (not part of the gateway's API) -------------------------
  if (opts.controlHooks) registerControlRoutes(app, runtime);
}

/** The checkout page's form bodies, and errors and unknown paths in the gateway's error shape. */
function registerParsers(app: FastifyInstance): void {
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
}
