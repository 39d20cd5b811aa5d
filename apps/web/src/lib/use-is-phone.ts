import { useSyncExternalStore } from 'react';

/** seed 001 §9: mobile breakpoint 768 px; phones get cards instead of tables (the documents list, the users page). */
export const PHONE_QUERY = '(max-width: 768px)';

function subscribe(listener: () => void) {
  if (typeof window.matchMedia !== 'function') return () => {};
  const list = window.matchMedia(PHONE_QUERY);
  list.addEventListener('change', listener);
  return () => list.removeEventListener('change', listener);
}
const getSnapshot = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** true on screens up to 768 px wide. */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, getSnapshot, () => false);
}
