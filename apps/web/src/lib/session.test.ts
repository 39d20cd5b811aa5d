import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  USER_STORAGE_KEY,
  clearSession,
  expireSession,
  getSession,
  parseStoredUser,
  readStoredUser,
  scheduleRefresh,
  setAuthenticated,
} from './session';

const USER = {
  id: 7,
  name: 'Clínica Prueba',
  email: 'admin@clinica.co',
  tenant: { validator: 'VAL-7', database: 'db_7' },
  authType: 'manual',
};

afterEach(() => {
  clearSession();
  vi.useRealTimers();
});

describe('parseStoredUser (seed 000 §5 "Storage")', () => {
  it('accepts a well-typed user and drops extra fields', () => {
    expect(parseStoredUser({ ...USER, accessToken: 'secret' })).toEqual(USER);
  });

  it.each([
    ['not an object', 'x'],
    ['null', null],
    ['an array', [USER]],
    ['id as string', { ...USER, id: '7' }],
    ['id NaN', { ...USER, id: Number.NaN }],
    ['name missing', { ...USER, name: undefined }],
    ['email number', { ...USER, email: 1 }],
    ['tenant missing', { ...USER, tenant: undefined }],
    ['validator not a string', { ...USER, tenant: { validator: 1, database: 'db' } }],
    ['empty validator', { ...USER, tenant: { validator: '', database: 'db' } }],
    ['database missing', { ...USER, tenant: { validator: 'V' } }],
    ['unknown authType', { ...USER, authType: 'facebook' }],
  ])('rejects %s', (_label, value) => {
    expect(parseStoredUser(value)).toBeNull();
  });
});

describe('readStoredUser', () => {
  it('reads radica.user', () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(USER));
    expect(readStoredUser()).toEqual(USER);
  });

  it('removes an unreadable or ill-typed value', () => {
    localStorage.setItem(USER_STORAGE_KEY, '{not json');
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();

    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ ...USER, id: 'x' }));
    expect(readStoredUser()).toBeNull();
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it('returns null when nothing is stored', () => {
    expect(readStoredUser()).toBeNull();
  });
});

describe('session store', () => {
  it('keeps the token in memory and only the user in storage', () => {
    setAuthenticated(USER as never, { accessToken: 'tok', accessTokenExpiry: '2099-01-01T00:00:00Z' });
    expect(getSession()).toMatchObject({ status: 'authenticated', accessToken: 'tok', user: USER });
    const stored = localStorage.getItem(USER_STORAGE_KEY) ?? '';
    expect(JSON.parse(stored)).toEqual(USER);
    expect(stored).not.toContain('tok');
  });

  it('clears everything on logout', () => {
    setAuthenticated(USER as never, { accessToken: 'tok', accessTokenExpiry: '2099-01-01T00:00:00Z' });
    clearSession('logout');
    expect(getSession()).toMatchObject({
      status: 'unauthenticated',
      accessToken: null,
      user: null,
      endReason: 'logout',
    });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
  });

  it("turns 'expired' into 'unauthenticated' after 500 ms", () => {
    vi.useFakeTimers();
    setAuthenticated(USER as never, { accessToken: 'tok', accessTokenExpiry: '2099-01-01T00:00:00Z' });
    expireSession();
    expect(getSession()).toMatchObject({ status: 'expired', accessToken: null });
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    vi.advanceTimersByTime(499);
    expect(getSession().status).toBe('expired');
    vi.advanceTimersByTime(1);
    expect(getSession().status).toBe('unauthenticated');
  });
});

describe('scheduleRefresh (seed 000 §4)', () => {
  it('fires 120 s before the expiry; closer tokens at half their remaining time; expired at once', () => {
    vi.useFakeTimers();
    const now = Date.parse('2025-01-01T00:00:00Z');
    const refresh = vi.fn();
    expect(scheduleRefresh('2025-01-01T00:15:00Z', refresh, undefined, now)).toBe(13 * 60_000);
    expect(scheduleRefresh('2025-01-01T00:01:00Z', refresh, undefined, now)).toBe(30_000);
    expect(scheduleRefresh('2024-12-31T23:59:00Z', refresh, undefined, now)).toBe(0);
    vi.advanceTimersByTime(0);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(scheduleRefresh('not a date', refresh, undefined, now)).toBeNull();
  });

  it('is cancelled by clearSession', () => {
    vi.useFakeTimers();
    const refresh = vi.fn();
    scheduleRefresh(new Date(Date.now() + 130_000).toISOString(), refresh);
    clearSession();
    vi.advanceTimersByTime(60_000);
    expect(refresh).not.toHaveBeenCalled();
  });
});
