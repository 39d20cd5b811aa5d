import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMedicamentoCampos, TMedicamentosData, TPacienteCampos, TPacientesData } from '@radica/contracts/rips';
import { apiRequest } from '../../../lib/http';

/** The patients' and medications' calls (issue 27 §6, §7): list, create, edit, delete, import, sync. */

const query = (q: { texto?: string; pagina: number }) => {
  const p = new URLSearchParams({ pagina: String(q.pagina) });
  if (q.texto) p.set('texto', q.texto);
  return p;
};

export const usePacientes = (q: { texto?: string; pagina: number }) =>
  useQuery({
    queryKey: ['rips', 'pacientes', q] as const,
    queryFn: async ({ signal }) => (await apiRequest<TPacientesData>(`/api/rips/pacientes?${query(q)}`, { signal })).data,
    placeholderData: keepPreviousData,
  });

export const useMedicamentos = (q: { texto?: string; pagina: number }) =>
  useQuery({
    queryKey: ['rips', 'medicamentos', q] as const,
    queryFn: async ({ signal }) => (await apiRequest<TMedicamentosData>(`/api/rips/medicamentos?${query(q)}`, { signal })).data,
    placeholderData: keepPreviousData,
  });

/** Create (id null) or edit a patient or a medication; delete one; each invalidates its list. */
export function useRegistroMutations(tipo: 'pacientes' | 'medicamentos') {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['rips', tipo] });
  const guardar = useMutation({
    mutationFn: async ({ id, campos }: { id: number | null; campos: TPacienteCampos | TMedicamentoCampos }) =>
      (await apiRequest<unknown>(id ? `/api/rips/${tipo}/${id}` : `/api/rips/${tipo}`, { method: id ? 'PUT' : 'POST', body: campos })).message,
    onSuccess,
  });
  const eliminar = useMutation({
    mutationFn: async (id: number) => (await apiRequest<unknown>(`/api/rips/${tipo}/${id}`, { method: 'DELETE' })).message,
    onSuccess,
  });
  return { guardar, eliminar };
}

export function useImportarPacientes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (archivo: File) => {
      const form = new FormData();
      form.append('archivo', archivo, archivo.name);
      return (await apiRequest<{ creados: number; actualizados: number }>('/api/rips/pacientes/importar', { method: 'POST', formData: form })).message;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rips', 'pacientes'] }),
  });
}

export function useSincronizarPacientes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ archivos: number }>('/api/rips/pacientes/sincronizar', { method: 'POST' })).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rips'] }),
  });
}
