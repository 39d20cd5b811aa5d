import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { HttpError } from '../../../lib/http';
import { getSession, setSessionLoading } from '../../../lib/session';
import { SESSION_EXPIRED_REDIRECT_MS, useSessionExpiry } from './use-session-expiry';

afterEach(() => vi.useRealTimers());

describe('useSessionExpiry (seed 001 §4: 401 → notice, logout after 1.5 s)', () => {
  it('handles a 401 by ending the session 1.5 s later, once', () => {
    vi.useFakeTimers();
    setSessionLoading(); // the session store is module state: start from a known one whatever ran before
    const { result } = renderHook(() => useSessionExpiry());
    const before = getSession().status;
    expect(before).not.toBe('unauthenticated');
    expect(result.current(new HttpError(401, 'Sesión expirada. Redirigiendo al login...'))).toBe(true);
    expect(result.current(new HttpError(401, 'otra vez'))).toBe(true);
    vi.advanceTimersByTime(SESSION_EXPIRED_REDIRECT_MS - 1);
    expect(getSession().status).toBe(before);
    vi.advanceTimersByTime(1);
    expect(getSession().status).toBe('unauthenticated');
  });

  it('leaves other errors to the caller', () => {
    const { result } = renderHook(() => useSessionExpiry());
    expect(result.current(new HttpError(500, 'x'))).toBe(false);
    expect(result.current(new Error('x'))).toBe(false);
  });
});
