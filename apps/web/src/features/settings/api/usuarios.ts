import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitacion, TInvitacionRequest, TRol, TUsuarioCambio, TUsuariosData } from '@radica/contracts/usuarios';
import { apiRequest } from '../../../lib/http';

/** The query key of the company's users, invitations and seats; every change invalidates it. */
export const USUARIOS_QUERY_KEY = ['usuarios'] as const;

/** GET /api/usuarios (issue 28; administrators): users, open invitations and seats. */
export async function getUsuarios(signal?: AbortSignal): Promise<TUsuariosData> {
  return (await apiRequest<TUsuariosData>('/api/usuarios', { signal })).data;
}

export const usuariosQuery = () => queryOptions({ queryKey: USUARIOS_QUERY_KEY, queryFn: ({ signal }) => getUsuarios(signal) });

export function useUsuarios() {
  return useQuery(usuariosQuery());
}

/** Every call of this screen answers a Spanish message the toast shows, and refreshes the list. */
function useUsuariosMutation<V, T>(call: (v: V) => Promise<{ data: T; message?: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => qc.invalidateQueries({ queryKey: USUARIOS_QUERY_KEY }),
  });
}

/** POST /api/usuarios/invitaciones: mails the link. Throws HttpError 400/409 (e-mail, seats, pending invitation). */
export const useInvitar = () =>
  useUsuariosMutation((body: TInvitacionRequest) => apiRequest<TInvitacion>('/api/usuarios/invitaciones', { method: 'POST', body }));

/** POST /api/usuarios/invitaciones/{id}/reenviar: a new link, the old one stops working. */
export const useReenviarInvitacion = () =>
  useUsuariosMutation((id: number) => apiRequest<TInvitacion>(`/api/usuarios/invitaciones/${id}/reenviar`, { method: 'POST' }));

/** DELETE /api/usuarios/invitaciones/{id}. */
export const useCancelarInvitacion = () =>
  useUsuariosMutation((id: number) => apiRequest<TInvitacion>(`/api/usuarios/invitaciones/${id}`, { method: 'DELETE' }));

/** PATCH /api/usuarios/{id} { rol }: a lower role ends the user's sessions. Throws 409 for the last administrator. */
export const useCambiarRol = () =>
  useUsuariosMutation((v: { id: number; rol: TRol }) => apiRequest<TUsuarioCambio>(`/api/usuarios/${v.id}`, { method: 'PATCH', body: { rol: v.rol } }));

/** DELETE /api/usuarios/{id}: the user loses access at once. */
export const useEliminarUsuario = () =>
  useUsuariosMutation((id: number) => apiRequest<TUsuarioCambio>(`/api/usuarios/${id}`, { method: 'DELETE' }));
