import { VERSION_PRIVACIDAD, VERSION_TERMINOS, type TOrigenAceptacion } from '@radica/contracts/legal';
import type { TDb } from '../../db/client.ts';
import { insertAceptacion, type TAceptacionRow } from './repository.ts';

type TTx = Parameters<Parameters<TDb['transaction']>[0]>[0];

/**
 * Records that `email` (with its tenant and user once they exist) accepted the terms and the privacy policy in force,
 * now (Decreto 1377 de 2013 art. 7: the authorisation is kept as evidence). The versions are the
 * server's constants: nothing a client sends decides them. Pass the registration's transaction so the account and its
 * acceptance are stored together.
 */
export async function recordLegalAcceptance(
  q: TDb | TTx,
  input: { tenantId: number | null; userId: number | null; email: string; origen: TOrigenAceptacion; ventaReferencia?: string | null },
): Promise<TAceptacionRow> {
  return insertAceptacion(q, {
    tenantId: input.tenantId,
    userId: input.userId,
    email: input.email.trim().toLowerCase(),
    origen: input.origen,
    versionTerminos: VERSION_TERMINOS,
    versionPrivacidad: VERSION_PRIVACIDAD,
    ventaReferencia: input.ventaReferencia ?? null,
  });
}
