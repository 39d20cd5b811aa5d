import type { TEnvelope } from '@radica/contracts/common';
import type { TLoginData, TUser } from '@radica/contracts/auth';
import { isErrorCode, type TErrorCode } from '@radica/contracts/errors';
import { MSG } from '@radica/contracts/messages';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { ROL_NOMBRE, ROLES, type TRol } from '@radica/contracts/usuarios';
import { patronDeRuta } from '@radica/contracts/route';
import { routes, TODAS_LAS_RUTAS } from '@radica/contracts/routes';
import {
  clearSession,
  expireSession,
  getSession,
  isStoredRefreshExpired,
  readStoredUser,
  noteServerDate,
  scheduleRefresh,
  serverNow,
  setAccessToken,
  setAuthenticated,
} from './session';
import { emitSessionEvent, SESSION_EVENTS, type TLogoutReason } from './session-events';
import { getTimings } from './timings';

/**
 * The one HTTP client of the web app and the one mapping of HTTP failures to Spanish texts (seed 000 §8).
 * Every request carries the cookies and `X-Radica-Client: web`; signed-in requests add
 * `Authorization: Bearer …` and `X-Validator` (seed 000 §6). A 401 triggers one shared refresh and one retry.
 */

export const CLIENT_HEADER = 'X-Radica-Client';

/**
 * Never sent with the auth headers: the table's public routes (@radica/contracts/routes: sign-in, registration, the
 * refresh — its token travels in the httpOnly cookie —, an invitation link's calls, the public lookups) except those that
 * still read a session when one comes (logout revokes it).
 */
const UNAUTHENTICATED_PATHS = TODAS_LAS_RUTAS.filter((r) => r.roles === 'publico' && !r.leeSesion).map((r) => patronDeRuta(r.path));
/** A 401 on a public route is an answer, not an expired session: no refresh, no retry (seed 000 §7). */
const NO_REFRESH_PATHS = TODAS_LAS_RUTAS.filter((r) => r.roles === 'publico').map((r) => patronDeRuta(r.path));

/** A failed call: `message` is the Spanish text to show; `code` and `data` come from the error body. */
/** Failures the browser sees without an error answer from the API: no connection, no body, a session that ended. */
export type TClientErrorCode = 'NETWORK_ERROR' | 'SESSION_EXPIRED' | 'EMPTY_RESPONSE';
export type THttpErrorCode = TErrorCode | TClientErrorCode;

export class HttpError extends Error {
  readonly status: number;
  /** The API's error code (packages/contracts/src/errors.ts), or the client's own when no answer came. */
  readonly code: THttpErrorCode | undefined;
  readonly data: unknown;

