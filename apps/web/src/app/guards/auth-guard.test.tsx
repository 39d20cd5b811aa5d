import { afterEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { clearSession } from '../../lib/session';
import { AuthGuard } from './auth-guard';

/** After a session ended, the guard sends the user to the login with why: the server's reason when it gave one. */
function LoginProbe() {
  const state = useLocation().state as { message?: string } | null;
  return <p data-testid="login-message">{state?.message ?? ''}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { element: <AuthGuard />, children: [{ path: '/ministerio', element: <p>ministerio</p> }] },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

afterEach(() => clearSession());

describe('AuthGuard after a session ended', () => {
  it("says why when the server said it (a lowered role), instead of only 'Sesión expirada'", async () => {
    clearSession('expired', MSG_USUARIOS.sesionRolCambiado('Consulta'));
    renderAt('/ministerio');
    expect((await screen.findByTestId('login-message')).textContent).toBe(MSG_USUARIOS.sesionRolCambiado('Consulta'));
  });

  it('keeps the usual notice of an expired session otherwise', async () => {
    clearSession('expired');
    renderAt('/ministerio');
    expect((await screen.findByTestId('login-message')).textContent).toBe(MSG_CUENTAS.sessionExpiredLogin);
  });
});
