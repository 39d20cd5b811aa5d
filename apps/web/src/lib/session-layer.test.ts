import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, logoutSession, refreshAccessToken, refreshRequestCount, restoreSession } from './http';
import {
  REFRESH_EXPIRY_STORAGE_KEY,
  USER_STORAGE_KEY,
  clearSession,
  getSession,
  setAuthenticated,
} from './session';
import { SESSION_EVENTS } from './session-events';
import { resetTimings } from './timings';

const USER = {
  id: 5,
  name: 'IPS Norte',
  email: 'norte@ips.co',
  tenant: { validator: 'VAL-5', database: 'db_5' },
  authType: 'manual' as const,
};
const inOneHour = () => new Date(Date.now() + 3_600_000).toISOString();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let urls: string[];
function stubFetch(handler: (url: string) => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return handler(String(input));
    }),
  );
}
function captureEvents(name: string) {
  const seen: unknown[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  window.addEventListener(name, listener);
  return { seen, stop: () => window.removeEventListener(name, listener) };
}

beforeEach(() => {
  urls = [];
  clearSession();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetTimings();
  clearSession();
});

describe('single-flight refresh with the 30 s stale flag (seed 000 §4)', () => {
  it('shares one running refresh, and starts a new one once the flag is older than 30 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    setAuthenticated(USER, { accessToken: 'a1', accessTokenExpiry: inOneHour() });
    const pending: Array<(r: Response) => void> = [];
    stubFetch(() => new Promise<Response>((resolve) => pending.push(resolve)));
    const before = refreshRequestCount;
    const first = refreshAccessToken();
    const second = refreshAccessToken();
    await Promise.resolve();
    expect(refreshRequestCount - before).toBe(1);

    vi.setSystemTime(Date.now() + 31_000); // the first refresh hangs: its flag becomes stale
    const third = refreshAccessToken();
    await Promise.resolve();
    expect(refreshRequestCount - before).toBe(2);

    for (const resolve of pending)
      resolve(json(200, { success: true, data: { accessToken: 'a2', accessTokenExpiry: inOneHour() } }));
    expect(await Promise.all([first, second, third])).toEqual([true, true, true]);
    expect(getSession().accessToken).toBe('a2');
  });
});

