import { useEffect, useSyncExternalStore } from 'react';

/**
 * The floating chat button's reserved space: a band at the foot of the viewport that no page content sits under, so
 * the button never covers a control ('+ Usuario', 'Ver planes', the footer's legal text). A layout that scrolls in its
 * own container (the app shell) ends that container above the band and says so here; on every other page with the
 * chat (which scroll the window) the launcher draws the band itself, opaque, and the page gets the band's height at
 * its end.
 */
let shells = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Height of the band, in CSS: the button (56 px) 12 px above the viewport's foot, and 12 px of air above it. */
export const CHAT_BAND_CLASS = 'h-20';

/** Called by a layout that leaves the band free itself (a spacer below its scrolling area), while it is mounted. */
export function useReserveChatSpace(): void {
  useEffect(() => {
    shells += 1;
    notify();
    return () => {
      shells -= 1;
      notify();
    };
  }, []);
}

/** True while a mounted layout keeps the band free itself (the launcher then draws no band of its own). */
export function useChatSpaceReserved(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => shells > 0,
    () => false,
  );
}
