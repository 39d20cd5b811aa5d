import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TUbicacion } from '@radica/contracts/auth';
import { apiCall, routes } from './api-client';
import { getTimings } from './timings';
import { useDebouncedValue } from './use-debounced-value';

/** seed 000 §5, §9: searches run for trimmed text of at least 2 characters; location results limit 15. */
export const LOCATION_MIN_CHARS = 2;
export const LOCATION_LIMIT = 15;

export type { TUbicacion };
/** One selectable city: the codes the tercero needs and the label shown. */
export type TLocationOption = {
  key: string;
  label: string;
  codPais: string;
  codDepartamento: string;
  codCiudad: string;
  ciudad: string;
  departamento: string;
  pais: string;
};

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/**
 * Location results → options (seed 000 §7): only entries with a city become options, each once (by
 * país-departamento-ciudad codes), sorted by label with Spanish collation (localeCompare 'es').
 * Label: 'Ciudad, Departamento, País'.
 */
export function toLocationOptions(ubicaciones: unknown): TLocationOption[] {
  if (!Array.isArray(ubicaciones)) return [];
  const byKey = new Map<string, TLocationOption>();
  for (const raw of ubicaciones) {
    const u = rec(raw);
    const ciudad = rec(u.ciudad);
    const departamento = rec(u.departamento);
    const pais = rec(u.pais);
    const codCiudad = text(ciudad.codigo);
    if (!codCiudad || !text(ciudad.descripcion)) continue;
    const codDepartamento = text(ciudad.codDepartamento) || text(departamento.codigo);
    const codPais = text(ciudad.codPais) || text(pais.codigo) || 'CO';
    const key = `${codPais}-${codDepartamento}-${codCiudad}`;
    if (byKey.has(key)) continue;
    const parts = [text(ciudad.descripcion), text(departamento.descripcion), text(pais.descripcion)].filter(
      Boolean,
    );
    byKey.set(key, {
      key,
      label: parts.join(', '),
      codPais,
      codDepartamento,
      codCiudad,
      ciudad: text(ciudad.descripcion),
      departamento: text(departamento.descripcion),
      pais: text(pais.descripcion),
    });
  }
  return [...byKey.values()].sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/** GET /api/Geografia/autocomplete?texto=&limite=15 (seed 000 §7) → city options. Throws HttpError. */
export async function searchLocations(texto: string, signal?: AbortSignal): Promise<TLocationOption[]> {
  const envelope = await apiCall(routes.auth.geografia, { query: { texto: texto.trim(), limite: LOCATION_LIMIT } }, { signal });
  return toLocationOptions(envelope.data?.ubicaciones);
}

export const locationSearchQuery = (texto: string) =>
  queryOptions({
    queryKey: ['geografia-autocomplete', texto] as const,
    queryFn: ({ signal }) => searchLocations(texto, signal),
    enabled: texto.length >= LOCATION_MIN_CHARS,
    staleTime: 5 * 60_000,
    retry: false,
  });

/** Debounced (1000 ms) search of `text` once it has ≥ 2 trimmed characters (seed 000 §5 "Searches"). */
export function useLocationSearch(text: string) {
  const debounced = useDebouncedValue(text.trim(), getTimings().searchDebounceMs);
  const query = useQuery(locationSearchQuery(debounced));
  return { ...query, debounced, isDebouncing: debounced !== text.trim() };
}
