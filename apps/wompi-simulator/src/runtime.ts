import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { TSandboxOutcome } from './cards.ts';
import type { ControlState } from './control.ts';
import type { EventDispatcher } from './events.ts';
import { pageCsp } from './pages.ts';
import { invalidAccessToken, type TWompiErrorReply } from './responses.ts';
import type { TTransactionRecord, WompiStateStore } from './state.ts';
import { attachAsyncPaymentUrl, resolveTransaction } from './transactions.ts';

/** Answers the gateway's error body with its status. */
export const sendError = (reply: FastifyReply, error: TWompiErrorReply) => reply.code(error.status).send(error.body);

function bearerKey(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}

/** Answers a simulator page: no caching, a CSP that lets its form post back and, if given, redirect to that origin. */
export function sendHtml(reply: FastifyReply, status: number, html: string, redirectOrigin: string | null = null) {
  return reply
    .code(status)
    .header('content-security-policy', pageCsp(redirectOrigin))
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html);
}

/** What a `WompiRuntime` is built from: the merchant's keys, the clock, the stores and the plugin's paths. */
export type TWompiRuntimeParts = {
  publicKey: string;
  privateKey: string;
  eventsSecret: string;
  integritySecret: string;
  /** The acceptance tokens' signing key (derived from the private key). */
  signingKey: Buffer;
  now: () => Date;
  /** Time before a transaction progresses (final status or checkout URL), in ms. */
  resolveDelayMs: number;
  /** The acceptance tokens' permalink, under the plugin's prefix. */
  termsPath: string;
  /** The PSE / Bancolombia page of a transaction, under the plugin's prefix. */
  checkoutPath: (id: string) => string;
  store: WompiStateStore;
  events: EventDispatcher;
  control: ControlState;
  log: FastifyBaseLogger;
};

/**
 * The live state of one `wompiSimulatorPlugin` registration and what its routes do with it: persisting, timers that
 * move a transaction forward, final statuses with their events, and the gateway's key check.
 */
export class WompiRuntime {
  readonly timers = new Set<NodeJS.Timeout>();

  constructor(readonly parts: TWompiRuntimeParts) {}

  /** Writes the state file in the background; a failure is logged, never thrown at a route. */
  persist(): void {
    this.parts.store
      .persist()
      .catch((error: unknown) =>
        this.parts.log.error({ err: error }, 'wompi-simulator: no se pudo escribir el archivo de estado'),
      );
  }

  /** Runs `run` after `delayMs` unless the plugin closes or resets first. */
  schedule(run: () => void, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  /** Cancels every pending timer. */
  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Final status → state file + event (delivered in the background, like the gateway). */
  finalize(record: TTransactionRecord, status: TSandboxOutcome): void {
    const event = resolveTransaction(record, status, this.parts.eventsSecret, this.parts.now());
    if (!event) return;
    this.persist();
    void this.parts.events.send(event);
  }

  /** After `resolveDelayMs`: CARD/NEQUI reach their outcome; PSE/Bancolombia get their checkout URL. */
  scheduleProgress(record: TTransactionRecord): void {
    this.schedule(() => {
      const transaction = record.transaction;
      if (transaction.status !== 'PENDING') return;
      if (transaction.payment_method_type === 'CARD' || transaction.payment_method_type === 'NEQUI') {
        if (record.outcome) this.finalize(record, record.outcome);
        return;
      }
      if (transaction.payment_method.extra?.async_payment_url) return;
      attachAsyncPaymentUrl(record, this.parts.checkoutPath(transaction.id));
      this.persist();
    }, this.parts.resolveDelayMs);
  }

  /** The key check of the gateway: `public` accepts only the public key, `any` also the private one. */
  keyError(request: FastifyRequest, accepted: 'public' | 'any'): TWompiErrorReply | null {
    const key = bearerKey(request);
    if (!key)
      return invalidAccessToken(
        'Se esperaba una llave en el encabezado Authorization (Bearer), pero no se recibió ninguna.',
      );
    if (key === this.parts.publicKey) return null;
    if (key === this.parts.privateKey) {
      return accepted === 'any'
        ? null
        : invalidAccessToken('Se esperaba la llave pública del comercio, pero se recibió la llave privada.');
    }
    return invalidAccessToken('La llave recibida no corresponde a ningún comercio.');
  }
}
