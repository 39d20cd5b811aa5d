import type { TWompiEvent, TWompiStatus, TWompiTransaction } from '@radica/contracts/wompi';
import { eventChecksum } from '@radica/contracts/wompi-signatures';

/** The properties the gateway signs in `transaction.updated` events (docs.wompi.co "Eventos › Seguridad"). */
export const EVENT_PROPERTIES = [
  'transaction.id',
  'transaction.status',
  'transaction.amount_in_cents',
] as const;

/** How long one delivery may take before it counts as failed, in ms. */
export const EVENT_TIMEOUT_MS = 10_000;

/** Most delivery attempts kept for `GET /_control/events` (older ones are dropped). */
const MAX_LOGGED_ATTEMPTS = 1000;

/**
 * The `transaction.updated` event for a transaction that reached a final status, as the gateway POSTs it: the
 * transaction under `data.transaction`, `environment: 'test'`, `timestamp` in Unix seconds and the checksum of
 * `EVENT_PROPERTIES` (`eventChecksum`, wompi-signatures.ts) upper-cased, as the gateway sends it.
 */
export function buildTransactionEvent(
  transaction: TWompiTransaction,
  eventsSecret: string,
  now: Date,
): TWompiEvent {
  const unsigned = {
    event: 'transaction.updated',
    data: { transaction: structuredClone(transaction) },
    environment: 'test',
    signature: { properties: [...EVENT_PROPERTIES], checksum: '' },
    timestamp: Math.floor(now.getTime() / 1000),
    sent_at: now.toISOString(),
  };
  return {
    ...unsigned,
    signature: { ...unsigned.signature, checksum: eventChecksum(unsigned, eventsSecret).toUpperCase() },
  };
}

/** One delivery attempt, as `GET /_control/events` lists it. No URL, body or secret: nothing sensitive. */
export type TDeliveryAttempt = {
  transactionId: string;
  status: TWompiStatus;
  /** 1 for the first try, 2 for the first retry… */
  attempt: number;
  /** HTTP status of the receiver's answer; null when there was none. */
  httpStatus: number | null;
  /** `timeout`, a network error code (`ECONNREFUSED`) or null. */
  error: string | null;
  /** ISO time of the attempt. */
  at: string;
};

export type TEventDispatcherOptions = {
  /** Where to POST events, read before every attempt; null (or a throw) = do not send. */
  eventsUrl: () => string | null;
  /** Wait before each retry, in ms; one retry per entry. */
  retryDelaysMs: readonly number[];
  now: () => Date;
};

/** A short, non-sensitive name for a failed fetch: `timeout`, the socket error code, or the error's name. */
function describeFetchError(error: unknown): string {
  if (!(error instanceof Error)) return 'error';
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timeout';
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error.name;
}

/**
 * Sends events to the merchant's events URL like the gateway: POST JSON with header `X-Event-Checksum`, success = any
 * 2xx; on another status or a network error, tries again after each of `retryDelaysMs`, then gives up. Retry timers
 * do not keep the process alive, and `close()` cancels them and aborts deliveries in flight.
 */
export class EventDispatcher {
  private readonly attempts: TDeliveryAttempt[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private closing = new AbortController();

  constructor(private readonly opts: TEventDispatcherOptions) {}

  /**
   * Delivers `event` now, retrying in the background when that fails.
   * @returns the first attempt, or null when there is no events URL.
   */
  send(event: TWompiEvent): Promise<TDeliveryAttempt | null> {
    return this.attempt(event, 0);
  }

  /** Every attempt since start or the last reset, oldest first (at most the last 1000). */
  listAttempts(): TDeliveryAttempt[] {
    return [...this.attempts];
  }

  /** Cancels pending retries and deliveries in flight, and forgets the attempt log. */
  reset(): void {
    this.cancelAll();
    this.closing = new AbortController();
    this.attempts.length = 0;
  }

  /** Cancels pending retries and deliveries in flight (the app is closing); nothing is sent afterwards. */
  close(): void {
    this.cancelAll();
  }

  private cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.closing.abort();
  }

  private async attempt(event: TWompiEvent, index: number): Promise<TDeliveryAttempt | null> {
    const signal = this.closing.signal;
    let url: string | null;
    try {
      url = this.opts.eventsUrl();
    } catch {
      url = null;
    }
    if (!url || signal.aborted) return null;
    const record: TDeliveryAttempt = {
      transactionId: event.data.transaction.id,
      status: event.data.transaction.status,
      attempt: index + 1,
      httpStatus: null,
      error: null,
      at: this.opts.now().toISOString(),
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-event-checksum': event.signature.checksum },
        body: JSON.stringify(event),
        signal: AbortSignal.any([signal, AbortSignal.timeout(EVENT_TIMEOUT_MS)]),
      });
      record.httpStatus = response.status;
      await response.body?.cancel();
    } catch (error) {
      record.error = describeFetchError(error);
    }
    if (signal.aborted) return record;
    this.attempts.push(record);
    if (this.attempts.length > MAX_LOGGED_ATTEMPTS) this.attempts.shift();

    const isDelivered = record.httpStatus !== null && record.httpStatus >= 200 && record.httpStatus < 300;
    const delayMs = this.opts.retryDelaysMs[index];
    if (!isDelivered && delayMs !== undefined) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.attempt(event, index + 1);
      }, delayMs);
      timer.unref();
      this.timers.add(timer);
    }
    return record;
  }
}
