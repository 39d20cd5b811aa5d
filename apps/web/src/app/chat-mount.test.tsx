import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router';
import { CHAT_SESSION_COOKIE } from '@radica/contracts/chat';
import { MSG_CHAT } from '@radica/contracts/messages-chat';
import { ChatLauncher } from '../features/chat/components/chat-launcher';
import { QueryClientProvider } from '@tanstack/react-query';
import { getAppQueryClient } from '../lib/query-client';
import { clearSession, setAuthenticated } from '../lib/session';
import { ProfileMenu } from './layout/profile-menu';
import { CHAT_HANDLE, RootLayout } from './root-layout';
import { routes } from './router';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stubChat() {
  let count = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/chat')
        return json(200, {
          success: true,
          data: { output: `Respuesta ${++count}`, articulos: [], fuente: 'asistente' },
        });
      return json(200, { success: true, data: { ministerio: true, productosDetalle: [] } });
    }),
  );
}

function flatten(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  getAppQueryClient().clear();
  document.cookie = `${CHAT_SESSION_COOKIE}=; Max-Age=0; Path=/`;
});

describe('the floating chat in the app (seed 001 §2 "Chat assistants")', () => {
  it('is on the sales page, the public coming-soon pages, the CUV lookup, the legal pages and the whole authenticated shell', () => {
    const withChat = flatten(routes).filter((route) => route.handle === CHAT_HANDLE);
    expect(withChat.map((route) => route.path ?? route.children?.map((c) => c.path)[0])).toEqual([
      '/',
      '/pricing/:module',
      '/consultar-cuv',
      '/terms',
      '/privacy',
      '/Inicio',
    ]);
  });

  it('keeps the conversation while the user moves between pages, and hides on pages without it', async () => {
    clearSession();
    stubChat();
    const router = createMemoryRouter(
      [
        {
          element: <RootLayout />,
          children: [
            { path: '/', element: <Link to="/pricing/ministerio">A precios</Link>, handle: CHAT_HANDLE },
            {
              path: '/pricing/:module',
              element: <Link to="/billing/cart">Al carrito</Link>,
              handle: CHAT_HANDLE,
            },
            { path: '/billing/cart', element: <Link to="/">Al inicio</Link> },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: MSG_CHAT.chatOpen }));
    const dialog = await screen.findByRole('dialog', { name: MSG_CHAT.chatSalesTitle });
    const input = within(dialog).getByRole('textbox', { name: MSG_CHAT.chatInputLabel });
    fireEvent.change(input, { target: { value: 'Hola' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await within(dialog).findByText('Respuesta 1');

    fireEvent.click(screen.getByRole('link', { name: 'A precios' }));
    await screen.findByRole('link', { name: 'Al carrito' });
    expect(
      within(screen.getByRole('dialog', { name: MSG_CHAT.chatSalesTitle })).getByText('Respuesta 1'),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Al carrito' }));
    await screen.findByRole('link', { name: 'Al inicio' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: MSG_CHAT.chatOpen })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Al inicio' }));
    await screen.findByRole('link', { name: 'A precios' });
    const again = await screen.findByRole('dialog', { name: MSG_CHAT.chatSalesTitle });
    expect(within(again).getByText('Hola')).toBeTruthy();
    expect(within(again).getByText('Respuesta 1')).toBeTruthy();
  });

  it("opens the technical assistant from the profile menu's 'Soporte'", async () => {
    setAuthenticated(
      {
        id: 5,
        name: 'IPS Menú',
        email: 'menu@ips.co',
        tenant: { validator: 'V5', database: 'd5' },
        authType: 'manual',
      },
      { accessToken: 't', accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString() },
    );
    stubChat();
    const router = createMemoryRouter(
      [
        {
          path: '*',
          element: (
            <QueryClientProvider client={getAppQueryClient()}>
              <ProfileMenu onLogout={vi.fn()} />
              <ChatLauncher isVisible />
            </QueryClientProvider>
          ),
        },
      ],
      { initialEntries: ['/Inicio'] },
    );
    render(<RouterProvider router={router} />);
    fireEvent.click(screen.getByRole('button', { name: /Menú de usuario/ }));
    const soporte = screen.getByRole('menuitem', { name: 'Soporte' });
    expect(soporte.getAttribute('href')).toMatch(/^mailto:/); // still the link when no chat answers
    expect(fireEvent.click(soporte)).toBe(false);
    const dialog = await screen.findByRole('dialog', { name: MSG_CHAT.chatTechnicalTitle });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole('textbox')));
  });
});
