import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { toast } from 'sonner';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TProviderFormSlot } from '../components/provider-missing-alert';
import { MSG_MINISTERIO } from '@radica/contracts/messages-ministerio';
import { FILTERS_STORAGE_KEY } from '../utils/list-filters';
import { DocumentsListRoute } from './documents-list';
import { documentRow } from '../test/fixtures';

const row = (id: number, estado: string, canal = 'plataforma') =>
  documentRow({
    id,
    estado,
    formato: `FE${id}`,
    cuv: estado === 'APROBADO' ? 'ab'.repeat(48) : null,
    estadoInterno: 1,
    canal,
  });

let bodies: Array<{ path: string; body: unknown }> = [];
/** Titles of the toasts raised since the last dismiss (sonner's store; no Toaster is rendered here). */
const toastTexts = () => toast.getHistory().map((t) => ('title' in t ? String(t.title) : ''));

function renderList(
  configurado = true,
  options: { ProviderForm?: TProviderFormSlot; sendRefused?: boolean; empty?: boolean } = {},
) {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      bodies.push({ path, body });
      if (path === '/api/Auth/tercero-fevrips')
        return new Response(JSON.stringify({ success: true, data: { configurado } }));
      if (path.endsWith('/enviar') && options.sendRefused)
        return new Response(
          JSON.stringify({ success: false, message: MSG.configNotFound, code: 'CONFIG_REQUIRED' }),
          { status: 412 },
        );
      if (path === '/api/FevRips/envio-masivo')
        return new Response(JSON.stringify({ success: true, data: { encolados: 1, omitidos: 0, detalleOmitidos: [] } }));
      if (path === '/api/FevRips/envio-masivo/resultado')
        return new Response(
          JSON.stringify({ success: true, data: { enCurso: 0, aprobados: 0, noAprobados: ['FE1'], sinEnviar: 0 } }),
        );
      if (path === '/api/FevRips/formatos-pagina')
        return new Response(
          JSON.stringify({
            success: true,
            data: {
              formatos: Array.from({ length: 40 }, (_, i) => ({
                id: i + 1,
                formato: `FE${i + 1}`,
                pagina: 1,
                posicionEnPagina: i,
              })),
            },
          }),
        );
      return new Response(
        JSON.stringify({
          success: true,
          data: {
            results: { data: options.empty ? [] : [row(1, 'PROCESADO', 'api'), row(2, 'APROBADO'), row(3, 'ANULADO', 'email')] },
            totalRecords: options.empty ? 0 : 40,
            totalPages: options.empty ? 0 : 3,
            pageIndex: body?.pageIndex ?? 1,
            pageSize: 15,
            // The server's signed cursors (decision 052), here named after the page they lead to.
            cursorSiguiente: (body?.pageIndex ?? 1) < 3 ? `hacia-${(body?.pageIndex ?? 1) + 1}` : null,
            cursorAnterior: (body?.pageIndex ?? 1) > 1 ? `hacia-${(body?.pageIndex ?? 1) - 1}` : null,
          },
        }),
      );
    }),
  );
  const router = createMemoryRouter(
    [{ path: '/ministerio', element: <DocumentsListRoute ProviderForm={options.ProviderForm} /> }],
    {
      initialEntries: ['/ministerio'],
    },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** Unmount what renderList rendered (to render it again under other conditions). */
const cleanupList = () => cleanup();

const searches = () => bodies.filter((b) => b.path === '/api/FevRips/search').map((b) => b.body);

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('documents list (seed 001 §2)', () => {
  it('searches with EXCLUDE_ANULADO and shows Mostrando X de Y documentos', async () => {
    renderList();
    expect(await screen.findByText('Mostrando 3 de 40 documentos')).toBeTruthy();
    expect(screen.queryByText(MSG.providerEmpty)).toBeNull();
    expect(bodies.find((b) => b.path === '/api/FevRips/search')).toMatchObject({
      path: '/api/FevRips/search',
      body: { pageIndex: 1, pageSize: 15, estado: 'EXCLUDE_ANULADO' },
    });
  });

  it('warns and links to the settings when no provider configuration exists (seed 001 §2)', async () => {
    renderList(false);
    expect(await screen.findByText(MSG.providerEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG.providerConfigure }).getAttribute('href')).toBe(
      '/settings?tab=ministerio',
    );
    // The notice says it; the same text is not also raised as a toast.
    expect(screen.getByText(MSG.configNotFound)).toBeTruthy();
    expect(toastTexts()).not.toContain(MSG.configNotFound);
  });

  it("with the provider form handed in, 'Configurar Prestador' shows it in place of the list until it closes", async () => {
    const seen: Array<{ variant: string; configurado: boolean | undefined }> = [];
    const ProviderForm: TProviderFormSlot = ({ config, onClose, variant }) => {
      seen.push({ variant, configurado: config?.configurado });
      return (
        <button type="button" onClick={onClose}>
          {MSG_CUENTAS.providerBack}
        </button>
      );
    };
    renderList(false, { ProviderForm });
    expect(await screen.findByText(MSG.providerEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: MSG_CUENTAS.providerOpenSettings }).getAttribute('href')).toBe(
      '/settings?tab=ministerio',
    );
    fireEvent.click(screen.getByRole('button', { name: MSG.providerConfigure }));
    expect(screen.queryByText('Reportes FEV/RIPS')).toBeNull();
    expect(seen.at(-1)).toEqual({ variant: 'inline', configurado: false });
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.providerBack }));
    expect(screen.getByText('Reportes FEV/RIPS')).toBeTruthy();
  });

  it('a send refused for lack of a provider configuration (412) stays explained, with the link to the settings', async () => {
    renderList(true, { sendRefused: true });
    await screen.findByText('Mostrando 3 de 40 documentos');
    expect(screen.queryByText(MSG.providerEmpty)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enviar FE1 al Ministerio' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG.providerEmpty);
    expect(alert.textContent).toContain(MSG.configNotFound);
    expect(toastTexts().some((t) => t.includes(MSG.configNotFound))).toBe(false);
    expect(screen.getByRole('link', { name: MSG.providerConfigure }).getAttribute('href')).toBe(
      '/settings?tab=ministerio',
    );
    // The configuration is asked again (the server says it is missing).
    await waitFor(() =>
      expect(bodies.filter((b) => b.path === '/api/Auth/tercero-fevrips').length).toBeGreaterThan(1),
    );
  });
});

