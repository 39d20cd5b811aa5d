/**
 * Inactivity monitor (seed 000 §4, §9): after `timeoutMs` (30 min) without mouse, key, scroll, touch, click or
 * focus activity, `onTimeout` runs; `warningMs` (5 min) before that, `onWarning(remainingMs)` runs. Activity is
 * debounced (`debounceMs`, 1 s): the timer restarts 1 s after the last event. Once the warning is showing,
 * activity no longer counts: only `extend()` ('Continuar sesión' or `window.extendSession()`) restarts it.
 */

export const ACTIVITY_EVENTS = [
  'mousemove',
  'mousedown',
  'keydown',
  'scroll',
  'touchstart',
  'click',
  'focus',
] as const;

export type TInactivityOptions = {
  timeoutMs: number;
  warningMs: number;
  debounceMs: number;
  onWarning: (remainingMs: number) => void;
  onTimeout: () => void;
  /** Called when activity or extend() restarts the timer. */
  onReset?: () => void;
  target?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
};

export type TInactivityMonitor = {
  start: () => void;
  stop: () => void;
  /** Restart the full timeout now (also closes the warning phase). */
  extend: () => void;
  isWarning: () => boolean;
  /** ms until the automatic logout, from the last reset. */
  remainingMs: () => number;
};

export function createInactivityMonitor(options: TInactivityOptions): TInactivityMonitor {
  const target = options.target ?? window;
  let warningTimer: ReturnType<typeof setTimeout> | undefined;
  let logoutTimer: ReturnType<typeof setTimeout> | undefined;
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let deadline = 0;
  let warning = false;
  let running = false;

  const clear = () => {
    clearTimeout(warningTimer);
    clearTimeout(logoutTimer);
    clearTimeout(debounceTimer);
    warningTimer = logoutTimer = debounceTimer = undefined;
  };

  const schedule = () => {
    clear();
    warning = false;
    deadline = Date.now() + options.timeoutMs;
    const warnAt = Math.max(0, options.timeoutMs - options.warningMs);
    warningTimer = setTimeout(() => {
      warning = true;
      options.onWarning(Math.max(0, deadline - Date.now()));
    }, warnAt);
    logoutTimer = setTimeout(() => {
      running = false;
      clear();
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, true);
      options.onTimeout();
    }, options.timeoutMs);
  };

  function onActivity() {
    if (!running || warning) return;
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => {
      if (!running || warning) return;
      schedule();
      options.onReset?.();
    }, options.debounceMs);
  }

  return {
    start() {
      if (running) return;
      running = true;
      for (const name of ACTIVITY_EVENTS) target.addEventListener(name, onActivity, true);
      schedule();
    },
    stop() {
      running = false;
      warning = false;
      clear();
      for (const name of ACTIVITY_EVENTS) target.removeEventListener(name, onActivity, true);
    },
    extend() {
      if (!running) return;
      schedule();
      options.onReset?.();
    },
    isWarning: () => warning,
    remainingMs: () => Math.max(0, deadline - Date.now()),
  };
}
