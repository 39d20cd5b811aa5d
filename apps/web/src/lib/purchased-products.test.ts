import { describe, expect, it } from 'vitest';
import {
  decideModuleAccess,
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
