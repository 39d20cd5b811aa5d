import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG_CUENTAS } from '@radica/contracts/messages-cuentas';
import type { TPrestadorResultado } from '@radica/contracts/reps';
import { PrestadorAutocomplete } from './prestador-autocomplete';

const prestador = (id: number, codigo: string, nombre: string): TPrestadorResultado => ({
  id,
  codigoPrestadorServicio: codigo,
  nombre,
  displayText: `${codigo} - ${nombre}`,
  numeroIdentificacion: `90000000${id}`,
  razonSocial: `${nombre} S.A.S.`,
  tipoPrestadorServicio: '02',
  direccion: 'Calle 1',
  telefono: '6070000000',
  email: null,
  tipoCaracter: 'D',
  tipoClasePersona: 'J',
  tipoEntidad: '01',
  nombreRepresentanteLegal: null,
  fechaRadicacion: null,
  fechaVencimiento: null,
  activo: true,
});
const CLINICAS = [prestador(1, '680010012301', 'CLINICA NORTE'), prestador(2, '680010012401', 'CLINICA SUR')];
const HOSPITALES = [prestador(3, '110010099901', 'HOSPITAL CENTRAL')];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (items: TPrestadorResultado[]) => json(200, { success: true, data: { items } });

let fetchMock: ReturnType<typeof vi.fn>;
/** The `texto` of every search sent. */
const searched = () =>
  fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x').searchParams.get('texto'));