describe('documents list: filters (seed 001 §2, §7)', () => {
  it("previous and next send the shown page's cursor; page 1 and a numbered page go by number", async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 2, cursor: 'hacia-2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page'));
    fireEvent.click(screen.getByRole('button', { name: 'Página siguiente' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 3, cursor: 'hacia-3' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 3' }).getAttribute('aria-current')).toBe('page'));
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 2, cursor: 'hacia-2' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Página 2' }).getAttribute('aria-current')).toBe('page'));
    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 1 }));
    expect(searches().at(-1)).not.toHaveProperty('cursor');
    fireEvent.click(screen.getByRole('button', { name: 'Página 3' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 3 }));
    expect(searches().at(-1)).not.toHaveProperty('cursor');
    // The cursor is not saved with the page: a reload reads the saved page by number.
    expect(localStorage.getItem(FILTERS_STORAGE_KEY)).not.toContain('hacia');
  });

  it('a status filter goes back to page 1 and is kept in localStorage', async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 2 }));
    fireEvent.change(screen.getByLabelText('Estado'), { target: { value: 'ANULADO' } });
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 1, estado: 'ANULADO' }));
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY)!)).toMatchObject({
      page: 1,
      filters: { estado: 'ANULADO' },
    });
  });

  it('filters by channel: back to page 1, sent as canal, saved with the filters, and select-all takes it too', async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    expect(searches()[0]).toMatchObject({ canal: '' });
    const canal = screen.getByLabelText('Canal') as HTMLSelectElement;
    expect(Array.from(canal.options).map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Todos los canales'],
      ['plataforma', 'Plataforma'],
      ['api', 'API'],
      ['email', 'Correo'],
      ['sftp', 'SFTP'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Página 2' }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 2 }));
    fireEvent.change(canal, { target: { value: 'api' } });
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ pageIndex: 1, canal: 'api' }));
    expect(JSON.parse(localStorage.getItem(FILTERS_STORAGE_KEY)!)).toMatchObject({
      page: 1,
      filters: { canal: 'api' },
    });
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectAll));
    await screen.findByText(MSG_MINISTERIO.selectedCount(40));
    expect(bodies.find((b) => b.path === '/api/FevRips/formatos-pagina')?.body).toMatchObject({
      canal: 'api',
    });
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.clearFilters }));
    await waitFor(() => expect(searches().at(-1)).toMatchObject({ canal: '' }));
    expect(canal.value).toBe('');
  });

  it('starts with the saved channel', async () => {
    localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ filters: { canal: 'email' }, page: 1 }));
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    expect((screen.getByLabelText('Canal') as HTMLSelectElement).value).toBe('email');
    expect(searches()[0]).toMatchObject({ canal: 'email' });
  });

  it("names each row's channel in a small label, in the table and on phones' cards", async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    expect(screen.getByRole('columnheader', { name: 'Canal' })).toBeTruthy();
    const labels = () =>
      screen.getAllByTestId('canal-documento').map((l) => [l.getAttribute('data-canal'), l.textContent]);
    expect(labels()).toEqual([
      ['api', 'API'],
      ['plataforma', 'Plataforma'],
      ['email', 'Correo'],
    ]);
    cleanupList();
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    const card = screen.getAllByTestId('tarjeta-documento')[0]!;
    expect(within(card).getByTestId('canal-documento').textContent).toBe('API');
    expect(within(card).getByText('Canal')).toBeTruthy();
  });
});

