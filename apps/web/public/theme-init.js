/* global window */
// Apply the stored theme before the first paint (seed 000 §1; src/lib/theme.ts keeps it in sync afterwards).
// An external file because the Content-Security-Policy allows no inline scripts.
try {
  const t = window.localStorage.getItem('theme');
  if (
    t === 'dark' ||
    ((t === null || t === 'system') && window.matchMedia('(prefers-color-scheme: dark)').matches)
  )
    window.document.documentElement.classList.add('dark');
} catch {
  /* storage unavailable */
}
