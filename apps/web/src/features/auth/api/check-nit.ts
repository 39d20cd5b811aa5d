import { ZCheckNitData, type TCheckNitData, type TCheckNitRequest } from '@radica/contracts/registro-nit';
import { apiCall, routes } from '../../../lib/api-client';

/** POST /api/Auth/check-nit: whether a company already registered this NIT. Throws HttpError. */
export async function checkNit(body: TCheckNitRequest): Promise<TCheckNitData> {
  const envelope = await apiCall(routes.auth.checkNit, { body });
  return ZCheckNitData.parse(envelope.data);
}