describe('a device clock that is off (8 refreshes in 160 ms, then the login)', () => {
  it.each([
    ['20 min ahead', 20 * 60_000],
    ['20 min behind', -20 * 60_000],
  ])('%s: one refresh, then the next 2 min before the server-side expiry', async (_, skewMs) => {
    vi.useFakeTimers();
    const serverStart = Date.UTC(2026, 10, 24, 15, 0, 0);
    vi.setSystemTime(serverStart + skewMs);
    const serverTime = () => Date.now() - skewMs;
    let issued = 0;
    stubFetch((url) => {
      if (!url.endsWith('/api/Auth/refresh')) return json(200, { success: true, data: {} });
      issued += 1;
      const body = {
        success: true,
        data: {
          accessToken: `t${issued}`,
          accessTokenExpiry: new Date(serverTime() + 15 * 60_000).toISOString(),
        },
      };
      return new Response(JSON.stringify(body), {
        headers: { 'Content-Type': 'application/json', Date: new Date(serverTime()).toUTCString() },
      });
    });
    setAuthenticated(USER, {
      accessToken: 't0',
      accessTokenExpiry: new Date(serverStart + 60_000).toISOString(),
    });

    expect(await refreshAccessToken()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(issued).toBe(1);
    // 15 min tokens, 120 s lead: nothing more until 13 min of server time have passed.
    await vi.advanceTimersByTimeAsync(12 * 60_000);
    expect(issued).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(issued).toBe(2);
    expect(getSession()).toMatchObject({ status: 'authenticated', accessToken: 't2' });
  });
});

describe('401 retry rules (seed 000 §7 notes)', () => {
  it.each([
    '/api/Auth/forgot-password',
    '/api/Auth/reset-password',
    '/api/Auth/google',
    '/api/Auth/logout',
    '/api/info',
  ])('never refreshes for %s', async (path) => {
    setAuthenticated(USER, { accessToken: 'a1', accessTokenExpiry: inOneHour() });
    stubFetch(() => json(401, { message: 'No' }));
    await expect(apiRequest(path, { method: 'POST', body: {} })).rejects.toMatchObject({ status: 401 });
    expect(urls).toEqual([path]);
  });

  it('refreshes and retries once for a private call, emitting auth:token-refreshed', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: inOneHour() });
    const events = captureEvents(SESSION_EVENTS.tokenRefreshed);
    let calls = 0;
    stubFetch((url) => {
      if (url === '/api/Auth/refresh')
        return json(200, { success: true, data: { accessToken: 'new', accessTokenExpiry: inOneHour() } });
      calls += 1;
      return calls === 1 ? json(401, {}) : json(401, {});
    });
    await expect(apiRequest('/api/Auth/productos-comprados')).rejects.toMatchObject({ status: 401 });
    // one call, one refresh, one retry — a second 401 is not refreshed again
    expect(urls).toEqual([
      '/api/Auth/productos-comprados',
      '/api/Auth/refresh',
      '/api/Auth/productos-comprados',
    ]);
    expect(events.seen).toHaveLength(1);
    events.stop();
  });

  it('a failed refresh clears the session and emits auth:logout (expired)', async () => {
    setAuthenticated(USER, { accessToken: 'old', accessTokenExpiry: inOneHour() });
    const events = captureEvents(SESSION_EVENTS.logout);
    stubFetch((url) => (url === '/api/Auth/refresh' ? json(401, {}) : json(401, {})));
    await expect(apiRequest('/api/Auth/tercero-fevrips')).rejects.toMatchObject({ status: 401 });
    expect(getSession().status).toBe('expired');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(events.seen).toEqual([{ reason: 'expired' }]);
    events.stop();
  });
});

describe('start-up restore (seed 000 §4)', () => {
  it('logs out without calling the server when the stored refresh expiry is past', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(USER));
    localStorage.setItem(REFRESH_EXPIRY_STORAGE_KEY, new Date(Date.now() - 1000).toISOString());
    stubFetch(() => json(200, {}));
    await restoreSession();
    expect(urls).toEqual([]);
    expect(getSession().status).toBe('unauthenticated');
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});

describe('logoutSession (seed 000 §4 "Logout")', () => {
  it('calls the server logout, waits 1 s, then clears and emits auth:logout', async () => {
    vi.useFakeTimers();
    setAuthenticated(USER, { accessToken: 'a1', accessTokenExpiry: inOneHour() });
    const events = captureEvents(SESSION_EVENTS.logout);
    stubFetch(() => json(200, { success: true }));
    const done = logoutSession();
    await vi.advanceTimersByTimeAsync(999);
    expect(getSession().status).toBe('authenticated');
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(urls).toEqual(['/api/Auth/logout']);
    expect(getSession()).toMatchObject({ status: 'unauthenticated', endReason: 'logout', accessToken: null });
    expect(events.seen).toEqual([{ reason: 'logout' }]);
    events.stop();
  });

  it('always clears, even when the server logout fails', async () => {
    resetTimings({ logoutDelayMs: 0 });
    setAuthenticated(USER, { accessToken: 'a1', accessTokenExpiry: inOneHour() });
    stubFetch(() => Promise.reject(new TypeError('offline')));
    await logoutSession('inactivity');
    expect(getSession()).toMatchObject({ status: 'unauthenticated', endReason: 'inactivity' });
  });

  it('does not call the server without a signed-in user', async () => {
    resetTimings({ logoutDelayMs: 0 });
    stubFetch(() => json(200, {}));
    await logoutSession();
    expect(urls).toEqual([]);
  });
});
