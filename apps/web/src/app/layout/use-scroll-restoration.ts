import { useEffect, useLayoutEffect, type RefObject } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Scroll offsets (px) of the app's scrolling `<main>`, by history entry key; kept for the tab's lifetime. */
const positions = new Map<string, number>();

/**
 * Scroll restoration for an element that scrolls instead of the window (the app shell's `<main>`; React Router's
 * `ScrollRestoration` only handles the window). A new page (link, redirect) starts at the top; going back or forward
 * returns to where that history entry was left; a `#hash` is left to the browser. "navigating from the list
 * to a detail keeps the old scroll position".
 */
export function useContainerScrollRestoration(ref: RefObject<HTMLElement | null>) {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onScroll = () => positions.set(key, el.scrollTop);
    el.addEventListener('scroll', onScroll, { passive: true });
    return () => el.removeEventListener('scroll', onScroll);
  }, [ref, key]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || hash) return;
    const saved = navigationType === 'POP' ? positions.get(key) : undefined;
    el.scrollTop = saved ?? 0;
  }, [ref, key, hash, navigationType]);
}
