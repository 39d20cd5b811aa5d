import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import type { TRol, TUsuariosData } from '@radica/contracts/usuarios';
import { clearSession, setAuthenticated } from '../../../lib/session';
import { SettingsRoute } from '../routes/settings';

/**
 * in the web: Configuración shows the administrators' tabs to administrators only (a Facturador sees General,
 * and a hand-typed ?tab=usuarios says why), and the Usuarios tab lists users and invitations, invites, and asks before
 * lowering a role. HTTP is a stubbed fetch.
 */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let calls: Array<{ url: string; method: string; body: unknown }> = [];
let data: TUsuariosData;

function stub(rol: TRol) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = { url, method: init?.method ?? 'GET', body: init?.body ? JSON.parse(String(init.body)) : undefined };
      calls.push(call);
      if (url === '/api/usuarios/yo')
        return json(200, { success: true, data: { id: 1, nombre: 'Ana', email: 'ana@ips.co', rol, plan: 'business', whatsapp: { numero: null, pendiente: null } } });
      if (url === '/api/Auth/tercero-fevrips') return json(200, { success: true, data: { configurado: false, tercero: null } });
      if (url === '/api/usuarios' && call.method === 'GET') return json(200, { success: true, data });
      if (url === '/api/usuarios/invitaciones' && call.method === 'POST') {
        const body = call.body as { email: string; rol: TRol };
        const inv = { id: 9, email: body.email, rol: body.rol, creadaEn: '2026-11-26T10:00:00Z', expiraEn: '2026-12-03T10:00:00Z', invitadoPor: 'Ana', estado: 'pendiente' as const };
        data = { ...data, invitaciones: [...data.invitaciones, inv], puestos: { ...data.puestos, usados: data.puestos.usados + 1 } };
        return json(200, { success: true, data: inv, message: MSG_USUARIOS.invitacionEnviada(body.email) });
      }
      const patch = /^\/api\/usuarios\/(\d+)$/.exec(url);
      if (patch && call.method === 'PATCH') {
        const rolNuevo = (call.body as { rol: TRol }).rol;
        data = { ...data, usuarios: data.usuarios.map((u) => (u.id === Number(patch[1]) ? { ...u, rol: rolNuevo } : u)) };
        return json(200, { success: true, data: { usuario: data.usuarios.find((u) => u.id === Number(patch[1])), clavesSuspendidas: 0 }, message: 'ok' });
      }
      return json(404, { success: false, message: 'no stub' });
    }),
  );
}

function renderSettings(path: string) {
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsRoute /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  data = {
    usuarios: [
      { id: 1, nombre: 'Ana', email: 'ana@ips.co', rol: 'administrador', authType: 'manual', ultimoIngreso: '2026-11-26T09:00:00Z', creadoEn: '2026-01-01T00:00:00Z', esYo: true },
      { id: 2, nombre: 'Fabio', email: 'fabio@ips.co', rol: 'facturador', authType: 'manual', ultimoIngreso: null, creadoEn: '2026-02-01T00:00:00Z', esYo: false },
    ],
    invitaciones: [],
    puestos: { usados: 2, total: 10, plan: 'business' },
  };
  setAuthenticated(
    { id: 1, name: 'Ana', email: 'ana@ips.co', tenant: { validator: 'V1', database: 'd1' }, authType: 'manual' },
    { accessToken: 't', accessTokenExpiry: new Date(Date.now() + 3_600_000).toISOString() },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('Configuración by role', () => {
  it('a Facturador sees only General, and ?tab=usuarios says it is for administrators without asking for the users', async () => {
    stub('facturador');
    renderSettings('/settings?tab=usuarios');
    await screen.findByText(MSG_USUARIOS.soloAdministradores);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General']);
    expect(calls.some((c) => c.url === '/api/usuarios')).toBe(false);
  });

  it('an administrator lists users with their roles and seats, and invites by e-mail with a role', async () => {
    stub('administrador');
    renderSettings('/settings?tab=usuarios');
    await screen.findByText(MSG_USUARIOS.puestos(2, 10));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['General', 'Ministerio', 'Integraciones', 'Canales', 'Usuarios', 'Mi plan']);
    expect((screen.getByLabelText(MSG_USUARIOS.rolDe('Fabio')) as HTMLSelectElement).value).toBe('facturador');
    expect(screen.getByText(MSG_USUARIOS.nuncaIngreso)).toBeTruthy();
    // The last sign-in is written like every other page's instants ('26/11/2026, 04:00', Bogotá), not '26/11/26, 4:00'.
    expect(screen.getByText('26/11/2026, 04:00')).toBeTruthy();
    // Nobody removes themselves: only Fabio's row offers it.
    expect(screen.getAllByRole('button', { name: /Eliminar usuario/ }).map((b) => b.getAttribute('aria-label'))).toEqual([`${MSG_USUARIOS.eliminarUsuario} Fabio`]);

    fireEvent.change(screen.getByLabelText(MSG_USUARIOS.campoEmailInvitado), { target: { value: 'nueva@ips.co' } });
    fireEvent.change(screen.getByLabelText(MSG_USUARIOS.campoRol, { selector: '#invitar-rol' }), { target: { value: 'consulta' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_USUARIOS.invitar }));
    await screen.findByText('nueva@ips.co');
    expect(calls.find((c) => c.url === '/api/usuarios/invitaciones')?.body).toEqual({ email: 'nueva@ips.co', rol: 'consulta' });
    await screen.findByText(MSG_USUARIOS.puestos(3, 10));
  });

  it('lowering a role asks first (it ends the sessions); raising one does not', async () => {
    stub('administrador');
    renderSettings('/settings?tab=usuarios');
    const select = (await screen.findByLabelText(MSG_USUARIOS.rolDe('Fabio'))) as HTMLSelectElement;
    fireEvent.change(select, { target: { value: 'consulta' } });
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain(MSG_USUARIOS.bajarRolExplicacion('Fabio', 'Consulta'));
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_USUARIOS.confirmarCambio }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ rol: 'consulta' }));

    fireEvent.change(await screen.findByLabelText(MSG_USUARIOS.rolDe('Fabio')), { target: { value: 'administrador' } });
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ rol: 'consulta' }, { rol: 'administrador' }]));
  });
});
