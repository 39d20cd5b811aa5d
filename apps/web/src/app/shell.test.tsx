import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_MODULOS } from '@radica/contracts/messages-modulos';
import { clearSession, setAuthenticated } from '../lib/session';
import { ModuleGuard } from './guards/module-guard';
import { Sidebar } from './layout/sidebar';

const USER = {
  id: 9,
  name: 'IPS Shell',
  email: 'shell@ips.co',
  tenant: { validator: 'VAL-9', database: 'db_9' },
  authType: 'manual' as const,
};
const later = () => new Date(Date.now() + 3_600_000).toISOString();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubProducts(answer: () => Response | Promise<Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
}

function renderAt(path: string, isCollapsed = false) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <Sidebar
              isCollapsed={isCollapsed}
              isMobileOpen={false}
              onToggleCollapsed={vi.fn()}
              onCloseMobile={vi.fn()}
              onLogout={vi.fn()}
            />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <ModuleGuard module="ministerio" />,
        children: [
          { path: '/ministerio', element: <p>Reportes</p> },
          { path: '/listado-rips', element: <p>Listado RIPS</p> },
        ],
      },
      { path: '/app/pricing/:module', element: <p>Precios</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

beforeEach(() => setAuthenticated(USER, { accessToken: 't', accessTokenExpiry: later() }));
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('sidebar (seed 000 §2 "App shell")', () => {
  it('links every module while products load', () => {
    stubProducts(() => new Promise<Response>(() => {}));
    renderAt('/Inicio');
    expect(screen.getByRole('link', { name: 'Ministerio' }).getAttribute('href')).toBe('/ministerio');
    expect(screen.getByRole('link', { name: 'Marketing' }).getAttribute('href')).toBe('/marketing');
    expect(screen.queryByText('Próximamente disponible')).toBeNull();
  });

  it("shows the star + 'Próximamente disponible' and /app/pricing links for modules not purchased", async () => {
    stubProducts(() => json(200, { success: true, data: { ministerio: true, productosDetalle: [] } }));
    renderAt('/Inicio');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: /Marketing/ }).getAttribute('href')).toBe(
        '/app/pricing/marketing',
      ),
    );
    expect(screen.getByRole('link', { name: 'Ministerio' }).getAttribute('href')).toBe('/ministerio');
    expect(screen.getByRole('link', { name: /Facturación/ }).getAttribute('href')).toBe(
      '/app/pricing/facturacion',
    );
    expect(screen.getByRole('link', { name: /Automatizaciones/ }).getAttribute('href')).toBe(
      '/app/pricing/automatizaciones',
    );
    expect(screen.getAllByText('Próximamente disponible')).toHaveLength(3);
    // the RIPS group belongs to the Ministerio product, purchased here: it expands
    expect(screen.getByRole('button', { name: 'RIPS' })).toBeTruthy();
  });

  it('says where to buy the modules on sale (Ministerio and its RIPS group) and keeps the notice for the rest', async () => {
    stubProducts(() => json(200, { success: true, data: { productosDetalle: [] } }));
    renderAt('/Inicio');
    const ministerio = await waitFor(() => {
      const l = screen.getByRole('link', { name: /Ministerio/ });
      expect(l.getAttribute('href')).toBe('/app/pricing/ministerio');
      return l;
    });
    expect(ministerio.textContent).toContain(MSG_MODULOS.enVentaTooltip);
    expect(ministerio.textContent).not.toContain('Próximamente disponible');
    const rips = screen.getByRole('link', { name: /RIPS/ });
    expect(rips.getAttribute('href')).toBe('/app/pricing/ministerio');
    expect(rips.textContent).toContain(MSG_MODULOS.enVentaTooltip);
    for (const name of [/Marketing/, /Facturación/, /Automatizaciones/])
      expect(screen.getByRole('link', { name }).textContent).toContain('Próximamente disponible');
    expect(ministerio.querySelector('[data-badge]')?.getAttribute('data-badge')).toBe('en-venta');
    expect(screen.getByRole('link', { name: /Marketing/ }).querySelector('[data-badge]')?.getAttribute('data-badge')).toBe('proximamente');
    fireEvent.mouseEnter(ministerio);
    expect(screen.getByTestId('upgrade-tooltip').textContent).toBe(MSG_MODULOS.enVentaTooltip);
  });

  it.each([
    ['collapsed', true],
    ['expanded', false],
  ])(
    "%s: the 'Próximamente disponible' tooltip is drawn outside the scrolling menu, beside the link",
    async (_, isCollapsed) => {
      stubProducts(() => json(200, { success: true, data: { ministerio: true, productosDetalle: [] } }));
      renderAt('/Inicio', isCollapsed);
      const link = await waitFor(() => {
        const l = screen.getByRole('link', { name: /Marketing/ });
        expect(l.getAttribute('href')).toBe('/app/pricing/marketing');
        return l;
      });
      link.getBoundingClientRect = () =>
        DOMRect.fromRect({ x: 12, y: 300, width: isCollapsed ? 46 : 236, height: 44 });
      expect(screen.queryByTestId('upgrade-tooltip')).toBeNull();

      fireEvent.mouseEnter(link);
      const tip = screen.getByTestId('upgrade-tooltip');
      expect(tip.textContent).toBe('Próximamente disponible');
      expect(tip.closest('nav')).toBeNull();
      expect(tip.closest('aside')).toBeNull();
      expect(tip.parentElement).toBe(document.body);
      expect(tip.className).toMatch(/\bfixed\b/);
      expect(tip.style.left).toBe(`${12 + (isCollapsed ? 46 : 236) + 8}px`);
      expect(tip.style.top).toBe(`${300 + 22}px`);

      fireEvent.mouseLeave(link);
      expect(screen.queryByTestId('upgrade-tooltip')).toBeNull();
      fireEvent.focus(link);
      expect(screen.getByTestId('upgrade-tooltip')).toBeTruthy();
      fireEvent.keyDown(link, { key: 'Escape' });
      expect(screen.queryByTestId('upgrade-tooltip')).toBeNull();
    },
  );
});

describe('module guard (seed 000 §2, seed 002 §4)', () => {
  it("waits with 'Verificando productos disponibles...' then lets an owner in", async () => {
    let release: (r: Response) => void = () => {};
    stubProducts(() => new Promise<Response>((r) => (release = r)));
    renderGuarded('/ministerio');
    expect(await screen.findByText('Verificando productos disponibles...')).toBeTruthy();
    release(json(200, { success: true, data: { ministerio: true } }));
    expect(await screen.findByText('Reportes')).toBeTruthy();
  });

  it('replaces the page with /app/pricing/ministerio without the product', async () => {
    stubProducts(() => json(200, { success: true, data: { ministerio: false } }));
    const router = renderGuarded('/ministerio');
    expect(await screen.findByText('Precios')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/pricing/ministerio');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('sends the RIPS pages to the Ministerio pricing page without the product', async () => {
    stubProducts(() => json(200, { success: true, data: { ministerio: false } }));
    const router = renderGuarded('/listado-rips');
    expect(await screen.findByText('Precios')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/pricing/ministerio');
  });

  it('allows the RIPS pages when the products call fails, as ministerio paths', async () => {
    stubProducts(() => json(500, {}));
    renderGuarded('/listado-rips');
    expect(await screen.findByText('Listado RIPS')).toBeTruthy();
  });

  it('allows the area in the path when the products call fails', async () => {
    stubProducts(() => json(500, {}));
    renderGuarded('/ministerio');
    expect(await screen.findByText('Reportes')).toBeTruthy();
  });
});
