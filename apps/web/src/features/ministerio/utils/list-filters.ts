import { LIST_PAGE_SIZE } from '@radica/contracts/enums';
import { CANALES_DOCUMENTO, type TSearchRequest } from '@radica/contracts/documents';
import type { TListFilters } from '../api/types';
import type { TPageFormatosRequest } from '../api/get-page-formatos';

/** localStorage key of the list's filters and page (seed 001 §9). */
export const FILTERS_STORAGE_KEY = 'radica.ministerio.filtros';
/** seed 001 §9: select-all fetches up to 10 000 results. */
export const SELECT_ALL_LIMIT = 10_000;
/** seed 001 §7: the estado sent when no status filter is chosen. */
export const EXCLUDE_ANULADO = 'EXCLUDE_ANULADO';

export const EMPTY_FILTERS: TListFilters = {
  formato: '',
  tipoDocumento: '',
  estado: '',
  canal: '',
  fechaCreacionDesde: '',
  fechaCreacionHasta: '',
  fechaRadicacionDesde: '',
  fechaRadicacionHasta: '',
};

export type TStoredListState = { filters: TListFilters; page: number };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isCanal = (value: string): value is TListFilters['canal'] =>
  value === '' || (CANALES_DOCUMENTO as readonly string[]).includes(value);

/**
 * Read the saved filters and page (seed 001 §9 "Filters and the page are saved in local storage").
 * Anything unreadable or ill-typed falls back to no filters and page 1; dates must be yyyy-mm-dd, the channel one of
 * CANALES_DOCUMENTO (the API refuses others).
 */
export function loadListState(storage: Pick<Storage, 'getItem'> = localStorage): TStoredListState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage.getItem(FILTERS_STORAGE_KEY) ?? 'null');
  } catch {
    parsed = null;
  }
  const result: TStoredListState = { filters: { ...EMPTY_FILTERS }, page: 1 };
  if (typeof parsed !== 'object' || parsed === null) return result;
  const record = parsed as Record<string, unknown>;
  const filters = (
    typeof record.filters === 'object' && record.filters !== null ? record.filters : {}
  ) as Record<string, unknown>;
  for (const key of Object.keys(EMPTY_FILTERS) as (keyof TListFilters)[]) {
    const value = filters[key];
    if (typeof value !== 'string') continue;
    if (key.startsWith('fecha') && value !== '' && !DATE.test(value)) continue;
    if (key === 'canal') {
      if (isCanal(value)) result.filters.canal = value;
      continue;
    }
    result.filters[key] = value.slice(0, 60);
  }
  if (typeof record.page === 'number' && Number.isInteger(record.page) && record.page >= 1)
    result.page = record.page;
  return result;
}

/** Save the filters and page; storage failures (private mode, full) are ignored. */
export function saveListState(
  state: TStoredListState,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(FILTERS_STORAGE_KEY, JSON.stringify(state));
  } catch {
    /* the list still works without persistence */
  }
}

/**
 * After a reactivation the list must show the document it returns to ('Activar y Guardar' went back to a
 * list still filtered on 'Anulados', without the reactivated document): a saved ANULADO status filter is dropped (and
 * the page goes back to 1); any other filter stays.
 */
export function forgetCancelledFilter(storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const state = loadListState(storage);
  if (state.filters.estado === 'ANULADO') saveListState(applyFilterChange(state, { estado: '' }), storage);
}

/**
 * Apply a filter change: the page goes back to 1 when any filter value changes (seed 001 §9), and stays
 * when nothing changed.
 */
export function applyFilterChange(state: TStoredListState, patch: Partial<TListFilters>): TStoredListState {
  const filters = { ...state.filters, ...patch };
  const changed = (Object.keys(filters) as (keyof TListFilters)[]).some(
    (k) => filters[k] !== state.filters[k],
  );
  return changed ? { filters, page: 1 } : state;
}

export function hasActiveFilters(filters: TListFilters): boolean {
  return (Object.keys(filters) as (keyof TListFilters)[]).some((k) => filters[k] !== '');
}

const orUndefined = (value: string) => value || undefined;

/**
 * The POST /api/FevRips/search body (seed 001 §7): 1-based pageIndex, page size 15, estado EXCLUDE_ANULADO
 * when no status is chosen, the channel ('' for all), empty dates left out.
 */
export function toSearchRequest(
  filters: TListFilters,
  page: number,
  pageSize: number = LIST_PAGE_SIZE,
): TSearchRequest {
  return {
    pageIndex: page,
    pageSize,
    tipoDocumento: filters.tipoDocumento,
    formato: filters.formato.trim(),
    estado: filters.estado || EXCLUDE_ANULADO,
    canal: filters.canal,
    fechaCreacionDesde: orUndefined(filters.fechaCreacionDesde),
    fechaCreacionHasta: orUndefined(filters.fechaCreacionHasta),
    fechaRadicacionDesde: orUndefined(filters.fechaRadicacionDesde),
    fechaRadicacionHasta: orUndefined(filters.fechaRadicacionHasta),
  };
}

/** The POST /api/FevRips/formatos-pagina body for the same filters (seed 001 §7). */
export function toPageFormatosRequest(
  filters: TListFilters,
  pageSize: number = LIST_PAGE_SIZE,
): TPageFormatosRequest {
  return {
    tamañoPagina: pageSize,
    tipoDocumento: filters.tipoDocumento,
    estadoInterno: filters.estado || EXCLUDE_ANULADO,
    formato: filters.formato.trim(),
    canal: filters.canal,
    fechaCreacionDesde: orUndefined(filters.fechaCreacionDesde),
    fechaCreacionHasta: orUndefined(filters.fechaCreacionHasta),
    fechaRadicacionDesde: orUndefined(filters.fechaRadicacionDesde),
    fechaRadicacionHasta: orUndefined(filters.fechaRadicacionHasta),
  };
}
