import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TBorradorDetalle,
  TBorradoresRequest,
  TCrearBorradorData,
  TEstructuraRips,
  TGuardarBorradorData,
  TGuardarBorradorRequest,
  TOrigenBorrador,
} from '@radica/contracts/rips';
import { apiDownload } from '../../../lib/http';
import { apiCall, routes } from '../../../lib/api-client';

/**
 * The drafts' calls (/api/rips/borradores…): list, detail, create, autosave, delete, attach the XML, radicate,
 * downloads, and the structure's fields. Mutations invalidate ['rips'].
 */

export const borradoresQuery = (req: Partial<TBorradoresRequest>) =>
  queryOptions({
    queryKey: ['rips', 'borradores', req] as const,
    queryFn: async ({ signal }) => {
      return (await apiCall(routes.rips.borradores, { query: req }, { signal })).data;
    },
    placeholderData: keepPreviousData,
  });
export const useBorradores = (req: Partial<TBorradoresRequest>) => useQuery(borradoresQuery(req));

export const borradorQuery = (id: number) =>
  queryOptions({
    queryKey: ['rips', 'borrador', id] as const,
    queryFn: async ({ signal }) => (await apiCall(routes.rips.borrador, { params: { id } }, { signal })).data,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
export const useBorrador = (id: number) => useQuery(borradorQuery(id));

/** POST /api/rips/borradores: the new draft's id and what the import changed (`avisos`, for the editor to say). */
export async function crearBorrador(input: { origen: TOrigenBorrador; archivo: File | null }): Promise<TCrearBorradorData> {
  const form = new FormData();
  form.append('origen', input.origen);
  if (input.archivo) form.append('archivo', input.archivo, input.archivo.name);
  return (await apiCall(routes.rips.crearBorrador, { body: form })).data;
}
export function useCrearBorrador() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: crearBorrador, onSuccess: () => qc.invalidateQueries({ queryKey: ['rips', 'borradores'] }) });
}

/** PATCH /api/rips/borradores/{id}: the autosave (hooks/use-autosave.ts handles versions and conflicts). */
export async function guardarBorrador(id: number, body: TGuardarBorradorRequest, signal?: AbortSignal): Promise<TGuardarBorradorData> {
  return (await apiCall(routes.rips.guardarBorrador, { params: { id }, body }, { signal })).data;
}

export function useEliminarBorrador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(routes.rips.eliminarBorrador, { params: { id } })).message,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rips', 'borradores'] }),
  });
}

export async function adjuntarXml(id: number, version: number, archivo: File): Promise<TBorradorDetalle> {
  const form = new FormData();
  form.append('version', String(version));
  form.append('archivo', archivo, archivo.name);
  return (await apiCall(routes.rips.adjuntarXml, { params: { id }, body: form })).data;
}

/**
 * POST /api/rips/borradores/{id}/radicar. A refused radication leaves the draft as it was, so only the list is refreshed
 * then: reloading the draft would remount the editor and drop the refusal it shows (why, and the document to open).
 */
export function useRadicarBorrador() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(routes.rips.radicar, { params: { id } })).data,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['rips'] });
      void qc.invalidateQueries({ queryKey: ['documents'] });
    },
    onError: () => void qc.invalidateQueries({ queryKey: ['rips', 'borradores'] }),
  });
}

/** GET /api/rips/borradores/{id}/versiones: the kept versions of a draft (docs/decisions/050), when `enabled`. */
export const useVersiones = (id: number, enabled: boolean) =>
  useQuery({
    queryKey: ['rips', 'versiones', id] as const,
    queryFn: async ({ signal }) => (await apiCall(routes.rips.versiones, { params: { id } }, { signal })).data.items,
    enabled,
    staleTime: 0,
  });

/** POST …/versiones/{versionId}/restaurar on the draft's current `version`; refreshes the draft and its versions. */
export function useRestaurarVersion(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ versionId, version }: { versionId: number; version: number }) =>
      (await apiCall(routes.rips.restaurarVersion, { params: { id, versionId }, body: { version } })).data,
    onSettled: () => void qc.invalidateQueries({ queryKey: ['rips', 'versiones', id] }),
  });
}

/** Downloads a file of the API (a URL of lib/api-client.ts urlDe) and hands it to the browser with its name. */
export async function descargar(path: string, fallbackName: string): Promise<void> {
  const { blob, filename } = await apiDownload(path);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename ?? fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const estructuraQuery = (version: TEstructuraRips) =>
  queryOptions({
    queryKey: ['rips', 'estructura', version] as const,
    queryFn: async ({ signal }) => (await apiCall(routes.rips.estructura, { query: { version } }, { signal })).data,
    staleTime: Infinity,
  });
export const useEstructura = (version: TEstructuraRips | undefined) => useQuery({ ...estructuraQuery(version ?? 'res2275-2023'), enabled: version !== undefined });
