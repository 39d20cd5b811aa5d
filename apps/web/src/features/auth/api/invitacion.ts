import { useMutation, useQuery } from '@tanstack/react-query';
import type { TLoginData } from '@radica/contracts/auth';
import type { TAceptarInvitacionRequest, TInvitacionInfo } from '@radica/contracts/usuarios';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/usuarios/invitaciones/consultar: what the link invites to; 400 INVITACION_INVALIDA when it no longer works. */
export async function consultarInvitacion(token: string, signal?: AbortSignal): Promise<TInvitacionInfo> {
  return (await apiCall(routes.usuarios.consultarInvitacion, { body: { token } }, { signal })).data;
}

export function useInvitacion(token: string) {
  return useQuery({
    queryKey: ['invitacion', token] as const,
    queryFn: ({ signal }) => consultarInvitacion(token, signal),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/usuarios/invitaciones/aceptar: the new user's login data (and the welcome message). */
export async function aceptarInvitacion(body: TAceptarInvitacionRequest): Promise<{ data: TLoginData; message: string }> {
  const envelope = await apiCall(routes.usuarios.aceptarInvitacion, { body });
  return { data: envelope.data, message: envelope.message ?? '' };
}

export function useAceptarInvitacion() {
  return useMutation({ mutationFn: aceptarInvitacion });
}
