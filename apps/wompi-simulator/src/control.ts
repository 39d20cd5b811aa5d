/**
 * SIMULATOR-ONLY test hooks (nothing like this exists in the gateway's API): a failure injected into the next
 * `POST /v1/transactions`. Served under `/_control/*` by the plugin, only with `controlHooks: true`.
 */

/** `503`: the next `POST /v1/transactions` answers 503 unprocessed. `hang`: it never answers (until the app closes). */
export type TFailMode = '503' | 'hang';

/**
 * Parses the body of `POST /_control/fail-next`: `{ mode: '503' | 'hang' }`.
 * @returns the mode, or a Spanish error message.
 */
export function parseFailNext(body: unknown): { mode: TFailMode } | { error: string } {
  const mode = typeof body === 'object' && body !== null ? (body as { mode?: unknown }).mode : undefined;
  if (mode === '503' || mode === 'hang') return { mode };
  return { error: 'Se esperaba { "mode": "503" } o { "mode": "hang" }.' };
}

/** Mutable control state of one plugin instance: the queued failure and the calls held by `hang`. */
export class ControlState {
  private pendingFailure: TFailMode | null = null;
  private readonly holds = new Set<() => void>();

  failNext(mode: TFailMode): void {
    this.pendingFailure = mode;
  }

  /** Takes the failure for the current call, if one is queued. */
  takeFailure(): TFailMode | null {
    const mode = this.pendingFailure;
    this.pendingFailure = null;
    return mode;
  }

  /**
   * Waits until `signal` aborts (the client left) or `releaseAll()` runs (the app is closing).
   * @returns `client-gone` or `released`.
   */
  hold(signal: AbortSignal): Promise<'client-gone' | 'released'> {
    return new Promise((resolve) => {
      const finish = (how: 'client-gone' | 'released') => {
        signal.removeEventListener('abort', onAbort);
        this.holds.delete(onRelease);
        resolve(how);
      };
      const onAbort = () => finish('client-gone');
      const onRelease = () => finish('released');
      if (signal.aborted) return finish('client-gone');
      signal.addEventListener('abort', onAbort, { once: true });
      this.holds.add(onRelease);
    });
  }

  /** Ends every held call (the app is closing). */
  releaseAll(): void {
    for (const release of [...this.holds]) release();
  }

  /** Clears the queued failure (held calls stay held). */
  reset(): void {
    this.pendingFailure = null;
  }
}
