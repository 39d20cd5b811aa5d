import { useSyncExternalStore } from 'react';

/** Themes (seed 000 §1, §9): light, dark, system; stored under localStorage `theme`; system follows the OS. */
export const THEME_STORAGE_KEY = 'theme';
export type TTheme = 'light' | 'dark' | 'system';

const listeners = new Set<() => void>();

/** The stored preference ('system' when missing or unknown). */
export function readTheme(): TTheme {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : 'system';
  } catch {
    return 'system';
  }
}

function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

/** 'light' | 'dark' actually shown for a preference. */
export function resolveTheme(theme: TTheme, prefersDark: boolean = systemPrefersDark()): 'light' | 'dark' {
  return theme === 'system' ? (prefersDark ? 'dark' : 'light') : theme;
}

/** Put the `dark` class and color-scheme on <html>. */
export function applyTheme(theme: TTheme = readTheme()): void {
  if (typeof document === 'undefined') return;
  const resolved = resolveTheme(theme);
  document.documentElement.classList.toggle('dark', resolved === 'dark');
  document.documentElement.style.colorScheme = resolved;
}

/** Store and apply a preference. */
export function setTheme(theme: TTheme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    /* ignore */
  }
  applyTheme(theme);
  for (const l of listeners) l();
}

/** Apply the stored theme now and follow OS changes while the preference is 'system'. Returns a stop function. */
export function initTheme(): () => void {
  applyTheme();
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (readTheme() === 'system') applyTheme('system');
    for (const l of listeners) l();
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The preference and the theme shown, re-rendering on change. */
export function useTheme(): { theme: TTheme; resolved: 'light' | 'dark' } {
  const theme = useSyncExternalStore(subscribe, readTheme, readTheme);
  const resolved = useSyncExternalStore(
    subscribe,
    () => resolveTheme(readTheme()),
    () => 'light' as const,
  );
  return { theme, resolved };
}
