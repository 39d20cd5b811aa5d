import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG } from '@radica/contracts/messages';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TProviderConfig } from '@radica/contracts/provider';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { ProviderConfigForm } from './provider-config-form';
import { ProviderConfigView } from './provider-config-view';

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
const EMPTY: TProviderConfig = {
  codigoPrestador: null,
  userValidator: null,
  passwordValidator: '',
  hasPasswordValidator: false,
  tipoPrestadorServicio: null,
  tipoCaracter: null,
  fechaRadicacion: null,
  fechaVencimiento: null,
  tipoClasePersona: null,
  tipoEntidad: null,
  telefonoAdicional: null,
  nombreRepresentanteLegal: null,
  activo: true,
  configurado: false,
  tercero: TERCERO,
};
const SAVED: TProviderConfig = {
  ...EMPTY,
  codigoPrestador: '110013120501',
  userValidator: '1010101010',
  hasPasswordValidator: true,
  tipoPrestadorServicio: '02',
  tipoCaracter: 'E',
  tipoClasePersona: 'J',
  tipoEntidad: '01',
  configurado: true,
};
const CLINICA: TPrestadorResultado = {
  id: 9,
  codigoPrestadorServicio: '680010012301',
  nombre: 'CLINICA NORTE',
  displayText: '680010012301 - CLINICA NORTE',
  numeroIdentificacion: '900123456',
  razonSocial: 'CLINICA NORTE S.A.S.',
  tipoPrestadorServicio: '02',
  direccion: 'Calle 10',
  telefono: '6076543210',
  email: null,
  tipoCaracter: 'D',
  tipoClasePersona: null,
  tipoEntidad: '04',
  nombreRepresentanteLegal: null,
  fechaRadicacion: '2021-03-04',
  fechaVencimiento: '2025-03-04',
  activo: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type TCall = { url: string; method: string; body: unknown };
/** Stub fetch: the REPS search answers CLINICA; `answer` decides the rest. */
function stubFetch(answer: (call: TCall) => Response | Promise<Response>) {
  const calls: TCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        url,
        method: init?.method ?? 'GET',
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (url.startsWith('/api/Auth/prestadores/autocomplete'))
        return json(200, { success: true, data: { items: [CLINICA] } });
      return answer(call);
    }),
  );
  return calls;
}
const wrap = (node: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {node}
    </QueryClientProvider>,
  );
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
const sent = (calls: TCall[], path: string) => calls.filter((c) => c.url === path);

