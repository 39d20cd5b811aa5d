import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LocationAutocomplete } from './location-autocomplete';

const ubicacion = (codigo: string, ciudad: string, depto: string, codDepto: string) => ({
  ciudad: { codigo, descripcion: ciudad, codDepartamento: codDepto, codPais: 'CO' },
  departamento: { codigo: codDepto, descripcion: depto },
  pais: { codigo: 'CO', descripcion: 'Colombia' },
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

/** Lets the debounce pass and the answer arrive (fake timers: React Query batches its updates with timers too). */
async function pause(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
  for (let i = 0; i < 5; i++)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('LocationAutocomplete (a stale list after the text changes)', () => {
  it('never lets ArrowDown+Enter pick a result of the previous text during the pause', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        json({
          success: true,
          data: {
            ubicaciones: String(url).includes('texto=cali')
              ? [ubicacion('001', 'Cali', 'Valle del Cauca', '76')]
              : [ubicacion('001', 'Medellín', 'Antioquia', '05')],
          },
        }),
      ),
    );
    const onChange = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LocationAutocomplete id="ciudad" value={null} onChange={onChange} />
      </QueryClientProvider>,
    );
    const input = screen.getByRole('combobox');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'cali' } });
    await pause(1100);
    expect(screen.getByRole('option', { name: /Cali/ })).toBeTruthy();

    // New text: during the 1 s pause the old list is gone and Enter picks nothing.
    fireEvent.change(input, { target: { value: 'mede' } });
    expect(screen.queryByRole('option', { name: /Cali/ })).toBeNull();
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalledWith(expect.objectContaining({ ciudad: 'Cali' }));

    await pause(1100);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ ciudad: 'Medellín' }));
  });
});
