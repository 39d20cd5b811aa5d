import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { LoginRoute, readNavMessage } from './login';

afterEach(() => vi.unstubAllGlobals());

describe('login navigation message (seed 000 §2)', () => {
  it('reads a text or an object with a title', () => {
    expect(readNavMessage({ message: 'Hola' })).toBe('Hola');
    expect(readNavMessage({ message: { title: 'T', message: 'M', fromPayment: true } })).toEqual({
      title: 'T',
      message: 'M',
      fromPayment: true,
    });
    expect(readNavMessage({ message: { message: 'sin título' } })).toBeNull();
    expect(readNavMessage(null)).toBeNull();
  });

  it("shows the success modal with the payment notice and 'Continuar al Login'", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: { googleClientId: null } }))),
    );
    const router = createMemoryRouter([{ path: '/auth/login', element: <LoginRoute /> }], {
      initialEntries: [
        {
          pathname: '/auth/login',
          state: { message: { title: '¡Registro exitoso!', message: 'Cuenta creada', fromPayment: true } },
        },
      ],
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('¡Registro exitoso!');
    expect(dialog.textContent).toContain('Después de iniciar sesión podrás completar el pago de tu plan.');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar al Login' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('link', { name: 'No puedes acceder a tu cuenta' }).getAttribute('href')).toBe(
      '/auth/account-recovery',
    );
  });
});
