import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { vi } from 'vitest';
import { setAuthenticated, clearSession } from './session';
import {
  decideModuleAccess,
  purchasedProductsQuery,
  isModuleAllowedInMenu,
  moduleOfPath,
  normalizePurchasedProducts,
} from './purchased-products';

const owned = normalizePurchasedProducts({ ministerio: true });

describe('purchased products (seed 000 §2, §3)', () => {
  it('normalises with the seed defaults', () => {
    expect(normalizePurchasedProducts({ productosDetalle: [{ titulo: 'X', descripcion: null }] })).toEqual({
      ministerio: false,
      facturacion: false,
      marketing: false,
      automatizaciones: false,
      plan: null,
      productosDetalle: [
        {
          productoId: 0,
          titulo: 'X',
          descripcion: null,
          estado: '',
          fechaCompra: '',
          montoPagado: 0,
          numeroVenta: '',
          activo: false,
          metodoPago: '',
          vigenteHasta: null,
        },
      ],
    });
  });

  it("keeps the tenant's plan only when it is one of the two plans", () => {
    expect(normalizePurchasedProducts({ plan: 'business' }).plan).toBe('business');
    expect(normalizePurchasedProducts({ plan: 'profesional' }).plan).toBe('profesional');
    expect(normalizePurchasedProducts({ plan: 'oro' }).plan).toBeNull();
  });

  it('finds the module by path fragment', () => {
    expect(moduleOfPath('/ministerio/12')).toBe('ministerio');
    expect(moduleOfPath('/facturacion-notas')).toBe('facturacion');
    expect(moduleOfPath('/Inicio')).toBeNull();
  });

  it('guard: denied while loading, by flag when known, the path area when the call failed', () => {
    expect(decideModuleAccess('ministerio', '/ministerio', { status: 'pending' })).toBe('loading');
    expect(decideModuleAccess('ministerio', '/ministerio', { status: 'success', data: owned })).toBe(
      'allowed',
    );
    expect(decideModuleAccess('marketing', '/marketing', { status: 'success', data: owned })).toBe('denied');
    expect(decideModuleAccess('ministerio', '/ministerio/nuevo', { status: 'error' })).toBe('allowed');
    expect(decideModuleAccess('marketing', '/ministerio', { status: 'error' })).toBe('denied');
  });

  it('menu: allowed while loading', () => {
    expect(isModuleAllowedInMenu('marketing', { status: 'pending' })).toBe(true);
    expect(isModuleAllowedInMenu('marketing', { status: 'success', data: owned })).toBe(false);
    expect(isModuleAllowedInMenu('ministerio', { status: 'success', data: owned })).toBe(true);
  });
});

describe('purchased products follow a change made while the page is open', () => {
  it('are fetched again when the window regains focus, even while fresh', async () => {
    let ministerio = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ success: true, data: { ministerio } }), { status: 200, headers: { 'Content-Type': 'application/json' } })),
    );
    setAuthenticated(
      { id: 9, name: 'IPS', email: 'ips@x.co', tenant: { validator: 'V9', database: 'd9' }, authType: 'manual' },
      { accessToken: 't', accessTokenExpiry: new Date(Date.now() + 600_000).toISOString() },
    );
    const client = new QueryClient();
    client.mount(); // what the app's provider does: listen to window focus
    const observer = new QueryObserver(client, purchasedProductsQuery(9));
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.ministerio).toBe(false));
    ministerio = true; // granted meanwhile (an operator grant, a purchase in another tab)
    const { focusManager } = await import('@tanstack/react-query');
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.ministerio).toBe(true));
    unsubscribe();
    client.unmount();
    clearSession();
    vi.unstubAllGlobals();
  });
});
