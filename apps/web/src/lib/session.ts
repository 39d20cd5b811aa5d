import { useSyncExternalStore } from 'react';
import type { TUser } from '@radica/contracts/auth';
import { ROLES, type TRol } from '@radica/contracts/enums';
import { emitSessionEvent, SESSION_EVENTS, type TLogoutReason } from './session-events';
import { getTimings } from './timings';

/**
 * The session store (seed 000 §4, simplified): the access token lives only in memory; the non-secret
 * user record is kept in localStorage under `radica.user` and type-checked on every read (seed 000 §5
 * "Storage"). The refresh token never reaches JavaScript: the API keeps it in an httpOnly cookie.
 */

export const USER_STORAGE_KEY = 'radica.user';
/** The refresh token's expiry (an ISO date, not a secret): start-up skips the refresh when it is past. */
export const REFRESH_EXPIRY_STORAGE_KEY = 'radica.refreshExpiry';
/** seed 000 §9: proactive refresh 120 s before the access token expires. */
export const REFRESH_LEAD_MS = 120_000;
/** seed 000 §9: redirect to the login 500 ms after a failed refresh. */
export const EXPIRED_REDIRECT_DELAY_MS = 500;
/** setTimeout cannot wait longer than 2^31 − 1 ms. */
const MAX_TIMER_MS = 2_147_483_647;

/** Server clock − this device's clock, in ms, from the last response's Date header (0 until one is seen). */
let serverClockOffsetMs = 0;

/**
 * Note the server's clock from a response's `Date` header (RFC 7231, whole seconds) received at `receivedAt`
 * (device ms). The access token's expiry is the server's time, so a device clock that is minutes off would
 * otherwise schedule the refresh at once, again and again (8 refreshes in 160 ms, then the login).
 * Ignores a missing or unreadable header.
 */
export function noteServerDate(dateHeader: string | null, receivedAt: number = Date.now()): void {
  if (!dateHeader) return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  // The header drops the milliseconds: its second began up to 1 s before the real server time.
  serverClockOffsetMs = server + 500 - receivedAt;
}

/** The server's current time in ms, as far as this device knows (device clock + the noted offset). */
export function serverNow(deviceNow: number = Date.now()): number {
  return deviceNow + serverClockOffsetMs;
}

/**
 * loading: start-up restore in progress; authenticated; unauthenticated;
 * expired: a refresh just failed, the guard shows a notice and turns to `unauthenticated` after 500 ms.
 */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated' | 'expired';

export type SessionState = {
  status: SessionStatus;
  user: TUser | null;
  accessToken: string | null;
  tokenType: string;
  accessTokenExpiry: string | null;
  /** Why the last session ended: after a logout the guard does not remember the page to come back to. */
  endReason: TLogoutReason | null;
  /**
   * What the login page says about an ended session when the server said why (an administrator removed the user or
   * lowered the role); null: the usual notice of the reason.
   */
  endMessage: string | null;
};

export type SessionTokens = {
  accessToken: string;
  accessTokenExpiry: string;
  tokenType?: string;
  refreshTokenExpiry?: string;
};

const INITIAL_STATE: SessionState = {
  status: 'loading',
  user: null,
  accessToken: null,
  tokenType: 'Bearer',
  accessTokenExpiry: null,
  endReason: null,
  endMessage: null,
};

let state: SessionState = INITIAL_STATE;
const listeners = new Set<() => void>();
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let expiryTimer: ReturnType<typeof setTimeout> | undefined;

