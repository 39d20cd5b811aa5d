import type { TPaciente, TReferencia, TReferenciaTipo } from '@radica/contracts/rips';
import type { TMedicamento } from '@radica/contracts/rips';
import { apiCall, routes } from '../../../lib/api-client';

/** GET /api/rips/referencias/{tipo}: CUPS, CIE-10, municipalities or countries matching `texto`. */
export async function buscarReferencias(tipo: TReferenciaTipo, texto: string, signal?: AbortSignal): Promise<TReferencia[]> {
  return (await apiCall(routes.rips.referencias, { params: { tipo }, query: { texto, limite: 12 } }, { signal })).data.items;
}

/** GET /api/rips/pacientes/buscar: the tenant's patients whose document (or name) starts with `texto` (logged). */
export async function buscarPacientes(texto: string, signal?: AbortSignal): Promise<TPaciente[]> {
  return (await apiCall(routes.rips.buscarPacientes, { query: { texto } }, { signal })).data.items;
}

/** GET /api/rips/medicamentos?texto=: the tenant's medications matching `texto` (first page). */
export async function buscarMedicamentos(texto: string, signal?: AbortSignal): Promise<TMedicamento[]> {
  return (await apiCall(routes.rips.medicamentos, { query: { texto } }, { signal })).data.items;
}