/** Search 'clinica' and choose CLINICA NORTE (the real 1000 ms pause). */
async function chooseClinica() {
  const code = field('Código Prestador');
  fireEvent.focus(code);
  fireEvent.change(code, { target: { value: 'clinica' } });
  fireEvent.click(await screen.findByRole('option', { name: /CLINICA NORTE/ }, { timeout: 3000 }));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('provider configuration form (seed 000 §2 "Provider configuration form")', () => {
  it("creation: the 'Configuración Requerida' intro, then 'Continuar' shows both sections", async () => {
    stubFetch(() => json(200, { success: true }));
    wrap(<ProviderConfigForm config={EMPTY} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: MSG.providerFormTitle });
    expect(within(dialog).getByRole('heading', { name: MSG_CUENTAS.providerIntroTitle })).toBeTruthy();
    expect(within(dialog).getByText(MSG_CUENTAS.providerIntroText)).toBeTruthy();
    expect(screen.queryByLabelText('Código Prestador')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.providerIntroContinue }));
    expect(screen.queryByText(MSG_CUENTAS.providerIntroText)).toBeNull();
    expect(screen.getByRole('region', { name: MSG.providerMandatorySection })).toBeTruthy();
    const additional = screen.getByRole('region', { name: MSG.providerAdditionalSection });
    expect(within(additional).getByRole('tooltip', { hidden: true }).textContent).toBe(
      MSG.providerAdditionalTooltip,
    );
    const code = field('Código Prestador');
    expect(code.getAttribute('role')).toBe('combobox');
    await waitFor(() => expect(document.activeElement).toBe(code));
    const tooltips = screen.getAllByRole('tooltip', { hidden: true }).map((t) => t.textContent);
    expect(tooltips).toContain(MSG_CUENTAS.prestadorCodeTooltip);
    expect(tooltips.filter((t) => t === MSG.validatorCredentialsTooltip)).toHaveLength(2);
    // The password keeps its show/hide toggle.
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });

  it('choosing a REPS provider pre-fills the form and creates the configuration with POST', async () => {
    let release: () => void = () => {};
    const calls = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json(200, { success: true, message: MSG.configSaved }));
        }),
    );
    const onClose = vi.fn();
    wrap(<ProviderConfigForm config={EMPTY} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await chooseClinica();
    expect(screen.getByText(MSG_CUENTAS.prestadorSelected)).toBeTruthy();
    await waitFor(() => expect(field('Teléfono').value).toBe('6076543210'));
    expect(field('Tipo de prestador').value).toBe('02');
    expect(field('Alcance').value).toBe('D');
    expect(field('Tipo de entidad').value).toBe('04');
    expect(field('Tipo de persona').value).toBe('J'); // razonSocial differs from nombre
    expect(field('Nombre del representante legal').value).toBe('CLINICA NORTE S.A.S.');
    expect(field('Fecha de radicación').value).toBe('2021-03-04');
    expect(field('Fecha de vencimiento').value).toBe('2025-03-04');

    fireEvent.change(field('Usuario Validador'), { target: { value: '1010101010' } });
    fireEvent.change(field('Contraseña Validador'), { target: { value: 'clave-del-validador' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('button', { name: 'Guardando...' })).toBeTruthy();
    const [post] = sent(calls, '/api/Auth/crear-configuracion-fevrips');
    expect(post?.method).toBe('POST');
    expect(post?.body).toEqual({
      codigoPrestador: '680010012301',
      userValidator: '1010101010',
      passwordValidator: 'clave-del-validador',
      tipoPrestadorServicio: '02',
      tipoCaracter: 'D',
      tipoClasePersona: 'J',
      tipoEntidad: '04',
      telefonoAdicional: '6076543210',
      nombreRepresentanteLegal: 'CLINICA NORTE S.A.S.',
      fechaRadicacion: '2021-03-04',
      fechaVencimiento: '2025-03-04',
    });
    release();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("warns when the chosen provider's NIT is not the company's, and removing it clears what it filled", async () => {
    stubFetch(() => json(200, { success: true }));
    wrap(<ProviderConfigForm config={EMPTY} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await chooseClinica();
    // CLINICA NORTE's NIT 900123456 is not IPS Sur's 900373115.
    expect(await screen.findByText(MSG_CUENTAS.prestadorNitDistinto('900123456', '900373115'))).toBeTruthy();
    await waitFor(() => expect(field('Fecha de vencimiento').value).toBe('2025-03-04'));
    fireEvent.change(field('Teléfono'), { target: { value: '3110000000' } }); // typed by the user: kept
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.prestadorClear }));
    await waitFor(() => expect(field('Fecha de vencimiento').value).toBe(''));
    expect(field('Fecha de radicación').value).toBe('');
    expect(field('Tipo de prestador').value).toBe('');
    expect(field('Alcance').value).toBe('');
    expect(field('Tipo de entidad').value).toBe('');
    expect(field('Nombre del representante legal').value).toBe('');
    expect(field('Teléfono').value).toBe('3110000000');
    expect(screen.queryByText(MSG_CUENTAS.prestadorNitDistinto('900123456', '900373115'))).toBeNull();
  });

  it("says nothing when the provider's NIT is the company's (with or without its check digit)", async () => {
    stubFetch(() => json(200, { success: true }));
    wrap(<ProviderConfigForm config={{ ...EMPTY, tercero: { ...TERCERO, numeroIdentificacion: '900123456' } }} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await chooseClinica();
    await waitFor(() => expect(field('Teléfono').value).toBe('6076543210'));
    expect(screen.queryByText(/Revisa que sea tu prestador/)).toBeNull();
  });
});

