import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import type { TRol } from '@radica/contracts/usuarios';
import { clearSession, setAuthenticated } from '../../../lib/session';
import { HomeRoute } from './home';

/** /Inicio offers a card per module the user works in, and the provider configuration only to administrators. */
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function renderAs(rol: TRol) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/usuarios/yo'
        ? json({ success: true, data: { id: 1, nombre: 'Ana', email: 'ana@ips.co', rol, plan: 'business', whatsapp: { numero: null, pendiente: null } } })
        : json({ success: false, message: 'no stub' }),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <HomeRoute />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cards = () => within(screen.getByTestId('home-cards')).getAllByRole('link').map((a) => [a.getAttribute('href'), a.querySelector('p')?.textContent]);

beforeEach(() => {
  setAuthenticated(
    { id: 1, name: 'Ana Gómez', email: 'ana@ips.co', tenant: { validator: 'V1', database: 'd1' }, authType: 'manual' },
    { accessToken: 't', accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString() },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('/Inicio by role', () => {
  it('an administrator gets the ministry reports, the RIPS module and the provider configuration', async () => {
    renderAs('administrador');
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(cards()).toEqual([
      ['/ministerio', MSG.homeMinisterioTitulo],
      ['/listado-rips', MSG.homeRipsTitulo],
      ['/settings?tab=ministerio', MSG.homePrestadorTitulo],
    ]);
    expect(screen.getByText(`${MSG.uiWelcome}, Ana Gómez`)).toBeTruthy();
  });

  it.each(['facturador', 'consulta'] as const)('a %s gets the ministry reports and the RIPS module, never the provider configuration', async (rol) => {
    renderAs(rol);
    await screen.findByText(rol === 'consulta' ? MSG.homeRipsTextoLectura : MSG.homeRipsTexto);
    expect(cards()).toEqual([
      ['/ministerio', MSG.homeMinisterioTitulo],
      ['/listado-rips', MSG.homeRipsTitulo],
    ]);
    expect(screen.queryByText(MSG.homePrestadorTitulo)).toBeNull();
  });
});
