import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TCanalSftpData } from '@radica/contracts/canal-sftp';
import { apiCall, routes } from '../../../lib/api-client';

/** The query key of the tenant's SFTP channel; saving it replaces the cached data. */
export const CANAL_SFTP_QUERY_KEY = ['canales', 'sftp'] as const;

/**
 * GET /api/canales/sftp: the SFTP user (or the suggestion from the NIT when none is saved), whether a
 * password is set (never the password), the public keys with their fingerprints, and where to connect.
 */
export async function getCanalSftp(signal?: AbortSignal): Promise<TCanalSftpData> {
  const envelope = await apiCall(routes.integraciones.canalSftp, {}, { signal });
  return envelope.data;
}

export const canalSftpQuery = () => queryOptions({ queryKey: CANAL_SFTP_QUERY_KEY, queryFn: ({ signal }) => getCanalSftp(signal) });

export function useCanalSftp() {
  return useQuery(canalSftpQuery());
}
