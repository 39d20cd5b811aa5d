import { ZCheckNitData, type TCheckNitData, type TCheckNitRequest } from '@radica/contracts/registro-nit';
import { apiRequest } from '../../../lib/http';

/** POST /api/Auth/check-nit (issue 26): whether a company already registered this NIT. Throws HttpError. */
export async function checkNit(body: TCheckNitRequest): Promise<TCheckNitData> {
  const envelope = await apiRequest<unknown>('/api/Auth/check-nit', { method: 'POST', body });
  return ZCheckNitData.parse(envelope.data);
}
