import { useEffect, useRef, useState } from 'react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { createInactivityMonitor, type TInactivityMonitor } from '../../lib/inactivity';
import { emitSessionEvent, SESSION_EVENTS } from '../../lib/session-events';
import { getTimings } from '../../lib/timings';

declare global {
  interface Window {
    /** seed 000 §4: extend the session manually (restarts the inactivity timer). */
    extendSession?: () => void;
  }
}

/** 'm:ss' of a countdown in ms. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/**
 * Inactivity logout while signed in (seed 000 §2, §4): the warning dialog with a countdown opens `warningMs`
 * before the logout, 'Continuar sesión' extends, 'Cerrar sesión' or zero logs out. Emits the seed's events and
 * installs `window.extendSession`.
 */
export function InactivityWatcher({ onLogout }: { onLogout: (reason: 'logout' | 'inactivity') => void }) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const monitorRef = useRef<TInactivityMonitor | null>(null);
  const onLogoutRef = useRef(onLogout);
  useEffect(() => {
    onLogoutRef.current = onLogout;
  }, [onLogout]);

  useEffect(() => {
    const t = getTimings();
    const monitor = createInactivityMonitor({
      timeoutMs: t.inactivityMs,
      warningMs: t.warningMs,
      debounceMs: t.activityDebounceMs,
      onWarning: (remainingMs) => {
        emitSessionEvent(SESSION_EVENTS.inactivityWarning, { remainingMs });
        setNow(Date.now());
        setDeadline(Date.now() + remainingMs);
      },
      onTimeout: () => {
        setDeadline(null);
        emitSessionEvent(SESSION_EVENTS.inactivityLogout);
        onLogoutRef.current('inactivity');
      },
      onReset: () => setDeadline(null),
    });
    monitorRef.current = monitor;
    monitor.start();
    window.extendSession = () => {
      monitor.extend();
      emitSessionEvent(SESSION_EVENTS.extended);
    };
    return () => {
      monitor.stop();
      delete window.extendSession;
    };
  }, []);

  useEffect(() => {
    if (deadline === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  if (deadline === null) return null;
  const onContinue = () => window.extendSession?.();
  return (
    <Modal
      isOpen
      tone="warning"
      title={MSG_CUENTAS.inactivityTitle}
      onClose={onContinue}
      footer={
        <>
          <Button variant="secondary" onClick={() => onLogoutRef.current('logout')}>
            {MSG_CUENTAS.closeSession}
          </Button>
          <Button onClick={onContinue}>{MSG_CUENTAS.continueSession}</Button>
        </>
      }
    >
      <p>{MSG_CUENTAS.inactivityBody(formatCountdown(deadline - now))}</p>
      <p
        className="mt-3 text-center font-mono text-3xl font-semibold text-amber-700"
        aria-live="off"
        data-testid="inactivity-countdown"
      >
        {formatCountdown(deadline - now)}
      </p>
    </Modal>
  );
}
