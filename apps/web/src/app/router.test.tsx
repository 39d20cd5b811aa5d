import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { clearSession } from '../lib/session';
import { routes } from './router';

/** Every route object in the table, depth first. */
function flatten(list: RouteObject[]): RouteObject[] {
  return list.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('route table (route-level code splitting, bench/sales-page.ts)', () => {
  it('renders the sales page at / and loads every other screen, guard and layout on demand', () => {
    const [root, ...others] = routes;
    expect(others).toHaveLength(0);
    const eager = flatten(root!.children ?? []).filter((route) => !route.lazy);
    expect(eager.map((route) => route.path)).toEqual(['/', '/login']);
  });

  it('shows the sales page at /', async () => {
    clearSession();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />);
    expect(await screen.findByRole('heading', { level: 1, name: /Radica tus facturas y RIPS/ })).toBeTruthy();
  });

  it('loads a public screen with the app services around it', async () => {
    clearSession();
    render(<RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/terms'] })} />);
    expect(await screen.findByText('Términos y condiciones')).toBeTruthy();
    expect(await screen.findByRole('region', { name: /^Notificaciones/ })).toBeTruthy();
  });
});
