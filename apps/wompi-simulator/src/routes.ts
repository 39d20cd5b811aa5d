import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TSandboxOutcome } from './cards.ts';
import { parseFailNext } from './control.ts';
import {
  BANCOLOMBIA_DECISIONS,
  PSE_SANDBOX_BANKS,
  renderCheckoutPage,
  renderFinishedPage,
  renderMessagePage,
  renderTermsPage,
} from './pages.ts';
import { notFound } from './responses.ts';
import { sendError, sendHtml, type WompiRuntime } from './runtime.ts';
import type { TTransactionRecord } from './state.ts';
import { getMerchant, tokenizeCard } from './tokens.ts';
import { createTransaction } from './transactions.ts';

const originOf = (url: string | null | undefined) => (url ? new URL(url).origin : null);

const BANCOLOMBIA_VALUES = new Set<string>(BANCOLOMBIA_DECISIONS.map((d) => d.value));

/** The gateway's API v1: merchant, card tokens, PSE banks, transactions. */
export function registerGatewayRoutes(app: FastifyInstance, runtime: WompiRuntime): void {
  const { store, now, control } = runtime.parts;

  app.get(
    '/v1/merchants/:publicKey',
    async (request: FastifyRequest<{ Params: { publicKey: string } }>, reply) => {
      if (request.params.publicKey !== runtime.parts.publicKey)
        return sendError(reply, notFound('El comercio no existe.'));
      const data = getMerchant({
        publicKey: runtime.parts.publicKey,
        termsPath: runtime.parts.termsPath,
        state: store,
        acceptanceKey: runtime.parts.signingKey,
        now: now(),
      });
      runtime.persist();
      return { data };
    },
  );

  app.post('/v1/tokens/cards', async (request, reply) => {
    const authError = runtime.keyError(request, 'public');
    if (authError) return sendError(reply, authError);
    const result = tokenizeCard({ body: request.body, state: store, now: now() });
    if ('error' in result) return sendError(reply, result.error);
    return reply.code(201).send({ status: 'CREATED', data: result.data });
  });

  app.get('/v1/pse/financial_institutions', async (request, reply) => {
    const authError = runtime.keyError(request, 'public');
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
    const authError = runtime.keyError(request, 'any');
    if (authError) return sendError(reply, authError);
    const result = createTransaction(
      {
        state: store,
        integritySecret: runtime.parts.integritySecret,
        acceptanceKey: runtime.parts.signingKey,
        now: now(),
      },
      request.body,
    );
    if ('error' in result) return sendError(reply, result.error);
    const body = { data: structuredClone(result.record.transaction) };
    await store.persist();
    runtime.scheduleProgress(result.record);
    return reply.code(201).send(body);
  });

  app.get('/v1/transactions/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const record = store.findTransaction(request.params.id);
    if (!record) return sendError(reply, notFound('La transacción no existe.'));
    return { data: record.transaction };
  });
}

/** The transaction behind a checkout page, or the error page to answer instead. */
function checkoutRecord(
  runtime: WompiRuntime,
  id: string,
): TTransactionRecord | { status: number; html: string } {
  const record = runtime.parts.store.findTransaction(id);
  if (!record) return { status: 404, html: renderMessagePage('Pago no encontrado', 'La transacción no existe.') };
  const type = record.transaction.payment_method_type;
  if (type !== 'PSE' && type !== 'BANCOLOMBIA_TRANSFER') {
    return {
      status: 404,
      html: renderMessagePage('Sin página de pago', 'Este medio de pago no se completa en una página del banco.'),
    };
  }
  return record;
}

/** The pages a browser sees: the acceptance terms and the PSE bank / Bancolombia checkout. */
export function registerPageRoutes(app: FastifyInstance, runtime: WompiRuntime): void {
  app.get('/terminos', async (_request, reply) => sendHtml(reply, 200, renderTermsPage()));

  app.get('/checkout/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const found = checkoutRecord(runtime, request.params.id);
    if ('html' in found) return sendHtml(reply, found.status, found.html);
    const transaction = found.transaction;
    const html =
      transaction.status === 'PENDING'
        ? renderCheckoutPage(transaction, runtime.parts.checkoutPath(transaction.id))
        : renderFinishedPage(transaction);
    return sendHtml(reply, 200, html, originOf(transaction.redirect_url));
  });

  app.post('/checkout/:id', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const found = checkoutRecord(runtime, request.params.id);
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
      runtime.finalize(found, status);
    }
    if (!transaction.redirect_url) return sendHtml(reply, 200, renderFinishedPage(transaction));
    const target = new URL(transaction.redirect_url);
    target.searchParams.set('id', transaction.id);
    target.searchParams.set('env', 'test');
    return reply.code(303).header('cache-control', 'no-store').redirect(target.toString(), 303);
  });
}

/** The SIMULATOR-ONLY test hooks `/_control/*` (not part of the gateway's API). */
export function registerControlRoutes(app: FastifyInstance, runtime: WompiRuntime): void {
  const { store, events, control } = runtime.parts;

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
    runtime.clearTimers();
    events.reset();
    control.reset();
    await store.reset();
    return { data: { ok: true } };
  });
}
