import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { TDocumentDetail } from '@radica/contracts/documents';
import { MSG } from '@radica/contracts/messages';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { MSG_NOTAS } from '@radica/contracts/messages-notas';
import { toast } from 'sonner';
import { ESTADO_ETIQUETAS } from '@radica/contracts/enums';
import { DocumentRoute } from './document';
import { documentDetail } from '../test/fixtures';

const CUV = 'ab'.repeat(48);

const detail = (overrides: Partial<TDocumentDetail>) => documentDetail(overrides);

function mount(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/ministerio/nuevo', element: <DocumentRoute /> },
      { path: '/ministerio/:id', element: <DocumentRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

function renderAt(path: string, doc?: TDocumentDetail) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      doc
        ? new Response(JSON.stringify({ success: true, data: doc }), { status: 200 })
        : new Response(JSON.stringify({ success: false, message: MSG.documentNotFound, code: 'NOT_FOUND' }), {
            status: 404,
          }),
    ),
  );
  const router = createMemoryRouter(
    [
      { path: '/ministerio/nuevo', element: <DocumentRoute /> },
      { path: '/ministerio/:id', element: <DocumentRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('document page', () => {
  it('offers two labelled file inputs on a new report and checks the extension', async () => {
    renderAt('/ministerio/nuevo');
    expect(screen.getByRole('heading', { name: MSG.newReportTitle })).toBeTruthy();
    const xml = screen.getByLabelText('Archivo XML') as HTMLInputElement;
    expect(screen.getByLabelText('Archivo JSON').getAttribute('type')).toBe('file');
    expect(screen.getByRole('button', { name: /Enviar al Ministerio/ })).toHaveProperty('disabled', true);
    fireEvent.change(xml, {
      target: { files: [new File(['{}'], 'rips.json', { type: 'application/json' })] },
    });
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', MSG.onlyXml);
  });

  it('says which RIPS structure checked the files', async () => {
    renderAt(
      '/ministerio/5',
      detail({
        infoFevRips: {
          cantidadUsuarios: 1,
          cantidadAtenciones: 4,
          totalFactura: 1055600,
          totalValorServicios: 1120000,
          modalidadPago: '04',
          identificacionAdquiriente: '830003564',
          estructuraRips: 'Resolución 948 de 2026 (Documento Técnico 1 v002)',
        },
      }),
    );
    expect(await screen.findByText('Estructura RIPS')).toBeTruthy();
    expect(screen.getByText('Resolución 948 de 2026 (Documento Técnico 1 v002)')).toBeTruthy();
  });

  it('names the channel the files came through', async () => {
    renderAt('/ministerio/5', detail({ canal: 'api' }));
    expect(await screen.findByText('Canal')).toBeTruthy();
    expect(screen.getByTestId('canal-documento').textContent).toBe('API');
  });

  it('shows an approved document with its status and full CUV', async () => {
    renderAt(
      '/ministerio/5',
      detail({
        estado: 'APROBADO',
        estadoInterno: 500,
        cuv: CUV,
        procesoId: 779996,
        fechaRadicacion: '2025-03-01T16:00:00Z',
      }),
    );
    const estado = await screen.findByTestId('estado-documento');
    expect(estado.textContent).toBe('Aprobado');
    expect(estado.getAttribute('data-estado')).toBe('APROBADO');
    expect(screen.getByTestId('cuv').textContent).toBe(CUV);
    expect(screen.getByRole('button', { name: /Enviar al Ministerio/ })).toHaveProperty('disabled', true);
    expect(screen.getByText(MSG.hallazgosNoNotifications)).toBeTruthy();
  });

  it('offers a resend and lists the errors of a rejected document', async () => {
    renderAt(
      '/ministerio/5',
      detail({
        estado: 'NO_APROBADO',
        errores: [
          {
            id: 1,
            clase: 'RECHAZADO',
            codigo: 'RVC019',
            descripcion: 'El valor no coincide',
            observaciones: 'Revise',
            fuente: 'Rips',
            pathFuente: 'usuarios[0]',
          },
        ],
      }),
    );
    const button = await screen.findByRole('button', { name: MSG.resendButton });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    expect(screen.getByText('RVC019')).toBeTruthy();
    expect(screen.getByText('El valor no coincide')).toBeTruthy();
  });
});

describe('document page: not found, provider refusals, dropped bodies', () => {
  it("says 'Documento no encontrado' for a missing or invalid id", async () => {
    renderAt('/ministerio/404');
    expect(await screen.findByText(MSG.documentNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.backToListLink }).getAttribute('href')).toBe('/ministerio');
  });

  it('warns on /ministerio/nuevo before any upload when there is no provider configuration, with the way to set it', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        String(url).includes('tercero-fevrips')
          ? new Response(JSON.stringify({ success: true, data: { configurado: false } }), { status: 200 })
          : new Response(JSON.stringify({ success: false, message: MSG.documentNotFound, code: 'NOT_FOUND' }), { status: 404 }),
      ),
    );
    mount('/ministerio/nuevo');
    expect(await screen.findByText(MSG.configNotFound)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.providerConfigure }).getAttribute('href')).toBe('/settings?tab=ministerio');
  });

  it('keeps a rejected validator login explained on the page with the way to Configuración (not only a toast)', async () => {
    const doc = detail({ estado: 'PROCESADO' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('/enviar') && init?.method === 'POST')
          return new Response(JSON.stringify({ success: false, message: MSG.muvLoginFailed, code: 'MUV_LOGIN_REJECTED' }), { status: 422 });
        if (String(url).includes('tercero-fevrips')) return new Response(JSON.stringify({ success: true, data: { configurado: true } }), { status: 200 });
        return new Response(JSON.stringify({ success: true, data: doc }), { status: 200 });
      }),
    );
    mount('/ministerio/5');
    const button = await screen.findByRole('button', { name: /Enviar al Ministerio/ });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    expect(await screen.findByText(MSG_MINISTERIO.credencialesRechazadasTitulo)).toBeTruthy();
    expect(screen.getByText(MSG.muvLoginFailed)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.providerConfigure }).getAttribute('href')).toBe('/settings?tab=ministerio');
  });

  it('files both files of a CargarFevRips body dropped on the JSON slot and says so', async () => {
    const uploads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('tercero-fevrips')) return new Response(JSON.stringify({ success: true, data: { configurado: true } }), { status: 200 });
        if (String(url).includes('subir-archivo')) {
          uploads.push(((init?.body as FormData).get('archivo') as File).name);
          const data = { fevRipsId: 7, tipoArchivo: 'json', formato: 'FECE214626', estado: 'EN_ESPERA', tipoDocumento: 'FV', archivos: ['xml', 'json'] };
          return new Response(JSON.stringify({ success: true, data, message: MSG_MINISTERIO.cuerpoCargado(['xml', 'json']) }), { status: 200 });
        }
        return new Response(JSON.stringify({ success: true, data: detail({ id: 7, xml: true, json: true }) }), { status: 200 });
      }),
    );
    toast.dismiss();
    mount('/ministerio/nuevo');
    const cuerpo = JSON.stringify({ rips: { numFactura: 'FECE214626' }, xmlFevFile: 'PEludm9pY2UvPg==' });
    fireEvent.change(screen.getByLabelText('Archivo JSON'), {
      target: { files: [new File([cuerpo], 'cuerpo.json', { type: 'application/json' })] },
    });
    await waitFor(() => expect(toast.getHistory().map((t) => ('title' in t ? String(t.title) : ''))).toContain(MSG_MINISTERIO.cuerpoCargado(['xml', 'json'])), { timeout: 4000 });
    expect(uploads).toEqual(['cuerpo.json']);
  });
});

