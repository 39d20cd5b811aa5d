import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AccountRecoveryRoute } from './account-recovery';

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter([{ path: '/auth/account-recovery', element: <AccountRecoveryRoute /> }], {
    initialEntries: ['/auth/account-recovery'],
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('/auth/account-recovery', () => {
  it('names the Google button only when Google sign-in is configured', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: true, data: { googleClientId: null } })));
    renderPage();
    await screen.findByText(/te enviamos un código a tu email/);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByText(/botón de Google/)).toBeNull();
  });

  it('keeps the Google hint when Google sign-in is on', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json({ success: true, data: { googleClientId: 'abc.apps.googleusercontent.com' } })));
    renderPage();
    expect(await screen.findByText(/botón de Google/)).toBeTruthy();
  });
});
