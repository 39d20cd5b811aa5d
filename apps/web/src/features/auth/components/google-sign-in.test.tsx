import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GoogleSignIn } from './google-sign-in';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderButton(onResult = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <GoogleSignIn onResult={onResult} />
    </QueryClientProvider>,
  );
  return onResult;
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('GoogleSignIn (seed 000 §2, §7, §8)', () => {
  it('renders nothing and loads no script when the server has no client id', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, data: { googleClientId: null } }));
    vi.stubGlobal('fetch', fetchMock);
    renderButton();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('google-sign-in')).toBeNull();
    expect(document.querySelector('script[src*="accounts.google.com"]')).toBeNull();
  });

  it('initialises GIS with the client id and hands a not-registered identity to the completion form', async () => {
    let callback: ((r: { credential?: string }) => void) | undefined;
    const initialize = vi.fn((config: { client_id: string; callback: typeof callback }) => {
      callback = config.callback;
    });
    window.google = { accounts: { id: { initialize, renderButton: vi.fn() } } };
    const profile = {
      email: 'ana@gmail.com',
      name: 'Ana Gómez',
      given_name: 'Ana',
      family_name: 'Gómez',
      picture: '',
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/info'
          ? json(200, { success: true, data: { googleClientId: 'cliente-123' } })
          : json(404, { success: false, code: 'GOOGLE_NOT_REGISTERED', message: 'x', data: profile }),
      ),
    );
    const onResult = renderButton();
    await waitFor(() => expect(initialize).toHaveBeenCalled());
    expect(initialize.mock.calls[0]?.[0].client_id).toBe('cliente-123');
    callback?.({ credential: 'tok.en.jwt' });
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({ kind: 'not-registered', profile }, 'tok.en.jwt'),
    );
  });

  it("shows 'Error en autenticación con Google' with 'Reintentar' when Google gives no credential", async () => {
    let callback: ((r: { credential?: string }) => void) | undefined;
    window.google = {
      accounts: {
        id: {
          initialize: (config: { callback: typeof callback }) => {
            callback = config.callback;
          },
          renderButton: vi.fn(),
        },
      },
    } as never;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true, data: { googleClientId: 'c' } })),
    );
    renderButton();
    await waitFor(() => expect(callback).toBeDefined());
    callback?.({});
    expect(await screen.findByText('Error en autenticación con Google')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
