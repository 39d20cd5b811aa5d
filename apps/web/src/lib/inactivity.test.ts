import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createInactivityMonitor } from './inactivity';

const MIN = 60_000;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup() {
  const onWarning = vi.fn();
  const onTimeout = vi.fn();
  const target = new EventTarget() as unknown as Window;
  const monitor = createInactivityMonitor({
    timeoutMs: 30 * MIN,
    warningMs: 5 * MIN,
    debounceMs: 1000,
    onWarning,
    onTimeout,
    target,
  });
  const act = (type = 'mousemove') => (target as unknown as EventTarget).dispatchEvent(new Event(type));
  return { monitor, onWarning, onTimeout, act };
}

describe('inactivity monitor (seed 000 §4, §9)', () => {
  it('warns 5 min before and logs out after 30 min without activity', () => {
    const { monitor, onWarning, onTimeout } = setup();
    monitor.start();
    vi.advanceTimersByTime(25 * MIN - 1);
    expect(onWarning).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onWarning).toHaveBeenCalledWith(5 * MIN);
    expect(monitor.isWarning()).toBe(true);
    vi.advanceTimersByTime(5 * MIN - 1);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('activity restarts the timer 1 s after the last event (debounced)', () => {
    const { monitor, onWarning, act } = setup();
    monitor.start();
    vi.advanceTimersByTime(20 * MIN);
    act('keydown');
    vi.advanceTimersByTime(500);
    act('scroll');
    vi.advanceTimersByTime(999);
    expect(monitor.remainingMs()).toBe(10 * MIN - 1499); // not reset yet
    vi.advanceTimersByTime(1);
    expect(monitor.remainingMs()).toBe(30 * MIN);
    vi.advanceTimersByTime(25 * MIN - 1);
    expect(onWarning).not.toHaveBeenCalled();
  });

  it('ignores activity while warning; extend() restarts the full timeout', () => {
    const { monitor, onTimeout, act } = setup();
    monitor.start();
    vi.advanceTimersByTime(26 * MIN);
    act('click');
    vi.advanceTimersByTime(2000);
    expect(monitor.isWarning()).toBe(true);
    monitor.extend();
    expect(monitor.isWarning()).toBe(false);
    vi.advanceTimersByTime(29 * MIN);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MIN);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('stop() cancels everything', () => {
    const { monitor, onTimeout, onWarning } = setup();
    monitor.start();
    monitor.stop();
    vi.advanceTimersByTime(60 * MIN);
    expect(onWarning).not.toHaveBeenCalled();
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
