import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { TProviderConfig } from '@radica/contracts/provider';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import { resetTimings } from '../../../lib/timings';
import { ChangePasswordModal } from './change-password-modal';
import { AccountCard } from './account-card';
import { TerceroCard } from './tercero-card';

const TERCERO: TProviderConfig['tercero'] = {
  id: 1,
  nombre: 'IPS Sur',
  razonSocial: 'IPS Sur S.A.S.',
  tipoIdentidad: 'NI',
  numeroIdentificacion: '900373115',
  codPais: 'CO',
  codDepartamento: '68',
  codCiudad: '001',
  dv: '3',
  direccion: 'Calle 1',
  telefono: '3001234567',
  email: 'sur@ips.co',
  observaciones: '',
  activo: true,
  fechaCreacion: '2026-01-02T10:00:00Z',
};
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrap = (node: React.ReactNode) =>
  render(<QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetTimings();
});

describe('General tab: tercero edit (seed 000 §2, §4 "Settings")', () => {
  it("asks 'Confirmar cambios importantes' and sends PUT /api/Auth/actualizar-tercero", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      json(200, { success: true, message: 'Información general actualizada exitosamente' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    wrap(<TerceroCard tercero={TERCERO} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar información general' }));
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '3109998877' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Confirmar cambios importantes');
    for (const item of [
      'Todos los productos contratados',
      'Reportes al Ministerio',
      'Facturación y configuración',
      'Integraciones externas',
    ])
      expect(dialog.textContent).toContain(item);
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/Auth/actualizar-tercero');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      telefono: '3109998877',
      dv: '3',
      codCiudad: '001',
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Guardar cambios' })).toBeNull());
  });

  it('Cancelar reverts to the loaded values', async () => {
    wrap(<TerceroCard tercero={TERCERO} />);
    fireEvent.click(screen.getByRole('button', { name: 'Editar información general' }));
    fireEvent.change(screen.getByLabelText('Teléfono'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Editar información general' }));
    expect((screen.getByLabelText('Teléfono') as HTMLInputElement).value).toBe('3001234567');
  });
});

describe('General tab: what the cards show', () => {
  it("names the city instead of 'municipio 001' and shows the saved Observaciones", () => {
    wrap(
      <TerceroCard
        tercero={{ ...TERCERO, nombreCiudad: 'BUCARAMANGA', observaciones: 'Sede principal, segundo piso' }}
      />,
    );
    const card = screen.getByRole('region', { name: /Información/ });
    expect(card.textContent).toContain('BUCARAMANGA, Santander, Colombia');
    expect(card.textContent).not.toMatch(/municipio 001/i);
    expect(screen.getByText('Observaciones')).toBeTruthy();
    expect(screen.getByText('Sede principal, segundo piso')).toBeTruthy();
  });

  it('labels the tenant validator as the account code, apart from the ministry Usuario Validador', () => {
    wrap(
      <AccountCard
        user={{
          id: 1,
          name: 'IPS Sur',
          email: 'sur@ips.co',
          tenant: { validator: 'VAL-900373115', database: 'db_1' },
          authType: 'manual',
        }}
        fechaCreacion="2026-01-02T10:00:00Z"
      />,
    );
    expect(screen.queryByText('Validador')).toBeNull();
    const term = screen.getByText('Código de cuenta');
    const value = term.nextElementSibling!;
    expect(value.textContent).toContain('VAL-900373115');
    expect(value.textContent).toContain('No es el Usuario Validador del Ministerio');
  });

  it("names the sign-in method as the profile does ('Email/Contraseña', never 'Manual') and writes the date like every page", () => {
    wrap(
      <AccountCard
        user={{ id: 1, name: 'IPS Sur', email: 'sur@ips.co', tenant: { validator: 'VAL-1', database: 'db_1' }, authType: 'manual' }}
        fechaCreacion="2026-01-02T10:00:00Z"
      />,
    );
    expect(screen.getByText('Tipo de autenticación').nextElementSibling!.textContent).toBe(MSG_CUENTAS.authTypeManual);
    expect(MSG_CUENTAS.authTypeManual).toBe('Email/Contraseña');
    expect(screen.queryByText('Manual')).toBeNull();
    expect(screen.getByText('Fecha de registro').nextElementSibling!.textContent).toBe('02/01/2026');
  });
});

describe('Cambiar Contraseña modal (seed 000 §4, §5)', () => {
  it('requests the code, verifies with the new password and closes 2 s after success', async () => {
    resetTimings({ changePasswordCloseMs: 50 });
    const fetchMock = vi.fn(async (url: string) =>
      json(200, {
        success: true,
        message: url.includes('request') ? 'Código de verificación enviado a su correo electrónico' : 'ok',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    wrap(<ChangePasswordModal email="sur@ips.co" onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByText('Código de verificación enviado a su correo electrónico');
    fireEvent.change(screen.getByLabelText('Código de verificación'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'Clave123' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'Clave124' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'Clave123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(await screen.findByText('¡Contraseña cambiada exitosamente!')).toBeTruthy();
    const verifyCall = fetchMock.mock.calls.find(
      ([u]) => u === '/api/Auth/verify-password-change-code',
    ) as unknown as [string, RequestInit];
    expect(JSON.parse(String(verifyCall[1].body))).toEqual({
      email: 'sur@ips.co',
      verificationCode: '123456',
      newPassword: 'Clave123',
    });
    await act(async () => new Promise((r) => setTimeout(r, 80)));
    expect(onClose).toHaveBeenCalled();
  });

  it('rejects a password without an uppercase', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { success: true })),
    );
    wrap(<ChangePasswordModal email="sur@ips.co" onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar código' }));
    await screen.findByLabelText('Código de verificación');
    fireEvent.change(screen.getByLabelText('Código de verificación'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('Nueva contraseña'), { target: { value: 'clave1234' } });
    fireEvent.change(screen.getByLabelText('Confirmar nueva contraseña'), { target: { value: 'clave1234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cambiar Contraseña' }));
    expect(
      await screen.findByText('La contraseña debe contener al menos: 1 minúscula, 1 mayúscula y 1 número'),
    ).toBeTruthy();
  });
});
