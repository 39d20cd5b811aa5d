import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { MSG_PAGOS } from '@radica/contracts/messages-pagos';
import { ZBusinessContactRequest } from '@radica/contracts/payments';
import { apiCall, routes } from '../../../lib/api-client';

export type TBusinessContactValues = z.output<typeof ZBusinessContactRequest>;

/**
 * POST /api/payment/business-contact with the Business plan's contact form (body ZBusinessContactRequest, public).
 * Returns the server's text for the visitor (`{ success: true, message }`); throws HttpError carrying the server's
 * `message` and `code` when it answers `{ success: false, … }`.
 */
export async function sendBusinessContact(body: TBusinessContactValues): Promise<string> {
  const envelope = await apiCall(routes.pagos.contactoEmpresarial, { body });
  return envelope.message ?? MSG_PAGOS.contactoEnviado;
}

export function useSendBusinessContact() {
  return useMutation({ mutationFn: sendBusinessContact });
}
