import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { MSG_RIPS } from '@radica/contracts/messages-rips';
import { Autocompletar, type TSugerencia } from './autocompletar';

/** A reference search that fails says so in the field, and can be retried (the editor's CUPS and CIE-10 fields). */
function setup(buscar: (texto: string, signal: AbortSignal) => Promise<TSugerencia[]>) {
  function Harness() {
    const [value, setValue] = useState('');
    return <Autocompletar id="cups" label="codProcedimiento" value={value} onChange={setValue} buscar={buscar} />;
  }
  render(<Harness />);
  return screen.getByRole('combobox', { name: 'codProcedimiento' }) as HTMLInputElement;
}
const pausa = () => act(() => new Promise((r) => setTimeout(r, 300)));

describe('Autocompletar', () => {
  it('a failed search says so under the field, keeps what was typed, and Reintentar searches again', async () => {
    const buscar = vi.fn<(texto: string, signal: AbortSignal) => Promise<TSugerencia[]>>().mockRejectedValueOnce(new Error('500')).mockResolvedValueOnce([{ codigo: '890201', nombre: 'CONSULTA' }]);
    const input = setup(buscar);
    input.focus();
    fireEvent.change(input, { target: { value: '8902' } });
    await pausa();
    const alerta = screen.getByRole('alert');
    expect(alerta.textContent).toContain(MSG_RIPS.busquedaFallida);
    expect(input.value).toBe('8902');
    expect(input.getAttribute('aria-describedby')).toBe('cups-busqueda');
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    await pausa();
    expect(buscar).toHaveBeenCalledTimes(2);
    expect(buscar.mock.calls[1]![0]).toBe('8902');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('option').textContent).toContain('890201');
  });

  it('a search that finds nothing says so while the field has the focus', async () => {
    const input = setup(async () => []);
    input.focus();
    fireEvent.change(input, { target: { value: 'zz' } });
    await pausa();
    expect(screen.getByRole('status').textContent).toBe(MSG_RIPS.busquedaSinResultados('zz'));
  });

  it('a search replaced by the next keystroke is not reported as a failure', async () => {
    const buscar = vi.fn((_texto: string, signal: AbortSignal) => new Promise<TSugerencia[]>((_, reject) => signal.addEventListener('abort', () => reject(new Error('abort')))));
    const input = setup(buscar);
    input.focus();
    fireEvent.change(input, { target: { value: '89' } });
    await pausa();
    fireEvent.change(input, { target: { value: '890' } });
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