function setup(options: { initialMode?: 'search' | 'manual'; code?: string; invalid?: boolean } = {}) {
  const onSelect = vi.fn();
  const onManual = vi.fn();
  const onClear = vi.fn();
  const codes: string[] = [];
  function Harness() {
    const [code, setCode] = useState(options.code ?? '');
    return (
      <PrestadorAutocomplete
        id="codigo"
        initialMode={options.initialMode}
        code={code}
        onCodeChange={(c) => {
          codes.push(c);
          setCode(c);
        }}
        onSelect={onSelect}
        onManual={onManual}
        onClear={onClear}
        invalid={options.invalid}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <label htmlFor="codigo">Código Prestador</label>
      <Harness />
    </QueryClientProvider>,
  );
  return { onSelect, onManual, onClear, codes };
}

const input = () => screen.getByLabelText('Código Prestador') as HTMLInputElement;
const type = (value: string) => fireEvent.change(input(), { target: { value } });
const key = (k: string) => fireEvent.keyDown(input(), { key: k });
/** Let fake time pass, with the promises and React updates it releases. */
const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
/** The 1000 ms pause, then the search's answer (React renders the debounced text when each act ends). */
const debounceAndAnswer = async () => {
  await wait(1000);
  await wait(10);
  await wait(10);
};
const optionNames = () => screen.queryAllByRole('option').map((o) => o.textContent?.trim());

beforeEach(() => {
  vi.useFakeTimers();
  fetchMock = vi.fn(async (url: string) => {
    const texto = new URL(url, 'http://x').searchParams.get('texto') ?? '';
    return ok(texto.startsWith('hosp') ? HOSPITALES : texto.startsWith('cli') ? CLINICAS : []);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PrestadorAutocomplete (seed 000 §2 "Autocomplete behaviour", §5, §9)', () => {
  it('starts with the manual-entry option alone, and searches nothing below 2 trimmed characters', async () => {
    setup();
    fireEvent.focus(input());
    expect(input().getAttribute('role')).toBe('combobox');
    expect(input().getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual([MSG_CUENTAS.prestadorManualOption]);
    type('c');
    await wait(1500);
    type(' c ');
    await wait(1500);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(optionNames()).toEqual([MSG_CUENTAS.prestadorManualOption]);
  });

  it('searches the trimmed text once after 1000 ms without typing, asking 10 results', async () => {
    setup();
    fireEvent.focus(input());
    type('cl');
    await wait(600);
    type(' cli ');
    await wait(999);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText(MSG_CUENTAS.prestadorSearching)).toBeTruthy();
    await wait(1);
    expect(searched()).toEqual(['cli']);
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/Auth/prestadores/autocomplete?texto=cli&limite=10');
    await wait(10);
    // The manual-entry option first, then the results.
    expect(optionNames()).toEqual([
      MSG_CUENTAS.prestadorManualOption,
      expect.stringContaining('680010012301 - CLINICA NORTE'),
      expect.stringContaining('680010012401 - CLINICA SUR'),
    ]);
    expect(screen.queryByText(MSG_CUENTAS.prestadorSearching)).toBeNull();
  });

  it('says so when nothing matches', async () => {
    setup();
    fireEvent.focus(input());
    type('zz');
    await debounceAndAnswer();
    expect(screen.getByText(MSG_CUENTAS.prestadorNoResults)).toBeTruthy();
    // Why (the loaded extract) and manual entry; never an operator's command for an end user.
    expect(screen.getByText(MSG_CUENTAS.prestadorNoResultsAyuda)).toBeTruthy();
    expect(MSG_CUENTAS.prestadorNoResultsAyuda).not.toMatch(/npm|reps:import/);
    expect(MSG_CUENTAS.prestadorNoResultsAyuda).toContain(MSG_CUENTAS.prestadorManualOption);
    expect(optionNames()).toEqual([MSG_CUENTAS.prestadorManualOption]);
  });

  it('choosing a result fills and locks the input, shows Seleccionado, and the X clears it', async () => {
    const { onSelect, onClear } = setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    fireEvent.click(screen.getByRole('option', { name: /CLINICA SUR/ }));
    expect(onSelect).toHaveBeenCalledWith(CLINICAS[1]);
    expect(input().value).toBe('680010012401 - CLINICA SUR');
    expect(input().readOnly).toBe(true);
    expect(input().getAttribute('role')).toBeNull();
    expect(screen.queryByRole('listbox')).toBeNull();
    const box = screen.getByText(MSG_CUENTAS.prestadorSelected).parentElement!;
    expect(box.textContent).toContain('CLINICA SUR');
    expect(box.textContent).toContain('680010012401');

    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.prestadorClear }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('');
    expect(input().readOnly).toBe(false);
    expect(input().getAttribute('role')).toBe('combobox');
    expect(screen.queryByText(MSG_CUENTAS.prestadorSelected)).toBeNull();
  });
});

describe('PrestadorAutocomplete: manual entry and lists from an earlier text', () => {
  it('choosing manual entry clears the input and lets the user type a code freely, without searching', async () => {
    const { onManual, onSelect, codes } = setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    fireEvent.click(screen.getByRole('option', { name: MSG_CUENTAS.prestadorManualOption }));
    expect(onManual).toHaveBeenCalledTimes(1);
    expect(input().value).toBe('');
    expect(input().readOnly).toBe(false);
    expect(input().getAttribute('role')).toBeNull();
    expect(input().placeholder).toBe(MSG_CUENTAS.prestadorManualPlaceholder);
    fetchMock.mockClear();
    type('110013120501');
    await wait(1500);
    expect(codes).toEqual(['110013120501']);
    expect(input().value).toBe('110013120501');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onSelect).not.toHaveBeenCalled();
    // Its X goes back to the search.
    fireEvent.click(screen.getByRole('button', { name: MSG_CUENTAS.prestadorSearchAgain }));
    expect(input().getAttribute('role')).toBe('combobox');
  });

  it('choosing manual entry after typing a code keeps that code (the search did not find it)', async () => {
    const { onManual, codes } = setup();
    fireEvent.focus(input());
    type('760011269401');
    await debounceAndAnswer();
    fireEvent.click(screen.getByRole('option', { name: MSG_CUENTAS.prestadorManualOption }));
    expect(onManual).toHaveBeenCalledTimes(1);
    expect(codes.at(-1)).toBe('760011269401');
    expect(input().value).toBe('760011269401');
  });

  it('starts in manual mode with the saved code when asked (editing)', () => {
    setup({ initialMode: 'manual', code: '110013120501' });
    expect(input().value).toBe('110013120501');
    expect(input().getAttribute('role')).toBeNull();
  });

  it('never shows or picks a list from an earlier text', async () => {
    const { onSelect } = setup();
    fireEvent.focus(input());
    type('clinica');
    await debounceAndAnswer();
    expect(screen.getAllByRole('option')).toHaveLength(3);
    key('ArrowDown');
    key('ArrowDown'); // CLINICA NORTE active
    expect(input().getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);

    type('hospital'); // the old answer must go at once
    expect(optionNames()).toEqual([MSG_CUENTAS.prestadorManualOption]);
    expect(input().getAttribute('aria-activedescendant')).toBeNull();
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('never shows the old list while the answer for the new text is on its way', async () => {
    const { onSelect } = setup();
    let release: (r: Response) => void = () => {};
    fireEvent.focus(input());
    type('clinica');
    await debounceAndAnswer();
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    type('hospital');
    await debounceAndAnswer(); // the search for 'hospital' is sent and pending
    expect(searched()).toEqual(['clinica', 'hospital']);
    expect(optionNames()).toEqual([MSG_CUENTAS.prestadorManualOption]);
    expect(screen.getByText(MSG_CUENTAS.prestadorSearching)).toBeTruthy();
    key('ArrowUp'); // wraps to the last option: only the manual entry exists
    key('Enter');
    expect(onSelect).not.toHaveBeenCalled();
    release(ok(HOSPITALES));
    await wait(10);
  });
});

describe('PrestadorAutocomplete: keyboard, blur and search errors', () => {
  it('moves with ArrowDown/ArrowUp, chooses with Enter and closes with Escape', async () => {
    const { onSelect } = setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    const ids = screen.getAllByRole('option').map((o) => o.id);
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(ids[0]);
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    expect(input().getAttribute('aria-activedescendant')).toBe(ids[2]);
    key('ArrowDown'); // wraps
    expect(input().getAttribute('aria-activedescendant')).toBe(ids[0]);
    key('ArrowUp');
    expect(input().getAttribute('aria-activedescendant')).toBe(ids[2]);
    key('Escape');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('listbox')).toBeNull();
    key('ArrowDown'); // reopens
    expect(input().getAttribute('aria-expanded')).toBe('true');
    key('ArrowDown');
    key('Enter');
    expect(onSelect).toHaveBeenCalledWith(CLINICAS[0]);
  });

  it('closes the list 200 ms after blur', async () => {
    setup();
    fireEvent.focus(input());
    expect(screen.getByRole('listbox')).toBeTruthy();
    fireEvent.blur(input());
    await wait(199);
    expect(screen.getByRole('listbox')).toBeTruthy();
    await wait(1);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows the server's text under the input, with a red border", async () => {
    fetchMock.mockImplementation(async () =>
      json(503, { success: false, message: 'El directorio REPS no está disponible' }),
    );
    setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('El directorio REPS no está disponible');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().getAttribute('aria-describedby')).toContain(alert.id);
    expect(input().className).toContain('border-red-500');
  });

  it("shows 'Error en la búsqueda de prestadores' for an HTTP failure without a text", async () => {
    fetchMock.mockImplementation(async () => new Response('', { status: 500 }));
    setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    expect(screen.getByRole('alert').textContent).toBe(MSG_CUENTAS.prestadoresSearchError);
  });

  it("shows 'Error desconocido en la búsqueda de prestadores' for a failure that is not HTTP", async () => {
    fetchMock.mockImplementation(async () => {
      throw new TypeError('Failed to fetch');
    });
    setup();
    fireEvent.focus(input());
    type('cli');
    await debounceAndAnswer();
    expect(screen.getByRole('alert').textContent).toBe(MSG_CUENTAS.prestadoresSearchUnknownError);
    // The error goes with the text it belongs to.
    type('cl');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("turns the border red on the form's error", () => {
    setup({ invalid: true });
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().className).toContain('border-red-500');
  });
});
