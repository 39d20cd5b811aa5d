import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MSG } from '@radica/contracts/messages';
import { MSG_INTEGRACIONES } from '@radica/contracts/messages-integraciones';
import { MSG_AVISOS } from '@radica/contracts/messages-avisos';
import { API_KEY_DIAS_DEFECTO, API_KEY_MAX_DIAS, type TApiKey } from '@radica/contracts/integraciones';
import { SettingsRoute } from '../routes/settings';

/**
 * Settings › Integraciones: list states, 'Crear clave' with the contract's
 * validation, the new key shown once, 'Revocar' after a confirmation. HTTP is a stubbed fetch keeping the keys.
 */

const NEW_KEY = `rk_live_${'Z'.repeat(43)}`;
const key = (overrides: Partial<TApiKey>): TApiKey => ({
  id: 1,
  nombre: 'HIS principal',
  prefijo: 'rk_live_AbCd',
  creadaPor: 'Ana Gómez',
  suspendida: false,
  creadaEn: '2026-01-02T15:00:00.000Z',
  expiraEn: '2027-01-02T15:00:00.000Z',
  ultimoUso: null,
  revocadaEn: null,
  activa: true,
  ...overrides,
});
const ACTIVE = key({ id: 1, ultimoUso: '2026-02-03T20:30:00.000Z' });
const REVOKED = key({
  id: 2,
  nombre: 'Facturador viejo',
  prefijo: 'rk_live_Rv01',
  revocadaEn: '2026-01-20T10:00:00.000Z',
  activa: false,
});
const EXPIRED = key({
  id: 3,
  nombre: 'Prueba piloto',
  prefijo: 'rk_live_Ex02',
  expiraEn: '2026-01-10T10:00:00.000Z',
  activa: false,
});

const ALERTAS_SIN_PLAN = {
  disponible: false,
  whatsappDisponible: true,
  correos: [],
  whatsapp: [],
  alertarNoAprobado: true,
  alertarError: true,
  resumenDiario: false,
  envios: [],
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type TCall = { url: string; method: string; body: unknown };
let calls: TCall[] = [];
let keys: TApiKey[] = [];
type TAnswer = (call: TCall) => Response | undefined | Promise<Response | undefined>;

/** A fetch that keeps `keys` as the server would; `answer` may take any call first. */
function stubServer(answer: TAnswer = () => undefined) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      const special = await answer(call);
      if (special) return special;
      if (url === '/api/Auth/tercero-fevrips')
        return json(200, { success: true, data: { configurado: false } });
      if (url === '/api/integraciones/claves' && call.method === 'GET')
        return json(200, { success: true, data: { claves: keys } });
      if (url === '/api/integraciones/webhooks' && call.method === 'GET')
        return json(200, { success: true, data: { webhooks: [], entregas: [] } });
      if (url === '/api/integraciones/alertas' && call.method === 'GET')
        return json(200, { success: true, data: ALERTAS_SIN_PLAN });
      if (url === '/api/integraciones/claves' && call.method === 'POST') {
        const body = call.body as { nombre: string; diasVigencia: number };
        const created = key({
          id: 10,
          nombre: body.nombre,
          prefijo: NEW_KEY.slice(0, 12),
          creadaEn: '2026-03-01T12:00:00.000Z',
        });
        keys = [...keys, created];
        return json(200, {
          success: true,
          message: MSG_INTEGRACIONES.apiKeyCreada,
          data: { ...created, clave: NEW_KEY },
        });
      }
      const revoke = /^\/api\/integraciones\/claves\/(\d+)$/.exec(url);
      if (revoke && call.method === 'DELETE') {
        keys = keys.map((k) =>
          k.id === Number(revoke[1]) ? { ...k, activa: false, revocadaEn: '2026-03-01T12:00:00.000Z' } : k,
        );
        return json(200, {
          success: true,
          message: MSG_INTEGRACIONES.apiKeyRevocada,
          data: keys.find((k) => k.id === Number(revoke[1])),
        });
      }
      return json(404, { success: false, message: 'no stub' });
    }),
  );
}

function renderTab(path = '/settings?tab=integraciones') {
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsRoute /> }], {
    initialEntries: [path],
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}

const keyCalls = (method: string) =>
  calls.filter((c) => c.url.startsWith('/api/integraciones/claves') && c.method === method);
const keyList = () => screen.getByRole('list', { name: MSG_INTEGRACIONES.clavesLista });
const writeText = vi.fn(async (_text: string) => {});

