import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { toast } from 'sonner';
import { AppServices } from './app-services';

afterEach(() => {
  toast.dismiss();
  cleanup();
});

describe('toasts (they covered the user menu and "Nuevo Reporte")', () => {
  it('stack at the bottom right, above the floating chat button, away from the header and the page actions', async () => {
    render(
      <AppServices>
        <p>Página</p>
      </AppServices>,
    );
    act(() => {
      toast.success('Documento guardado exitosamente');
    });
    await screen.findByText('Documento guardado exitosamente');
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')!;
    expect(list.dataset.yPosition).toBe('bottom');
    expect(list.dataset.xPosition).toBe('right');
    // Above the 56 px chat button that sits 16-24 px from the bottom.
    expect(list.style.getPropertyValue('--offset-bottom')).toBe('96px');
    expect(list.style.getPropertyValue('--mobile-offset-bottom')).toBe('84px');
  });
});
