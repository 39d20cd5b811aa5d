import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { resetTimings } from '../../lib/timings';
import { formatCountdown, InactivityWatcher } from './inactivity-watcher';

afterEach(() => {
  vi.useRealTimers();
  resetTimings();
});

describe('InactivityWatcher (seed 000 §2, §4)', () => {
  it('formats the countdown', () => {
    expect(formatCountdown(300_000)).toBe('5:00');
    expect(formatCountdown(61_500)).toBe('1:02');
    expect(formatCountdown(-5)).toBe('0:00');
  });

  it("opens the warning with a countdown; 'Continuar sesión' extends; zero logs out; events are emitted", () => {
    vi.useFakeTimers();
    resetTimings({ inactivityMs: 30 * 60_000, warningMs: 5 * 60_000 });
    const onLogout = vi.fn();
    const events: string[] = [];
    const listen = (name: string) => window.addEventListener(name, () => events.push(name));
    ['auth:inactivity-warning', 'auth:inactivity-logout', 'auth:session-extended'].forEach(listen);
    render(<InactivityWatcher onLogout={onLogout} />);
    expect(typeof window.extendSession).toBe('function');
    act(() => vi.advanceTimersByTime(25 * 60_000));
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(screen.getByTestId('inactivity-countdown').textContent).toBe('5:00');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByTestId('inactivity-countdown').textContent).toBe('4:58');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar sesión' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // the click itself is activity: the timer restarts 1 s later
    act(() => vi.advanceTimersByTime(30 * 60_000));
    expect(onLogout).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(onLogout).toHaveBeenCalledWith('inactivity');
    expect(events).toEqual([
      'auth:inactivity-warning',
      'auth:session-extended',
      'auth:inactivity-warning',
      'auth:inactivity-logout',
    ]);
  });

  it("'Cerrar sesión' logs out", () => {
    vi.useFakeTimers();
    resetTimings({ inactivityMs: 10_000, warningMs: 5_000 });
    const onLogout = vi.fn();
    render(<InactivityWatcher onLogout={onLogout} />);
    act(() => vi.advanceTimersByTime(5_000));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledWith('logout');
  });
});
