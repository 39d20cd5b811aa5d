import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TMiUsuario } from '@radica/contracts/usuarios';
import { apiCall, routes } from '../../../lib/api-client';
import { MI_USUARIO_QUERY_KEY } from '../../../lib/usuario-actual';

/** The WhatsApp link's calls: each answers the user's record and a Spanish message; the record is refreshed. */
function useWhatsappMutation<V>(call: (v: V) => Promise<{ data: TMiUsuario; message?: string }>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (r) => qc.setQueryData(MI_USUARIO_QUERY_KEY, r.data),
  });
}

/** POST /api/usuarios/yo/whatsapp { numero }: a code goes to the number by WhatsApp. */
export const useSolicitarCodigo = () =>
  useWhatsappMutation((numero: string) =>
    apiCall(routes.usuarios.vincularWhatsapp, { body: { numero } }),
  );

/** POST /api/usuarios/yo/whatsapp/confirmar { codigo }: links the number. */
export const useConfirmarCodigo = () =>
  useWhatsappMutation((codigo: string) =>
    apiCall(routes.usuarios.confirmarWhatsapp, { body: { codigo } }),
  );

/** DELETE /api/usuarios/yo/whatsapp. */
export const useDesvincular = () =>
  useWhatsappMutation((_: void) => apiCall(routes.usuarios.desvincularWhatsapp));
