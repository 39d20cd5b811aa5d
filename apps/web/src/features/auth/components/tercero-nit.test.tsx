import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MSG_USUARIOS } from '@radica/contracts/messages-usuarios';
import { EMPTY_TERCERO, TerceroStep } from './tercero-step';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderIdentification() {
  const onSubStepChange = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TerceroStep
        email="ips@prueba.co"
        defaultValues={EMPTY_TERCERO}
        subStep={1}
        onSubStepChange={onSubStepChange}
        onBack={vi.fn()}
        onDone={vi.fn()}
        error={null}
        location={null}
        onLocationChange={vi.fn()}
      />
    </QueryClientProvider>,
  );
  return onSubStepChange;
}

function fill(tipo: string, numero: string) {
  fireEvent.change(screen.getByLabelText('Tipo de identificación'), { target: { value: tipo } });
  fireEvent.change(screen.getByLabelText('Número de identificación'), { target: { value: numero } });
}

afterEach(() => vi.unstubAllGlobals());

describe('registration with a NIT another company has', () => {
  it('warns once, saying how to join that company by invitation; Siguiente again goes on', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, data: { existe: true } }));
    vi.stubGlobal('fetch', fetchMock);
    const onSubStepChange = renderIdentification();
    fill('NI', '900.373.115');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText(MSG_USUARIOS.nitYaRegistradoTitulo('900373115'))).toBeTruthy();
    expect(screen.getByTestId('nit-ya-registrado').textContent).toContain('pide a su administrador que te invite desde Configuración › Usuarios');
    expect(onSubStepChange).not.toHaveBeenCalled();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(String(url)).toContain('/api/Auth/check-nit');
    expect(JSON.parse(String(init.body))).toEqual({ tipoIdentidad: 'NI', numeroIdentificacion: '900373115' });

    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(onSubStepChange).toHaveBeenCalledWith(2));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('goes on at once for a NIT no company has', async () => {
    const fetchMock = vi.fn(async () => json(200, { success: true, data: { existe: false } }));
    vi.stubGlobal('fetch', fetchMock);
    const first = renderIdentification();
    fill('NI', '900373116');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(first).toHaveBeenCalledWith(2));
    expect(screen.queryByTestId('nit-ya-registrado')).toBeNull();
  });

  it('does not look a person up', async () => {
    const fetchMock = vi.fn(async () => json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    const onSubStepChange = renderIdentification();
    fill('CC', '1098765432');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(onSubStepChange).toHaveBeenCalledWith(2));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes on when the lookup fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { success: false, message: 'x' })));
    const onSubStepChange = renderIdentification();
    fill('NI', '900373115');
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    await waitFor(() => expect(onSubStepChange).toHaveBeenCalledWith(2));
  });
});
