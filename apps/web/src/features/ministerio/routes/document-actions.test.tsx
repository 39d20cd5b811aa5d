import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import type { TMinisterioDetail } from '../api/types';
import { DocumentRoute } from './document';
import { documentDetail } from '../test/fixtures';

const detail = documentDetail;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

function renderDoc(doc: TMinisterioDetail, options: { sendRefused?: boolean; noVerdict?: string } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      calls.push(`${init?.method ?? 'GET'} ${path}`);
      if (path.endsWith('/enviar') && options.noVerdict)
        return json({ success: false, message: options.noVerdict, code: 'MUV_SIN_RESPUESTA' }, 503);
      if (path.endsWith('/enviar') && options.sendRefused)
        return json({ success: false, message: MSG.configNotFound, code: 'CONFIG_REQUIRED' }, 412);
      if (path.endsWith('/enviar'))
        return json({
          success: true,
          data: {
            exitoso: false,
            mensaje: 'Rechazado',
            cuv: null,
            tieneNotificaciones: false,
            totalNotificaciones: 0,
            tieneErrores: true,
            totalErrores: 1,
            fechaRadicacion: null,
            procesoId: 1,
          },
        });
      if (path.endsWith('/anular')) return json({ success: true, data: null, message: 'ok' });
      if (path.endsWith('/eliminar-archivo'))
        return json({ success: true, data: { documentoAnulado: true, estadoActual: 'ANULADO' } });
      return json({ success: true, data: doc });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/ministerio', element: <p>Listado</p> },
      { path: '/ministerio/:id', element: <DocumentRoute /> },
    ],
    { initialEntries: [`/ministerio/${doc.id}`] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const finding = (id: number, clase: string, codigo: string) => ({
  id,
  clase,
  codigo,
  descripcion: `Descripción ${codigo}`,
  observaciones: '',
  fuente: 'Rips',
  pathFuente: 'usuarios[0].consultas[0]',
});

describe('document detail actions (seed 001 §2, §4)', () => {
  it("shows the 'Prevalidación' findings and asks 'Enviar de todos modos' before sending with RECHAZADO ones", async () => {
    const calls = renderDoc(
      detail({ prevalidacion: [finding(1, 'RECHAZADO', 'RVC019'), finding(2, 'NOTIFICACION', 'FED131')] }),
    );
    expect(await screen.findByRole('heading', { name: /Prevalidación/ })).toBeTruthy();
    expect(screen.getByText('RVC019')).toBeTruthy();
    expect(screen.getByText('FED131')).toBeTruthy();
    const send = screen.getByRole('button', { name: 'Enviar al Ministerio' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    const confirm = await screen.findByRole('button', { name: MSG_MINISTERIO.sendAnyway });
    expect(calls.some((c) => c.endsWith('/enviar'))).toBe(false);
    fireEvent.click(confirm);
    await waitFor(() => expect(calls).toContain('POST /api/FevRips/5/enviar'));
  });

  it('sends at once when the pre-validation has no RECHAZADO finding', async () => {
    const calls = renderDoc(detail({ prevalidacion: [finding(2, 'NOTIFICACION', 'FED131')] }));
    const send = await screen.findByRole('button', { name: 'Enviar al Ministerio' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    await waitFor(() => expect(calls).toContain('POST /api/FevRips/5/enviar'));
    expect(screen.queryByRole('button', { name: MSG_MINISTERIO.sendAnyway })).toBeNull();
  });

  it('a send refused for lack of a provider configuration (412) keeps an explanation with the link to the settings', async () => {
    renderDoc(detail({ prevalidacion: [] }), { sendRefused: true });
    const send = await screen.findByRole('button', { name: 'Enviar al Ministerio' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG.providerEmpty);
    expect(alert.textContent).toContain(MSG.configNotFound);
    expect(screen.getByRole('link', { name: MSG.providerConfigure }).getAttribute('href')).toBe(
      '/settings?tab=ministerio',
    );
  });

  it('a send the ministry gave no verdict is a warning with the next retry, and the page shows the wait (never a rejection)', async () => {
    const warning = vi.spyOn(toast, 'warning');
    const error = vi.spyOn(toast, 'error');
    const mensaje = MSG_MINISTERIO.envioSinRespuesta('TOT003: timeout API SISPRO', '10:05');
    const espera = { desde: new Date().toISOString(), texto: 'TOT003: timeout API SISPRO', proximoIntento: new Date(Date.now() + 300_000).toISOString(), intentos: 0 };
    renderDoc(detail({ prevalidacion: [], esperaMinisterio: espera }), { noVerdict: mensaje });
    expect((await screen.findByTestId('espera-ministerio')).textContent).toContain('«TOT003: timeout API SISPRO»');
    const send = await screen.findByRole('button', { name: 'Enviar al Ministerio' });
    await waitFor(() => expect(send).toHaveProperty('disabled', false));
    fireEvent.click(send);
    await waitFor(() => expect(warning).toHaveBeenCalledWith(mensaje, expect.anything()));
    expect(error).not.toHaveBeenCalled();
    warning.mockRestore();
    error.mockRestore();
  });

  it('Anular asks with the seed text and calls anular', async () => {
    const calls = renderDoc(detail({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Anular' }));
    expect(screen.getByText(MSG_MINISTERIO.cancelConfirmText)).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Anular' }).at(-1)!);
    await waitFor(() => expect(calls).toContain('POST /api/FevRips/5/anular'));
  });

  it('a cancelled document offers Activar y Guardar and no Anular', async () => {
    renderDoc(detail({ estado: 'ANULADO', estadoInterno: 333 }));
    expect(await screen.findByRole('button', { name: /Activar y Guardar/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Anular' })).toBeNull();
  });

  it('the X of a file asks confirmation, then calls eliminar-archivo', async () => {
    const calls = renderDoc(detail({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Quitar archivo JSON' }));
    expect(screen.getByText(MSG_MINISTERIO.removeFileText('JSON'))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.confirm }));
    await waitFor(() => expect(calls).toContain('POST /api/FevRips/5/eliminar-archivo'));
  });
});
