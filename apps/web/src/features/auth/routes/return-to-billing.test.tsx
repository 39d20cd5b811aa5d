import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { clearSession, getSession } from '../../../lib/session';
import { resetTimings } from '../../../lib/timings';
import { LoginRoute } from './login';
import { RegisterRoute } from './register';

/** The purchase sends guests to /auth/login or /auth/register with ?return=/billing/info (seed 002 §2 "Cart"). */

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderAt(entry: { pathname: string; search: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/auth/login', element: <LoginRoute /> },
      { path: '/auth/register', element: <RegisterRoute /> },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [entry] },
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  resetTimings();
  sessionStorage.clear();
  clearSession();
});

describe('return to the purchase after signing in or registering', () => {
  it('login with return=/billing/info lands on /billing/info', async () => {
    resetTimings({ loginMinWaitMs: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/Auth/login'
          ? json({
              success: true,
              data: {
                user: {
                  id: 1,
                  name: 'Ana Gómez',
                  email: 'ana@ips.co',
                  tenant: { validator: 'v1', database: 'd' },
                  authType: 'manual',
                },
                tenant: { validator: 'v1', database: 'd' },
                authType: 'manual',
                accessToken: 'tok',
                refreshToken: '',
                accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString(),
                refreshTokenExpiry: new Date(Date.now() + 86_400_000).toISOString(),
                tokenType: 'Bearer',
              },
            })
          : json({ success: true, data: { googleClientId: null } }),
      ),
    );
    renderAt({ pathname: '/auth/login', search: '?return=/billing/info' });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'ana@ips.co' } });
    fireEvent.change(screen.getByLabelText('Contraseña'), { target: { value: 'Clave123' } });
    const submit = screen.getByRole('button', { name: 'Iniciar sesión' }) as HTMLButtonElement;
    await vi.waitFor(() => expect(submit.disabled).toBe(false));
    fireEvent.click(submit);
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/info');
    expect(getSession().status).toBe('authenticated');
  });

  it("the registration wizard's last step reads 'Continuar al pago' and goes to /billing/info", async () => {
    resetTimings({ creatingStepMs: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/Auth/registration'
          ? json({ success: true, message: 'Registro exitoso', data: {} })
          : json({ success: true, data: { googleClientId: null } }),
      ),
    );
    renderAt({
      pathname: '/auth/register',
      search: '?return=/billing/info',
      state: {
        google: {
          token: 'e30.e30.sig',
          profile: {
            email: 'ana@ips.co',
            name: 'Ana Gómez',
            given_name: 'Ana',
            family_name: 'Gómez',
            picture: '',
          },
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Número de identificación'), {
      target: { value: '900373115' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Continuar al pago' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/billing/info');
  });

  it('without a billing return the last step offers the login instead', async () => {
    resetTimings({ creatingStepMs: 0 });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ success: true, data: { googleClientId: null } })),
    );
    renderAt({
      pathname: '/auth/register',
      search: '?return=//evil.example/billing',
      state: {
        google: {
          token: 'e30.e30.sig',
          profile: {
            email: 'ana@ips.co',
            name: 'Ana Gómez',
            given_name: 'Ana',
            family_name: 'Gómez',
            picture: '',
          },
        },
      },
    });
    fireEvent.change(await screen.findByLabelText('Número de identificación'), {
      target: { value: '900373115' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Crear cuenta' }));
    expect(await screen.findByRole('button', { name: 'Ir al login' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continuar al pago' })).toBeNull();
  });
});
