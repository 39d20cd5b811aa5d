import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInvitacionRequest, TRol, TUsuariosData } from '@radica/contracts/usuarios';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the company's users, invitations and seats; every change invalidates it. */
export const USUARIOS_QUERY_KEY = ['usuarios'] as const;

/** GET /api/usuarios (administrators): users, open invitations and seats. */
export async function getUsuarios(signal?: AbortSignal): Promise<TUsuariosData> {
  return (await apiCall(routes.usuarios.listar, {}, { signal })).data;
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
  useUsuariosMutation((body: TInvitacionRequest) => apiCall(routes.usuarios.invitar, { body }));

/** POST /api/usuarios/invitaciones/{id}/reenviar: a new link, the old one stops working. */
export const useReenviarInvitacion = () =>
  useUsuariosMutation((id: number) => apiCall(routes.usuarios.reenviarInvitacion, { params: { id } }));

/** DELETE /api/usuarios/invitaciones/{id}. */
export const useCancelarInvitacion = () =>
  useUsuariosMutation((id: number) => apiCall(routes.usuarios.cancelarInvitacion, { params: { id } }));

/** PATCH /api/usuarios/{id} { rol }: a lower role ends the user's sessions. Throws 409 for the last administrator. */
export const useCambiarRol = () =>
  useUsuariosMutation((v: { id: number; rol: TRol }) => apiCall(routes.usuarios.cambiarRol, { params: { id: v.id }, body: { rol: v.rol } }));

/** DELETE /api/usuarios/{id}: the user loses access at once. */
export const useEliminarUsuario = () =>
  useUsuariosMutation((id: number) => apiCall(routes.usuarios.eliminar, { params: { id } }));
