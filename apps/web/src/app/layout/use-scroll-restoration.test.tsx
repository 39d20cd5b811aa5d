import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { useContainerScrollRestoration } from './use-scroll-restoration';

function Shell() {
  const ref = useRef<HTMLElement>(null);
  useContainerScrollRestoration(ref);
  return (
    <main ref={ref} data-testid="main" style={{ height: 300, overflowY: 'auto' }}>
      <Outlet />
    </main>
  );
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <Shell />,
        children: [
          {
            path: '/ministerio',
            element: (
              <div style={{ height: 5000 }}>
                <Link to="/ministerio/12">Ver detalle</Link>
              </div>
            ),
          },
          { path: '/ministerio/12', element: <h1 style={{ height: 5000 }}>Detalle</h1> },
        ],
      },
    ],
    { initialEntries: ['/ministerio'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function scrollTo(el: HTMLElement, top: number) {
  el.scrollTop = top;
  fireEvent.scroll(el);
}

describe('scroll per route in the app shell', () => {
  it('opens a detail at the top, and going back returns to where the list was left', async () => {
    const router = renderApp();
    const main = screen.getByTestId('main');
    scrollTo(main, 1800);
    expect(main.scrollTop).toBe(1800);

    fireEvent.click(screen.getByRole('link', { name: 'Ver detalle' }));
    expect(await screen.findByRole('heading', { name: 'Detalle' })).toBeTruthy();
    expect(main.scrollTop).toBe(0);

    scrollTo(main, 400);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('link', { name: 'Ver detalle' })).toBeTruthy();
    expect(main.scrollTop).toBe(1800);

    await act(() => router.navigate(1));
    expect(main.scrollTop).toBe(400);
  });
});