describe('provider configuration form: a required choice, failed saves, editing and the inline variant', () => {
  it('the typed search text is not a code: a choice is required', async () => {
    const calls = stubFetch(() => json(200, { success: true }));
    wrap(<ProviderConfigForm config={EMPTY} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    fireEvent.change(field('Código Prestador'), { target: { value: '110013120501' } });
    fireEvent.change(field('Usuario Validador'), { target: { value: '1010101010' } });
    fireEvent.change(field('Contraseña Validador'), { target: { value: 'clave' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.codigoPrestadorRequired)).toBeTruthy();
    expect(field('Código Prestador').getAttribute('aria-invalid')).toBe('true');
    expect(field('Código Prestador').className).toContain('border-red-500');
    expect(sent(calls, '/api/Auth/crear-configuracion-fevrips')).toHaveLength(0);

    // Manual entry: the typed code is the code.
    fireEvent.focus(field('Código Prestador'));
    fireEvent.click(screen.getByRole('option', { name: MSG_CUENTAS.prestadorManualOption }));
    fireEvent.change(field('Código Prestador'), { target: { value: '110013120501' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(sent(calls, '/api/Auth/crear-configuracion-fevrips')).toHaveLength(1));
    expect(sent(calls, '/api/Auth/crear-configuracion-fevrips')[0]!.body).toMatchObject({
      codigoPrestador: '110013120501',
      tipoClasePersona: null,
    });
  });

  it('a failed save keeps everything typed and shows the error', async () => {
    stubFetch(() => json(409, { success: false, message: MSG.configAlreadyExists, code: 'CONFIG_EXISTS' }));
    const onClose = vi.fn();
    wrap(<ProviderConfigForm config={EMPTY} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    await chooseClinica();
    fireEvent.change(field('Usuario Validador'), { target: { value: '1010101010' } });
    fireEvent.change(field('Contraseña Validador'), { target: { value: 'clave-del-validador' } });
    fireEvent.change(field('Teléfono'), { target: { value: '3110000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.configAlreadyExists);
    expect(onClose).not.toHaveBeenCalled();
    expect(field('Código Prestador').value).toBe('680010012301 - CLINICA NORTE');
    expect(screen.getByText(MSG_CUENTAS.prestadorSelected)).toBeTruthy();
    expect(field('Usuario Validador').value).toBe('1010101010');
    expect(field('Contraseña Validador').value).toBe('clave-del-validador');
    expect(field('Teléfono').value).toBe('3110000000');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeTruthy();
  });

  it("editing: no intro, the saved code editable, 'Confirmar cambios importantes', PUT keeps an empty password", async () => {
    const calls = stubFetch(() => json(200, { success: true, message: MSG.configSaved }));
    const onClose = vi.fn();
    wrap(<ProviderConfigForm config={SAVED} onClose={onClose} />);
    expect(screen.queryByText(MSG_CUENTAS.providerIntroTitle)).toBeNull();
    expect(field('Código Prestador').value).toBe('110013120501');
    expect(screen.getByText('Déjala vacía para conservar la contraseña guardada.')).toBeTruthy();
    fireEvent.change(field('Usuario Validador'), { target: { value: '2020202020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const confirm = await screen.findByRole('dialog', { name: MSG_CUENTAS.confirmChangesTitle });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [put] = sent(calls, '/api/Auth/actualizar-configuracion-fevrips');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toMatchObject({ codigoPrestador: '110013120501', userValidator: '2020202020', passwordValidator: '' });
  });

  it("the inline variant: '← Volver' and the title 'Información del Prestador'", () => {
    stubFetch(() => json(200, { success: true }));
    const onClose = vi.fn();
    wrap(<ProviderConfigForm config={EMPTY} onClose={onClose} variant="inline" />);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: MSG_CUENTAS.providerInfoTitle })).toBeTruthy();
    expect(screen.queryByText(MSG.providerFormTitle)).toBeNull();
    expect(screen.getByText(MSG_CUENTAS.providerIntroTitle)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByLabelText('Código Prestador')).toBeTruthy();
    // Escape does not close the inline form; '← Volver' does.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.providerBack }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe("'Probar conexión' (\"Check the credentials\")", () => {
  async function probar(answer: () => Response | Promise<Response>) {
    const calls = stubFetch(answer);
    wrap(<ProviderConfigView config={SAVED} onEdit={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.probarConexion }));
    return calls;
  }

  it('shows Probando conexión... while waiting, then the accepted message as a status', async () => {
    let release: () => void = () => {};
    const calls = await probar(
      () =>
        new Promise<Response>((resolve) => {
          release = () =>
            resolve(json(200, { success: true, data: { conectado: true, mensaje: MSG_CUENTAS.probarConexionOk } }));
        }),
    );
    expect(await screen.findByRole('button', { name: MSG_CUENTAS.probandoConexion })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(MSG_CUENTAS.probandoConexion);
    expect(calls).toEqual([{ url: '/api/Auth/probar-conexion-fevrips', method: 'POST', body: undefined }]);
    release();
    const status = await screen.findByText(MSG_CUENTAS.probarConexionOk);
    expect(status.closest('[role="status"]')?.className).toContain('emerald');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: MSG_CUENTAS.probarConexion })).toBeTruthy();
  });

  it('shows the refused credentials as an alert, forgotten once the user edits', async () => {
    await probar(() =>
      json(200, { success: true, data: { conectado: false, mensaje: MSG_CUENTAS.probarConexionRechazada } }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(MSG_CUENTAS.probarConexionRechazada);
    expect(alert.className).toContain('red');
    fireEvent.click(screen.getByRole('button', { name: 'Editar configuración del prestador' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows an unreachable ministry as an alert', async () => {
    await probar(() =>
      json(200, { success: true, data: { conectado: false, mensaje: MSG_CUENTAS.probarConexionNoDisponible } }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_CUENTAS.probarConexionNoDisponible);
  });

  it('the form tests what is typed before saving, and forgets the answer when a credential changes', async () => {
    const calls = stubFetch(() =>
      json(200, { success: true, data: { conectado: false, mensaje: MSG_CUENTAS.probarConexionRechazada } }),
    );
    wrap(<ProviderConfigForm config={EMPTY} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Continuar' }));
    fireEvent.change(field('Usuario Validador'), { target: { value: ' 1010101010 ' } });
    fireEvent.change(field('Contraseña Validador'), { target: { value: 'clave-tecleada' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.probarConexion }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG_CUENTAS.probarConexionRechazada);
    expect(sent(calls, '/api/Auth/probar-conexion-fevrips')).toEqual([
      { url: '/api/Auth/probar-conexion-fevrips', method: 'POST', body: { userValidator: '1010101010', passwordValidator: 'clave-tecleada' } },
    ]);
    // Nothing was saved by the test.
    expect(sent(calls, '/api/Auth/crear-configuracion-fevrips')).toEqual([]);
    fireEvent.change(field('Contraseña Validador'), { target: { value: 'otra-clave' } });
    await waitFor(() => expect(screen.queryByText(MSG_CUENTAS.probarConexionRechazada)).toBeNull());
  });

  it('editing with an empty password tests the typed user with the saved password', async () => {
    const calls = stubFetch(() => json(200, { success: true, data: { conectado: true, mensaje: MSG_CUENTAS.probarConexionOk } }));
    wrap(<ProviderConfigForm config={SAVED} onClose={vi.fn()} />);
    fireEvent.change(field('Usuario Validador'), { target: { value: '2020202020' } });
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.probarConexion }));
    expect(await screen.findByText(MSG_CUENTAS.probarConexionOk)).toBeTruthy();
    expect(sent(calls, '/api/Auth/probar-conexion-fevrips')[0]?.body).toEqual({ userValidator: '2020202020' });
  });

  it("shows the server's refusal (412 without a configuration) as an alert", async () => {
    await probar(() => json(412, { success: false, message: MSG.configNotFound, code: 'CONFIG_REQUIRED' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.configNotFound);
  });
});
