import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TRol } from '@radica/contracts/enums';
import { ACCESO, rolPermite, type TMiUsuario } from '@radica/contracts/usuarios';
import { apiCall, routes } from './api-client';
import { useSession } from './session';

/** The query key of the signed-in user's own record; changing the WhatsApp link invalidates it. */
export const MI_USUARIO_QUERY_KEY = ['usuarios', 'yo'] as const;

/** GET /api/usuarios/yo: the signed-in user with the role the server enforces, the plan and the WhatsApp link. */
export async function getMiUsuario(signal?: AbortSignal): Promise<TMiUsuario> {
  return (await apiCall(routes.usuarios.yo, {}, { signal })).data;
}

export const miUsuarioQuery = () =>
  queryOptions({ queryKey: MI_USUARIO_QUERY_KEY, queryFn: ({ signal }) => getMiUsuario(signal), staleTime: 30_000 });

/** The signed-in user's record (shared by the shell, settings, the documents screens and the profile). */
export function useMiUsuario(enabled = true) {
  return useQuery({ ...miUsuarioQuery(), enabled });
}

/**
 * The signed-in user's role: the server's current answer once known, before that the role of the sign-in; null while
 * neither is known and the answer is on its way. Without a session to ask with, or when the call failed, the seed's
 * one-user default, Administrador (seed 000 §6). The web hides what the role cannot do; the server refuses it anyway
 *, so a wrong guess here only shows a button that answers 403.
 */
export function useRol(): TRol | null {
  const { user, status } = useSession();
  const yo = useMiUsuario(status === 'authenticated');
  if (yo.data) return yo.data.rol;
  if (user?.rol) return user.rol;
  return yo.isPending && yo.fetchStatus !== 'idle' ? null : 'administrador';
}

/** What the signed-in user's role allows, by the groups every API route declares (contracts ACCESO). */
export function usePuede(): Record<keyof typeof ACCESO, boolean> {
  const rol = useRol();
  return {
    lectura: rolPermite(ACCESO.lectura, rol),
    edicion: rolPermite(ACCESO.edicion, rol),
    administracion: rolPermite(ACCESO.administracion, rol),
  };
}