describe('documents list: selection and bulk actions (seed 001 §2)', () => {
  it('selecting rows shows the bulk bar; Descargar Respuestas only with an approved document', async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectRow('FE1')));
    expect(screen.getByText(MSG_MINISTERIO.selectedCount(1))).toBeTruthy();
    expect(screen.queryByRole('button', { name: MSG_MINISTERIO.downloadAnswers })).toBeNull();
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectRow('FE2')));
    expect(screen.getByRole('button', { name: MSG_MINISTERIO.downloadAnswers })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.clearSelection }));
    expect(screen.queryByText(MSG_MINISTERIO.selectedCount(2))).toBeNull();
  });

  it('bulk send asks first, names the approved row it leaves out and why, and sums up the batch when it ends', async () => {
    toast.dismiss();
    const before = toast.getHistory().length;
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectRow('FE1')));
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectRow('FE2')));
    fireEvent.click(screen.getByRole('button', { name: MSG_MINISTERIO.sendSelected }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG_MINISTERIO.envioMasivoConfirmarTitulo(1))).toBeTruthy();
    const motivo = MSG_MINISTERIO.motivoOmision('APROBADO');
    expect(within(dialog).getByTestId('envio-masivo-omitidos').textContent).toBe(`FE2: ${motivo}`);
    // Nothing is queued before the confirmation.
    expect(bodies.some((b) => b.path === '/api/FevRips/envio-masivo')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.sendButton }));
    await waitFor(() => expect(bodies.find((b) => b.path === '/api/FevRips/envio-masivo')?.body).toEqual({ ids: [1] }));
    const terminado = MSG_MINISTERIO.envioMasivoTerminado({ aprobados: 0, noAprobados: 1, sinEnviar: 0 });
    await waitFor(() => expect(toastTexts().slice(before)).toContain(terminado));
    expect(toastTexts().slice(before)).toEqual(
      expect.arrayContaining([MSG_MINISTERIO.bulkQueued(1), MSG_MINISTERIO.envioMasivoOmitidos([{ formato: 'FE2', motivo }])]),
    );
    expect(bodies.find((b) => b.path === '/api/FevRips/envio-masivo/resultado')?.body).toMatchObject({ ids: [1] });
  });

  it('an account without documents and no filter is told how to make the first one, not to adjust filters', async () => {
    renderList(true, { empty: true });
    expect(await screen.findByText(MSG_MINISTERIO.listaVaciaTitulo)).toBeTruthy();
    expect(screen.getByText(MSG_MINISTERIO.listaVaciaTexto)).toBeTruthy();
    expect(screen.queryByText(MSG.documentsEmptyHint)).toBeNull();
    const links = screen.getAllByRole('link', { name: new RegExp(MSG_MINISTERIO.newReport) });
    expect(links.every((l) => l.getAttribute('href') === '/ministerio/nuevo')).toBe(true);
    expect(links.length).toBe(2);
    cleanupList();
    // With a filter set, adjusting it is the advice.
    localStorage.setItem(FILTERS_STORAGE_KEY, JSON.stringify({ filters: { estado: 'APROBADO' }, page: 1 }));
    renderList(true, { empty: true });
    expect(await screen.findByText(MSG.documentsEmptyHint)).toBeTruthy();
    expect(screen.queryByText(MSG_MINISTERIO.listaVaciaTitulo)).toBeNull();
  });

  it('select-all takes every result from formatos-pagina and says (todos los resultados)', async () => {
    renderList();
    await screen.findByText('Mostrando 3 de 40 documentos');
    fireEvent.click(screen.getByLabelText(MSG_MINISTERIO.selectAll));
    expect(await screen.findByText(MSG_MINISTERIO.selectedCount(40))).toBeTruthy();
    expect(screen.getByText(MSG_MINISTERIO.allResults)).toBeTruthy();
    expect(bodies.find((b) => b.path === '/api/FevRips/formatos-pagina')?.body).toMatchObject({
      estadoInterno: 'EXCLUDE_ANULADO',
    });
  });
});
