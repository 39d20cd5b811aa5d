import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  EMPTY_FILTERS,
  FILTERS_STORAGE_KEY,
  hasActiveFilters,
  loadListState,
  saveListState,
  toPageFormatosRequest,
  toSearchRequest,
  forgetCancelledFilter,
} from './list-filters';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    data,
  };
}

describe('list filters persistence (seed 001 §9)', () => {
  it('round-trips filters and page through storage', () => {
    const storage = memoryStorage();
    const state = {
      filters: { ...EMPTY_FILTERS, estado: 'ANULADO', fechaCreacionDesde: '2025-01-01' },
      page: 3,
    };
    saveListState(state, storage);
    expect(JSON.parse(storage.data.get(FILTERS_STORAGE_KEY)!)).toEqual(state);
    expect(loadListState(storage)).toEqual(state);
  });

  it('falls back to no filters and page 1 on bad data', () => {
    expect(loadListState(memoryStorage({ [FILTERS_STORAGE_KEY]: '{not json' }))).toEqual({
      filters: EMPTY_FILTERS,
      page: 1,
    });
    const bad = JSON.stringify({
      filters: { estado: 5, fechaCreacionDesde: '01/02/2025', formato: 'FE1' },
      page: -2,
    });
    expect(loadListState(memoryStorage({ [FILTERS_STORAGE_KEY]: bad }))).toEqual({
      filters: { ...EMPTY_FILTERS, formato: 'FE1' },
      page: 1,
    });
  });

  it('keeps a saved channel only when it is one the API takes', () => {
    const saved = (canal: unknown) =>
      loadListState(
        memoryStorage({ [FILTERS_STORAGE_KEY]: JSON.stringify({ filters: { canal }, page: 2 }) }),
      );
    expect(saved('sftp')).toEqual({ filters: { ...EMPTY_FILTERS, canal: 'sftp' }, page: 2 });
    expect(saved('fax').filters.canal).toBe('');
    expect(saved('API').filters.canal).toBe('');
    expect(saved(3).filters.canal).toBe('');
    expect(applyFilterChange({ filters: EMPTY_FILTERS, page: 3 }, { canal: 'api' })).toEqual({
      filters: { ...EMPTY_FILTERS, canal: 'api' },
      page: 1,
    });
  });

  it('a filter change goes back to page 1; no change keeps the page', () => {
    const state = { filters: EMPTY_FILTERS, page: 4 };
    expect(applyFilterChange(state, { tipoDocumento: 'NC' })).toEqual({
      filters: { ...EMPTY_FILTERS, tipoDocumento: 'NC' },
      page: 1,
    });
    expect(applyFilterChange(state, { tipoDocumento: '' })).toBe(state);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, fechaRadicacionHasta: '2025-02-01' })).toBe(true);
  });
});

describe('search bodies (seed 001 §7)', () => {
  it('sends EXCLUDE_ANULADO when no status is chosen, page size 15, 1-based page, no empty dates', () => {
    expect(toSearchRequest({ ...EMPTY_FILTERS, formato: ' FE12 ' }, 2)).toEqual({
      pageIndex: 2,
      pageSize: 15,
      tipoDocumento: '',
      formato: 'FE12',
      estado: 'EXCLUDE_ANULADO',
      canal: '',
      fechaCreacionDesde: undefined,
      fechaCreacionHasta: undefined,
      fechaRadicacionDesde: undefined,
      fechaRadicacionHasta: undefined,
    });
    expect(toSearchRequest({ ...EMPTY_FILTERS, estado: 'ANULADO' }, 1).estado).toBe('ANULADO');
    expect(toSearchRequest({ ...EMPTY_FILTERS, canal: 'api' }, 1).canal).toBe('api');
  });
  it('builds the formatos-pagina body with the same filters', () => {
    const body = toPageFormatosRequest({
      ...EMPTY_FILTERS,
      estado: 'APROBADO',
      canal: 'api',
      fechaRadicacionDesde: '2025-03-01',
    });
    expect(body).toMatchObject({
      tamañoPagina: 15,
      estadoInterno: 'APROBADO',
      canal: 'api',
      fechaRadicacionDesde: '2025-03-01',
    });
  });
});

describe('forgetCancelledFilter (after "Activar y Guardar" the list shows the reactivated document)', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    };
  };
  it('drops a saved ANULADO status filter and goes back to page 1, keeping the other filters', () => {
    const storage = memory();
    saveListState({ filters: { ...EMPTY_FILTERS, estado: 'ANULADO', formato: 'FE1' }, page: 3 }, storage);
    forgetCancelledFilter(storage);
    expect(loadListState(storage)).toEqual({
      filters: { ...EMPTY_FILTERS, estado: '', formato: 'FE1' },
      page: 1,
    });
  });
  it('leaves any other status filter alone', () => {
    const storage = memory();
    saveListState({ filters: { ...EMPTY_FILTERS, estado: 'APROBADO' }, page: 2 }, storage);
    forgetCancelledFilter(storage);
    expect(loadListState(storage)).toEqual({ filters: { ...EMPTY_FILTERS, estado: 'APROBADO' }, page: 2 });
  });
});