beforeEach(() => {
  keys = [];
  writeText.mockReset();
  writeText.mockImplementation(async () => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings › Integraciones: the key list', () => {
  it('opens with ?tab=integraciones, waits with a loading state, then lists name, prefix, dates, last use and state', async () => {
    let release: (() => void) | undefined;
    keys = [ACTIVE, REVOKED, EXPIRED, key({ id: 4, nombre: 'Sin uso', prefijo: 'rk_live_Nu03' })];
    stubServer((call) =>
      call.url === '/api/integraciones/claves' && !release
        ? new Promise<undefined>((resolve) => {
            release = () => resolve(undefined);
          })
        : undefined,
    );
    renderTab();
    expect(screen.getByRole('tab', { name: 'Integraciones' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByText(MSG.uiLoading)).toBeTruthy();
    release!();
    const items = within(
      await screen.findByRole('list', { name: MSG_INTEGRACIONES.clavesLista }),
    ).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const his = items.find((li) => li.textContent?.includes('HIS principal'))!;
    expect(his.textContent).toContain('rk_live_AbCd…');
    expect(his.textContent).toContain('02/01/2026'); // created
    expect(his.textContent).toContain('02/01/2027'); // expires
    expect(his.textContent).toContain('03/02/2026, 15:30'); // last use, Bogotá time
    expect(his.textContent).toContain(MSG_INTEGRACIONES.estadoActiva);
    expect(
      within(his).getByRole('button', { name: MSG_INTEGRACIONES.revocarClaveDe('HIS principal') }),
    ).toBeTruthy();
    const byName = (name: string) => items.find((li) => li.textContent?.includes(name))!;
    expect(byName('Sin uso').textContent).toContain(MSG_INTEGRACIONES.usoNunca);
    expect(byName('Facturador viejo').getAttribute('data-estado')).toBe('revocada');
    expect(byName('Facturador viejo').textContent).toContain(MSG_INTEGRACIONES.estadoRevocada);
    expect(byName('Prueba piloto').textContent).toContain(MSG_INTEGRACIONES.estadoVencida);
    // Only active keys can be revoked.
    expect(within(byName('Facturador viejo')).queryByRole('button')).toBeNull();
    expect(within(byName('Prueba piloto')).queryByRole('button')).toBeNull();
    // How to use a key: the header and the filing URL of this server.
    expect(screen.getByText('Authorization: Bearer <clave>')).toBeTruthy();
    expect(screen.getByText(`POST ${window.location.origin}/api/v1/paquetes`)).toBeTruthy();
  });

  it('says when there are no keys yet', async () => {
    stubServer();
    renderTab();
    expect(await screen.findByText(MSG_INTEGRACIONES.clavesVacio)).toBeTruthy();
    expect(screen.getByText(MSG_INTEGRACIONES.clavesVacioAyuda)).toBeTruthy();
  });

  it('explains a failed load and retries', async () => {
    let fail = true;
    keys = [ACTIVE];
    stubServer((call) =>
      call.url === '/api/integraciones/claves' && fail
        ? json(500, { success: false, message: 'Base de datos caída' })
        : undefined,
    );
    renderTab();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MSG_INTEGRACIONES.clavesErrorCarga('Base de datos caída'));
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('HIS principal')).toBeTruthy();
  });

  it('is reached from the other tabs with the arrow keys and sets ?tab=integraciones', async () => {
    stubServer();
    const { router } = renderTab('/settings?tab=ministerio');
    const ministerio = screen.getByRole('tab', { name: 'Ministerio' });
    fireEvent.keyDown(ministerio, { key: 'ArrowRight' });
    await waitFor(() => expect(router.state.location.search).toBe('?tab=integraciones'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Integraciones' }));
    expect(await screen.findByText(MSG_INTEGRACIONES.clavesVacio)).toBeTruthy();
  });
});

describe("Settings › Integraciones: 'Crear clave'", () => {
  it("checks the name and the validity with the contract's messages before calling the API", async () => {
    stubServer();
    renderTab();
    await screen.findByText(MSG_INTEGRACIONES.clavesVacio);
    fireEvent.click(screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave }));
    const dialog = await screen.findByRole('dialog', { name: MSG_INTEGRACIONES.crearClave });
    const dias = within(dialog).getByLabelText(MSG_INTEGRACIONES.campoVigencia) as HTMLInputElement;
    expect(dias.value).toBe(String(API_KEY_DIAS_DEFECTO));
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));
    expect(await within(dialog).findByText('Escribe un nombre para la clave.')).toBeTruthy();
    const nombre = within(dialog).getByLabelText(MSG_INTEGRACIONES.campoNombreClave);
    expect(nombre.getAttribute('aria-invalid')).toBe('true');
    expect(nombre.getAttribute('aria-describedby')).toContain('api-key-nombre-error');

    fireEvent.change(nombre, { target: { value: '   ' } });
    fireEvent.change(dias, { target: { value: String(API_KEY_MAX_DIAS + 1) } });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));
    expect(
      await within(dialog).findByText(`La vigencia de la clave es de máximo ${API_KEY_MAX_DIAS} días.`),
    ).toBeTruthy();
    expect(within(dialog).getByText('Escribe un nombre para la clave.')).toBeTruthy();
    fireEvent.change(dias, { target: { value: '0' } });
    fireEvent.change(nombre, { target: { value: 'x'.repeat(81) } });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));
    expect(await within(dialog).findByText('La vigencia de la clave es de al menos 1 día.')).toBeTruthy();
    expect(within(dialog).getByText('El nombre de la clave admite hasta 80 caracteres.')).toBeTruthy();
    expect(keyCalls('POST')).toHaveLength(0);
  });

  it('shows the new key once, with a copy button and the warning, until closed; the list only ever has its prefix', async () => {
    keys = [ACTIVE];
    stubServer();
    const { client } = renderTab();
    await screen.findByText('HIS principal');
    const createButton = screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave });
    fireEvent.click(createButton);
    const dialog = await screen.findByRole('dialog', { name: MSG_INTEGRACIONES.crearClave });
    fireEvent.change(within(dialog).getByLabelText(MSG_INTEGRACIONES.campoNombreClave), {
      target: { value: '  Facturador HIS  ' },
    });
    fireEvent.change(within(dialog).getByLabelText(MSG_INTEGRACIONES.campoVigencia), {
      target: { value: '30' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));

    const panel = await screen.findByTestId('nueva-clave');
    expect(keyCalls('POST')[0]!.body).toEqual({ nombre: 'Facturador HIS', diasVigencia: 30 });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(panel.textContent).toContain(MSG_INTEGRACIONES.apiKeyCreada);
    const field = within(panel).getByLabelText(MSG_INTEGRACIONES.nuevaClaveEtiqueta) as HTMLInputElement;
    expect(field.value).toBe(NEW_KEY);
    expect(field.readOnly).toBe(true);
    expect(document.activeElement).toBe(field); // read first, with the warning as its description
    expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(
      MSG_INTEGRACIONES.apiKeyCreada,
    );
    // A second key waits until this one is put away.
    expect(createButton).toHaveProperty('disabled', true);

    fireEvent.click(within(panel).getByRole('button', { name: MSG_INTEGRACIONES.copiarClave }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(NEW_KEY));
    // The status is set once the clipboard's promise settles, a tick after the call.
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe(MSG_INTEGRACIONES.claveCopiada));

    // The list is refreshed: the new key is listed by its prefix, never in full.
    await waitFor(() => expect(within(keyList()).getAllByRole('listitem')).toHaveLength(2));
    expect(keyList().textContent).toContain(`${NEW_KEY.slice(0, 12)}…`);
    expect(keyList().innerHTML).not.toContain(NEW_KEY);

    fireEvent.click(within(panel).getByRole('button', { name: MSG_INTEGRACIONES.cerrarNuevaClave }));
    await waitFor(() => expect(screen.queryByTestId('nueva-clave')).toBeNull());
    expect(document.body.innerHTML).not.toContain(NEW_KEY);
    expect(Array.from(document.querySelectorAll('input')).some((i) => i.value === NEW_KEY)).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(createButton));
    // …nor in the mutation cache.
    await waitFor(() =>
      expect(
        JSON.stringify(
          client
            .getMutationCache()
            .getAll()
            .map((m) => m.state.data),
        ),
      ).not.toContain(NEW_KEY),
    );
    expect(createButton).toHaveProperty('disabled', false);
  });
});

