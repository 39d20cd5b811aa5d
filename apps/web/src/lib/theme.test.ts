import { afterEach, describe, expect, it } from 'vitest';
import { applyTheme, readTheme, resolveTheme, setTheme, THEME_STORAGE_KEY } from './theme';

afterEach(() => document.documentElement.classList.remove('dark'));

describe('themes (seed 000 §1, §9)', () => {
  it("stores the preference under 'theme' (default system)", () => {
    expect(readTheme()).toBe('system');
    setTheme('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    setTheme('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'morado');
    expect(readTheme()).toBe('system');
  });

  it('system follows the OS preference', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    applyTheme('light');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });
});
