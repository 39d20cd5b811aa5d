import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, routes, urlDe, validarRespuesta } from './api-client';

/** The web's client of the route table (docs/decisions/053). */
describe('api-client', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('builds the URL from the entry: parameters encoded, empty query values left out', () => {
    expect(urlDe(routes.rips.hoja, { params: { id: 7 }, query: { formato: 'csv' } })).toBe('/api/rips/borradores/7/hoja?formato=csv');
    expect(urlDe(routes.pagos.venta, { params: { reference: 'a b/c' } })).toBe('/api/payment/sales/a%20b%2Fc');
    expect(urlDe(routes.rips.pacientes, { query: { pagina: 2, texto: '' } })).toBe('/api/rips/pacientes?pagina=2');
  });

  it('calls with the entry method and body, and answers the envelope', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ success: true, data: { nitRegistrado: false } })));
    vi.stubGlobal('fetch', fetch);
    await apiCall(routes.auth.checkNit, { body: { tipoIdentidad: 'NIT', numeroIdentificacion: '900123456' } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/Auth/check-nit');
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ tipoIdentidad: 'NIT', numeroIdentificacion: '900123456' });
  });

  it('an answer that is not the contract throws the ZodError in development and is reported in tests', () => {
    const bad = { success: true, data: { items: 'no' } };
    expect(() => validarRespuesta(routes.rips.buscarPacientes, bad, 'lanzar')).toThrow();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    validarRespuesta(routes.rips.buscarPacientes, bad, 'avisar');
    expect(warn.mock.calls[0]?.[0]).toContain('GET /api/rips/pacientes/buscar');
    warn.mockRestore();
    expect(() => validarRespuesta(routes.rips.buscarPacientes, { success: true, data: { items: [] } }, 'lanzar')).not.toThrow();
  });
});