describe('document page: RIPS without invoice, notes', () => {
  it('a RIPS without invoice is not a Factura de Venta and is ready to send with its RIPS alone', async () => {
    renderAt(
      '/ministerio/9',
      documentDetail({
        id: 9,
        estado: 'EN_ESPERA',
        xml: false,
        json: true,
        archivoXml: null,
        tipoDocumento: 'FV',
        tipoDocumentoNombre: 'RIPS sin factura',
        servicioCarga: 'CargarRipsSinFactura',
      }),
    );
    expect(await screen.findByText('RIPS sin factura')).toBeTruthy();
    expect(screen.queryByText('Factura de Venta')).toBeNull();
    expect(screen.queryByText('Valor de la factura')).toBeNull();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    // The badge and the timeline say the same words.
    expect(screen.getAllByText(ESTADO_ETIQUETAS.EN_ESPERA).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText('En espera')).toBeNull();
  });

  it("an approved invoice lists its notes and net value and offers 'Crear nota'; a note links back to its invoice", async () => {
    renderAt(
      '/ministerio/5',
      documentDetail({
        estado: 'APROBADO',
        cuv: CUV,
        familia: {
          factura: null,
          notas: [
            { id: 8, formato: 'NC300', tipoDocumento: 'NC', servicioCarga: 'CargarNC', valor: 300000, estado: 'APROBADO', cuv: CUV, fechaCreacion: '2025-08-01T15:00:00Z' },
          ],
          valorFactura: 1055600,
          creditos: 300000,
          debitos: 0,
          valorNeto: 755600,
          valorNetoRadicado: 755600,
        },
      }),
    );
    const fila = await screen.findByTestId('fila-nota');
    expect(fila.textContent).toContain('NC300');
    expect(fila.textContent).toContain('Nota crédito');
    expect(screen.getByTestId('valor-neto').textContent).toMatch(/755\.600/);
    expect(screen.getByRole('link', { name: MSG_NOTAS.crearNota }).getAttribute('href')).toBe('/ministerio/5/nota');
    cleanup();
    renderAt(
      '/ministerio/8',
      documentDetail({
        id: 8,
        tipoDocumento: 'NC',
        servicioCarga: 'CargarNC',
        familia: { factura: { id: 5, formato: 'A01E5687' }, notas: [], valorFactura: null, creditos: 0, debitos: 0, valorNeto: null, valorNetoRadicado: null },
      }),
    );
    expect((await screen.findByTestId('familia-nota')).textContent).toContain(MSG_NOTAS.notaDeFactura('A01E5687'));
    expect(screen.getByRole('link', { name: MSG_NOTAS.verFactura }).getAttribute('href')).toBe('/ministerio/5');
    expect(screen.queryByRole('link', { name: MSG_NOTAS.crearNota })).toBeNull();
  });
});
