import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TCanalSftpData, TCanalSftpUpdateRequest } from '@radica/contracts/canal-sftp';
import { apiCall, routes } from '../../../lib/api-client';
import { CANAL_SFTP_QUERY_KEY } from './get-canal-sftp';

/**
 * PUT /api/canales/sftp: the user, an optional new password (absent keeps the current one), the whole list
 * of public keys and both switches. Throws HttpError 400 (invalid user, short password, a line that is not a public
 * key) or 409 (another company holds the user), with the Spanish reason.
 */
export async function updateCanalSftp(body: TCanalSftpUpdateRequest): Promise<TCanalSftpData> {
  const envelope = await apiCall(routes.integraciones.guardarCanalSftp, { body });
  return envelope.data;
}

export function useUpdateCanalSftp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCanalSftp,
    onSuccess: (data) => queryClient.setQueryData(CANAL_SFTP_QUERY_KEY, data),
  });
}
