/**
 * Every wait of the session layer and the shell (seed 000 §9), in milliseconds, in one object so journeys can
 * shorten them. Override: put a JSON object under localStorage `radica.timings` before the app loads, e.g.
 * `localStorage.setItem('radica.timings', JSON.stringify({ inactivityMs: 20000, warningMs: 10000 }))`
 * (e2e does it with `page.addInitScript`). Only the known keys with finite numbers ≥ 0 are taken; the rest
 * is ignored. The override only changes this browser's own timers, never what the server accepts.
 */
export const DEFAULT_TIMINGS = {
  /** Inactivity logout: 30 min. */
  inactivityMs: 30 * 60_000,
  /** The warning dialog opens this long before the inactivity logout: 5 min. */
  warningMs: 5 * 60_000,
  /** Activity events are debounced: 1 s. */
  activityDebounceMs: 1000,
  /** Proactive refresh this long before the access token expires: 120 s. */
  refreshLeadMs: 120_000,
  /** A refresh flag older than this is stale and reset: 30 s. */
  refreshStaleMs: 30_000,
  /** Redirect to /login after a failed refresh: 500 ms. */
  expiredRedirectMs: 500,
  /** Logout wait: 1 s. */
  logoutDelayMs: 1000,
  /** Login page minimum wait: 800 ms. */
  loginMinWaitMs: 800,
  /** Registration fake progress: 4 steps of 1 s. */
  creatingStepMs: 1000,
  /** Progress phrases rotate every 2 s. */
  phraseRotateMs: 2000,
  /** Orientation modal delay: 1 s. */
  orientationDelayMs: 1000,
  /** Reset success redirect: 3 s. */
  resetRedirectMs: 3000,
  /** Change-password success closes: 2 s. */
  changePasswordCloseMs: 2000,
  /** Autocomplete debounce: 1000 ms. */
  searchDebounceMs: 1000,
  /** Toast 3 s, then 0.5 s fade. */
  toastMs: 3000,
  toastFadeMs: 500,
  /** The success page asks for the sale's status every 2 s… */
  salePollMs: 2000,
  /** …for at most 2 min, then offers to ask again. */
  salePollMaxMs: 120_000,
};

export type TTimings = typeof DEFAULT_TIMINGS;
export const TIMINGS_STORAGE_KEY = 'radica.timings';

/** Merge a parsed override into the defaults (unknown keys and non-numbers ignored). */
export function mergeTimings(override: unknown): TTimings {
  const result: TTimings = { ...DEFAULT_TIMINGS };
  if (typeof override !== 'object' || override === null) return result;
  for (const key of Object.keys(DEFAULT_TIMINGS) as Array<keyof TTimings>) {
    const value = (override as Record<string, unknown>)[key];
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) result[key] = value;
  }
  return result;
}

function readOverride(): unknown {
  try {
    const raw = globalThis.localStorage?.getItem(TIMINGS_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

let current: TTimings | null = null;

/** The timings in force (read once, then cached; `resetTimings` forgets the cache for tests). */
export function getTimings(): TTimings {
  current ??= mergeTimings(readOverride());
  return current;
}

/** Tests: set explicit timings (merged into the defaults) or, with no argument, re-read storage next time. */
export function resetTimings(override?: Partial<TTimings>): void {
  current = override ? mergeTimings(override) : null;
}
