import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { isPhonePortrait, ORIENTATION_NEVER_KEY, OrientationModal } from './orientation-modal';

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

function setViewport(width: number, height: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: height });
}

describe('orientation modal (seed 000 §2, §9)', () => {
  it('targets phones (≤ 768 px) in portrait', () => {
    expect(isPhonePortrait(390, 844)).toBe(true);
    expect(isPhonePortrait(844, 390)).toBe(false);
    expect(isPhonePortrait(1024, 1366)).toBe(false);
  });

  it('appears 1 s after load, once per session; "No volver a mostrar" remembers it', () => {
    vi.useFakeTimers();
    setViewport(390, 844);
    const first = render(<OrientationModal />);
    act(() => vi.advanceTimersByTime(999));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Entendido' }));
    first.unmount();
    render(<OrientationModal />);
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('"No volver a mostrar" is kept beyond the session', () => {
    vi.useFakeTimers();
    setViewport(390, 844);
    render(<OrientationModal />);
    act(() => vi.advanceTimersByTime(1000));
    fireEvent.click(screen.getByRole('button', { name: 'No volver a mostrar' }));
    expect(localStorage.getItem(ORIENTATION_NEVER_KEY)).toBe('1');
  });
});
