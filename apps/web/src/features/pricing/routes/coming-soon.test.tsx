import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { setTheme } from '../../../lib/theme';
import { COMING_SOON_TITLES } from '../titles';
import { ComingSoonRoute } from './coming-soon';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/pricing/:module', element: <ComingSoonRoute inApp={false} /> },
      { path: '/app/pricing/:module', element: <ComingSoonRoute inApp /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => setTheme('light'));

describe('coming-soon module pages (seed 002 §2)', () => {
  it('shows the title, the notice and the construction mascot, with the back header on the public page', () => {
    setTheme('light');
    renderAt('/pricing/ministerio');
    expect(screen.getByRole('heading', { level: 1, name: COMING_SOON_TITLES.ministerio })).toBeTruthy();
    expect(screen.getByText(MSG_CUENTAS.comingSoon)).toBeTruthy();
    expect(screen.getByText('Módulo Ministerio')).toBeTruthy();
    const mascot = screen.getByTestId('construction-mascot');
    expect(mascot.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: /Volver/ }).getAttribute('href')).toBe('/Inicio');
  });

  it('names the mascot in the dark theme and drops the back header inside the app', () => {
    setTheme('dark');
    renderAt('/app/pricing/ministerio');
    expect(screen.getByText('Radi, nuestro obrero digital')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Volver/ })).toBeNull();
    expect(screen.getByTestId('construction-mascot')).toBeTruthy();
  });

  it('titles every module', () => {
    renderAt('/pricing/automatizaciones');
    expect(screen.getByRole('heading', { level: 1, name: COMING_SOON_TITLES.automatizaciones })).toBeTruthy();
  });
});
