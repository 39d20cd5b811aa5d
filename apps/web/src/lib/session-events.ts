/**
 * The session layer's browser events (seed 000 §4): dispatched on `window` as CustomEvents so any part of the
 * app (or a test) can listen without importing the session modules.
 * - `auth:login`: a session started (detail: { userId }).
 * - `auth:logout`: the session ended (detail: { reason: 'logout' | 'expired' | 'inactivity' }).
 * - `auth:token-refreshed`: a refresh gave a new access token (detail: { accessTokenExpiry }).
 * - `auth:inactivity-warning`: the inactivity logout comes in detail.remainingMs.
 * - `auth:inactivity-logout`: the inactivity logout happened.
 * - `auth:session-extended`: the user (or `window.extendSession()`) reset the inactivity timer.
 */
export const SESSION_EVENTS = {
  login: 'auth:login',
  logout: 'auth:logout',
  tokenRefreshed: 'auth:token-refreshed',
  inactivityWarning: 'auth:inactivity-warning',
  inactivityLogout: 'auth:inactivity-logout',
  extended: 'auth:session-extended',
} as const;

export type TSessionEventName = (typeof SESSION_EVENTS)[keyof typeof SESSION_EVENTS];
export type TLogoutReason = 'logout' | 'expired' | 'inactivity';

/** Dispatch one of SESSION_EVENTS on window (no-op outside a browser). */
export function emitSessionEvent(name: TSessionEventName, detail: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined') return;
  window.dispatchEvent(new CustomEvent(name, { detail }));
}
