import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG_SFTP } from '@radica/contracts/messages-sftp';
import type { TCanalSftpData } from '@radica/contracts/canal-sftp';
import { CanalSftpCard } from './canal-sftp-card';

/**
 * Settings › Canales › SFTP: states, the user and password form (checked with the contract's schema, the
 * confirmation compared), and the public keys editor. HTTP is a stubbed fetch that keeps the channel as the server would.
 */
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl his@prestador';
const HUELLA = 'SHA256:abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
let canal: TCanalSftpData;
let calls: { method: string; body: unknown }[] = [];
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function stub(fail = false) {
  calls = [];
  canal = {
    configurado: false,
    usuario: '901019681',
    host: 'sftp.radica.co',
    port: 2222,
    huellaServidor: 'SHA256:HostHostHostHostHostHostHostHostHostHostHos',
    habilitado: true,
    tienePassword: false,
    clavesPublicas: [],
    envioAutomatico: false,
    activo: true,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, body });
      if (fail) return json(500, { success: false, message: 'Servidor caído' });
      if (method === 'PUT') {
        const b = body as { usuario: string; password?: string; clavesPublicas: string[]; envioAutomatico: boolean; activo: boolean };
        canal = {
          ...canal,
          configurado: true,
          usuario: b.usuario,
          tienePassword: canal.tienePassword || Boolean(b.password),
          clavesPublicas: b.clavesPublicas.map((clave) => ({ clave, tipo: 'ssh-ed25519', comentario: 'his@prestador', huella: HUELLA })),
          envioAutomatico: b.envioAutomatico,
          activo: b.activo,
        };
        return json(200, { success: true, message: MSG_SFTP.guardado, data: canal });
      }
      return json(200, { success: true, data: canal });
    }),
  );
}

function renderCard() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CanalSftpCard />
    </QueryClientProvider>,
  );
}
const puts = () => calls.filter((c) => c.method === 'PUT');

afterEach(() => vi.unstubAllGlobals());

describe('Settings › Canales › SFTP', () => {
  it('shows where to connect, the suggested user and the how-to; saves the user and a confirmed password', async () => {
    stub();
    renderCard();
    expect(await screen.findByText(MSG_SFTP.sinConfigurar)).toBeTruthy();
    expect((screen.getByTestId('sftp-host') as HTMLInputElement).value).toBe('sftp.radica.co');
    expect((screen.getByTestId('sftp-puerto') as HTMLInputElement).value).toBe('2222');
    expect((screen.getByTestId('sftp-huella') as HTMLInputElement).value).toMatch(/^SHA256:/);
    expect(screen.getByTestId('sftp-comando').textContent).toContain('sftp -P 2222 901019681@sftp.radica.co');
    const usuario = screen.getByLabelText(MSG_SFTP.campoUsuario) as HTMLInputElement;
    expect(usuario.value).toBe('901019681');

    fireEvent.change(usuario, { target: { value: 'AB' } });
    fireEvent.change(screen.getByLabelText(MSG_SFTP.campoPasswordNueva), { target: { value: 'corta' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_SFTP.guardar }));
    expect(await screen.findByText(MSG_SFTP.usuarioInvalido)).toBeTruthy();
    expect(screen.getByText(MSG_SFTP.passwordCorta(12))).toBeTruthy();

    fireEvent.change(usuario, { target: { value: 'ips-central' } });
    fireEvent.change(screen.getByLabelText(MSG_SFTP.campoPasswordNueva), { target: { value: 'una-clave-muy-larga' } });
    fireEvent.change(screen.getByLabelText(MSG_SFTP.campoPasswordConfirmar), { target: { value: 'otra-clave-muy-larga' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_SFTP.guardar }));
    expect(await screen.findByText(MSG_SFTP.passwordNoCoincide)).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(MSG_SFTP.campoPasswordConfirmar), { target: { value: 'una-clave-muy-larga' } });
    fireEvent.click(screen.getByLabelText(MSG_SFTP.campoEnvioAutomatico));
    fireEvent.click(screen.getByRole('button', { name: MSG_SFTP.guardar }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.body).toEqual({ usuario: 'ips-central', password: 'una-clave-muy-larga', clavesPublicas: [], envioAutomatico: true, activo: true });
    expect(await screen.findByText(MSG_SFTP.passwordDefinida)).toBeTruthy();
    expect((screen.getByLabelText(MSG_SFTP.campoPasswordNueva) as HTMLInputElement).value).toBe('');
  });

  it('adds a pasted public key (refusing what is not one), lists its fingerprint and removes it', async () => {
    stub();
    renderCard();
    const campo = await screen.findByLabelText(MSG_SFTP.campoNuevaClave);
    fireEvent.change(campo, { target: { value: '-----BEGIN OPENSSH PRIVATE KEY-----' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_SFTP.agregarClave }));
    expect(await screen.findByText(MSG_SFTP.claveInvalida)).toBeTruthy();
    expect(puts()).toHaveLength(0);

    fireEvent.change(campo, { target: { value: `  ${KEY}\n` } });
    fireEvent.click(screen.getByRole('button', { name: MSG_SFTP.agregarClave }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect((puts()[0]!.body as { clavesPublicas: string[] }).clavesPublicas).toEqual([KEY]);
    const list = await screen.findByRole('list', { name: MSG_SFTP.clavesTitulo });
    expect(within(list).getByTestId('huella-clave').textContent).toBe(HUELLA);

    fireEvent.click(within(list).getByRole('button', { name: MSG_SFTP.quitarClave(HUELLA) }));
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect((puts()[1]!.body as { clavesPublicas: string[] }).clavesPublicas).toEqual([]);
    expect(await screen.findByText(MSG_SFTP.clavesVacio)).toBeTruthy();
  });

  it("the 'Canal activo' caption says the box's state ('Apagado…' beside a checked box)", async () => {
    stub();
    renderCard();
    const box = (await screen.findByLabelText(MSG_SFTP.campoActivo)) as HTMLInputElement;
    const caption = () => document.getElementById(box.getAttribute('aria-describedby')!)!.textContent;
    expect(box.checked).toBe(true);
    expect(caption()).toBe(MSG_SFTP.campoActivoEncendidoAyuda);
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    expect(caption()).toBe(MSG_SFTP.campoActivoAyuda);
  });

  it('says why it could not load and offers to retry', async () => {
    stub(true);
    renderCard();
    expect(await screen.findByText(MSG_SFTP.errorCarga('Servidor caído'))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
  });
});
