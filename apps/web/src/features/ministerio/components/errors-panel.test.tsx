import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { reglaDe } from '@radica/contracts/reglas';
import { ErrorsPanel } from './errors-panel';

afterEach(() => vi.unstubAllGlobals());

function renderPanel(errores: unknown[], notificaciones: unknown[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(
          JSON.stringify({ success: true, data: { id: 9, formato: 'FE9', errores, notificaciones } }),
        ),
    ),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ErrorsPanel documentId={9} formato="FE9" onClose={() => {}} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('ErrorsPanel (seed 001 §2 "Error side panel")', () => {
  it('shows the format, the counts and each error with code, description, source and path', async () => {
    renderPanel(
      [
        {
          id: 1,
          clase: 'RECHAZADO',
          codigo: 'RVC019',
          descripcion: 'Valor distinto',
          observaciones: '',
          fuente: 'Rips',
          pathFuente: 'usuarios[0]',
        },
      ],
      [],
    );
    expect(await screen.findByText('RVC019')).toBeTruthy();
    expect(screen.getByText('FE9')).toBeTruthy();
    expect(screen.getByTestId('total-errores').textContent).toBe('1');
    expect(screen.getByTestId('total-notificaciones').textContent).toBe('0');
    expect(screen.getByText('Valor distinto')).toBeTruthy();
    // the ministry's 'Rips' is written «RIPS» as on every other screen
    expect(screen.getByText('Fuente: RIPS')).toBeTruthy();
    expect(screen.getByText('usuarios[0]')).toBeTruthy();
    expect(screen.getByText(MSG.hallazgosNoNotifications)).toBeTruthy();
  });

  it("folds the catalogue's meaning and fix under each finding, and nothing under an unknown code", async () => {
    renderPanel(
      [{ id: 1, clase: 'RECHAZADO', codigo: 'RVC004', descripcion: 'Factura distinta', observaciones: '', fuente: 'Rips', pathFuente: '' }],
      [{ id: 2, clase: 'NOTIFICACION', codigo: 'ZZZ999', descripcion: 'Algo nuevo', observaciones: '', fuente: 'Rips', pathFuente: '' }],
    );
    const regla = reglaDe('RVC004')!;
    expect(await screen.findByText(regla.comoCorregir)).toBeTruthy();
    expect(screen.getByText(regla.significado)).toBeTruthy();
    expect(screen.getAllByText('Cómo corregirlo')).toHaveLength(1);
  });

  it("uses the seed's empty texts", async () => {
    renderPanel([], []);
    expect(await screen.findByText(MSG.hallazgosNoErrors)).toBeTruthy();
    expect(screen.getByText(MSG.hallazgosNoNotifications)).toBeTruthy();
  });
});
