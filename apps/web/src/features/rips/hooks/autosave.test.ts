import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TBorradorDetalle } from '@radica/contracts/rips';
import { Autosave, respaldoKey } from './use-autosave';

const detalle: TBorradorDetalle = {
  id: 7,
  version: 3,
  estado: 'BORRADOR',
  estructura: 'res2275-2023',
  origen: 'vacio',
  rips: { numFactura: 'FE1', usuarios: [{ consecutivo: 1 }] },
  factura: null,
  hallazgos: [],
  conciliacion: { cantidadUsuarios: 1, cantidadServicios: 0, totalValorServicios: 0, totalPagoModerador: 0, pagoModeradorPorConcepto: {}, diferenciaValorServicios: null, diferenciaPagosModeradores: null },
  fevRipsId: null,
  editable: true,
  codPrestadorSugerido: null,
  fechaModificacion: '2026-01-01T00:00:00Z',
};
const ok = (version: number) => new Response(JSON.stringify({ success: true, data: { version, estado: 'BORRADOR', estructura: 'res2275-2023', hallazgos: [], conciliacion: detalle.conciliacion, fechaModificacion: '' } }), { status: 200 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('RIPS editor autosave (nothing lost, no silent overwrite)', () => {
  it("coalesces one user's edits into one change, sends the version, keeps a local copy until saved", async () => {
    vi.useFakeTimers();
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => (bodies.push(JSON.parse(String(init.body))), ok(4))));
    const a = new Autosave(7, detalle, () => {});
    a.setUsuario(0, { consecutivo: 1, codSexo: 'F' });
    a.setUsuario(0, { consecutivo: 1, codSexo: 'F', tipoUsuario: '01' });
    await vi.advanceTimersByTimeAsync(600);
    expect(bodies).toEqual([{ version: 3, cambios: [{ op: 'usuario', indice: 0, usuario: { consecutivo: 1, codSexo: 'F', tipoUsuario: '01' } }] }]);
    expect(a.snapshot()).toMatchObject({ version: 4, guardado: 'guardado' });
    expect(localStorage.getItem(respaldoKey(7))).toBeNull();
  });

  it('a 409 keeps the changes and waits; "sobrescribir" saves the whole RIPS on the other tab\'s version', async () => {
    vi.useFakeTimers();
    const bodies: { version: number; cambios: { op: string }[] }[] = [];
    let answer = new Response(JSON.stringify({ success: false, code: 'BORRADOR_CAMBIO', message: 'cambió', data: { version: 5 } }), { status: 409 });
    vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => (bodies.push(JSON.parse(String(init.body))), answer)));
    const a = new Autosave(7, detalle, () => {});
    a.setTransaccion({ numNota: '1' });
    await vi.advanceTimersByTimeAsync(200);
    expect(a.snapshot()).toMatchObject({ guardado: 'conflicto', conflicto: { version: 5 } });
    expect(a.snapshot().rips['numNota']).toBe('1');
    a.setTransaccion({ numNota: '2' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(bodies).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(respaldoKey(7))!).rips.numNota).toBe('2');
    answer = ok(6);
    a.sobrescribir();
    await vi.advanceTimersByTimeAsync(50);
    expect(bodies[1]).toMatchObject({ version: 5, cambios: [{ op: 'reemplazar' }] });
    expect(a.snapshot()).toMatchObject({ version: 6, guardado: 'guardado', conflicto: null });
  });

  it('without a connection keeps the changes queued and retries until they are saved', async () => {
    vi.useFakeTimers();
    let online = false;
    const calls = vi.fn(async () => {
      if (!online) throw new TypeError('Failed to fetch');
      return ok(4);
    });
    vi.stubGlobal('fetch', calls);
    const a = new Autosave(7, detalle, () => {});
    a.insertarUsuario(1, { consecutivo: 2 });
    await vi.advanceTimersByTimeAsync(200);
    expect(a.snapshot().guardado).toBe('sin-conexion');
    expect(a.pendiente).toBe(true);
    online = true;
    await vi.advanceTimersByTimeAsync(2_100);
    expect(a.snapshot()).toMatchObject({ guardado: 'guardado', version: 4 });
    expect(a.pendiente).toBe(false);
  });
});
