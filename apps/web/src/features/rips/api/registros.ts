import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMedicamentoCampos, TPacienteCampos } from '@radica/contracts/rips';
import { apiCall, routes } from '../../../lib/api-client';

/** The patients' and medications' calls: list, create, edit, delete, import, sync. */

const query = (q: { texto?: string; pagina: number }) => ({ pagina: q.pagina, texto: q.texto || undefined });

export const usePacientes = (q: { texto?: string; pagina: number }) =>
  useQuery({
    queryKey: ['rips', 'pacientes', q] as const,
    queryFn: async ({ signal }) => (await apiCall(routes.rips.pacientes, { query: query(q) }, { signal })).data,
    placeholderData: keepPreviousData,
  });

export const useMedicamentos = (q: { texto?: string; pagina: number }) =>
  useQuery({
    queryKey: ['rips', 'medicamentos', q] as const,
    queryFn: async ({ signal }) => (await apiCall(routes.rips.medicamentos, { query: query(q) }, { signal })).data,
    placeholderData: keepPreviousData,
  });

/** The table's routes of each register. */
const RUTAS = {
  pacientes: { crear: routes.rips.crearPaciente, editar: routes.rips.editarPaciente, eliminar: routes.rips.eliminarPaciente },
  medicamentos: { crear: routes.rips.crearMedicamento, editar: routes.rips.editarMedicamento, eliminar: routes.rips.eliminarMedicamento },
} as const;

/** Create (id null) or edit a patient or a medication; delete one; each invalidates its list. */
export function useRegistroMutations(tipo: 'pacientes' | 'medicamentos') {
  const qc = useQueryClient();
  const onSuccess = () => qc.invalidateQueries({ queryKey: ['rips', tipo] });
  const guardar = useMutation({
    mutationFn: async ({ id, campos }: { id: number | null; campos: TPacienteCampos | TMedicamentoCampos }) =>
      (id ? await apiCall(RUTAS[tipo].editar, { params: { id }, body: campos as never }) : await apiCall(RUTAS[tipo].crear, { body: campos as never })).message,
    onSuccess,
  });
  const eliminar = useMutation({
    mutationFn: async (id: number) => (await apiCall(RUTAS[tipo].eliminar, { params: { id } })).message,
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
      return (await apiCall(routes.rips.importarPacientes, { body: form })).message;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rips', 'pacientes'] }),
  });
}

export function useSincronizarPacientes() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiCall(routes.rips.sincronizarPacientes)).data,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['rips'] }),
  });
}