function setState(next: SessionState): void {
  state = next;
  for (const listener of listeners) listener();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Accept a stored user only when every field has its type (seed 000 §5): id number, name and email
 * strings, tenant {validator, database} strings, authType 'manual' | 'google'. Returns a clean copy or null.
 */
export function parseStoredUser(value: unknown): TUser | null {
  if (!isRecord(value)) return null;
  const { id, name, email, tenant, authType, rol } = value;
  if (typeof id !== 'number' || !Number.isFinite(id)) return null;
  if (typeof name !== 'string' || typeof email !== 'string') return null;
  if (!isRecord(tenant) || typeof tenant.validator !== 'string' || typeof tenant.database !== 'string')
    return null;
  if (tenant.validator.length === 0) return null;
  if (authType !== 'manual' && authType !== 'google') return null;
  const user: TUser = { id, name, email, tenant: { validator: tenant.validator, database: tenant.database }, authType };
  // The role at sign-in, kept when it is one of the roles; GET /api/usuarios/yo has the current one.
  if (typeof rol === 'string' && (ROLES as readonly string[]).includes(rol)) user.rol = rol as TRol;
  return user;
}

/** Read `radica.user`; an unreadable or ill-typed value is removed and null returned. */
export function readStoredUser(storage: Storage = localStorage): TUser | null {
  let raw: string | null;
  try {
    raw = storage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const user = parseStoredUser(parsed);
  if (!user) {
    try {
      storage.removeItem(USER_STORAGE_KEY);
    } catch {
      /* storage unavailable */
    }
  }
  return user;
}

function writeStoredUser(user: TUser | null): void {
  try {
    if (user) localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else {
      localStorage.removeItem(USER_STORAGE_KEY);
      localStorage.removeItem(REFRESH_EXPIRY_STORAGE_KEY);
    }
  } catch {
    /* private mode or storage full: the session still works for this tab */
  }
}

function writeRefreshExpiry(value: string | undefined): void {
  if (!value || Number.isNaN(Date.parse(value))) return;
  try {
    localStorage.setItem(REFRESH_EXPIRY_STORAGE_KEY, value);
  } catch {
    /* ignore */
  }
}

/**
 * true when the stored refresh-token expiry is in the past (seed 000 §4 start-up: "refresh token expired
 * means logout"). Unknown or unreadable → false (the server decides).
 */
export function isStoredRefreshExpired(now: number = Date.now()): boolean {
  try {
    const raw = localStorage.getItem(REFRESH_EXPIRY_STORAGE_KEY);
    if (!raw) return false;
    const at = Date.parse(raw);
    return !Number.isNaN(at) && at <= now;
  } catch {
    return false;
  }
}

function clearTimers(): void {
  clearTimeout(refreshTimer);
  clearTimeout(expiryTimer);
  refreshTimer = undefined;
  expiryTimer = undefined;
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** React binding of the store. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

export function setSessionLoading(): void {
  setState({ ...state, status: 'loading' });
}

/** Signed in: keep the token in memory, the user in storage. */
export function setAuthenticated(user: TUser, tokens: SessionTokens): void {
  clearTimeout(expiryTimer);
  writeStoredUser(user);
  writeRefreshExpiry(tokens.refreshTokenExpiry);
  setState({
    status: 'authenticated',
    user,
    accessToken: tokens.accessToken,
    tokenType: tokens.tokenType || 'Bearer',
    accessTokenExpiry: tokens.accessTokenExpiry,
    endReason: null,
    endMessage: null,
  });
}

/** A refresh gave a new access token; the user stays. */
export function setAccessToken(tokens: SessionTokens): void {
  writeRefreshExpiry(tokens.refreshTokenExpiry);
  setState({
    ...state,
    accessToken: tokens.accessToken,
    tokenType: tokens.tokenType || 'Bearer',
    accessTokenExpiry: tokens.accessTokenExpiry,
  });
}

/**
 * Signed out: nothing of the session is kept. `reason` 'logout' when the user asked for it, 'inactivity'
 * after the inactivity logout; a signed-in session that ends emits `auth:logout` with the reason.
 */
export function clearSession(reason: TLogoutReason | null = null, message: string | null = null): void {
  const wasAuthenticated = state.status === 'authenticated';
  clearTimers();
  writeStoredUser(null);
  setState({ ...INITIAL_STATE, status: 'unauthenticated', endReason: reason, endMessage: message });
  if (wasAuthenticated) emitSessionEvent(SESSION_EVENTS.logout, { reason: reason ?? 'logout' });
}

/**
 * The refresh failed while signed in: forget the session now, show the "expired" notice and become
 * `unauthenticated` after `delayMs` (seed 000 §9: 500 ms), which makes the guard go to the login, with `message`
 * when the server said why the session ended (else the seed's 'Sesión expirada…').
 */
export function expireSession(delayMs: number = getTimings().expiredRedirectMs, message: string | null = null): void {
  clearTimers();
  writeStoredUser(null);
  setState({ ...INITIAL_STATE, status: 'expired', endReason: 'expired', endMessage: message });
  emitSessionEvent(SESSION_EVENTS.logout, { reason: 'expired' });
  expiryTimer = setTimeout(() => {
    if (state.status === 'expired')
      setState({ ...INITIAL_STATE, status: 'unauthenticated', endReason: 'expired', endMessage: message });
  }, delayMs);
}

/**
 * Run `refresh` `leadMs` before `expiryIso` (seed 000 §4: 120 s before expiry). When the token is already
 * closer than that, it runs at half the remaining time (at once when expired), so a server with access tokens
 * shorter than the lead does not cause a refresh loop. `now` is the server's time (serverNow: the expiry is the
 * server's) and the delay is never below `minDelayMs`. Replaces any earlier schedule; `clearSession`
 * cancels it. Returns the delay in ms, or null when the date is invalid.
 */
export function scheduleRefresh(
  expiryIso: string,
  refresh: () => void,
  leadMs: number = getTimings().refreshLeadMs,
  now: number = serverNow(),
  minDelayMs = 0,
): number | null {
  clearTimeout(refreshTimer);
  refreshTimer = undefined;
  const expiry = Date.parse(expiryIso);
  if (Number.isNaN(expiry)) return null;
  const remaining = expiry - now;
  const delay = Math.max(
    minDelayMs,
    remaining <= 0 ? 0 : remaining > leadMs ? remaining - leadMs : Math.floor(remaining / 2),
  );
  refreshTimer = setTimeout(refresh, Math.min(delay, MAX_TIMER_MS));
  return delay;
}