describe("Settings › Integraciones: 'Crear clave' when the copy or the server refuses", () => {
  it('a copy the browser refuses says to copy it by hand, and the key stays on screen', async () => {
    stubServer();
    writeText.mockImplementation(async () => {
      throw new Error('denied');
    });
    renderTab();
    await screen.findByText(MSG_INTEGRACIONES.clavesVacio);
    fireEvent.click(screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(MSG_INTEGRACIONES.campoNombreClave), {
      target: { value: 'ERP' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));
    const panel = await screen.findByTestId('nueva-clave');
    expect(keyCalls('POST')[0]!.body).toEqual({ nombre: 'ERP', diasVigencia: API_KEY_DIAS_DEFECTO });
    fireEvent.click(within(panel).getByRole('button', { name: MSG_INTEGRACIONES.copiarClave }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe(MSG_INTEGRACIONES.claveNoCopiada),
    );
    expect(
      (within(panel).getByLabelText(MSG_INTEGRACIONES.nuevaClaveEtiqueta) as HTMLInputElement).value,
    ).toBe(NEW_KEY);
  });

  it("shows the server's refusal in the form (the active-key limit) and no key", async () => {
    stubServer((call) =>
      call.url === '/api/integraciones/claves' && call.method === 'POST'
        ? json(409, { success: false, code: 'API_KEY_LIMIT', message: MSG_INTEGRACIONES.apiKeyLimite(20) })
        : undefined,
    );
    renderTab();
    await screen.findByText(MSG_INTEGRACIONES.clavesVacio);
    fireEvent.click(screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(MSG_INTEGRACIONES.campoNombreClave), {
      target: { value: 'ERP' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.crearClaveEnviar }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG_INTEGRACIONES.apiKeyLimite(20));
    expect(screen.queryByTestId('nueva-clave')).toBeNull();
    // Closed and opened again, the form starts clean.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave }));
    expect(within(await screen.findByRole('dialog')).queryByRole('alert')).toBeNull();
  });

  it("with the most active keys allowed, 'Crear clave' is off and says why", async () => {
    keys = Array.from({ length: 20 }, (_, i) => key({ id: i + 1, nombre: `Clave ${i + 1}` }));
    stubServer();
    renderTab();
    await screen.findByText('Clave 20');
    expect(screen.getByRole('button', { name: MSG_INTEGRACIONES.crearClave })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText(MSG_INTEGRACIONES.apiKeyLimite(20))).toBeTruthy();
  });
});

describe("Settings › Integraciones: 'Revocar'", () => {
  it('asks first; Cancelar keeps the key; confirmed, the key is revoked at once and the list refreshed', async () => {
    keys = [ACTIVE, REVOKED];
    stubServer();
    renderTab();
    await screen.findByText('HIS principal');
    const revokeButton = () =>
      screen.getByRole('button', { name: MSG_INTEGRACIONES.revocarClaveDe('HIS principal') });

    fireEvent.click(revokeButton());
    let dialog = await screen.findByRole('dialog', { name: MSG_INTEGRACIONES.revocarTitulo });
    expect(dialog.textContent).toContain(MSG_INTEGRACIONES.revocarExplicacion('HIS principal'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(keyCalls('DELETE')).toHaveLength(0);

    fireEvent.click(revokeButton());
    dialog = await screen.findByRole('dialog', { name: MSG_INTEGRACIONES.revocarTitulo });
    const listLoads = keyCalls('GET').length;
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.revocarConfirmar }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(keyCalls('DELETE').map((c) => c.url)).toEqual(['/api/integraciones/claves/1']);
    await waitFor(() => expect(keyCalls('GET').length).toBeGreaterThan(listLoads));
    await waitFor(() =>
      expect(
        within(keyList())
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('data-estado')),
      ).toEqual(['revocada', 'revocada']),
    );
    expect(
      screen.queryByRole('button', { name: MSG_INTEGRACIONES.revocarClaveDe('HIS principal') }),
    ).toBeNull();
    // The focus is not lost with the button that went away.
    expect(document.activeElement?.getAttribute('aria-labelledby')).toBe('api-keys-title');
  });

  it('keeps the dialog open with the reason when the revocation fails', async () => {
    keys = [ACTIVE];
    stubServer((call) =>
      call.method === 'DELETE'
        ? json(404, {
            success: false,
            code: 'API_KEY_NOT_FOUND',
            message: MSG_INTEGRACIONES.apiKeyNoEncontrada,
          })
        : undefined,
    );
    renderTab();
    await screen.findByText('HIS principal');
    fireEvent.click(screen.getByRole('button', { name: MSG_INTEGRACIONES.revocarClaveDe('HIS principal') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: MSG_INTEGRACIONES.revocarConfirmar }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG_INTEGRACIONES.apiKeyNoEncontrada);
  });
});

describe("Settings › Integraciones: webhooks, the API guide and rejection alerts", () => {
  it('registers a result webhook and shows its signing secret once', async () => {
    stubServer((call) =>
      call.url === '/api/integraciones/webhooks' && call.method === 'POST'
        ? json(200, { success: true, data: { id: 4, url: (call.body as { url: string }).url, activo: true, creadoEn: '2026-03-01T12:00:00.000Z', secreto: 'whsec_c2VjcmV0bw==' } })
        : undefined,
    );
    renderTab();
    expect(await screen.findByText(MSG_AVISOS.webhooksVacio)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(MSG_AVISOS.webhookCampoUrl), { target: { value: ' https://his.example.co/radica ' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_AVISOS.webhookRegistrar }));
    expect(((await screen.findByLabelText(MSG_AVISOS.webhookSecreto)) as HTMLInputElement).value).toBe('whsec_c2VjcmV0bw==');
    expect(calls.find((c) => c.url === '/api/integraciones/webhooks' && c.method === 'POST')?.body).toEqual({ url: 'https://his.example.co/radica' });
  });

  it('links the API reference at /api/docs from Integraciones', async () => {
    stubServer();
    renderTab();
    const link = await screen.findByRole('link', { name: MSG_INTEGRACIONES.documentacionApi });
    expect(link.getAttribute('href')).toBe('/api/docs/');
  });

  it('the guide shows the asynchronous send, enviar=async (Business), with its own example', async () => {
    stubServer();
    renderTab();
    expect(await screen.findByText(MSG_INTEGRACIONES.usoAsincrono)).toBeTruthy();
    expect(screen.getByLabelText('curl enviar=async').textContent).toContain('-F enviar=async');
    expect(screen.getByLabelText('curl').textContent).toContain('-F enviar=true');
  });

  it("names the secret's copy button after the secret, and writes dates like the rest of the app", async () => {
    const entrega = {
      id: 1, webhookId: 4, url: 'https://his.example.co/radica', eventoId: 'evt_1', evento: 'documento.estado', fevRipsId: 3,
      formato: 'FE1', estadoDocumento: 'APROBADO', estado: 'FALLIDO', intentos: 3, ultimoHttpStatus: null,
      ultimoError: MSG_AVISOS.transporte.rechazada, creadoEn: '2026-11-26T16:33:00.000Z', ultimoIntentoEn: '2026-11-26T16:33:00.000Z', entregadoEn: null,
    };
    stubServer((call) => {
      if (call.url === '/api/integraciones/webhooks' && call.method === 'GET')
        return json(200, { success: true, data: { webhooks: [{ id: 4, url: entrega.url, activo: true, creadoEn: '2026-11-26T16:33:00.000Z' }], entregas: [entrega] } });
      if (call.url === '/api/integraciones/webhooks' && call.method === 'POST')
        return json(200, { success: true, data: { id: 5, url: 'https://his.example.co/otro', activo: true, creadoEn: '2026-03-01T12:00:00.000Z', secreto: 'whsec_c2VjcmV0bw==' } });
      return undefined;
    });
    renderTab();
    expect((await screen.findAllByText('26/11/2026, 11:33')).length).toBeGreaterThanOrEqual(2);
    expect(screen.queryByText(/26\/11\/26,/)).toBeNull();
    fireEvent.change(screen.getByLabelText(MSG_AVISOS.webhookCampoUrl), { target: { value: 'https://his.example.co/otro' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_AVISOS.webhookRegistrar }));
    await screen.findByLabelText(MSG_AVISOS.webhookSecreto);
    expect(screen.getByRole('button', { name: MSG_AVISOS.webhookCopiarSecreto })).toBeTruthy();
    expect(screen.queryByRole('button', { name: MSG_INTEGRACIONES.copiarClave })).toBeNull();
  });

  it('shows the rejection alerts disabled with the upgrade star without Business, and saves them with it', async () => {
    stubServer();
    renderTab();
    expect(await screen.findByText(MSG_AVISOS.alertasSoloBusiness)).toBeTruthy();
    expect((screen.getByRole('button', { name: MSG_AVISOS.alertasGuardar }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    stubServer((call) => {
      if (call.url !== '/api/integraciones/alertas') return undefined;
      if (call.method === 'GET') return json(200, { success: true, data: { ...ALERTAS_SIN_PLAN, disponible: true } });
      return json(200, { success: true, data: { ...ALERTAS_SIN_PLAN, ...(call.body as object), disponible: true } });
    });
    renderTab();
    const correos = await screen.findByLabelText(MSG_AVISOS.alertasCorreos);
    fireEvent.change(correos, { target: { value: 'a@ips.co\n b@ips.co ' } });
    fireEvent.change(screen.getByLabelText(MSG_AVISOS.alertasWhatsapp), { target: { value: '573001234567' } });
    fireEvent.click(screen.getByLabelText(MSG_AVISOS.alertasResumen));
    fireEvent.click(screen.getByRole('button', { name: MSG_AVISOS.alertasGuardar }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/integraciones/alertas' && c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      correos: ['a@ips.co', 'b@ips.co'],
      whatsapp: ['573001234567'],
      alertarNoAprobado: true,
      alertarError: true,
      resumenDiario: true,
    });
  });
});
