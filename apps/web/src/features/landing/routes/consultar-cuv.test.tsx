import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { ConsultarCuvRoute, fechaMinisterio } from './consultar-cuv';

const CUV = 'ab'.repeat(48);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderPage() {
  const router = createMemoryRouter(
    [
      { path: '/consultar-cuv', element: <ConsultarCuvRoute /> },
      { path: '/', element: <p>Página de ventas</p> },
    ],
    { initialEntries: ['/consultar-cuv'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}
const field = () => screen.getByLabelText(new RegExp(MSG_MINISTERIO.cuvConsultaCampo.replace(/[()]/g, '\\$&')));

afterEach(() => vi.unstubAllGlobals());

describe('/consultar-cuv', () => {
  it('checks the CUV in the browser first: a short one never reaches the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.change(field(), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.cuvConsultaBoton }));
    expect(await screen.findByText('El CUV debe tener 96 caracteres hexadecimales (0–9 y a–f).')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows what the ministry records, sending the CUV in lower case without any session header', async () => {
    const fetchMock = vi.fn(async () =>
      json(200, {
        success: true,
        data: {
          cuv: CUV, valido: true, procesoId: 779996, fechaValidacion: '2026-11-26T11:27:20.8920000-05:00', tipoDocumento: 'FV',
          numeroDocumento: 'A01E5687', numDocumentoIdObligado: '901019681', fechaEmision: '2025-07-09T00:00:00',
          totalFactura: 1055600, totalValorServicios: 1120000, cantidadUsuarios: 4, cantidadAtenciones: 4,
          identificacionAdquiriente: '900156264', codigoPrestador: '1100131205', modalidadPago: 'Pago por evento',
          numDocumentoReferenciado: null,
        },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderPage();
    fireEvent.change(field(), { target: { value: `  ${CUV.toUpperCase()}  ` } });
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.cuvConsultaBoton }));
    expect(await screen.findByText(MSG_MINISTERIO.cuvValido)).toBeTruthy();
    expect(screen.getByText('FV A01E5687')).toBeTruthy();
    expect(screen.getByText('901019681')).toBeTruthy();
    // Dates as the app writes them ('2026-11-26T11:27:20.8920000-05:00' was shown raw).
    expect(screen.getByText('26/11/2026, 11:27')).toBeTruthy();
    expect(screen.getByText('09/07/2025')).toBeTruthy();
    expect(screen.queryByText(/T11:27:20/)).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/FevRips/consultar-cuv/');
    expect(JSON.parse(String(init.body))).toEqual({ cuv: CUV });
    expect(Object.keys(init.headers as Record<string, string>).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it("the header's logo, Inicio, Precios and Soporte lead to the sales page's sections ('#' did nothing here)", async () => {
    vi.stubGlobal('fetch', vi.fn());
    const router = renderPage();
    const header = screen.getByRole('banner');
    const hrefs = within(header)
      .getAllByRole('link')
      .map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Radica', '/#inicio'],
      ['Inicio', '/#inicio'],
      ['Precios', '/#precios'],
      ['Soporte', '/#soporte'],
      ['Mi cuenta', '/auth/login'],
    ]);
    fireEvent.click(within(header).getByRole('link', { name: 'Precios' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.location.hash).toBe('#precios');
  });

  it('reads a ministry time without an offset as Bogotá time', () => {
    expect(fechaMinisterio('2026-11-20 10:00')).toBe('20/11/2026, 10:00');
    expect(fechaMinisterio('2026-11-26T11:27:20.8920000-05:00')).toBe('26/11/2026, 11:27');
    expect(fechaMinisterio('no es fecha')).toBe('no es fecha');
    expect(fechaMinisterio(null)).toBeNull();
  });

  it("shows the server's Spanish message when the ministry does not know the CUV", async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(404, { success: false, code: 'CUV_DESCONOCIDO', message: MSG_MINISTERIO.cuvNoEncontrado })));
    renderPage();
    fireEvent.change(field(), { target: { value: CUV } });
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.cuvConsultaBoton }));
    await waitFor(() => expect(screen.getByText(MSG_MINISTERIO.cuvNoEncontrado)).toBeTruthy());
  });
});
