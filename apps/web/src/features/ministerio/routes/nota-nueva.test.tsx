import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import type { TPropuestaNotaData, TServiciosFacturaData } from '@radica/contracts/notas';
import { NotaNuevaRoute } from './nota-nueva';

const P = (u: number) => `usuarios[${u}].servicios.procedimientos[0]`;
const SERVICIOS: TServiciosFacturaData = {
  factura: { id: 7, formato: 'A01E5687', numFactura: 'A01E5687', estado: 'APROBADO', cuv: 'ab'.repeat(48), totalFactura: 1055600 },
  servicios: [0, 1, 2].map((u) => ({
    pathFuente: P(u),
    lista: 'procedimientos',
    usuario: u,
    usuarioId: `CC 10${u}`,
    codigo: '893815',
    descripcion: null,
    fecha: '2025-07-04',
    valor: 280000,
    disponible: u === 2 ? 0 : 280000,
  })),
};
const PROPUESTA: TPropuestaNotaData = {
  nota: { numero: 'NC300', tipoDocumento: 'NC', valor: 300000, cude: null, facturaReferenciada: 'A01E5687', fechaEmision: '2025-08-01' },
  servicios: [
    { pathFuente: P(0), valor: 100000 },
    { pathFuente: P(1), valor: 200000 },
  ],
  lineas: [{ linea: 1, codigo: '893815', descripcion: null, cantidad: 1, valor: 300000, servicios: [P(0), P(1)], sinEmparejar: 0 }],
};

type TCall = { url: string; method: string; body: FormData | null };

function mount(answers: { notas?: { status: number; body: unknown } } = {}) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, method: init?.method ?? 'GET', body: (init?.body as FormData) ?? null });
      if (url.endsWith('/servicios')) return new Response(JSON.stringify({ success: true, data: SERVICIOS }), { status: 200 });
      if (url.endsWith('/notas/propuesta')) return new Response(JSON.stringify({ success: true, data: PROPUESTA }), { status: 200 });
      const notas = answers.notas ?? { status: 200, body: { success: true, data: { borradorId: 42, fevRipsId: null, numNota: 'NC300' } } };
      return new Response(JSON.stringify(notas.body), { status: notas.status });
    }),
  );
  const router = createMemoryRouter(
    [
      { path: '/ministerio/:id/nota', element: <NotaNuevaRoute /> },
      { path: '/listado-rips/:id', element: <p>Editor de RIPS</p> },
    ],
    { initialEntries: ['/ministerio/7/nota'] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { calls, router };
}

afterEach(() => vi.unstubAllGlobals());

const loadXml = () =>
  fireEvent.change(screen.getByLabelText(MSG_NOTAS.xmlNotaEtiqueta), { target: { files: [new File(['<xml/>'], 'nc300.xml', { type: 'text/xml' })] } });

describe("'Crear nota' page", () => {
  it('lists the services, applies the proposal from the XML, and opens the note in the RIPS editor', async () => {
    const { calls, router } = mount();
    expect(await screen.findByText(MSG_NOTAS.crearNotaTitulo('A01E5687'))).toBeTruthy();
    expect(screen.getAllByTestId('fila-servicio')).toHaveLength(3);
    // Nothing left to credit on the third service: it cannot be chosen for a credit note.
    expect(screen.getByLabelText(MSG_NOTAS.seleccionarServicio(P(2)))).toHaveProperty('disabled', true);

    loadXml();
    expect(await screen.findByText(/^Nota NC300 por .* \(1 línea\)$/)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText(MSG_NOTAS.seleccionarServicio(P(0)))).toHaveProperty('checked', true));
    expect((screen.getByLabelText(MSG_NOTAS.valorServicio(P(1))) as HTMLInputElement).value).toBe('200000');
    expect(screen.getByTestId('nota-diferencia').textContent).toBe(MSG_NOTAS.cuadraConXml);

    fireEvent.click(screen.getByRole('button', { name: MSG_NOTAS.crearYEditar }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/listado-rips/42'));
    const post = calls.find((c) => c.url.endsWith('/api/FevRips/7/notas'))!;
    expect(post.method).toBe('POST');
    expect(post.body!.get('tipo')).toBe('NC');
    expect(post.body!.get('destino')).toBe('borrador');
    expect(JSON.parse(String(post.body!.get('servicios')))).toEqual([
      { pathFuente: P(0), valor: 100000 },
      { pathFuente: P(1), valor: 200000 },
    ]);
  });

  it("selects all of a user, searches, and shows the server's refusal", async () => {
    mount({ notas: { status: 422, body: { success: false, code: 'NOTA_NO_CORRESPONDE', message: MSG_NOTAS.otraFactura('A01E9999', 'A01E5687') } } });
    await screen.findByText(MSG_NOTAS.crearNotaTitulo('A01E5687'));
    fireEvent.click(screen.getByLabelText(MSG_NOTAS.seleccionarUsuario('CC 101')));
    expect(screen.getByLabelText(MSG_NOTAS.seleccionarServicio(P(1)))).toHaveProperty('checked', true);
    expect(screen.getByText(/^1 servicio por /)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(MSG_NOTAS.buscarServicio), { target: { value: 'CC 100' } });
    expect(screen.getAllByTestId('fila-servicio')).toHaveLength(1);
    loadXml();
    await screen.findByTestId('propuesta-lineas');
    fireEvent.click(screen.getByRole('button', { name: MSG_NOTAS.crearYEditar }));
    expect((await screen.findByTestId('nota-problema')).textContent).toBe(MSG_NOTAS.otraFactura('A01E9999', 'A01E5687'));
  });
});
