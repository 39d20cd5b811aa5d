/**
 * SIMULATOR-ONLY test hooks (nothing like this exists in the ministry's API): injected failures
 * for the next `Cargar*` calls, and call counters. Served under `/_control/*` by the plugin.
 */

/**
 * A failure to inject: an HTTP status, `timeout` (the call hangs until the client gives up, unprocessed), `slow` (the
 * package IS processed and stored, then the answer is held until the client gives up: a ministry slower than the
 * client's timeout, issue 9), or `tot002` (a 400 result whose only item is TOT002, the ministry's "session token not
 * valid" validation).
 */
export type TFailMode = 500 | 503 | 'timeout' | 'slow' | 'tot002';

/** How long a `timeout` failure holds the request (ms) unless the client or the app closes first. */
export const HANG_MS = 120_000;

/** Counters served by `GET /_control/stats`. */
export type TStats = {
  /** Every login call (successful or not). */
  logins: number;
  /** Every call that reached a `Cargar*` route (including injected failures and 401s). */
  cargas: number;
  /** `cargas` per canonical endpoint name, e.g. `{ CargarFevRips: 2 }`. */
  byEndpoint: Record<string, number>;
  aceptados: number;
  rechazados: number;
  consultas: number;
};

function emptyStats(): TStats {
  return { logins: 0, cargas: 0, byEndpoint: {}, aceptados: 0, rechazados: 0, consultas: 0 };
}

/**
 * Parses the body of `POST /_control/fail-next`: `{ status: 500 | 503 | "timeout", count?: int ≥ 0 }`
 * (count defaults to 1; 0 clears pending failures).
 * @returns the parsed request, or a Spanish error message.
 */
export function parseFailNext(body: unknown): { mode: TFailMode; count: number } | { error: string } {
  if (typeof body !== 'object' || body === null)
    return { error: 'Se esperaba un objeto JSON { status, count }.' };
  const { status, count = 1 } = body as { status?: unknown; count?: unknown };
  const mode = status === 500 || status === 503 || status === 'timeout' || status === 'slow' || status === 'tot002' ? status : null;
  if (mode === null) return { error: 'status debe ser 500, 503, "timeout", "slow" o "tot002".' };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    return { error: 'count debe ser un entero mayor o igual a 0.' };
  }
  return { mode, count };
}

/** Mutable control state of one plugin instance. */
export class ControlState {
  stats: TStats = emptyStats();
  private pendingFailures: TFailMode[] = [];
  private readonly sleepers = new Set<() => void>();

  /** Queues `count` failures of `mode` for the next `Cargar*` calls (replacing any queued ones). */
  failNext(mode: TFailMode, count: number): void {
    this.pendingFailures = Array.from({ length: count }, () => mode);
  }

  /** Takes the failure for the current `Cargar*` call, if one is queued. */
  takeFailure(): TFailMode | undefined {
    return this.pendingFailures.shift();
  }

  get pendingFailureCount(): number {
    return this.pendingFailures.length;
  }

  countCarga(endpoint: string): void {
    this.stats.cargas += 1;
    this.stats.byEndpoint[endpoint] = (this.stats.byEndpoint[endpoint] ?? 0) + 1;
  }

  /** Clears counters and queued failures. */
  reset(): void {
    this.stats = emptyStats();
    this.pendingFailures = [];
  }

  /**
   * Waits `ms` milliseconds, or less when `signal` aborts or `releaseAll()` runs (app close).
   * @returns `true` when the full time elapsed.
   */
  sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
    if (ms <= 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const finish = (completed: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.sleepers.delete(onAbort);
        resolve(completed);
      };
      const onAbort = () => finish(false);
      const timer = setTimeout(() => finish(true), ms);
      if (signal?.aborted) return finish(false);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.add(onAbort);
    });
  }

  /** Ends every pending `sleep` early (used when the app closes, so no timer outlives it). */
  releaseAll(): void {
    for (const wake of [...this.sleepers]) wake();
  }
}
