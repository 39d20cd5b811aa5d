import { useEffect, useState } from 'react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { getTimings } from '../../lib/timings';

/** seed 000 §9: phones are up to 768 px wide. */
export const MOBILE_BREAKPOINT_PX = 768;
/** Shown once per browser session (sessionStorage); 'No volver a mostrar' also remembers it in localStorage. */
export const ORIENTATION_SEEN_KEY = 'radica.orientationSeen';
export const ORIENTATION_NEVER_KEY = 'radica.orientationNever';

/** true on a phone held in portrait (width ≤ 768 and taller than wide). */
export function isPhonePortrait(width: number, height: number): boolean {
  return width <= MOBILE_BREAKPOINT_PX && height > width;
}

function read(storage: Storage, key: string): boolean {
  try {
    return storage.getItem(key) === '1';
  } catch {
    return false;
  }
}
function write(storage: Storage, key: string): void {
  try {
    storage.setItem(key, '1');
  } catch {
    /* ignore */
  }
}

/**
 * Orientation modal (seed 000 §2): on phones in portrait it recommends landscape, 1 s after the authenticated
 * load, once per session; 'No volver a mostrar' and 'Entendido'.
 */
export function OrientationModal() {
  const [isOpen, setIsOpen] = useState(false);
  useEffect(() => {
    if (read(sessionStorage, ORIENTATION_SEEN_KEY) || read(localStorage, ORIENTATION_NEVER_KEY)) return;
    const timer = setTimeout(() => {
      if (isPhonePortrait(window.innerWidth, window.innerHeight)) {
        write(sessionStorage, ORIENTATION_SEEN_KEY);
        setIsOpen(true);
      }
    }, getTimings().orientationDelayMs);
    return () => clearTimeout(timer);
  }, []);
  if (!isOpen) return null;
  return (
    <Modal
      isOpen
      title={MSG_CUENTAS.orientationTitle}
      onClose={() => setIsOpen(false)}
      footer={
        <>
          <Button
            variant="secondary"
            onClick={() => {
              write(localStorage, ORIENTATION_NEVER_KEY);
              setIsOpen(false);
            }}
          >
            {MSG_CUENTAS.orientationDontShow}
          </Button>
          <Button onClick={() => setIsOpen(false)}>{MSG_CUENTAS.orientationOk}</Button>
        </>
      }
    >
      <p>{MSG_CUENTAS.orientationBody}</p>
    </Modal>
  );
}
