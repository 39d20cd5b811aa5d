/**
 * SIMULATOR-ONLY test hooks (nothing like this exists in the ministry's API): injected failures
 * for the next `Cargar*` calls, and call counters. Served under `/_control/*` by the plugin.
 */

/**
 * A failure to inject: an HTTP status, `timeout` (the call hangs until the client gives up, unprocessed), `slow` (the
 * package IS processed and stored, then the answer is held until the client gives up: a ministry slower than the
 * client's timeout), `tot002` (a 400 result whose only item is TOT002, the ministry's "session token not
 * valid" validation), and what operators of the ministry's API report it answers when SISPRO or the local API fails
 * (shared/notes/fevrips-reference.md §9), none of which processes the package: `tot003` (a 400 result whose only item
 * is TOT003 "timeout API SISPRO"), `error-consumo` (HTTP 500 with the local API's plain-text error «Se ha generado un
 * error en el consumo…»), `html-502` (a proxy's HTML 502 page). `login-error` is taken by the next LoginSISPRO call,
 * not a Cargar* one: `login: false` with the local API's «error en el proceso de login» and a refused connection.
 */
export type TFailMode = 500 | 503 | 'timeout' | 'slow' | 'tot002' | 'tot003' | 'error-consumo' | 'html-502' | 'login-error';

/** Every mode fail-next and fail-rate accept. */
export const FAIL_MODES: readonly TFailMode[] = [500, 503, 'timeout', 'slow', 'tot002', 'tot003', 'error-consumo', 'html-502', 'login-error'];

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
  /**
   * Per package (its `numFactura`, or `numNota` for a note, as the body's RIPS names it; `?` without a readable RIPS):
   * every Cargar* call that carried it (`cargas`, injected failures included), its acceptances and its re-sends
   * answered RVG18. How a test counts the uploads of each document.
   */
  porPaquete: Record<string, { cargas: number; aceptados: number; duplicados: number }>;
};

function emptyStats(): TStats {
  return { logins: 0, cargas: 0, byEndpoint: {}, aceptados: 0, rechazados: 0, consultas: 0, porPaquete: {} };
}

/**
 * Parses the body of `POST /_control/fail-next`: `{ status: TFailMode, count?: int ≥ 0 }` (count defaults to 1; 0
 * clears pending failures), or `{ status: [modes…] }`: one failure of each, in that order.
 * @returns the parsed request, or a Spanish error message.
 */
export function parseFailNext(body: unknown): { mode: TFailMode; count: number } | { modes: TFailMode[] } | { error: string } {
  if (typeof body !== 'object' || body === null)
    return { error: 'Se esperaba un objeto JSON { status, count }.' };
  const { status, count = 1 } = body as { status?: unknown; count?: unknown };
  // A sequence, one failure each, in order (`login-error` is a login's, not a Cargar* one: alone only).
  if (Array.isArray(status)) {
    const modes = status.map(parseMode);
    if (modes.length === 0 || modes.length > 50 || modes.some((m) => m === null || m === 'login-error')) return { error: MODES_ERROR };
    return { modes: modes as TFailMode[] };
  }
  const mode = parseMode(status);
  if (mode === null) return { error: MODES_ERROR };
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    return { error: 'count debe ser un entero mayor o igual a 0.' };
  }
  return { mode, count };
}

const MODES_ERROR = `status debe ser uno de: ${FAIL_MODES.map((m) => (typeof m === 'number' ? m : `"${m}"`)).join(', ')}.`;
const parseMode = (status: unknown): TFailMode | null => (FAIL_MODES as readonly unknown[]).includes(status) ? (status as TFailMode) : null;

/**
 * Parses the body of `POST /_control/fail-rate`: `{ status, rate }`, a mode of fail-next and the share (0–1) of the
 * calls it takes at random (a bench's "TOT003 at 1 %"); rate 0 turns it off.
 */
export function parseFailRate(body: unknown): { mode: TFailMode; rate: number } | { error: string } {
  if (typeof body !== 'object' || body === null) return { error: 'Se esperaba un objeto JSON { status, rate }.' };
  const { status, rate } = body as { status?: unknown; rate?: unknown };
  const mode = parseMode(status);
  if (mode === null) return { error: MODES_ERROR };
  if (typeof rate !== 'number' || !(rate >= 0 && rate <= 1)) return { error: 'rate debe ser un número entre 0 y 1.' };
  return { mode, rate };
}

/** Mutable control state of one plugin instance. */
export class ControlState {
  stats: TStats = emptyStats();
  private pendingFailures: TFailMode[] = [];
  private pendingLoginFailures: TFailMode[] = [];
  private rate: { mode: TFailMode; rate: number } | null = null;
  private readonly sleepers = new Set<() => void>();

  /**
   * Queues `count` failures of `mode`, or the sequence `mode`, for the next `Cargar*` calls (replacing any queued
   * ones); `login-error` for the next LoginSISPRO calls instead.
   */
  failNext(mode: TFailMode | TFailMode[], count = 1): void {
    const queue = Array.isArray(mode) ? [...mode] : Array.from({ length: count }, () => mode);
    if (mode === 'login-error') this.pendingLoginFailures = queue;
    else this.pendingFailures = queue;
  }

  /** Every call of its kind fails with `mode` with probability `rate` (0 turns it off), after any queued failure. */
  failRate(mode: TFailMode, rate: number): void {
    this.rate = rate > 0 ? { mode, rate } : null;
  }

  /** Takes the failure for the current `Cargar*` call, if one is queued (or drawn by fail-rate). */
  takeFailure(): TFailMode | undefined {
    return this.pendingFailures.shift() ?? this.draw(false);
  }

  /** Takes the failure for the current LoginSISPRO call, if one is queued (or drawn by fail-rate). */
  takeLoginFailure(): TFailMode | undefined {
    return this.pendingLoginFailures.shift() ?? this.draw(true);
  }

  private draw(login: boolean): TFailMode | undefined {
    if (!this.rate || (this.rate.mode === 'login-error') !== login) return undefined;
    return Math.random() < this.rate.rate ? this.rate.mode : undefined;
  }

  get pendingFailureCount(): number {
    return this.pendingFailures.length + this.pendingLoginFailures.length;
  }

  countCarga(endpoint: string, paquete: string): void {
    this.stats.cargas += 1;
    this.stats.byEndpoint[endpoint] = (this.stats.byEndpoint[endpoint] ?? 0) + 1;
    this.paquete(paquete).cargas += 1;
  }

  /** The counters of one package (TStats.porPaquete). */
  paquete(paquete: string): TStats['porPaquete'][string] {
    return (this.stats.porPaquete[paquete] ??= { cargas: 0, aceptados: 0, duplicados: 0 });
  }

  /** Clears counters and queued failures. */
  reset(): void {
    this.stats = emptyStats();
    this.pendingFailures = [];
    this.pendingLoginFailures = [];
    this.rate = null;
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