  constructor(status: number, message: string, code?: THttpErrorCode, data?: unknown) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The server's own text (`message`, `error` or `title`, first non-empty), if any. */
export function serverMessage(body: unknown): string | undefined {
  if (!isRecord(body)) return undefined;
  for (const key of ['message', 'error', 'title'] as const) {
    const value = body[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
}

/**
 * Text for a failed HTTP answer (seed 000 §8): the server's message wins; otherwise 401, 403, 404, 408,
 * 429, 500, 502/503/504 have their own text and any other status reads 'Error HTTP {status}…'.
 */
export function httpErrorMessage(status: number, body?: unknown): string {
  const fromServer = serverMessage(body);
  if (fromServer) return fromServer;
  switch (status) {
    case 401:
      return MSG.http401;
    case 403:
      return MSG.http403;
    case 404:
      return MSG.http404;
    case 408:
      return MSG.http408;
    case 429:
      return MSG.http429;
    case 500:
      return MSG.http500;
    case 502:
    case 503:
    case 504:
      return MSG.http5xx;
    default:
      return MSG.httpOther(status);
  }
}

/** The text to show for any thrown value: an HttpError's message, else `fallback`. */
export function getErrorMessage(error: unknown, fallback: string = MSG.unknownError): string {
  if (error instanceof HttpError) return error.message;
  return fallback;
}

function errorCode(body: unknown): TErrorCode | undefined {
  return isRecord(body) && isErrorCode(body.code) ? body.code : undefined;
}
function errorData(body: unknown): unknown {
  return isRecord(body) ? body.data : undefined;
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Multipart body (takes precedence over `body`). */
  formData?: FormData;
  signal?: AbortSignal;
};

const matches = (patterns: RegExp[], path: string) => patterns.some((p) => p.test(path));

async function send(path: string, options: ApiRequestOptions, accessToken: string | null): Promise<Response> {
  const session = getSession();
  const headers: Record<string, string> = { Accept: 'application/json', [CLIENT_HEADER]: 'web' };
  let body: BodyInit | undefined;
  if (options.formData) {
    body = options.formData;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (!matches(UNAUTHENTICATED_PATHS, path)) {
    if (accessToken) headers.Authorization = `${session.tokenType || 'Bearer'} ${accessToken}`;
    if (session.user) headers['X-Validator'] = session.user.tenant.validator;
  }
  try {
    const response = await fetch(path, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
    noteServerDate(response.headers?.get('date') ?? null);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (options.signal?.aborted) throw error;
    throw new HttpError(0, MSG.networkFailure, 'NETWORK_ERROR');
  }
}

async function readBody(response: Response): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return undefined;
  }
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Call the API and return its envelope `{ success, data, message }`.
 * Throws HttpError with the Spanish text to show (seed 000 §8), the body's `code` and `data`.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<TEnvelope<T>> {
  const tokenUsed = getSession().accessToken;
  let response = await send(path, options, tokenUsed);

  if (response.status === 401 && !matches(NO_REFRESH_PATHS, path)) {
    const current = getSession().accessToken;
    // Another call may already have refreshed the token: then just retry with it.
    const refreshed = current && current !== tokenUsed ? true : await refreshAccessToken();
    if (!refreshed) {
      await readBody(response);
      throw new HttpError(401, MSG.sessionExpired, 'SESSION_EXPIRED');
    }
    response = await send(path, options, getSession().accessToken);
  }

  const body = await readBody(response);
  if (!response.ok) {
    throw new HttpError(
      response.status,
      httpErrorMessage(response.status, body),
      errorCode(body),
      errorData(body),
    );
  }
  if (!isRecord(body)) throw new HttpError(response.status, MSG.emptyResponse, 'EMPTY_RESPONSE');
  if (body.success === false) {
    throw new HttpError(
      response.status,
      serverMessage(body) ?? MSG.unknownApiError,
      errorCode(body),
      errorData(body),
    );
  }
  return body as TEnvelope<T>;
}

/**
 * Download a file from the API (an answer that is the file, not an envelope): the same headers and the same one
 * refresh on 401 as {@link apiRequest}. Returns the bytes and the file name of its Content-Disposition.
 * Throws HttpError with the Spanish text of a failed answer.
 */
export async function apiDownload(path: string): Promise<{ blob: Blob; filename: string | null }> {
  const tokenUsed = getSession().accessToken;
  let response = await send(path, {}, tokenUsed);
  if (response.status === 401 && !matches(NO_REFRESH_PATHS, path)) {
    const current = getSession().accessToken;
    const refreshed = current && current !== tokenUsed ? true : await refreshAccessToken();
    if (!refreshed) throw new HttpError(401, MSG.sessionExpired, 'SESSION_EXPIRED');
    response = await send(path, {}, getSession().accessToken);
  }
  if (!response.ok) {
    const body = await readBody(response);
    throw new HttpError(response.status, httpErrorMessage(response.status, body), errorCode(body), errorData(body));
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null;
  return { blob: await response.blob(), filename };
}

type RefreshData = Pick<TLoginData, 'accessToken' | 'accessTokenExpiry' | 'tokenType'> &
  Partial<Pick<TLoginData, 'refreshTokenExpiry'>>;

let refreshInFlight: Promise<RefreshData | null> | null = null;
/** When the running refresh started (the seed's "refresh flag"); null when none runs. */
let refreshStartedAt: number | null = null;

/** Test hook: how many refresh requests were actually sent. */
export let refreshRequestCount = 0;

/** Wait before retrying a refresh that lost a race with another tab (the browser then holds the new cookie). */
const REFRESH_RACE_RETRY_MS = 300;

/** What the login page should say about the last refused refresh, when the server said why (see refusalMessage). */
let lastRefusalMessage: string | null = null;

/**
 * Why the server refused a refresh, in words for the login page, or null for the usual notice (docs/decisions/039):
 * an administrator removed the user (the server's USUARIO_RETIRADO text), or lowered the role (SESION_CERRADA with the
 * role now below the role this session signed in with). A logout elsewhere or a password change keeps the role: null.
 */
export function refusalMessage(error: unknown, signedInAs: TRol | undefined): string | null {
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'USUARIO_RETIRADO') return error.message;
  const now = (error.data as { rol?: unknown } | undefined)?.rol;
  if (error.code !== 'SESION_CERRADA' || !signedInAs || typeof now !== 'string' || !(ROLES as readonly string[]).includes(now)) return null;
  return ROLES.indexOf(now as TRol) > ROLES.indexOf(signedInAs) ? MSG_USUARIOS.sesionRolCambiado(ROL_NOMBRE[now as TRol]) : null;
}

async function postRefresh(validator: string, isRetry = false): Promise<RefreshData | null> {
  refreshRequestCount += 1;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), getTimings().refreshStaleMs);
  try {
    const envelope = await apiRequest<RefreshData>(routes.auth.refresh.path, {
      method: 'POST',
      body: { validator },
      signal: controller.signal,
    });
    const data = envelope.data;
    if (!data || typeof data.accessToken !== 'string' || !data.accessToken) return null;
    return data;
  } catch (error) {
    lastRefusalMessage = refusalMessage(error, (getSession().user ?? readStoredUser())?.rol);
    // Another tab rotated the same refresh token a moment ago (409 REFRESH_RACE, docs/decisions/003): its new
    // cookie is already in this browser, so one more refresh continues the session instead of logging out.
    if (!isRetry && error instanceof HttpError && error.status === 409 && error.code === 'REFRESH_RACE') {
      clearTimeout(timer);
      await new Promise((resolve) => setTimeout(resolve, REFRESH_RACE_RETRY_MS));
      return postRefresh(validator, true);
    }
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One refresh at a time (seed 000 §4): concurrent callers share the running promise. A flag older than
 * `refreshStaleMs` (30 s) is stale: it is reset and a new refresh starts.
 */
function requestRefresh(validator: string): Promise<RefreshData | null> {
  const now = Date.now();
  if (refreshInFlight && refreshStartedAt !== null && now - refreshStartedAt > getTimings().refreshStaleMs) {
    refreshInFlight = null;
    refreshStartedAt = null;
  }
  if (!refreshInFlight) {
    refreshStartedAt = now;
    const current: Promise<RefreshData | null> = postRefresh(validator).finally(() => {
      if (refreshInFlight === current) {
        refreshInFlight = null;
        refreshStartedAt = null;
      }
    });
    refreshInFlight = current;
  }
  return refreshInFlight;
}

/**
 * A token the server has just issued is never due at once: whatever the clocks say, the next proactive refresh
 * waits at least this long (a skewed clock made every new token look expired).
 */
export const MIN_PROACTIVE_REFRESH_MS = 10_000;

function scheduleProactiveRefresh(expiryIso: string): void {
  scheduleRefresh(
    expiryIso,
    () => {
      void refreshAccessToken();
    },
    undefined,
    serverNow(),
    MIN_PROACTIVE_REFRESH_MS,
  );
}

/**
 * Get a new access token with the refresh cookie. true when the session goes on; on failure the session
 * is expired (cleared now, the guard sends the user to the login after 500 ms) and false is returned.
 */
export async function refreshAccessToken(): Promise<boolean> {
  const user = getSession().user;
  if (!user) return false;
  lastRefusalMessage = null;
  const tokens = await requestRefresh(user.tenant.validator);
  if (tokens && getSession().user) {
    setAccessToken(tokens);
    scheduleProactiveRefresh(tokens.accessTokenExpiry);
    emitSessionEvent(SESSION_EVENTS.tokenRefreshed, { accessTokenExpiry: tokens.accessTokenExpiry });
    return true;
  }
  if (getSession().status === 'authenticated') expireSession(undefined, lastRefusalMessage);
  return false;
}

/** After a successful login: keep the session and schedule the proactive refresh. */
export function establishSession(
  data: Pick<TLoginData, 'user' | 'accessToken' | 'accessTokenExpiry' | 'tokenType'> &
    Partial<Pick<TLoginData, 'refreshTokenExpiry'>>,
): void {
  setAuthenticated(data.user, data);
  scheduleProactiveRefresh(data.accessTokenExpiry);
  emitSessionEvent(SESSION_EVENTS.login, { userId: data.user.id });
}

/**
 * Start-up (seed 000 §4): with no stored user (or validator) the visitor is signed out; a stored refresh
 * expiry in the past means logout; otherwise the refresh cookie is exchanged for an access token (the access
 * token is never stored, so there is none to restore), and a failure clears the session.
 */
export async function restoreSession(): Promise<void> {
  const user: TUser | null = readStoredUser();
  if (!user) {
    clearSession();
    return;
  }
  if (isStoredRefreshExpired()) {
    clearSession();
    return;
  }
  lastRefusalMessage = null;
  const tokens = await requestRefresh(user.tenant.validator);
  if (!tokens) {
    // Removed or lowered by an administrator while away: the login page says so instead of showing nothing.
    if (lastRefusalMessage) clearSession('expired', lastRefusalMessage);
    else clearSession();
    return;
  }
  establishSession({ user, ...tokens });
}

async function postLogout(): Promise<void> {
  await apiRequest<unknown>(routes.auth.logout.path, { method: 'POST', body: {} });
}

let logoutInFlight: Promise<void> | null = null;

/**
 * Logout (seed 000 §4): the server logout is called only when a signed-in user with a tenant validator exists
 * (the refresh token itself is in the httpOnly cookie), its failure does not matter; then the seed's 1 s wait,
 * and the stored session is always cleared. One logout at a time. `reason` travels in the `auth:logout` event.
 */
export function logoutSession(reason: TLogoutReason = 'logout'): Promise<void> {
  logoutInFlight ??= (async () => {
    const user = getSession().user;
    const call = user?.tenant.validator ? postLogout() : Promise.resolve();
    await Promise.allSettled([call, new Promise((r) => setTimeout(r, getTimings().logoutDelayMs))]);
    clearSession(reason);
  })().finally(() => {
    logoutInFlight = null;
  });
  return logoutInFlight;
}
