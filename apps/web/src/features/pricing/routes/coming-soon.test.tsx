import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_MODULOS } from '@radica/contracts/messages-modulos';
import { setTheme } from '../../../lib/theme';
import { COMING_SOON_TITLES } from '../titles';
import { ComingSoonRoute } from './coming-soon';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** /api/payment/config as the server answers it, with a price that differs from the constant to prove where it comes from. */
const CONFIG = {
  success: true,
  data: {
    baseUrl: '/_sim/wompi/v1',
    publicKey: 'pub_test',
    environment: 'simulator',
    plan: { id: 'profesional', name: 'Profesional', yearlyPrice: 412_345 },
  },
};

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/pricing/:module', element: <ComingSoonRoute inApp={false} /> },
      { path: '/app/pricing/:module', element: <ComingSoonRoute inApp /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  setTheme('light');
  vi.unstubAllGlobals();
});

describe('coming-soon module pages (seed 002 §2)', () => {
  it('shows the title, the notice and the construction mascot, with the back header on the public page', () => {
    setTheme('light');
    renderAt('/pricing/facturacion');
    expect(screen.getByRole('heading', { level: 1, name: COMING_SOON_TITLES.facturacion })).toBeTruthy();
    expect(screen.getByText(MSG_CUENTAS.comingSoon)).toBeTruthy();
    const mascot = screen.getByTestId('construction-mascot');
    expect(mascot.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: /Volver/ }).getAttribute('href')).toBe('/Inicio');
    expect(screen.queryByRole('link', { name: /Comprar/ })).toBeNull();
  });

  it('drops the back header inside the app', () => {
    renderAt('/app/pricing/marketing');
    expect(screen.queryByRole('link', { name: /Volver/ })).toBeNull();
    expect(screen.getByTestId('construction-mascot')).toBeTruthy();
    expect(screen.getByText(MSG_CUENTAS.comingSoon)).toBeTruthy();
  });

  it('titles every module', () => {
    renderAt('/pricing/automatizaciones');
    expect(screen.getByRole('heading', { level: 1, name: COMING_SOON_TITLES.automatizaciones })).toBeTruthy();
  });
});

describe('the pricing page of a module on sale', () => {
  it.each(['/app/pricing/ministerio', '/pricing/ministerio'])(
    '%s: what it does, the plan with the server price and Comprar into the cart; no coming-soon notice',
    async (path) => {
      const fetchMock = vi.fn(async (url: string) => (String(url).includes('/api/payment/config') ? json(200, CONFIG) : json(404, {})));
      vi.stubGlobal('fetch', fetchMock);
      renderAt(path);
      expect(screen.getByRole('heading', { level: 1, name: COMING_SOON_TITLES.ministerio })).toBeTruthy();
      expect(screen.getByText(MSG_MODULOS.ministerioQueHace)).toBeTruthy();
      expect(screen.getByText(MSG_MODULOS.ministerioRips)).toBeTruthy();
      expect(screen.getByRole('heading', { name: 'Plan Profesional' })).toBeTruthy();
      expect((await screen.findByTestId('precio-plan')).textContent).toMatch(/412\.345/);
      const buy = screen.getByRole('link', { name: /Comprar/ });
      expect(buy.textContent).toContain('Comprar');
      expect(buy.getAttribute('href')).toBe(`/billing/cart?plan=profesional&returnUrl=${encodeURIComponent(path)}`);
      expect(screen.queryByText(MSG_CUENTAS.comingSoon)).toBeNull();
      expect(screen.queryByTestId('construction-mascot')).toBeNull();
    },
  );

  it('keeps Comprar when the price cannot be read, saying the cart will show it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(503, { success: false, message: 'x' })));
    renderAt('/app/pricing/ministerio');
    expect(await screen.findByText(MSG_MODULOS.precioNoDisponible)).toBeTruthy();
    expect(screen.getByRole('link', { name: /Comprar/ })).toBeTruthy();
  });
});
